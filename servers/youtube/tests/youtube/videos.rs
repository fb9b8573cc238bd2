//! Videos: search, details, liked videos, rating.

use crate::common::{req, search_list, setup, video, video_list, video_out, yt_error};
use serde_json::json;

const SEARCH: &str = "/youtube/v3/search";
const VIDEOS: &str = "/youtube/v3/videos";
const PARTS: &str = "snippet,contentDetails,statistics";

#[tokio::test]
async fn search_videos_with_every_filter() {
    let s = setup().await;
    req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "lofi hip hop"),
            ("type", "video"),
            ("maxResults", "2"),
            ("order", "viewCount"),
            ("channelId", "UCSJ4gkVC6NrvII8umztf0Ow"),
            ("publishedAfter", "2026-01-01T00:00:00Z"),
            ("publishedBefore", "2026-02-01T12:00:00+01:00"),
            ("pageToken", "CAIQAA"),
        ],
    )
    .respond(
        &s.fake,
        200,
        search_list("video", &["a1", "b2"], Some("CAQQAA")),
    )
    .await;
    // videos.list answers in its own order; the tool keeps the search's.
    req("GET", VIDEOS, &[("part", PARTS), ("id", "a1,b2")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("b2", "Second"), video("a1", "First")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "youtube_search_videos",
            json!({"query": "lofi hip hop", "max_results": 2, "order": "viewCount", "channel_id": "UCSJ4gkVC6NrvII8umztf0Ow",
                   "published_after": "2026-01-01", "published_before": "2026-02-01T12:00:00+01:00", "cursor": "CAIQAA"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"query": "lofi hip hop", "total_count": 2, "videos": [video_out("a1", "First"), video_out("b2", "Second")], "next_cursor": "CAQQAA"})
    );
}

#[tokio::test]
async fn search_videos_defaults_no_results_and_failures() {
    let s = setup().await;
    req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "zzz"),
            ("type", "video"),
            ("maxResults", "10"),
            ("order", "relevance"),
        ],
    )
    .respond(&s.fake, 200, search_list("video", &[], None))
    .await;
    let v = s
        .client
        .call_ok("youtube_search_videos", json!({"query": "zzz"}))
        .await;
    assert_eq!(
        v,
        json!({"query": "zzz", "total_count": 0, "videos": [], "next_cursor": null})
    );
    let err = s
        .client
        .call_err(
            "youtube_search_videos",
            json!({"query": "x", "max_results": 51}),
        )
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
    let err = s
        .client
        .call_err(
            "youtube_search_videos",
            json!({"query": "x", "published_after": "last week"}),
        )
        .await;
    assert!(
        err.contains("published_after") && err.contains("RFC 3339"),
        "{err}"
    );
    let err = s
        .client
        .call_err("youtube_search_videos", json!({"query": " "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "x"),
            ("type", "video"),
            ("maxResults", "10"),
            ("order", "date"),
        ],
    )
    .respond(
        &s.fake,
        400,
        yt_error(
            400,
            "youtube.search",
            "invalidSearchFilter",
            "The request contains an invalid combination of search filters and/or restrictions.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "youtube_search_videos",
            json!({"query": "x", "order": "date"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("invalidSearchFilter"),
        "{err}"
    );
}

#[tokio::test]
async fn get_video_details_from_a_url() {
    let s = setup().await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "dQw4w9WgXcQ")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("dQw4w9WgXcQ", "Never Gonna Give You Up")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "youtube_get_video_details",
            json!({"video_id": "https://youtu.be/dQw4w9WgXcQ?si=x"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "id": "dQw4w9WgXcQ", "title": "Never Gonna Give You Up", "channelId": "UCBR8-60-B28hp2BmDPdntcQ",
            "channelTitle": "YouTube", "publishedAt": "2026-03-01T15:00:08Z", "duration": "PT3M33S",
            "viewCount": "1500000000", "likeCount": "17000000", "commentCount": "2400000",
            "description": "A description", "tags": ["music"], "categoryId": "10",
            "thumbnailUrl": "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
            "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
        })
    );
}

#[tokio::test]
async fn get_video_details_of_a_missing_video() {
    let s = setup().await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "gone1234567")])
        .respond(&s.fake, 200, video_list(vec![], None))
        .await;
    let err = s
        .client
        .call_err(
            "youtube_get_video_details",
            json!({"video_id": "gone1234567"}),
        )
        .await;
    assert!(err.contains("no video gone1234567"), "{err}");
    let err = s
        .client
        .call_err(
            "youtube_get_video_details",
            json!({"video_id": "https://example.com/watch?v=x"}),
        )
        .await;
    assert!(err.contains("not a YouTube video"), "{err}");
}

#[tokio::test]
async fn liked_videos_page() {
    let s = setup().await;
    req(
        "GET",
        VIDEOS,
        &[
            ("part", PARTS),
            ("myRating", "like"),
            ("maxResults", "5"),
            ("pageToken", "CAUQAA"),
        ],
    )
    .respond(
        &s.fake,
        200,
        video_list(vec![video("a1", "First")], Some("CAoQAA")),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "youtube_get_liked_videos",
            json!({"max_results": 5, "cursor": "CAUQAA"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"liked_videos": [video_out("a1", "First")], "total_count": 1, "next_cursor": "CAoQAA"})
    );
}

#[tokio::test]
async fn liked_videos_need_the_youtube_scope() {
    let s = setup().await;
    req(
        "GET",
        VIDEOS,
        &[("part", PARTS), ("myRating", "like"), ("maxResults", "25")],
    )
    .respond_with(
        &s.fake,
        mcp_vendor_google::testkit::insufficient_scope(
            &mcp_vendor_google::testkit::GoogleApi {
                service: "youtube.googleapis.com",
                method: "youtube.api.v3.V3DataVideoService.List",
                legacy_errors: true,
            },
            "https://www.googleapis.com/auth/youtube.readonly",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_get_liked_videos", json!({}))
        .await;
    assert!(
        err.contains("403") && err.contains("youtube.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn rate_video_sends_the_rating() {
    let s = setup().await;
    req(
        "POST",
        "/youtube/v3/videos/rate",
        &[("id", "dQw4w9WgXcQ"), ("rating", "dislike")],
    )
    .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
    .await;
    let v = s
        .client
        .call_ok(
            "youtube_rate_video",
            json!({"video_id": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "rating": "dislike"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"success": true, "video_id": "dQw4w9WgXcQ", "rating": "dislike"})
    );
}

#[tokio::test]
async fn rate_video_failures() {
    let s = setup().await;
    req(
        "POST",
        "/youtube/v3/videos/rate",
        &[("id", "nope0000000"), ("rating", "none")],
    )
    .respond(
        &s.fake,
        404,
        yt_error(
            404,
            "youtube.video",
            "videoNotFound",
            "The video that you are trying to rate cannot be found.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "youtube_rate_video",
            json!({"video_id": "nope0000000", "rating": "none"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("videoNotFound"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "youtube_rate_video",
            json!({"video_id": "a1", "rating": "love"}),
        )
        .await;
    assert!(err.contains("rating"), "{err}");
}
