//! Spotify server tests: each tool against a fake Spotify Web API that asserts the exact
//! request (method, path, query, JSON body, `Authorization: Bearer <user token>`), through a
//! real MCP client. Request and response shapes follow Spotify's OpenAPI description
//! (`official-spotify-open-api.yml` as published by Spotify and mirrored in
//! github.com/sonallux/spotify-web-api, updated 2026-05-30, which has the 2026 endpoints
//! `/me/library`, `/me/library/contains` and `/playlists/{id}/items`) and the February 2026
//! migration guide.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod albums;
mod artists;
mod episodes;
mod playlists;
mod shows;
mod tracks;
mod users;

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "BQDuser-access-token-0123456789abcdef";

pub async fn setup() -> Setup {
    Setup::start(&spotify_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// A request with the user's Bearer token.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// Spotify's error body for the Web API (`{"error": {"status", "message"}}`).
pub fn spotify_error(status: u16, message: &str) -> Value {
    json!({"error": {"status": status, "message": message}})
}

/// An empty 200 (what `PUT|DELETE /me/library` and `PUT /playlists/{id}` answer).
pub fn empty_ok() -> ResponseTemplate {
    ResponseTemplate::new(200)
}

pub fn track_obj(id: &str, name: &str) -> Value {
    json!({
        "album": {"album_type": "album", "total_tracks": 9, "id": "4aawyAB9vmqN3uQ7FjRGTy",
                  "name": "Global Warming", "release_date": "2012-11-16", "release_date_precision": "day",
                  "type": "album", "uri": "spotify:album:4aawyAB9vmqN3uQ7FjRGTy",
                  "external_urls": {"spotify": "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy"},
                  "images": [], "artists": [{"id": "0TnOYISbd1XYRBk9myaseg", "name": "Pitbull", "type": "artist", "uri": "spotify:artist:0TnOYISbd1XYRBk9myaseg"}]},
        "artists": [{"id": "0TnOYISbd1XYRBk9myaseg", "name": "Pitbull", "type": "artist", "uri": "spotify:artist:0TnOYISbd1XYRBk9myaseg",
                     "external_urls": {"spotify": "https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg"}, "href": "https://api.spotify.com/v1/artists/0TnOYISbd1XYRBk9myaseg"}],
        "disc_number": 1, "duration_ms": 207959, "explicit": false,
        "external_ids": {"isrc": "USJAY1100032"},
        "external_urls": {"spotify": format!("https://open.spotify.com/track/{id}")},
        "href": format!("https://api.spotify.com/v1/tracks/{id}"),
        "id": id, "is_playable": true, "name": name, "track_number": 3, "type": "track",
        "uri": format!("spotify:track:{id}"), "is_local": false
    })
}

/// The concise form of `track_obj`.
pub fn track_out(id: &str, name: &str) -> Value {
    json!({"id": id, "name": name, "uri": format!("spotify:track:{id}"), "duration_ms": 207959,
           "explicit": false, "track_number": 3, "artists": ["Pitbull"], "album": "Global Warming",
           "album_id": "4aawyAB9vmqN3uQ7FjRGTy", "url": format!("https://open.spotify.com/track/{id}")})
}

/// A Spotify paging object around `items`.
pub fn paging(path: &str, items: Vec<Value>, offset: u64, limit: u64, total: u64) -> Value {
    let next = (offset + limit < total).then(|| {
        format!(
            "https://api.spotify.com/v1{path}?offset={}&limit={limit}",
            offset + limit
        )
    });
    json!({"href": format!("https://api.spotify.com/v1{path}?offset={offset}&limit={limit}"),
           "limit": limit, "next": next, "offset": offset, "previous": null, "total": total, "items": items})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes,
// hostile arguments.
mcp_testkit::standard_suite!(spotify_mcp_server::SPEC, "spotify-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "spotify");
    extra.sort();
    assert_eq!(
        extra,
        ["spotify_create_playlist", "spotify_get_playlist_items"]
    );
}

fn me_body() -> Value {
    json!({"display_name": "Jane", "external_urls": {"spotify": "https://open.spotify.com/user/jane"},
           "href": "https://api.spotify.com/v1/users/jane", "id": "jane", "images": [], "type": "user", "uri": "spotify:user:jane"})
}

#[tokio::test]
async fn raw_token_in_x_auth_token_header() {
    let s = setup().await;
    expect("GET", "/me")
        .bearer("klavis-raw-token")
        .respond(&s.fake, 200, me_body())
        .await;
    let c = s
        .server
        .client_with(&[("x-auth-token", "klavis-raw-token")])
        .await;
    let v = c
        .call_ok("spotify_get_current_user_profile", json!({}))
        .await;
    assert_eq!(v["id"], "jane");
}

#[tokio::test]
async fn x_auth_data_wins_over_x_auth_token() {
    let s = setup().await;
    req("GET", "/me").respond(&s.fake, 200, me_body()).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN}));
    let c = s
        .server
        .client_with(&[("x-auth-data", &auth), ("x-auth-token", "other-token")])
        .await;
    let v = c
        .call_ok("spotify_get_current_user_profile", json!({}))
        .await;
    assert_eq!(v["display_name"], "Jane");
}

#[tokio::test]
async fn expired_token_and_missing_scope_are_clear() {
    let s = setup().await;
    req("GET", "/me")
        .respond(&s.fake, 401, spotify_error(401, "The access token expired"))
        .await;
    let err = s
        .client
        .call_err("spotify_get_current_user_profile", json!({}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("The access token expired"), "{err}");
    assert!(err.contains("x-auth-token"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
    // No credentials at all: the message says what to send, and nothing reaches Spotify.
    let c = s.server.client_with(&[]).await;
    let err = c
        .call_err("spotify_get_current_user_profile", json!({}))
        .await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn error_parser_reads_spotify_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let parse = spotify_mcp_server::SPEC.error_parser;
    let e = parse(
        403,
        &HeaderMap::new(),
        &spotify_error(403, "Insufficient client scope"),
    );
    assert_eq!(e.message.as_deref(), Some("Insufficient client scope"));
    assert!(e.hint.as_deref().unwrap().contains("user-library"));
    // The library endpoints' 400 body is the bare error object.
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"status": 400, "message": "Invalid URI format"}),
    );
    assert_eq!(e.message.as_deref(), Some("Invalid URI format"));
    assert!(e.hint.is_none());
    let e = parse(
        403,
        &HeaderMap::new(),
        &spotify_error(
            403,
            "Active premium subscription required for the owner of the app.",
        ),
    );
    assert!(e.hint.as_deref().unwrap().contains("Premium"));
}
