use crate::{empty_ok, paging, req, setup, spotify_error, track_obj, track_out};
use serde_json::{Value, json};

#[tokio::test]
async fn search_tracks_contract_and_clamp() {
    let s = setup().await;
    req("GET", "/search")
        .queries(&[("q", "artist:Miles Davis"), ("type", "track"), ("limit", "10"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            json!({"tracks": paging("/search", vec![track_obj("11dFghVXANMlKmJXsNCbNl", "Cut To The Feeling")], 0, 10, 42)}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_search_tracks",
            json!({"query": "artist:Miles Davis", "type": "track", "limit": 50}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        track_out("11dFghVXANMlKmJXsNCbNl", "Cut To The Feeling")
    );
    assert_eq!(v["total"], 42);
    assert_eq!(v["next_offset"], 10);
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("lowered from 50 to 10"),
        "{v}"
    );

    req("GET", "/search")
        .queries(&[("q", "kind of blue"), ("type", "album"), ("limit", "2"), ("offset", "10"), ("market", "DE")])
        .respond(
            &s.fake,
            200,
            json!({"albums": paging("/search", vec![json!({"album_type": "album", "id": "1weenld61qoidwYuZ1GESA", "name": "Kind Of Blue",
                "release_date": "1959-08-17", "total_tracks": 5, "uri": "spotify:album:1weenld61qoidwYuZ1GESA", "artists": [{"name": "Miles Davis"}]})], 10, 2, 12)}),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_search_tracks", json!({"query": "kind of blue", "type": "album", "limit": 2, "offset": 10, "market": "de"}))
        .await;
    assert_eq!(v["items"][0]["name"], "Kind Of Blue");
    assert_eq!(v["items"][0]["artists"], json!(["Miles Davis"]));
    assert_eq!(v["next_offset"], Value::Null);
    assert!(v.get("note").is_none());
}

#[tokio::test]
async fn search_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "spotify_search_tracks",
            json!({"query": " ", "type": "track"}),
        )
        .await;
    assert!(err.contains("`query`"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_search_tracks",
            json!({"query": "x", "type": "track", "offset": 1001}),
        )
        .await;
    assert!(err.contains("1000"), "{err}");
    req("GET", "/search")
        .queries(&[
            ("q", "x"),
            ("type", "track"),
            ("limit", "10"),
            ("offset", "0"),
        ])
        .respond(&s.fake, 400, spotify_error(400, "Invalid limit"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_search_tracks",
            json!({"query": "x", "type": "track"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid limit"),
        "{err}"
    );
}

#[tokio::test]
async fn get_track_info_reads_each_track() {
    let s = setup().await;
    for (id, name) in [
        ("11dFghVXANMlKmJXsNCbNl", "One"),
        ("7ouMYWpwJ422jRcDASZB7P", "Two"),
    ] {
        req("GET", &format!("/tracks/{id}"))
            .query("market", "US")
            .respond(&s.fake, 200, track_obj(id, name))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "spotify_get_track_info",
            json!({"ids": ["11dFghVXANMlKmJXsNCbNl", "spotify:track:7ouMYWpwJ422jRcDASZB7P"], "market": "US"}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([
            track_out("11dFghVXANMlKmJXsNCbNl", "One"),
            track_out("7ouMYWpwJ422jRcDASZB7P", "Two")
        ])
    );
}

#[tokio::test]
async fn get_track_info_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("spotify_get_track_info", json!({"ids": []}))
        .await;
    assert!(err.contains("`ids`"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_get_track_info",
            json!({"ids": ["spotify:album:4aawyAB9vmqN3uQ7FjRGTy"]}),
        )
        .await;
    assert!(err.contains("spotify:track:"), "{err}");
    req("GET", "/tracks/0000000000000000000000")
        .respond(&s.fake, 404, spotify_error(404, "Resource not found"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_track_info",
            json!({"ids": ["0000000000000000000000"]}),
        )
        .await;
    assert!(err.contains("track 0000000000000000000000"), "{err}");
    assert!(err.contains("Resource not found"), "{err}");
}

#[tokio::test]
async fn saved_tracks_page() {
    let s = setup().await;
    req("GET", "/me/tracks")
        .queries(&[("limit", "2"), ("offset", "4")])
        .respond(
            &s.fake,
            200,
            paging("/me/tracks", vec![json!({"added_at": "2026-01-02T10:00:00Z", "track": track_obj("11dFghVXANMlKmJXsNCbNl", "One")})], 4, 2, 9),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_user_saved_tracks",
            json!({"limit": 2, "offset": 4}),
        )
        .await;
    assert_eq!(v["items"][0]["added_at"], "2026-01-02T10:00:00Z");
    assert_eq!(v["items"][0]["name"], "One");
    assert_eq!(v["next_offset"], 6);
    let err = s
        .client
        .call_err("spotify_get_user_saved_tracks", json!({"limit": 51}))
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn check_saved_tracks_uses_library_contains() {
    let s = setup().await;
    req("GET", "/me/library/contains")
        .query(
            "uris",
            "spotify:track:11dFghVXANMlKmJXsNCbNl,spotify:track:7ouMYWpwJ422jRcDASZB7P",
        )
        .respond(&s.fake, 200, json!([true, false]))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_check_user_saved_tracks",
            json!({"track_ids": ["11dFghVXANMlKmJXsNCbNl", "https://open.spotify.com/track/7ouMYWpwJ422jRcDASZB7P?si=abc"]}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": "11dFghVXANMlKmJXsNCbNl", "saved": true}, {"id": "7ouMYWpwJ422jRcDASZB7P", "saved": false}])
    );
    let many: Vec<String> = (0..41).map(|i| format!("{i:0>22}")).collect();
    let err = s
        .client
        .call_err(
            "spotify_check_user_saved_tracks",
            json!({"track_ids": many}),
        )
        .await;
    assert!(err.contains("at most 40"), "{err}");
}

#[tokio::test]
async fn save_tracks_uses_put_library() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", "spotify:track:11dFghVXANMlKmJXsNCbNl")
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_save_tracks_for_current_user",
            json!({"track_ids": ["11dFghVXANMlKmJXsNCbNl"]}),
        )
        .await;
    assert_eq!(v, json!({"saved": 1, "ids": ["11dFghVXANMlKmJXsNCbNl"]}));
}

#[tokio::test]
async fn save_tracks_error() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", "spotify:track:11dFghVXANMlKmJXsNCbNl")
        .respond(
            &s.fake,
            403,
            spotify_error(403, "Insufficient client scope"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_save_tracks_for_current_user",
            json!({"track_ids": ["11dFghVXANMlKmJXsNCbNl"]}),
        )
        .await;
    assert!(err.contains("403") && err.contains("user-library"), "{err}");
}

#[tokio::test]
async fn remove_tracks_uses_delete_library() {
    let s = setup().await;
    req("DELETE", "/me/library")
        .query("uris", "spotify:track:11dFghVXANMlKmJXsNCbNl")
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_remove_user_saved_tracks",
            json!({"track_ids": ["spotify:track:11dFghVXANMlKmJXsNCbNl"]}),
        )
        .await;
    assert_eq!(v, json!({"removed": 1, "ids": ["11dFghVXANMlKmJXsNCbNl"]}));
    let err = s
        .client
        .call_err(
            "spotify_remove_user_saved_tracks",
            json!({"track_ids": ["not/an id"]}),
        )
        .await;
    assert!(err.contains("`track_ids`"), "{err}");
}
