//! `--profile toolathlon` (Klavis's `youtube_toolathlon`): each tool's exact requests (with an
//! API key as `key=`, or the OAuth token), its answer in the variant's shape (YouTube's
//! resources without thumbnails), the list sessions (paging, orders, tenants), the transcript
//! through a fake www.youtube.com, and API-key errors.

use mcp_shared::Profile;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, Traced, assert_no_requests, expect, settings_for};
use mcp_vendor_youtube::testkit as web;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, channel, channel_list, conforms, item_list, playlist_item, req, search_list, video,
    video_list, yt_error,
};

pub(crate) const KEY: &str = "AIzaSyD-toolathlon-test-key-0123456789";
pub(crate) const VIDEOS: &str = "/youtube/v3/videos";
pub(crate) const SEARCH: &str = "/youtube/v3/search";
pub(crate) const CHANNELS: &str = "/youtube/v3/channels";
pub(crate) const ITEMS: &str = "/youtube/v3/playlistItems";
pub(crate) const PLAYLISTS: &str = "/youtube/v3/playlists";
pub(crate) const PARTS: &str = "snippet,contentDetails,statistics";
pub(crate) const CHANNEL: &str = "UCBR8-60-B28hp2BmDPdntcQ";
pub(crate) const UPLOADS: &str = "UUBR8-60-B28hp2BmDPdntcQ";

pub(crate) struct Tl {
    pub(crate) fake: MockServer,
    pub(crate) web: MockServer,
    pub(crate) server: TestServer,
}

impl Tl {
    pub(crate) async fn start() -> Self {
        Self::start_as(Profile::Toolathlon, &[]).await
    }

    pub(crate) async fn start_as(profile: Profile, options: &[(&str, &str)]) -> Self {
        let fake = MockServer::start().await;
        let web = MockServer::start().await;
        let mut settings = settings_for(&fake.uri())
            .with_api("analytics", &format!("{}/v2", fake.uri()))
            .with_api("web", &web.uri());
        for (k, v) in options {
            settings = settings.with_option(k, v);
        }
        settings.profile = profile;
        let server = TestServer::start(&youtube_mcp_server::SPEC, settings).await;
        Self { fake, web, server }
    }

    /// A client sending `{"api_key": key}`.
    pub(crate) async fn key_client(&self, key: &str) -> Client {
        self.server.client_as(&json!({ "api_key": key })).await
    }

    pub(crate) async fn token_client(&self, token: &str) -> Client {
        self.server.client(token).await
    }
}

/// `method path` with the API key as `key=` (no `Authorization`) and exactly these query
/// parameters, checked against the discovery documents first.
pub(crate) fn key_req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    let mut q = query.to_vec();
    q.push(("key", KEY));
    if let Err(e) = conforms(method, path, &q, None) {
        panic!("not YouTube's API: {e}");
    }
    expect(method, path).queries(&q)
}

/// A resource as the variant returns it: `snippet.thumbnails` removed.
pub(crate) fn bare(mut v: Value) -> Value {
    if let Some(s) = v.get_mut("snippet").and_then(Value::as_object_mut) {
        s.remove("thumbnails");
    }
    v
}

// ---- videos

#[tokio::test]
async fn get_video_with_an_api_key_returns_the_resource() {
    let s = Tl::start().await;
    key_req("GET", VIDEOS, &[("part", PARTS), ("id", "dQw4w9WgXcQ")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("dQw4w9WgXcQ", "Never")], None),
        )
        .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("videos_getVideo", json!({"videoId": "dQw4w9WgXcQ"}))
        .await;
    assert_eq!(v, bare(video("dQw4w9WgXcQ", "Never")));
    assert!(v["snippet"]["title"] == "Never" && v["statistics"]["viewCount"] == "1500000000");
}

