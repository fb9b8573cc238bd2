use crate::{empty_ok, paging, req, setup, spotify_error, track_obj};
use serde_json::{Value, json};

const PL: &str = "3cEYpjA9oz9GiPac4AsH4n";

fn playlist_obj(with_items: bool) -> Value {
    let items = if with_items {
        paging(
            &format!("/playlists/{PL}/items"),
            vec![
                json!({"added_at": "2026-01-01T00:00:00Z", "added_by": {"id": "jane", "type": "user", "uri": "spotify:user:jane"},
                        "is_local": false, "item": track_obj("11dFghVXANMlKmJXsNCbNl", "One")}),
            ],
            0,
            100,
            101,
        )
    } else {
        json!({"href": format!("https://api.spotify.com/v1/playlists/{PL}/items"), "total": 101})
    };
    json!({"collaborative": false, "description": "Mellow songs", "external_urls": {"spotify": format!("https://open.spotify.com/playlist/{PL}")},
           "href": format!("https://api.spotify.com/v1/playlists/{PL}"), "id": PL, "images": [], "name": "Chill",
           "owner": {"display_name": "Jane", "id": "jane", "type": "user", "uri": "spotify:user:jane"},
           "public": true, "snapshot_id": "MTAsZmFrZQ==", "items": items, "type": "playlist", "uri": format!("spotify:playlist:{PL}")})
}

fn playlist_out() -> Value {
    json!({"id": PL, "name": "Chill", "uri": format!("spotify:playlist:{PL}"), "public": true, "collaborative": false,
           "snapshot_id": "MTAsZmFrZQ==", "owner_id": "jane", "owner": "Jane", "description": "Mellow songs", "items_total": 101,
           "url": format!("https://open.spotify.com/playlist/{PL}")})
}

#[tokio::test]
async fn get_playlist_with_its_first_items() {
    let s = setup().await;
    req("GET", &format!("/playlists/{PL}"))
        .queries(&[("market", "US"), ("additional_types", "track,episode")])
        .respond(&s.fake, 200, playlist_obj(true))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_playlist_by_id",
            json!({"playlist_id": format!("spotify:playlist:{PL}"), "market": "US"}),
        )
        .await;
    let mut want = playlist_out();
    want["items"] = json!([{"added_at": "2026-01-01T00:00:00Z", "added_by": "jane", "is_local": false,
                            "item": {"type": "track", "id": "11dFghVXANMlKmJXsNCbNl", "name": "One", "uri": "spotify:track:11dFghVXANMlKmJXsNCbNl",
                                     "duration_ms": 207959, "explicit": false, "track_number": 3, "artists": ["Pitbull"],
                                     "album": "Global Warming", "album_id": "4aawyAB9vmqN3uQ7FjRGTy",
                                     "url": "https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl"}}]);
    want["items_next_offset"] = json!(100);
    assert_eq!(v, want);
}

