//! Transcripts through the official captions API (captions.list + captions.download).

use crate::common::{TOKEN, req, setup, start, yt_error};
use mcp_testkit::settings_for;
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use serde_json::{Value, json};

const CAPTIONS: &str = "/youtube/v3/captions";

fn track(id: &str, lang: &str, kind: &str) -> Value {
    json!({
        "kind": "youtube#caption", "etag": "c", "id": id,
        "snippet": {"videoId": "dQw4w9WgXcQ", "lastUpdated": "2026-03-01T15:00:08.000Z", "trackKind": kind, "language": lang,
                    "name": "", "audioTrackType": "unknown", "isCC": false, "isLarge": false, "isEasyReader": false,
                    "isDraft": false, "isAutoSynced": false, "status": "serving"}
    })
}

fn tracks(items: Vec<Value>) -> Value {
    json!({"kind": "youtube#captionListResponse", "etag": "l", "items": items})
}

const SRT: &str = "1\r\n00:00:01,000 --> 00:00:04,200\r\nWe're no strangers\r\nto <i>love</i>\r\n\r\n2\r\n00:00:04,200 --> 00:00:08,000\r\nYou know the rules &amp; so do I\r\n\r\n3\r\n01:02:03,500 --> 01:02:05,000\r\nThe end\r\n";

fn srt(body: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(body.as_bytes().to_vec(), "application/octet-stream")
}

#[tokio::test]
async fn transcript_of_an_owned_video_as_text() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond(
        &s.fake,
        200,
        tracks(vec![
            track("AUieDa-asr", "en", "asr"),
            track("AUieDa-std", "en-GB", "standard"),
            track("AUieDa-de", "de", "standard"),
        ]),
    )
    .await;
    req("GET", "/youtube/v3/captions/AUieDa-std", &[("tfmt", "srt")])
        .respond_with(&s.fake, srt(SRT))
        .await;
    let v = s
        .client
        .call_ok(
            "get_youtube_video_transcript",
            json!({"url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"video_id": "dQw4w9WgXcQ", "caption_id": "AUieDa-std", "language": "en-GB", "track_kind": "standard",
               "text": "We're no strangers to love\nYou know the rules & so do I\nThe end"})
    );
}

#[tokio::test]
async fn transcript_with_timestamps_in_the_servers_language() {
    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_option("transcript-language", "fr, de");
    let s = start(fake, settings).await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond(
        &s.fake,
        200,
        tracks(vec![
            track("AUieDa-en", "en", "standard"),
            track("AUieDa-de", "de", "asr"),
        ]),
    )
    .await;
    req("GET", "/youtube/v3/captions/AUieDa-de", &[("tfmt", "srt")])
        .respond_with(&s.fake, srt(SRT))
        .await;
    let v = s
        .client
        .call_ok(
            "get_youtube_video_transcript",
            json!({"url": "dQw4w9WgXcQ", "timestamps": true}),
        )
        .await;
    assert_eq!(v["language"], "de");
    assert_eq!(v["track_kind"], "asr");
    assert_eq!(
        v["transcript"],
        json!([
            {"start": "00:01", "end": "00:04", "text": "We're no strangers to love"},
            {"start": "00:04", "end": "00:08", "text": "You know the rules & so do I"},
            {"start": "01:02:03", "end": "01:02:05", "text": "The end"}
        ])
    );
    assert!(v.get("note").is_none());
    let _ = TOKEN;
}

#[tokio::test]
async fn transcript_in_another_language_says_so() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond(
        &s.fake,
        200,
        tracks(vec![track("AUieDa-ja", "ja", "standard")]),
    )
    .await;
    req("GET", "/youtube/v3/captions/AUieDa-ja", &[("tfmt", "srt")])
        .respond_with(
            &s.fake,
            srt("1\n00:00:00,500 --> 00:00:02,000\nこんにちは\n"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_youtube_video_transcript",
            json!({"url": "https://youtu.be/dQw4w9WgXcQ", "language": "en"}),
        )
        .await;
    assert_eq!(v["text"], "こんにちは");
    assert_eq!(v["note"], "no track in en: this is the ja track");
}