#[tokio::test]
async fn get_video_parts_urls_and_missing_videos() {
    let s = Tl::start().await;
    req(
        "GET",
        VIDEOS,
        &[
            ("part", "snippet,status,topicDetails"),
            ("id", "dQw4w9WgXcQ"),
        ],
    )
    .respond(
        &s.fake,
        200,
        video_list(vec![video("dQw4w9WgXcQ", "Never")], None),
    )
    .await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "gone1234567")])
        .respond(&s.fake, 200, video_list(vec![], None))
        .await;
    let c = s.token_client(TOKEN).await;
    let v = c
        .call_ok(
            "videos_getVideo",
            json!({"videoId": "https://youtu.be/dQw4w9WgXcQ", "parts": ["snippet", "status,topicDetails", "snippet"]}),
        )
        .await;
    assert_eq!(v["id"], "dQw4w9WgXcQ");
    assert!(v["snippet"].get("thumbnails").is_none(), "{v}");
    let err = c
        .call_err("videos_getVideo", json!({"videoId": "gone1234567"}))
        .await;
    assert!(err.contains("YouTube has no video gone1234567"), "{err}");
    let err = c
        .call_err(
            "videos_getVideo",
            json!({"videoId": "dQw4w9WgXcQ", "parts": ["snippet&key=x"]}),
        )
        .await;
    assert!(
        err.contains("`parts`") && err.contains("not a part name"),
        "{err}"
    );
    let err = c
        .call_err("videos_getVideo", json!({"videoId": "not a video!"}))
        .await;
    assert!(err.contains("`videoId`"), "{err}");
}

#[tokio::test]
async fn search_videos_returns_the_videos_in_search_order() {
    let s = Tl::start().await;
    key_req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "rust async"),
            ("type", "video"),
            ("maxResults", "5"),
        ],
    )
    .respond(&s.fake, 200, search_list("video", &["a1", "b2"], Some("N")))
    .await;
    key_req("GET", VIDEOS, &[("part", PARTS), ("id", "a1,b2")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("b2", "Second"), video("a1", "First")], None),
        )
        .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok(
            "videos_searchVideos",
            json!({"query": "rust async", "maxResults": 5}),
        )
        .await;
    assert_eq!(
        v,
        json!([bare(video("a1", "First")), bare(video("b2", "Second"))])
    );
    let err = c
        .call_err(
            "videos_searchVideos",
            json!({"query": "x", "maxResults": 51}),
        )
        .await;
    assert!(
        err.contains("`maxResults` must be between 1 and 50"),
        "{err}"
    );
}

#[tokio::test]
async fn search_videos_defaults_and_no_results() {
    let s = Tl::start().await;
    key_req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "zzz"),
            ("type", "video"),
            ("maxResults", "10"),
        ],
    )
    .respond(&s.fake, 200, search_list("video", &[], None))
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("videos_searchVideos", json!({"query": "zzz"}))
        .await;
    assert_eq!(v, json!([]));
}

// ---- transcripts

