use crate::{empty_ok, paging, req, setup, spotify_error, track_obj};
use serde_json::{Value, json};

const ARTIST: &str = "0TnOYISbd1XYRBk9myaseg";

#[tokio::test]
async fn current_user_profile() {
    let s = setup().await;
    req("GET", "/me")
        .respond(
            &s.fake,
            200,
            json!({"display_name": "Jane", "external_urls": {"spotify": "https://open.spotify.com/user/jane"}, "href": "https://api.spotify.com/v1/users/jane",
                   "id": "jane", "images": [], "type": "user", "uri": "spotify:user:jane", "country": "SE", "product": "premium"}),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_current_user_profile", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"id": "jane", "display_name": "Jane", "uri": "spotify:user:jane", "country": "SE", "product": "premium", "url": "https://open.spotify.com/user/jane"})
    );
}

#[tokio::test]
async fn top_items() {
    let s = setup().await;
    req("GET", "/me/top/tracks")
        .queries(&[
            ("limit", "20"),
            ("offset", "0"),
            ("time_range", "short_term"),
        ])
        .respond(
            &s.fake,
            200,
            paging(
                "/me/top/tracks",
                vec![track_obj("11dFghVXANMlKmJXsNCbNl", "One")],
                0,
                20,
                50,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_current_user_top_items",
            json!({"item_type": "tracks", "time_range": "short_term"}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "One");
    assert_eq!(v["next_offset"], 20);
    req("GET", "/me/top/artists")
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(
            &s.fake,
            403,
            spotify_error(403, "Insufficient client scope"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_current_user_top_items",
            json!({"item_type": "artists"}),
        )
        .await;
    assert!(err.contains("user-top-read"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_get_current_user_top_items",
            json!({"item_type": "albums"}),
        )
        .await;
    assert!(err.contains("item_type"), "{err}");
}

#[tokio::test]
async fn public_profile_contract() {
    let s = setup().await;
    req("GET", "/users/smedjan")
        .respond(
            &s.fake,
            200,
            json!({"display_name": "Smedjan", "external_urls": {"spotify": "https://open.spotify.com/user/smedjan"}, "id": "smedjan", "type": "user", "uri": "spotify:user:smedjan", "images": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_spotify_user_public_profile",
            json!({"user_id": "spotify:user:smedjan"}),
        )
        .await;
    assert_eq!(v["display_name"], "Smedjan");
}

#[tokio::test]
async fn public_profile_removed_for_dev_mode() {
    let s = setup().await;
    req("GET", "/users/smedjan")
        .respond(&s.fake, 404, spotify_error(404, "Not found"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_spotify_user_public_profile",
            json!({"user_id": "smedjan"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(
        err.contains("removed `GET /users/{id}` for development-mode apps in February 2026"),
        "{err}"
    );
    assert!(err.contains("spotify_get_current_user_profile"), "{err}");
}

#[tokio::test]
async fn followed_artists_cursor() {
    let s = setup().await;
    let artist = json!({"id": ARTIST, "name": "Pitbull", "type": "artist", "uri": format!("spotify:artist:{ARTIST}"), "images": [],
                        "external_urls": {"spotify": format!("https://open.spotify.com/artist/{ARTIST}")}});
    req("GET", "/me/following")
        .queries(&[("type", "artist"), ("limit", "1")])
        .respond(
            &s.fake,
            200,
            json!({"artists": {"href": "https://api.spotify.com/v1/me/following?type=artist&limit=1", "limit": 1,
                   "next": format!("https://api.spotify.com/v1/me/following?type=artist&after={ARTIST}&limit=1"),
                   "cursors": {"after": ARTIST}, "total": 2, "items": [artist]}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_current_user_followed_artists",
            json!({"limit": 1}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Pitbull");
    assert_eq!(v["next_after"], ARTIST);
    req("GET", "/me/following")
        .queries(&[("type", "artist"), ("limit", "1"), ("after", ARTIST)])
        .respond(
            &s.fake,
            200,
            json!({"artists": {"href": "x", "limit": 1, "next": null, "cursors": {"after": null}, "total": 2, "items": []}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_current_user_followed_artists",
            json!({"limit": 1, "after": ARTIST}),
        )
        .await;
    assert_eq!(v["next_after"], Value::Null);
    let err = s
        .client
        .call_err(
            "spotify_get_current_user_followed_artists",
            json!({"limit": 51}),
        )
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn follow_artists_and_users() {
    let s = setup().await;
    req("PUT", "/me/following")
        .queries(&[
            ("type", "artist"),
            ("ids", &format!("{ARTIST},1vCWHaC5f2uS3yhpwWbIA6")),
        ])
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_follow_artists_or_users",
            json!({"ids": [ARTIST, "spotify:artist:1vCWHaC5f2uS3yhpwWbIA6"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"followed": 2, "ids": [ARTIST, "1vCWHaC5f2uS3yhpwWbIA6"]})
    );
    req("PUT", "/me/library")
        .query("uris", "spotify:user:smedjan")
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_follow_artists_or_users",
            json!({"ids": ["smedjan"], "type": "user"}),
        )
        .await;
    assert_eq!(v, json!({"followed": 1, "ids": ["smedjan"]}));
}

#[tokio::test]
async fn follow_artists_removed_for_dev_mode() {
    let s = setup().await;
    req("PUT", "/me/following")
        .queries(&[("type", "artist"), ("ids", ARTIST)])
        .respond(&s.fake, 403, spotify_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("spotify_follow_artists_or_users", json!({"ids": [ARTIST]}))
        .await;
    assert!(
        err.contains(
            "removed `PUT|DELETE /me/following` for development-mode apps in February 2026"
        ),
        "{err}"
    );
    assert!(err.contains("takes no artist URIs"), "{err}");
}

#[tokio::test]
async fn unfollow_artists_and_users() {
    let s = setup().await;
    req("DELETE", "/me/following")
        .queries(&[("type", "artist"), ("ids", ARTIST)])
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_unfollow_artists_or_users",
            json!({"ids": [ARTIST], "type": "artist"}),
        )
        .await;
    assert_eq!(v, json!({"unfollowed": 1, "ids": [ARTIST]}));
    req("DELETE", "/me/library")
        .query("uris", "spotify:user:smedjan")
        .respond(
            &s.fake,
            403,
            spotify_error(403, "Insufficient client scope"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_unfollow_artists_or_users",
            json!({"ids": ["smedjan"], "type": "user"}),
        )
        .await;
    assert!(err.contains("user-follow"), "{err}");
    assert!(!err.contains("February 2026"), "{err}");
}

#[tokio::test]
async fn check_follows_uses_library_contains() {
    let s = setup().await;
    req("GET", "/me/library/contains")
        .query("uris", format!("spotify:artist:{ARTIST}"))
        .respond(&s.fake, 200, json!([true]))
        .await;
    let v = s
        .client
        .call_ok("spotify_check_user_follows", json!({"ids": [ARTIST]}))
        .await;
    assert_eq!(v["items"], json!([{"id": ARTIST, "following": true}]));
    req("GET", "/me/library/contains")
        .query("uris", "spotify:user:smedjan")
        .respond(&s.fake, 200, json!([false]))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_check_user_follows",
            json!({"ids": ["smedjan"], "type": "user"}),
        )
        .await;
    assert_eq!(v["items"], json!([{"id": "smedjan", "following": false}]));
    let err = s
        .client
        .call_err(
            "spotify_check_user_follows",
            json!({"ids": [ARTIST], "type": "show"}),
        )
        .await;
    assert!(err.contains("type"), "{err}");
}
