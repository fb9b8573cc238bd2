//! get_transcript and get_timed_transcript: the exact requests, language choice, paging and
//! the clear errors.

use serde_json::json;

use crate::fixtures::*;
use crate::{setup, track_ok, with_player, with_track};

#[tokio::test]
async fn get_transcript_reads_the_chosen_language() {
    let v = track_ok(
        &[],
        timedtext_query("de", false, &[]),
        "get_transcript",
        json!({"url": format!("https://www.youtube.com/watch?v={ID}&t=42s"), "lang": "de"}),
    )
    .await;
    assert_eq!(
        v,
        json!({
            "title": "Rick Astley - Never Gonna Give You Up (Official Video)",
            "transcript": "Hey there\nhow are you 'today'?\n[Music] & more",
            "language_code": "de",
            "language": "German",
            "is_generated": false,
            "is_translated": false
        })
    );
}

#[tokio::test]
async fn english_default_takes_the_auto_generated_track() {
    let v = track_ok(
        &[],
        timedtext_query("en", true, &[]),
        "get_transcript",
        json!({"url": format!("https://youtu.be/{ID}")}),
    )
    .await;
    assert_eq!(v["language_code"], "en");
    assert_eq!(v["is_generated"], true);
}

#[tokio::test]
async fn languages_are_tried_in_order_then_english() {
    let v = track_ok(
        &[],
        timedtext_query("es", false, &[]),
        "get_transcript",
        json!({"url": ID, "lang": "it, es, de"}),
    )
    .await;
    assert_eq!(v["language_code"], "es");
    // No Italian or Portuguese track, no such translation: English (auto-generated) at last.
    let v = track_ok(
        &[],
        timedtext_query("en", true, &[]),
        "get_transcript",
        json!({"url": format!("https://www.youtube.com/shorts/{ID}"), "lang": "it,pt"}),
    )
    .await;
    assert_eq!(v["language_code"], "en");
}

#[tokio::test]
async fn a_translation_language_is_asked_with_tlang() {
    let v = track_ok(
        &[],
        timedtext_query("de", false, &[("tlang", "fr")]),
        "get_transcript",
        json!({"url": format!("https://www.youtube.com/embed/{ID}"), "lang": "fr"}),
    )
    .await;
    assert_eq!(v["language_code"], "fr");
    assert_eq!(v["language"], "French");
    assert_eq!(v["is_translated"], true);
}

#[tokio::test]
async fn get_timed_transcript_gives_start_and_duration() {
    let v = track_ok(
        &[],
        timedtext_query("de", false, &[]),
        "get_timed_transcript",
        json!({"url": ID, "lang": "de"}),
    )
    .await;
    assert_eq!(
        v["snippets"],
        json!([
            {"text": "Hey there", "start": 0.0, "duration": 1.54},
            {"text": "how are you 'today'?", "start": 1.54, "duration": 4.16},
            {"text": "[Music] & more", "start": 5.7, "duration": 2.1}
        ])
    );
    assert!(v.get("next_cursor").is_none());
}

#[tokio::test]
async fn json3_tracks_are_read_too() {
    let s = with_player(player()).await;
    let body = json!({"wireMagic": "pb3", "events": [
        {"tStartMs": 0, "dDurationMs": 1500, "segs": [{"utf8": "Hello"}, {"utf8": " world"}]},
        {"tStartMs": 1500, "dDurationMs": 500, "aAppend": 1, "segs": [{"utf8": "\n"}]},
        {"tStartMs": 2000, "dDurationMs": 1000, "segs": [{"utf8": "again"}]}
    ]});
    timedtext(
        &s.yt,
        timedtext_query("de", false, &[]),
        mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_json(body),
    )
    .await;
    let v = s
        .client
        .call_ok("get_timed_transcript", json!({"url": ID, "lang": "de"}))
        .await;
    assert_eq!(
        v["snippets"],
        json!([
            {"text": "Hello world", "start": 0.0, "duration": 1.5},
            {"text": "again", "start": 2.0, "duration": 1.0}
        ])
    );
}

#[tokio::test]
async fn long_transcripts_come_in_pages() {
    let v = track_ok(
        &[("response-limit", "25")],
        timedtext_query("de", false, &[]),
        "get_transcript",
        json!({"url": ID, "lang": "de"}),
    )
    .await;
    assert_eq!(v["transcript"], "Hey there");
    assert_eq!(v["next_cursor"], "1");
    let v = track_ok(
        &[("response-limit", "25")],
        timedtext_query("de", false, &[]),
        "get_timed_transcript",
        json!({"url": ID, "lang": "de", "next_cursor": "2"}),
    )
    .await;
    assert_eq!(
        v["snippets"],
        json!([{"text": "[Music] & more", "start": 5.7, "duration": 2.1}])
    );
    assert!(v.get("next_cursor").is_none());
    let s = with_track(&[], timedtext_query("de", false, &[])).await;
    let err = s
        .client
        .call_err(
            "get_transcript",
            json!({"url": ID, "lang": "de", "next_cursor": "99"}),
        )
        .await;
    assert!(err.contains("next_cursor"), "{err}");
}

