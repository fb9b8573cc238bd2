use crate::{empty_ok, paging, req, setup, spotify_error};
use serde_json::{Value, json};

const SHOW: &str = "38bS44xjbVVZ3No3ByF1dJ";

fn show_obj() -> Value {
    json!({"copyrights": [], "description": "Candid conversations.", "html_description": "<p>Candid</p>", "explicit": false,
           "external_urls": {"spotify": format!("https://open.spotify.com/show/{SHOW}")}, "href": format!("https://api.spotify.com/v1/shows/{SHOW}"),
           "id": SHOW, "images": [], "is_externally_hosted": false, "languages": ["en"], "media_type": "audio",
           "name": "Spotify Podcast", "type": "show", "uri": format!("spotify:show:{SHOW}"), "total_episodes": 120})
}

#[tokio::test]
async fn get_shows_reads_each_show() {
    let s = setup().await;
    req("GET", &format!("/shows/{SHOW}"))
        .respond(&s.fake, 200, show_obj())
        .await;
    let v = s
        .client
        .call_ok("spotify_get_multiple_shows", json!({"show_ids": [SHOW]}))
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": SHOW, "name": "Spotify Podcast", "uri": format!("spotify:show:{SHOW}"), "media_type": "audio", "total_episodes": 120,
                "explicit": false, "description": "Candid conversations.", "url": format!("https://open.spotify.com/show/{SHOW}")}])
    );
    let err = s
        .client
        .call_err("spotify_get_multiple_shows", json!({"show_ids": []}))
        .await;
    assert!(err.contains("`show_ids`"), "{err}");
}

#[tokio::test]
async fn show_episodes_page() {
    let s = setup().await;
    req("GET", &format!("/shows/{SHOW}/episodes"))
        .queries(&[("limit", "5"), ("offset", "0"), ("market", "US")])
        .respond(
            &s.fake,
            200,
            paging(&format!("/shows/{SHOW}/episodes"), vec![json!({"id": "512ojhOuo1ktJprKbVcKyQ", "name": "Ep 1", "duration_ms": 1000,
                "release_date": "2026-01-01", "explicit": false, "uri": "spotify:episode:512ojhOuo1ktJprKbVcKyQ", "description": ""})], 0, 5, 120),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_show_episodes",
            json!({"show_id": SHOW, "limit": 5, "market": "US"}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Ep 1");
    assert_eq!(v["next_offset"], 5);
    req("GET", "/shows/missing0000000000000000/episodes")
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(&s.fake, 404, spotify_error(404, "Non existing id"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_show_episodes",
            json!({"show_id": "missing0000000000000000"}),
        )
        .await;
    assert!(err.contains("Non existing id"), "{err}");
}

#[tokio::test]
async fn saved_shows_page() {
    let s = setup().await;
    req("GET", "/me/shows")
        .queries(&[("limit", "20"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging(
                "/me/shows",
                vec![json!({"added_at": "2026-03-01T00:00:00Z", "show": show_obj()})],
                0,
                20,
                1,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_current_user_saved_shows", json!({}))
        .await;
    assert_eq!(v["items"][0]["name"], "Spotify Podcast");
    assert_eq!(v["items"][0]["added_at"], "2026-03-01T00:00:00Z");
    let err = s
        .client
        .call_err(
            "spotify_get_current_user_saved_shows",
            json!({"limit": 100}),
        )
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn save_and_remove_shows_use_library() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", format!("spotify:show:{SHOW}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_save_shows_to_user_library",
            json!({"show_ids": [SHOW]}),
        )
        .await;
    assert_eq!(v["saved"], 1);
    req("DELETE", "/me/library")
        .query("uris", format!("spotify:show:{SHOW}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_remove_shows_from_user_library",
            json!({"show_ids": [SHOW]}),
        )
        .await;
    assert_eq!(v["removed"], 1);
}

#[tokio::test]
async fn save_and_remove_shows_errors() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", "spotify:show:5CfCWKI5pZ28U0uOzXkDHe")
        .respond(
            &s.fake,
            400,
            json!({"status": 400, "message": "Invalid URI format"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_save_shows_to_user_library",
            json!({"show_ids": ["5CfCWKI5pZ28U0uOzXkDHe"]}),
        )
        .await;
    assert!(err.contains("Invalid URI format"), "{err}");
    let err = s
        .client
        .call_err(
            "spotify_remove_shows_from_user_library",
            json!({"show_ids": ["spotify:episode:x"]}),
        )
        .await;
    assert!(err.contains("`show_ids`"), "{err}");
}

#[tokio::test]
async fn check_shows_uses_library_contains() {
    let s = setup().await;
    req("GET", "/me/library/contains")
        .query("uris", format!("spotify:show:{SHOW}"))
        .respond(&s.fake, 200, json!([true]))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_check_user_saved_shows",
            json!({"show_ids": [SHOW]}),
        )
        .await;
    assert_eq!(v["items"], json!([{"id": SHOW, "saved": true}]));
    req("GET", "/me/library/contains")
        .query("uris", "spotify:show:5CfCWKI5pZ28U0uOzXkDHe")
        .times(3)
        .respond(&s.fake, 502, spotify_error(502, "Bad gateway"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_check_user_saved_shows",
            json!({"show_ids": ["5CfCWKI5pZ28U0uOzXkDHe"]}),
        )
        .await;
    assert!(err.contains("502"), "{err}");
}
