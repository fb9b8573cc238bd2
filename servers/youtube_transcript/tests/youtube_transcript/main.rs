//! YouTube Transcript server tests: each tool against a fake www.youtube.com on 127.0.0.1
//! (the watch page, the InnerTube player endpoint and a caption track, in the shapes YouTube
//! answers) that asserts the exact requests, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixtures;
mod info;
mod transcript;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::Value;

use crate::fixtures::*;

mcp_testkit::standard_suite!(
    youtube_transcript_mcp_server::SPEC,
    "youtube-transcript-mcp-server"
);
mcp_testkit::profile_suite!(
    toolathlon_profile,
    youtube_transcript_mcp_server::SPEC,
    toolathlon
);

pub struct Setup {
    pub yt: MockServer,
    pub client: Client,
    _server: TestServer,
}

pub async fn setup() -> Setup {
    setup_with(&[]).await
}

/// The server with these options (`response-limit`).
pub async fn setup_with(options: &[(&str, &str)]) -> Setup {
    let yt = MockServer::start().await;
    let mut settings = settings_for(&yt.uri());
    settings.options = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let server = TestServer::start(&youtube_transcript_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Setup {
        yt,
        client,
        _server: server,
    }
}

/// The server, the watch page with its player response, and `player` from InnerTube.
pub async fn with_player(player: Value) -> Setup {
    let s = setup().await;
    watch(&s.yt, &watch_html(&page_player())).await;
    innertube(&s.yt, player).await;
    s
}

/// The server with these options, the recorded player, and the caption track asked with
/// `query` answering `XML`.
pub async fn with_track(options: &[(&str, &str)], query: Vec<(String, String)>) -> Setup {
    let s = setup_with(options).await;
    watch(&s.yt, &watch_html(&page_player())).await;
    innertube(&s.yt, player()).await;
    timedtext(&s.yt, query, xml(XML)).await;
    s
}

/// `tool` called with `args` against `with_track(options, query)`: its result.
pub async fn track_ok(
    options: &[(&str, &str)],
    query: Vec<(String, String)>,
    tool: &str,
    args: Value,
) -> Value {
    with_track(options, query)
        .await
        .client
        .call_ok(tool, args)
        .await
}