#[tokio::test]
async fn transcript_of_someone_elses_video_cannot_be_had() {
    let s = setup().await;
    req("GET", CAPTIONS, &[("part", "snippet"), ("videoId", "jNQXAC9IVRw")])
        .respond(&s.fake, 403, yt_error(403, "youtube.caption", "forbidden", "The permissions associated with the request are not sufficient to retrieve the caption track."))
        .await;
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "https://www.youtube.com/watch?v=jNQXAC9IVRw"}),
        )
        .await;
    assert!(
        err.contains("cannot be had") && err.contains("owner") && err.contains("does not scrape"),
        "{err}"
    );
    assert!(
        err.contains("403") && err.contains("not sufficient"),
        "{err}"
    );
}

#[tokio::test]
async fn transcript_download_refused_to_a_non_owner() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "jNQXAC9IVRw")],
    )
    .respond(&s.fake, 200, tracks(vec![track("AUieDa-asr", "en", "asr")]))
    .await;
    req("GET", "/youtube/v3/captions/AUieDa-asr", &[("tfmt", "srt")])
        .respond(&s.fake, 403, yt_error(403, "youtube.caption", "forbidden", "The permissions associated with the request are not sufficient to download the caption track."))
        .await;
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "jNQXAC9IVRw"}),
        )
        .await;
    assert!(
        err.contains("transcript of video jNQXAC9IVRw cannot be had"),
        "{err}"
    );
}

#[tokio::test]
async fn transcript_without_tracks_or_with_a_bad_url() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond(&s.fake, 200, tracks(vec![]))
    .await;
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "dQw4w9WgXcQ"}),
        )
        .await;
    assert!(err.contains("no caption track"), "{err}");
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "https://vimeo.com/123"}),
        )
        .await;
    assert!(err.contains("not a YouTube video"), "{err}");
}

#[tokio::test]
async fn list_captions_contract() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond(&s.fake, 200, tracks(vec![track("AUieDa-asr", "en", "asr")]))
    .await;
    let v = s
        .client
        .call_ok("youtube_list_captions", json!({"video_id": "dQw4w9WgXcQ"}))
        .await;
    assert_eq!(
        v,
        json!({"video_id": "dQw4w9WgXcQ", "total_count": 1, "captions": [{"id": "AUieDa-asr", "language": "en", "name": "", "trackKind": "asr",
               "status": "serving", "isDraft": false, "lastUpdated": "2026-03-01T15:00:08.000Z"}]})
    );
}

#[tokio::test]
async fn list_captions_of_a_missing_video() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "gone1234567")],
    )
    .respond(
        &s.fake,
        404,
        yt_error(
            404,
            "youtube.caption",
            "videoNotFound",
            "The video identified by the videoId parameter could not be found.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_list_captions", json!({"video_id": "gone1234567"}))
        .await;
    assert!(
        err.contains("404") && err.contains("videoNotFound"),
        "{err}"
    );
}

#[tokio::test]
async fn transcript_without_the_captions_scope_names_the_scope() {
    let s = setup().await;
    req(
        "GET",
        CAPTIONS,
        &[("part", "snippet"), ("videoId", "dQw4w9WgXcQ")],
    )
    .respond_with(
        &s.fake,
        mcp_vendor_google::testkit::insufficient_scope(
            &mcp_vendor_google::testkit::GoogleApi {
                service: "youtube.googleapis.com",
                method: "youtube.api.v3.V3DataCaptionService.List",
                legacy_errors: true,
            },
            "https://www.googleapis.com/auth/youtube.force-ssl",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "get_youtube_video_transcript",
            json!({"url": "dQw4w9WgXcQ"}),
        )
        .await;
    assert!(
        err.contains("youtube.force-ssl") && !err.contains("cannot be had"),
        "{err}"
    );
}