#[tokio::test]
async fn get_playlist_of_another_user_and_errors() {
    let s = setup().await;
    req("GET", &format!("/playlists/{PL}"))
        .query("additional_types", "track,episode")
        .respond(&s.fake, 200, playlist_obj(false))
        .await;
    let v = s
        .client
        .call_ok("spotify_get_playlist_by_id", json!({"playlist_id": PL}))
        .await;
    assert_eq!(v, playlist_out());
    req("GET", "/playlists/37i9dQZF1DXcBWIGoYBM5M")
        .query("additional_types", "track,episode")
        .respond(&s.fake, 404, spotify_error(404, "Resource not found"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_playlist_by_id",
            json!({"playlist_id": "37i9dQZF1DXcBWIGoYBM5M"}),
        )
        .await;
    assert!(err.contains("Resource not found"), "{err}");
}

#[tokio::test]
async fn playlist_items_use_the_items_endpoint() {
    let s = setup().await;
    req("GET", &format!("/playlists/{PL}/items"))
        .queries(&[("limit", "1"), ("offset", "0"), ("additional_types", "track,episode")])
        .respond(
            &s.fake,
            200,
            paging(&format!("/playlists/{PL}/items"), vec![json!({"added_at": "2026-01-01T00:00:00Z", "is_local": false,
                "item": {"type": "episode", "id": "512ojhOuo1ktJprKbVcKyQ", "name": "Ep", "uri": "spotify:episode:512ojhOuo1ktJprKbVcKyQ", "duration_ms": 5}})], 0, 1, 3),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_playlist_items",
            json!({"playlist_id": PL, "limit": 1}),
        )
        .await;
    assert_eq!(v["items"][0]["item"]["type"], "episode");
    assert_eq!(v["items"][0]["item"]["name"], "Ep");
    assert_eq!(v["next_offset"], 1);
    req("GET", "/playlists/37i9dQZF1DXcBWIGoYBM5M/items")
        .queries(&[
            ("limit", "20"),
            ("offset", "0"),
            ("additional_types", "track,episode"),
        ])
        .respond(&s.fake, 403, spotify_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_playlist_items",
            json!({"playlist_id": "37i9dQZF1DXcBWIGoYBM5M"}),
        )
        .await;
    assert!(err.contains("owns or collaborates"), "{err}");
}

#[tokio::test]
async fn user_owned_playlists_contract() {
    let s = setup().await;
    req("GET", "/users/smedjan/playlists")
        .queries(&[("limit", "10"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging(
                "/users/smedjan/playlists",
                vec![playlist_obj(false)],
                0,
                10,
                1,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_user_owned_playlists",
            json!({"user_id": "smedjan", "limit": 10}),
        )
        .await;
    assert_eq!(v["items"], json!([playlist_out()]));
    assert_eq!(v["next_offset"], Value::Null);
}

#[tokio::test]
async fn user_owned_playlists_removed_for_dev_mode() {
    let s = setup().await;
    req("GET", "/users/smedjan/playlists")
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(&s.fake, 403, spotify_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_user_owned_playlists",
            json!({"user_id": "smedjan"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(
        err.contains(
            "removed `GET /users/{id}/playlists` for development-mode apps in February 2026"
        ),
        "{err}"
    );
    assert!(err.contains("spotify_get_current_user_playlists"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_get_user_owned_playlists",
            json!({"user_id": "a/b"}),
        )
        .await;
    assert!(err.contains("`user_id`"), "{err}");
}

#[tokio::test]
async fn current_user_playlists_page() {
    let s = setup().await;
    req("GET", "/me/playlists")
        .queries(&[("limit", "1"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging("/me/playlists", vec![playlist_obj(false)], 0, 1, 2),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_current_user_playlists", json!({"limit": 1}))
        .await;
    assert_eq!(v["items"], json!([playlist_out()]));
    assert_eq!(v["next_offset"], 1);
    let err = s
        .client
        .call_err("spotify_get_current_user_playlists", json!({"limit": 0}))
        .await;
    assert!(err.contains("`limit`"), "{err}");
}

#[tokio::test]
async fn update_playlist_details_sends_only_the_given_fields() {
    let s = setup().await;
    req("PUT", &format!("/playlists/{PL}"))
        .json_body(json!({"name": "Updated Playlist Name", "public": false}))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_update_playlist_details",
            json!({"playlist_id": PL, "name": " Updated Playlist Name ", "public": false}),
        )
        .await;
    assert_eq!(v, json!({"playlist_id": PL, "updated": ["name", "public"]}));
    let err = s
        .client
        .call_err(
            "spotify_update_playlist_details",
            json!({"playlist_id": PL}),
        )
        .await;
    assert!(err.contains("at least one"), "{err}");
    req("PUT", &format!("/playlists/{PL}"))
        .json_body(json!({"description": "x"}))
        .respond(
            &s.fake,
            403,
            spotify_error(403, "You cannot change a playlist you do not own"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_update_playlist_details",
            json!({"playlist_id": PL, "description": "x"}),
        )
        .await;
    assert!(err.contains("do not own"), "{err}");
}

#[tokio::test]
async fn follow_playlist_uses_put_library() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", format!("spotify:playlist:{PL}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_follow_playlist",
            json!({"playlist_id": PL, "public": false}),
        )
        .await;
    assert_eq!(v["saved"], 1);
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("`public` was not applied"),
        "{v}"
    );
    let err = s
        .client
        .call_err("spotify_follow_playlist", json!({"playlist_id": ""}))
        .await;
    assert!(err.contains("`playlist_id`"), "{err}");
}

#[tokio::test]
async fn unfollow_playlist_uses_delete_library() {
    let s = setup().await;
    req("DELETE", "/me/library")
        .query("uris", format!("spotify:playlist:{PL}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok("spotify_unfollow_playlist", json!({"playlist_id": PL}))
        .await;
    assert_eq!(v, json!({"removed": 1, "ids": [PL]}));
    req("DELETE", "/me/library")
        .query("uris", "spotify:playlist:37i9dQZF1DXcBWIGoYBM5M")
        .respond(&s.fake, 401, spotify_error(401, "Invalid access token"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_unfollow_playlist",
            json!({"playlist_id": "37i9dQZF1DXcBWIGoYBM5M"}),
        )
        .await;
    assert!(err.contains("401"), "{err}");
}

#[tokio::test]
async fn add_items_posts_to_items() {
    let s = setup().await;
    req("POST", &format!("/playlists/{PL}/items"))
        .json_body(json!({"uris": ["spotify:track:4iV5W9uYEdYUVa79Axb7Rh", "spotify:episode:512ojhOuo1ktJprKbVcKyQ"], "position": 0}))
        .respond(&s.fake, 201, json!({"snapshot_id": "abc"}))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_add_items_to_playlist",
            json!({"playlist_id": PL, "uris": ["4iV5W9uYEdYUVa79Axb7Rh", "spotify:episode:512ojhOuo1ktJprKbVcKyQ"], "position": 0}),
        )
        .await;
    assert_eq!(v, json!({"snapshot_id": "abc", "added": 2}));
    let err = s
        .client
        .call_err(
            "spotify_add_items_to_playlist",
            json!({"playlist_id": PL, "uris": ["spotify:album:4aawyAB9vmqN3uQ7FjRGTy"]}),
        )
        .await;
    assert!(err.contains("only tracks and episodes"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_add_items_to_playlist",
            json!({"playlist_id": PL, "uris": []}),
        )
        .await;
    assert!(err.contains("1 to 100"), "{err}");
}

#[tokio::test]
async fn remove_items_deletes_from_items() {
    let s = setup().await;
    req("DELETE", &format!("/playlists/{PL}/items"))
        .json_body(json!({"items": [{"uri": "spotify:track:4iV5W9uYEdYUVa79Axb7Rh"}]}))
        .respond(&s.fake, 200, json!({"snapshot_id": "def"}))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_remove_items_from_playlist",
            json!({"playlist_id": PL, "uris": ["spotify:track:4iV5W9uYEdYUVa79Axb7Rh"]}),
        )
        .await;
    assert_eq!(v, json!({"snapshot_id": "def", "removed": 1}));
    req("DELETE", "/playlists/37i9dQZF1DXcBWIGoYBM5M/items")
        .json_body(json!({"items": [{"uri": "spotify:track:4iV5W9uYEdYUVa79Axb7Rh"}]}))
        .respond(&s.fake, 403, spotify_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_remove_items_from_playlist",
            json!({"playlist_id": "37i9dQZF1DXcBWIGoYBM5M", "uris": ["spotify:track:4iV5W9uYEdYUVa79Axb7Rh"]}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
}

#[tokio::test]
async fn create_playlist_posts_to_me_playlists() {
    let s = setup().await;
    req("POST", "/me/playlists")
        .json_body(json!({"name": "New Playlist", "public": false, "description": "New playlist description"}))
        .respond(&s.fake, 201, playlist_obj(false))
        .await;
    let v = s
        .client
        .call_ok("spotify_create_playlist", json!({"name": "New Playlist", "public": false, "description": "New playlist description"}))
        .await;
    assert_eq!(v["id"], PL);
    let err = s
        .client
        .call_err(
            "spotify_create_playlist",
            json!({"name": "x", "collaborative": true}),
        )
        .await;
    assert!(err.contains("`public`"), "{err}");
}