#[tokio::test]
async fn get_transcript_reads_public_captions_from_the_web() {
    let s = Tl::start().await;
    web::watch(&s.web, &web::watch_html(&web::page_player())).await;
    web::innertube(&s.web, web::player()).await;
    web::timedtext(
        &s.web,
        web::timedtext_query("de", false, &[]),
        web::xml(web::XML),
    )
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok(
            "transcripts_getTranscript",
            json!({"videoId": web::ID, "language": "de"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "videoId": web::ID,
            "language": "de",
            "transcript": [
                {"text": "Hey there", "duration": 1.54, "offset": 0.0, "lang": "de"},
                {"text": "how are you 'today'?", "duration": 4.16, "offset": 1.54, "lang": "de"},
                {"text": "[Music] & more", "duration": 2.1, "offset": 5.7, "lang": "de"}
            ]
        })
    );
    // Neither the key nor the Data API: the web fake expects exact queries without `key`.
    assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn get_transcript_language_defaults_to_youtube_transcript_lang_then_english() {
    let s = Tl::start_as(Profile::Toolathlon, &[("public-transcript-language", "es")]).await;
    web::watch(&s.web, &web::watch_html(&web::page_player())).await;
    web::innertube(&s.web, web::player()).await;
    web::timedtext(
        &s.web,
        web::timedtext_query("es", false, &[]),
        web::xml(web::XML),
    )
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("transcripts_getTranscript", json!({"videoId": web::ID}))
        .await;
    assert_eq!(v["language"], "es");

    let s = Tl::start().await;
    web::watch(&s.web, &web::watch_html(&web::page_player())).await;
    web::innertube(&s.web, web::player()).await;
    web::timedtext(
        &s.web,
        web::timedtext_query("en", true, &[]),
        web::xml(web::XML),
    )
    .await;
    let c = s.token_client(TOKEN).await;
    let v = c
        .call_ok(
            "transcripts_getTranscript",
            json!({"videoId": format!("https://www.youtube.com/watch?v={}", web::ID), "language": " "}),
        )
        .await;
    assert_eq!(v["language"], "en");
    assert_eq!(v["transcript"][0]["lang"], "en");
}

#[tokio::test]
async fn get_transcript_failures_are_clear() {
    let s = Tl::start().await;
    let mut player = web::player();
    player["playabilityStatus"] = json!({"status": "ERROR", "reason": "This video is unavailable"});
    web::watch(&s.web, &web::watch_html(&web::page_player())).await;
    web::innertube(&s.web, player).await;
    let c = s.key_client(KEY).await;
    let err = c
        .call_err("transcripts_getTranscript", json!({"videoId": web::ID}))
        .await;
    assert!(err.contains("is unavailable"), "{err}");
    let err = c
        .call_err("transcripts_getTranscript", json!({"videoId": "nope"}))
        .await;
    assert!(err.contains("not a YouTube video id or URL"), "{err}");
}

#[tokio::test]
async fn the_default_profile_has_no_scraping_tool() {
    let s = Tl::start_as(Profile::Default, &[]).await;
    let c = s.token_client(TOKEN).await;
    let names: Vec<String> = c
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert!(!names.iter().any(|n| n == "transcripts_getTranscript"));
    assert!(names.iter().any(|n| n == "get_youtube_video_transcript"));
    let err = c
        .call_protocol_err("transcripts_getTranscript", json!({"videoId": web::ID}))
        .await;
    assert!(err.contains("transcripts_getTranscript"), "{err}");
    assert_no_requests(&s.web).await;
}

// ---- channels

#[tokio::test]
async fn get_channel_by_id_and_handle() {
    let s = Tl::start().await;
    let parts = "snippet,statistics,contentDetails";
    key_req("GET", CHANNELS, &[("part", parts), ("id", CHANNEL)])
        .respond(
            &s.fake,
            200,
            channel_list(vec![channel(CHANNEL, "YouTube", UPLOADS)]),
        )
        .await;
    key_req(
        "GET",
        CHANNELS,
        &[("part", parts), ("forHandle", "@youtube")],
    )
    .respond(
        &s.fake,
        200,
        channel_list(vec![channel(CHANNEL, "YouTube", UPLOADS)]),
    )
    .await;
    key_req("GET", CHANNELS, &[("part", parts), ("id", "UCnobody")])
        .respond(&s.fake, 200, channel_list(vec![]))
        .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("channels_getChannel", json!({"channelId": CHANNEL}))
        .await;
    assert_eq!(v, bare(channel(CHANNEL, "YouTube", UPLOADS)));
    let v = c
        .call_ok("channels_getChannel", json!({"channelId": "@youtube"}))
        .await;
    assert_eq!(v["statistics"]["videoCount"], "800");
    let err = c
        .call_err("channels_getChannel", json!({"channelId": "UCnobody"}))
        .await;
    assert!(err.contains("YouTube has no channel"), "{err}");
}

// ---- playlists

#[tokio::test]
async fn get_playlist_returns_the_resource() {
    let s = Tl::start().await;
    let playlist = json!({
        "kind": "youtube#playlist", "etag": "x", "id": "PLabc",
        "snippet": {"title": "Mix", "channelId": CHANNEL, "thumbnails": {"default": {"url": "https://i.ytimg.com/x.jpg"}}},
        "contentDetails": {"itemCount": 12},
        "status": {"privacyStatus": "public"}
    });
    key_req(
        "GET",
        PLAYLISTS,
        &[("part", "snippet,contentDetails,status"), ("id", "PLabc")],
    )
    .respond(
        &s.fake,
        200,
        json!({"kind": "youtube#playlistListResponse", "items": [playlist]}),
    )
    .await;
    key_req(
        "GET",
        PLAYLISTS,
        &[("part", "snippet,contentDetails,status"), ("id", "PLgone")],
    )
    .respond(
        &s.fake,
        200,
        json!({"kind": "youtube#playlistListResponse", "items": []}),
    )
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("playlists_getPlaylist", json!({"playlistId": "PLabc"}))
        .await;
    assert_eq!(v, bare(playlist));
    let err = c
        .call_err("playlists_getPlaylist", json!({"playlistId": "PLgone"}))
        .await;
    assert!(err.contains("YouTube has no playlist PLgone"), "{err}");
}

#[tokio::test]
async fn get_playlist_items_pairs_items_with_their_videos() {
    let s = Tl::start().await;
    let items = vec![
        playlist_item("i1", "PLabc", "a1", 0, "2026-01-01T00:00:00Z"),
        playlist_item("i2", "PLabc", "gone", 1, "2026-01-02T00:00:00Z"),
    ];
    let mut page = item_list(items.clone(), Some("NEXT"));
    page["prevPageToken"] = json!("PREV");
    key_req(
        "GET",
        ITEMS,
        &[
            ("part", "snippet,contentDetails,status"),
            ("playlistId", "PLabc"),
            ("maxResults", "50"),
            ("pageToken", "CUR"),
        ],
    )
    .respond(&s.fake, 200, page)
    .await;
    key_req("GET", VIDEOS, &[("part", PARTS), ("id", "a1,gone")])
        .respond(&s.fake, 200, video_list(vec![video("a1", "First")], None))
        .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok(
            "playlists_getPlaylistItems",
            json!({"playlistId": "PLabc", "pageToken": "CUR"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "items": [
                {"playlistItem": bare(items[0].clone()), "videoDetails": bare(video("a1", "First"))},
                {"playlistItem": bare(items[1].clone()), "videoDetails": null}
            ],
            "totalResults": 2,
            "nextPageToken": "NEXT",
            "prevPageToken": "PREV"
        })
    );
}

#[tokio::test]
async fn get_playlist_items_page_size_and_last_page() {
    let s = Tl::start().await;
    key_req(
        "GET",
        ITEMS,
        &[
            ("part", "snippet,contentDetails,status"),
            ("playlistId", "PLabc"),
            ("maxResults", "3"),
        ],
    )
    .respond(&s.fake, 200, item_list(vec![], None))
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok(
            "playlists_getPlaylistItems",
            json!({"playlistId": "PLabc", "maxResults": 3}),
        )
        .await;
    assert_eq!(v, json!({"items": [], "totalResults": 2}));
}

#[tokio::test]
async fn search_playlists_returns_the_search_results() {
    let s = Tl::start().await;
    let result = json!({
        "kind": "youtube#searchResult", "etag": "s",
        "id": {"kind": "youtube#playlist", "playlistId": "PLabc"},
        "snippet": {"title": "Lo-fi", "channelId": CHANNEL, "thumbnails": {"default": {"url": "https://i.ytimg.com/p.jpg"}}, "channelTitle": "YouTube"}
    });
    key_req(
        "GET",
        SEARCH,
        &[
            ("part", "snippet"),
            ("q", "lofi"),
            ("type", "playlist"),
            ("maxResults", "10"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"kind": "youtube#searchListResponse", "items": [result]}),
    )
    .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("playlists_searchPlaylists", json!({"query": "lofi"}))
        .await;
    assert_eq!(v, json!([bare(result)]));
    let err = c
        .call_err("playlists_searchPlaylists", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
}

// ---- credentials

#[tokio::test]
async fn an_api_key_on_a_tool_for_signed_in_users_is_a_clear_error() {
    // The default profile's own-channel tool with only an API key: YouTube's 401.
    let s = Tl::start_as(Profile::Default, &[]).await;
    key_req(
        "GET",
        CHANNELS,
        &[
            ("part", "snippet,contentDetails,statistics"),
            ("mine", "true"),
        ],
    )
    .respond(
        &s.fake,
        401,
        yt_error(
            401,
            "youtube.parameter",
            "authorizationRequired",
            "The request uses the <code>mine</code> parameter but is not properly authorized.",
        ),
    )
    .await;
    let c = s.key_client(KEY).await;
    let err = c.call_err("youtube_get_my_channel", json!({})).await;
    assert!(
        err.contains("401")
            && err.contains("mine parameter but is not properly authorized")
            && err.contains("needs the user's OAuth access_token"),
        "{err}"
    );
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn an_error_echoing_the_key_does_not_show_it() {
    let s = Tl::start().await;
    key_req("GET", VIDEOS, &[("part", PARTS), ("id", "dQw4w9WgXcQ")])
        .respond(
            &s.fake,
            400,
            json!({"error": {
                "code": 400,
                "message": format!("API key not valid. Please pass a valid API key. (https://youtube.googleapis.com/youtube/v3/videos?part=snippet&id=dQw4w9WgXcQ&key={KEY})"),
                "errors": [{"message": "API key not valid. Please pass a valid API key.", "domain": "global", "reason": "badRequest"}],
                "status": "INVALID_ARGUMENT",
                "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]
            }}),
        )
        .await;
    let c = s.key_client(KEY).await;
    let err = c
        .call_err("videos_getVideo", json!({"videoId": "dQw4w9WgXcQ"}))
        .await;
    assert!(
        err.contains("400")
            && err.contains("[redacted]")
            && err.contains("not a valid Google API key"),
        "{err}"
    );
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn an_oauth_token_wins_over_an_api_key() {
    let s = Tl::start().await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "dQw4w9WgXcQ")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("dQw4w9WgXcQ", "Never")], None),
        )
        .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN, "api_key": KEY}));
    let c = s.server.client_with(&[("x-auth-data", &auth)]).await;
    let v = c
        .call_ok("videos_getVideo", json!({"videoId": "dQw4w9WgXcQ"}))
        .await;
    assert_eq!(v["id"], "dQw4w9WgXcQ");
}

#[tokio::test]
async fn the_api_key_from_the_environment_stays_out_of_logs_and_errors() {
    let fake = MockServer::start().await;
    expect("GET", VIDEOS)
        .queries(&[("part", PARTS), ("id", "dQw4w9WgXcQ"), ("key", KEY)])
        .respond(
            &fake,
            403,
            yt_error(
                403,
                "usageLimits",
                "accessNotConfigured",
                &format!("Access Not Configured for key {KEY}: YouTube Data API v3 has not been used in project 123."),
            ),
        )
        .await;
    let traced = Traced::start(
        env!("CARGO_BIN_EXE_youtube-mcp-server"),
        &[
            ("YOUTUBE_API_BASE_URL", &fake.uri()),
            ("YOUTUBE_API_KEY", KEY),
            ("MCP_PROFILE", "toolathlon"),
        ],
        &[],
        KEY,
    )
    .await;
    let err = traced
        .call_err("videos_getVideo", json!({"videoId": "dQw4w9WgXcQ"}))
        .await;
    assert!(
        err.contains("403") && err.contains("[redacted]") && err.contains("not enabled"),
        "{err}"
    );
    traced.finish().await;
}
