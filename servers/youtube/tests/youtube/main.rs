//! YouTube server tests: each tool against a fake Data API and Analytics API that assert the
//! exact request (checked against YouTube's discovery documents), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod analytics;
mod channels;
mod common;
mod playlists;
mod quota;
mod toolathlon;
mod toolathlon_lists;
mod transcripts;
mod videos;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(youtube_mcp_server::SPEC, "youtube-mcp-server");
// --profile toolathlon: exactly youtube_toolathlon's nine tools and parameters; hostile
// arguments.
mcp_testkit::profile_suite!(toolathlon_profile, youtube_mcp_server::SPEC, toolathlon);

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "youtube");
    extra.sort();
    assert_eq!(extra, ["youtube_list_captions"]);
}

#[tokio::test]
async fn every_tool_states_its_quota_cost() {
    let s = common::setup().await;
    for t in s.client.list_tools().await {
        let d = t.description.as_deref().unwrap_or_default();
        assert!(d.contains("Quota: "), "{}: {d}", t.name);
    }
}

#[test]
fn the_discovery_check_refuses_what_youtube_does_not_have() {
    use common::conforms;
    let ok = conforms(
        "GET",
        "/youtube/v3/videos",
        &[("part", "snippet"), ("id", "a")],
        None,
    );
    assert_eq!(ok.as_deref(), Ok("youtube.videos.list"));
    for (m, p, q) in [
        ("GET", "/youtube/v3/videos", vec![("id", "a")]),
        (
            "GET",
            "/youtube/v3/videos",
            vec![("part", "snippet"), ("maxResults", "51")],
        ),
        (
            "GET",
            "/youtube/v3/videos",
            vec![("part", "snippet"), ("limit", "5")],
        ),
        ("GET", "/youtube/v3/videos", vec![("part", "snippets")]),
        (
            "GET",
            "/youtube/v3/videos",
            vec![("part", "snippet"), ("myRating", "love")],
        ),
        ("GET", "/youtube/v3/video", vec![("part", "snippet")]),
        (
            "GET",
            "/youtube/v3/videos",
            vec![("part", "snippet"), ("id", "a"), ("maxResults", "1")],
        ),
        ("POST", "/youtube/v3/videos", vec![("part", "snippet")]),
    ] {
        assert!(conforms(m, p, &q, None).is_err(), "{m} {p} {q:?}");
    }
    let body = serde_json::json!({"snippet": {"title": "x", "privacy": "public"}});
    assert!(
        conforms(
            "POST",
            "/youtube/v3/playlists",
            &[("part", "snippet")],
            Some(&body)
        )
        .is_err()
    );
}

#[test]
fn quota_resets_at_midnight_pacific() {
    use chrono::TimeZone as _;
    // 12:00 UTC in July is 05:00 PDT: midnight PDT is 07:00 UTC the next day.
    let summer = chrono::Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
    assert_eq!(
        youtube_mcp_server::reset_text(summer),
        "2026-07-02 07:00 UTC, in 19 h 0 min"
    );
    // In winter (PST, UTC-8) midnight is 08:00 UTC.
    let winter = chrono::Utc.with_ymd_and_hms(2026, 12, 3, 7, 30, 0).unwrap();
    assert_eq!(
        youtube_mcp_server::reset_text(winter),
        "2026-12-03 08:00 UTC, in 0 h 30 min"
    );
}