#[tokio::test]
async fn a_missing_language_lists_the_available_ones() {
    let mut p = player();
    p["captions"]["playerCaptionsTracklistRenderer"]["translationLanguages"] = json!([]);
    // Without English: only German and Spanish.
    let tracks = p["captions"]["playerCaptionsTracklistRenderer"]["captionTracks"].clone();
    p["captions"]["playerCaptionsTracklistRenderer"]["captionTracks"] =
        json!([tracks[0].clone(), tracks[2].clone()]);
    let s = with_player(p).await;
    let err = s
        .client
        .call_err("get_transcript", json!({"url": ID, "lang": "ko"}))
        .await;
    assert!(err.contains("no transcript in ko, en"), "{err}");
    assert!(err.contains("de (German); es (Spanish)"), "{err}");
}

#[tokio::test]
async fn a_video_without_captions_is_a_clear_error() {
    let s = with_player(json!({"playabilityStatus": {"status": "OK"}, "videoDetails": details()}))
        .await;
    let err = s
        .client
        .call_err("get_timed_transcript", json!({"url": ID}))
        .await;
    assert!(err.contains("has no captions"), "{err}");
}

#[tokio::test]
async fn age_restricted_videos_are_a_clear_error() {
    for (status, reason) in [
        (
            "LOGIN_REQUIRED",
            "This video may be inappropriate for some users.",
        ),
        ("AGE_CHECK_REQUIRED", "Sign in to confirm your age"),
    ] {
        let s =
            with_player(json!({"playabilityStatus": {"status": status, "reason": reason}})).await;
        let err = s
            .client
            .call_err("get_transcript", json!({"url": ID}))
            .await;
        assert!(err.contains("age-restricted"), "{err}");
        assert!(err.contains(reason), "{err}");
    }
}

#[tokio::test]
async fn unavailable_and_unplayable_videos_are_clear_errors() {
    let s = setup().await;
    watch(
        &s.yt,
        &watch_html(&json!({"playabilityStatus": {"status": "ERROR"}})),
    )
    .await;
    innertube(
        &s.yt,
        json!({"playabilityStatus": {"status": "ERROR", "reason": "This video is unavailable"}}),
    )
    .await;
    let err = s
        .client
        .call_err("get_transcript", json!({"url": ID}))
        .await;
    assert!(err.contains(&format!("Video {ID} is unavailable")), "{err}");
    let s = with_player(json!({"playabilityStatus": {"status": "UNPLAYABLE", "reason": "Video unavailable",
            "errorScreen": {"playerErrorMessageRenderer": {"subreason": {"runs": [{"text": "The uploader has not made this video available in your country"}]}}}}})).await;
    let err = s
        .client
        .call_err("get_timed_transcript", json!({"url": ID}))
        .await;
    assert!(err.contains("cannot be played"), "{err}");
    assert!(
        err.contains("not made this video available in your country"),
        "{err}"
    );
}

#[tokio::test]
async fn a_bot_check_or_429_says_youtube_blocked_it() {
    let s = setup().await;
    mcp_testkit::expect("GET", "/watch")
        .query("v", ID)
        .header("accept-language", "en-US")
        .times(3)
        .respond_with(&s.yt, html(429, "Too many requests"))
        .await;
    let err = s
        .client
        .call_err("get_transcript", json!({"url": ID}))
        .await;
    assert!(err.contains("blocked"), "{err}");
    let s = with_player(json!({"playabilityStatus": {"status": "LOGIN_REQUIRED", "reason": "Sign in to confirm you’re not a bot"}})).await;
    let err = s
        .client
        .call_err("get_transcript", json!({"url": ID}))
        .await;
    assert!(err.contains("blocked"), "{err}");
}

#[tokio::test]
async fn a_track_url_off_youtube_is_refused() {
    let mut p = player();
    p["captions"]["playerCaptionsTracklistRenderer"]["captionTracks"][0]["baseUrl"] =
        json!("https://evil.example/api/timedtext?v=x&lang=de");
    let s = with_player(p).await;
    let err = s
        .client
        .call_err("get_transcript", json!({"url": ID, "lang": "de"}))
        .await;
    assert!(err.contains("refusing"), "{err}");
}

#[tokio::test]
async fn bad_urls_are_refused_before_any_request() {
    let s = setup().await;
    for url in [
        "https://vimeo.com/12345",
        "not a video",
        "https://www.youtube.com/watch?v=short",
        "https://www.youtube.com/channel/UCabc",
    ] {
        let err = s
            .client
            .call_err("get_transcript", json!({"url": url}))
            .await;
        assert!(
            err.contains("not a YouTube video id or URL"),
            "{url}: {err}"
        );
    }
    assert!(s.yt.received_requests().await.unwrap().is_empty());
}
