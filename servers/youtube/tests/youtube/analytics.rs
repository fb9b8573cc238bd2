//! YouTube Analytics reports of the user's channel and videos.

use crate::common::{req, setup, yt_error};
use serde_json::json;

fn report(metrics: &[&str], rows: serde_json::Value) -> serde_json::Value {
    let mut headers = vec![json!({"name": "day", "columnType": "DIMENSION", "dataType": "STRING"})];
    for m in metrics {
        headers.push(json!({"name": m, "columnType": "METRIC", "dataType": "INTEGER"}));
    }
    json!({"kind": "youtubeAnalytics#resultTable", "columnHeaders": headers, "rows": rows})
}

const CHANNEL: &str = "views,estimatedMinutesWatched,averageViewDuration,likes,dislikes,comments,shares,subscribersGained,subscribersLost";
const VIDEO: &str =
    "views,estimatedMinutesWatched,averageViewDuration,likes,dislikes,comments,shares";

#[tokio::test]
async fn my_analytics_with_dates() {
    let s = setup().await;
    req(
        "GET",
        "/v2/reports",
        &[
            ("ids", "channel==MINE"),
            ("startDate", "2026-03-01"),
            ("endDate", "2026-03-02"),
            ("metrics", CHANNEL),
            ("dimensions", "day"),
            ("sort", "day"),
        ],
    )
    .respond(
        &s.fake,
        200,
        report(
            &CHANNEL.split(',').collect::<Vec<_>>(),
            json!([
                ["2026-03-01", 100, 300, 180, 5, 0, 2, 1, 3, 1],
                ["2026-03-02", 50, 100, 120, 1, 1, 0, 0, 1, 0]
            ]),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "youtube_get_my_analytics",
            json!({"start_date": "2026-03-01", "end_date": "2026-03-02"}),
        )
        .await;
    assert_eq!(
        v["dateRange"],
        json!({"startDate": "2026-03-01", "endDate": "2026-03-02"})
    );
    assert_eq!(v["dailyData"][1]["day"], "2026-03-02");
    assert_eq!(v["dailyData"][0]["subscribersGained"], 3);
    // Sums, and the average view duration weighted by views: 400 min * 60 / 150 views.
    assert_eq!(
        v["totals"],
        json!({"views": 150, "estimatedMinutesWatched": 400, "likes": 6, "dislikes": 1, "comments": 2, "shares": 1,
               "subscribersGained": 4, "subscribersLost": 1, "averageViewDuration": 160})
    );
}

#[tokio::test]
async fn my_analytics_defaults_to_the_last_30_days() {
    let s = setup().await;
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/v2/reports"))
        .respond_with(ResponseTemplate::new(200).set_body_json(report(&[], json!([]))))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("youtube_get_my_analytics", json!({}))
        .await;
    let start = chrono::NaiveDate::parse_from_str(
        v["dateRange"]["startDate"].as_str().unwrap(),
        "%Y-%m-%d",
    )
    .unwrap();
    let end =
        chrono::NaiveDate::parse_from_str(v["dateRange"]["endDate"].as_str().unwrap(), "%Y-%m-%d")
            .unwrap();
    assert_eq!((end - start).num_days(), 30);
    assert_eq!(v["dailyData"], json!([]));
    let got = s.fake.received_requests().await.unwrap();
    let q: Vec<(String, String)> = got[0]
        .url
        .query_pairs()
        .map(|(k, v)| (k.into(), v.into()))
        .collect();
    let pairs: Vec<(&str, &str)> = q.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    crate::common::conforms("GET", "/v2/reports", &pairs, None).unwrap();
    assert!(pairs.contains(&("endDate", end.to_string().as_str())));
}

#[tokio::test]
async fn my_analytics_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "youtube_get_my_analytics",
            json!({"start_date": "2026-03-05", "end_date": "2026-03-01"}),
        )
        .await;
    assert!(err.contains("after `end_date`"), "{err}");
    let err = s
        .client
        .call_err("youtube_get_my_analytics", json!({"start_date": "March 1"}))
        .await;
    assert!(err.contains("YYYY-MM-DD"), "{err}");
    req(
        "GET",
        "/v2/reports",
        &[
            ("ids", "channel==MINE"),
            ("startDate", "2026-03-01"),
            ("endDate", "2026-03-02"),
            ("metrics", CHANNEL),
            ("dimensions", "day"),
            ("sort", "day"),
        ],
    )
    .respond(
        &s.fake,
        403,
        yt_error(403, "global", "forbidden", "Forbidden"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "youtube_get_my_analytics",
            json!({"start_date": "2026-03-01", "end_date": "2026-03-02"}),
        )
        .await;
    assert!(
        err.contains("YouTube Analytics") && err.contains("403"),
        "{err}"
    );
}

#[tokio::test]
async fn video_analytics_filters_by_video() {
    let s = setup().await;
    req(
        "GET",
        "/v2/reports",
        &[
            ("ids", "channel==MINE"),
            ("startDate", "2026-03-01"),
            ("endDate", "2026-03-31"),
            ("metrics", VIDEO),
            ("dimensions", "day"),
            ("sort", "day"),
            ("filters", "video==dQw4w9WgXcQ"),
        ],
    )
    .respond(
        &s.fake,
        200,
        report(
            &VIDEO.split(',').collect::<Vec<_>>(),
            json!([["2026-03-01", 10, 20, 120, 1, 0, 0, 0]]),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok("youtube_get_video_analytics", json!({"video_id": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "start_date": "2026-03-01", "end_date": "2026-03-31"}))
        .await;
    assert_eq!(v["videoId"], "dQw4w9WgXcQ");
    assert_eq!(v["totals"]["views"], 10);
    assert_eq!(v["totals"]["averageViewDuration"], 120);
    assert_eq!(v["dailyData"][0]["likes"], 1);
}

#[tokio::test]
async fn video_analytics_failure() {
    let s = setup().await;
    req(
        "GET",
        "/v2/reports",
        &[
            ("ids", "channel==MINE"),
            ("startDate", "2026-03-01"),
            ("endDate", "2026-03-31"),
            ("metrics", VIDEO),
            ("dimensions", "day"),
            ("sort", "day"),
            ("filters", "video==notmine0000"),
        ],
    )
    .respond(
        &s.fake,
        400,
        yt_error(
            400,
            "global",
            "badRequest",
            "Unknown identifier (notmine0000) given in field parameters.filters.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_get_video_analytics", json!({"video_id": "notmine0000", "start_date": "2026-03-01", "end_date": "2026-03-31"}))
        .await;
    assert!(
        err.contains("400") && err.contains("Unknown identifier"),
        "{err}"
    );
}
