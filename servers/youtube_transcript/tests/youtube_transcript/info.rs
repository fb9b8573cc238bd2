//! get_video_info: from the watch page's player response, else the InnerTube player's.

use serde_json::json;

use crate::fixtures::*;
use crate::setup;

#[tokio::test]
async fn get_video_info_reads_the_watch_page() {
    let s = setup().await;
    watch(&s.yt, &watch_html(&page_player())).await;
    let v = s
        .client
        .call_ok(
            "get_video_info",
            json!({"url": format!("https://m.youtube.com/watch?v={ID}")}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "video_id": ID,
            "title": "Rick Astley - Never Gonna Give You Up (Official Video)",
            "description": "The official video for “Never Gonna Give You Up”.",
            "uploader": "Rick Astley",
            "channel_id": "UCuAXFkgsw1L7xaCfnd5JJOw",
            "upload_date": "2009-10-24T23:57:33-07:00",
            "duration": "0:03:33",
            "length_seconds": 213,
            "view_count": 1_700_000_000u64,
            "keywords": ["rick astley", "never gonna give you up"],
            "category": "Music",
            "is_live": false,
            "url": format!("https://www.youtube.com/watch?v={ID}")
        })
    );
}

#[tokio::test]
async fn without_the_pages_player_response_it_asks_innertube() {
    let s = setup().await;
    let page = format!(
        "<html><head><title>X - YouTube</title></head><script>ytcfg.set({{\"INNERTUBE_API_KEY\":\"{KEY}\"}});</script></html>"
    );
    watch(&s.yt, &page).await;
    innertube(&s.yt, player()).await;
    let v = s.client.call_ok("get_video_info", json!({"url": ID})).await;
    assert_eq!(v["uploader"], "Rick Astley");
    assert_eq!(v["duration"], "0:03:33");
    assert!(v.get("upload_date").is_none());
}

#[tokio::test]
async fn an_unavailable_video_is_a_clear_error() {
    let s = setup().await;
    watch(
        &s.yt,
        &watch_html(
            &json!({"playabilityStatus": {"status": "ERROR", "reason": "Video unavailable"}}),
        ),
    )
    .await;
    innertube(
        &s.yt,
        json!({"playabilityStatus": {"status": "ERROR", "reason": "Video unavailable"}}),
    )
    .await;
    let err = s
        .client
        .call_err("get_video_info", json!({"url": ID}))
        .await;
    assert!(err.contains("is unavailable"), "{err}");
    let s = setup().await;
    watch(&s.yt, "<html>404</html>").await;
    let err = s
        .client
        .call_err("get_video_info", json!({"url": ID}))
        .await;
    assert!(err.contains("InnerTube API key"), "{err}");
}
