use crate::{empty_ok, paging, req, setup, spotify_error};
use serde_json::{Value, json};

const EP: &str = "512ojhOuo1ktJprKbVcKyQ";

fn episode_obj() -> Value {
    json!({"description": "A Spotify podcast sharing fresh insights.", "html_description": "<p>A Spotify podcast</p>",
           "duration_ms": 1686230, "explicit": false, "external_urls": {"spotify": format!("https://open.spotify.com/episode/{EP}")},
           "href": format!("https://api.spotify.com/v1/episodes/{EP}"), "id": EP, "images": [], "is_externally_hosted": false,
           "is_playable": true, "languages": ["en"], "name": "Starting Your Own Podcast", "release_date": "1981-12-15",
           "release_date_precision": "day", "type": "episode", "uri": format!("spotify:episode:{EP}"),
           "show": {"id": "38bS44xjbVVZ3No3ByF1dJ", "name": "Spotify Podcast", "uri": "spotify:show:38bS44xjbVVZ3No3ByF1dJ"}})
}

fn episode_out() -> Value {
    json!({"id": EP, "name": "Starting Your Own Podcast", "uri": format!("spotify:episode:{EP}"), "release_date": "1981-12-15",
           "duration_ms": 1686230, "explicit": false, "description": "A Spotify podcast sharing fresh insights.",
           "show": "Spotify Podcast", "url": format!("https://open.spotify.com/episode/{EP}")})
}

#[tokio::test]
async fn get_episodes_reads_each_episode() {
    let s = setup().await;
    req("GET", &format!("/episodes/{EP}"))
        .query("market", "ES")
        .respond(&s.fake, 200, episode_obj())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_episodes_info",
            json!({"episode_ids": [EP], "market": "ES"}),
        )
        .await;
    assert_eq!(v["items"], json!([episode_out()]));
    req("GET", "/episodes/77o6BIVlYM3msb4MMIL1jH")
        .respond(&s.fake, 404, spotify_error(404, "Non existing id"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_episodes_info",
            json!({"episode_ids": ["77o6BIVlYM3msb4MMIL1jH"]}),
        )
        .await;
    assert!(
        err.contains("episode 77o6BIVlYM3msb4MMIL1jH") && err.contains("404"),
        "{err}"
    );
}

#[tokio::test]
async fn saved_episodes_page() {
    let s = setup().await;
    req("GET", "/me/episodes")
        .queries(&[("limit", "20"), ("offset", "20")])
        .respond(
            &s.fake,
            200,
            paging(
                "/me/episodes",
                vec![json!({"added_at": "2026-02-01T00:00:00Z", "episode": episode_obj()})],
                20,
                20,
                21,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_user_saved_episodes", json!({"offset": 20}))
        .await;
    assert_eq!(v["items"][0]["id"], EP);
    assert_eq!(v["next_offset"], Value::Null);
    let err = s
        .client
        .call_err("spotify_get_user_saved_episodes", json!({"limit": 0}))
        .await;
    assert!(err.contains("`limit`"), "{err}");
}

#[tokio::test]
async fn save_episodes_uses_put_library() {
    let s = setup().await;
    req("PUT", "/me/library")
        .query("uris", format!("spotify:episode:{EP}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_save_episodes_for_current_user",
            json!({"episode_ids": [EP]}),
        )
        .await;
    assert_eq!(v, json!({"saved": 1, "ids": [EP]}));
    let err = s
        .client
        .call_err(
            "spotify_save_episodes_for_current_user",
            json!({"episode_ids": ["spotify:show:38bS44xjbVVZ3No3ByF1dJ"]}),
        )
        .await;
    assert!(err.contains("spotify:episode:"), "{err}");
}

#[tokio::test]
async fn remove_episodes_uses_delete_library() {
    let s = setup().await;
    req("DELETE", "/me/library")
        .query("uris", format!("spotify:episode:{EP}"))
        .respond_with(&s.fake, empty_ok())
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_remove_episodes_for_current_user",
            json!({"episode_ids": [EP]}),
        )
        .await;
    assert_eq!(v["removed"], 1);
    req("DELETE", "/me/library")
        .query("uris", "spotify:episode:77o6BIVlYM3msb4MMIL1jH")
        .respond(
            &s.fake,
            403,
            spotify_error(403, "Insufficient client scope"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "spotify_remove_episodes_for_current_user",
            json!({"episode_ids": ["77o6BIVlYM3msb4MMIL1jH"]}),
        )
        .await;
    assert!(err.contains("scope"), "{err}");
}

#[tokio::test]
async fn check_episodes_uses_library_contains() {
    let s = setup().await;
    req("GET", "/me/library/contains")
        .query("uris", format!("spotify:episode:{EP}"))
        .respond(&s.fake, 200, json!([false]))
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_check_user_saved_episodes",
            json!({"episode_ids": [EP]}),
        )
        .await;
    assert_eq!(v["items"], json!([{"id": EP, "saved": false}]));
    let err = s
        .client
        .call_err(
            "spotify_check_user_saved_episodes",
            json!({"episode_ids": [""]}),
        )
        .await;
    assert!(err.contains("`episode_ids`"), "{err}");
}
