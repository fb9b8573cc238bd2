use crate::{empty_ok, paging, req, setup, spotify_error, track_obj};
use serde_json::{Value, json};

const ALBUM: &str = "4aawyAB9vmqN3uQ7FjRGTy";

fn album_obj(id: &str) -> Value {
    json!({"album_type": "compilation", "total_tracks": 9, "external_urls": {"spotify": format!("https://open.spotify.com/album/{id}")},
           "href": format!("https://api.spotify.com/v1/albums/{id}"), "id": id, "images": [], "name": "Global Warming",
           "release_date": "2012-11-16", "release_date_precision": "day", "type": "album", "uri": format!("spotify:album:{id}"),
           "artists": [{"id": "0TnOYISbd1XYRBk9myaseg", "name": "Pitbull", "type": "artist", "uri": "spotify:artist:0TnOYISbd1XYRBk9myaseg"}],
           "tracks": paging(&format!("/albums/{id}/tracks"), vec![], 0, 50, 9), "copyrights": [], "external_ids": {"upc": "886443671584"}})
}

#[tokio::test]
async fn get_albums_reads_each_album() {
    let s = setup().await;
    req("GET", &format!("/albums/{ALBUM}"))
        .respond(&s.fake, 200, album_obj(ALBUM))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_albums_info",
            json!({"album_ids": [format!("spotify:album:{ALBUM}")]}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": ALBUM, "name": "Global Warming", "uri": format!("spotify:album:{ALBUM}"), "album_type": "compilation",
               "release_date": "2012-11-16", "total_tracks": 9, "artists": ["Pitbull"], "url": format!("https://open.spotify.com/album/{ALBUM}")})
    );
}

#[tokio::test]
async fn get_albums_error() {
    let s = setup().await;
    req("GET", &format!("/albums/{ALBUM}"))
        .query("market", "SE")
        .respond(&s.fake, 404, spotify_error(404, "Non existing id"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_albums_info",
            json!({"album_ids": [ALBUM], "market": "SE"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Non existing id"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "spotify_get_albums_info",
            json!({"album_ids": [ALBUM], "market": "Sweden"}),
        )
        .await;
    assert!(err.contains("`market`"), "{err}");
}

#[tokio::test]
async fn album_tracks_page() {
    let s = setup().await;
    req("GET", &format!("/albums/{ALBUM}/tracks"))
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging(
                &format!("/albums/{ALBUM}/tracks"),
                vec![track_obj("11dFghVXANMlKmJXsNCbNl", "One")],
                0,
                20,
                1,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_album_tracks", json!({"album_id": ALBUM}))
        .await;
    assert_eq!(v["items"][0]["name"], "One");
    assert_eq!(v["total"], 1);
    assert_eq!(v["next_offset"], Value::Null);
    let err = s
        .client
        .call_err(
            "spotify_get_album_tracks",
            json!({"album_id": "spotify:track:x"}),
        )
        .await;
    assert!(err.contains("`album_id`"), "{err}");
}

#[tokio::test]
async fn saved_albums_page() {
    let s = setup().await;
    req("GET", "/me/albums")
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging(
                "/me/albums",
                vec![json!({"added_at": "2025-12-01T00:00:00Z", "album": album_obj(ALBUM)})],
                0,
                20,
                30,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_user_saved_albums", json!({}))
        .await;
    assert_eq!(v["items"][0]["id"], ALBUM);
    assert_eq!(v["items"][0]["added_at"], "2025-12-01T00:00:00Z");
    assert_eq!(v["next_offset"], 20);
    req("GET", "/me/albums")
        .queries(&[("limit", "5"), ("offset", "0")])
        .respond(&s.fake, 401, spotify_error(401, "Invalid access token"))
        .await;
    let err = s
        .client
        .call_err("spotify_get_user_saved_albums", json!({"limit": 5}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid access token"),
        "{err}"
    );
}

#[tokio::test]
async fn save_and_remove_albums_use_library() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", format!("spotify:album:{ALBUM}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_save_albums_for_current_user",
            json!({"album_ids": [ALBUM]}),
        )
        .await;
    assert_eq!(v["saved"], 1);
    req("DELETE", "/me/library")
        .query("uris", format!("spotify:album:{ALBUM}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_remove_albums_for_current_user",
            json!({"album_ids": [ALBUM]}),
        )
        .await;
    assert_eq!(v["removed"], 1);
}

#[tokio::test]
async fn save_and_remove_albums_errors() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", format!("spotify:album:{ALBUM}"))
        .respond(
            &s.fake,
            400,
            json!({"status": 400, "message": "Unsupported URI type"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_save_albums_for_current_user",
            json!({"album_ids": [ALBUM]}),
        )
        .await;
    assert!(err.contains("Unsupported URI type"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_remove_albums_for_current_user",
            json!({"album_ids": []}),
        )
        .await;
    assert!(err.contains("`album_ids`"), "{err}");
}

#[tokio::test]
async fn check_albums_uses_library_contains() {
    let s = setup().await;
    req("GET", "/me/library/contains")
        .query("uris", format!("spotify:album:{ALBUM}"))
        .respond(&s.fake, 200, json!([true]))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_check_user_saved_albums",
            json!({"album_ids": [ALBUM]}),
        )
        .await;
    assert_eq!(v["items"], json!([{"id": ALBUM, "saved": true}]));
    let err = s
        .client
        .call_err(
            "spotify_check_user_saved_albums",
            json!({"album_ids": ["a,b"]}),
        )
        .await;
    assert!(err.contains("`album_ids`"), "{err}");
}
