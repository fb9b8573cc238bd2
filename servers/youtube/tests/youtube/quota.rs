//! YouTube's quota errors name the call that hit them, its cost and when the quota resets;
//! they are not retried. Short rate limits still are.

use crate::common::{quota_exceeded, req, search_list, setup, yt_error};
use serde_json::json;

#[tokio::test]
async fn search_quota_error_names_search_list_and_its_cost() {
    let s = setup().await;
    // Once: a used-up daily quota is not retried.
    req(
        "GET",
        "/youtube/v3/search",
        &[
            ("part", "snippet"),
            ("q", "cats"),
            ("type", "video"),
            ("maxResults", "10"),
            ("order", "relevance"),
        ],
    )
    .respond(&s.fake, 403, quota_exceeded())
    .await;
    let err = s
        .client
        .call_err("youtube_search_videos", json!({"query": "cats"}))
        .await;
    assert!(
        err.contains("403") && err.contains("(quotaExceeded)"),
        "{err}"
    );
    assert!(
        err.contains("exceeded your quota.") && !err.contains("<a "),
        "{err}"
    );
    assert!(err.contains("The call was search.list (100 units"), "{err}");
    assert!(
        err.contains("midnight Pacific time") && err.contains(" UTC, in "),
        "{err}"
    );
}

#[tokio::test]
async fn daily_limit_on_a_second_call_names_that_call() {
    let s = setup().await;
    req(
        "GET",
        "/youtube/v3/search",
        &[
            ("part", "snippet"),
            ("q", "cats"),
            ("type", "video"),
            ("maxResults", "10"),
            ("order", "relevance"),
        ],
    )
    .respond(&s.fake, 200, search_list("video", &["a1"], None))
    .await;
    req(
        "GET",
        "/youtube/v3/videos",
        &[("part", "snippet,contentDetails,statistics"), ("id", "a1")],
    )
    .respond(
        &s.fake,
        403,
        yt_error(
            403,
            "usageLimits",
            "dailyLimitExceeded",
            "Daily Limit Exceeded. The quota will be reset at midnight Pacific Time (PT).",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_search_videos", json!({"query": "cats"}))
        .await;
    assert!(
        err.contains("(dailyLimitExceeded)") && err.contains("The call was videos.list (1 unit of"),
        "{err}"
    );
}

#[tokio::test]
async fn caption_download_quota_error_is_not_an_ownership_error() {
    let s = setup().await;
    req("GET", "/youtube/v3/captions", &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")])
        .respond(
            &s.fake,
            200,
            json!({"kind": "youtube#captionListResponse", "items": [{"kind": "youtube#caption", "id": "T1", "snippet": {"language": "en", "trackKind": "standard", "status": "serving"}}]}),
        )
        .await;
    req("GET", "/youtube/v3/captions/T1", &[("tfmt", "srt")])
        .respond(&s.fake, 403, quota_exceeded())
        .await;
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "dQw4w9WgXcQ"}),
        )
        .await;
    assert!(
        err.contains("The call was captions.download (200 units"),
        "{err}"
    );
    assert!(!err.contains("cannot be had"), "{err}");
}

#[tokio::test]
async fn analytics_quota_is_its_own() {
    let s = setup().await;
    req(
        "GET",
        "/v2/reports",
        &[
            ("ids", "channel==MINE"),
            ("startDate", "2026-03-01"),
            ("endDate", "2026-03-02"),
            (
                "metrics",
                "views,estimatedMinutesWatched,averageViewDuration,likes,dislikes,comments,shares",
            ),
            ("dimensions", "day"),
            ("sort", "day"),
            ("filters", "video==a1"),
        ],
    )
    .respond(
        &s.fake,
        403,
        yt_error(
            403,
            "usageLimits",
            "quotaExceeded",
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "youtube_get_video_analytics",
            json!({"video_id": "a1", "start_date": "2026-03-01", "end_date": "2026-03-02"}),
        )
        .await;
    assert!(
        err.contains("YouTube Analytics reports.query")
            && err.contains("separate from the Data API"),
        "{err}"
    );
}

#[tokio::test]
async fn a_short_rate_limit_is_retried() {
    let s = setup().await;
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/youtube/v3/channels"))
        .respond_with(ResponseTemplate::new(403).set_body_json(yt_error(
            403,
            "youtube.quota",
            "rateLimitExceeded",
            "The request cannot be completed because you have exceeded your rate limit.",
        )))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    req(
        "GET",
        "/youtube/v3/channels",
        &[
            ("part", "snippet,contentDetails,statistics"),
            ("mine", "true"),
        ],
    )
    .respond(
        &s.fake,
        200,
        crate::common::channel_list(vec![crate::common::channel("UCme", "Me", "UUme")]),
    )
    .await;
    let v = s.client.call_ok("youtube_get_my_channel", json!({})).await;
    assert_eq!(v["channelId"], "UCme");
}
