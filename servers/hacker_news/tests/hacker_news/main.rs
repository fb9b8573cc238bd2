//! Hacker News server tests: every tool against a fake Hacker News API that asserts the exact
//! request, through a real MCP client over streamable HTTP, and the binary over stdio and HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod items;
mod stories;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

mcp_testkit::standard_suite!(hacker_news_mcp_server::SPEC, "hacker-news-mcp-server");

pub struct Setup {
    pub fake: MockServer,
    pub client: Client,
    _server: TestServer,
}

/// A fake HN API and a client without credentials (HN needs none).
pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let server = TestServer::start(&hacker_news_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[]).await;
    Setup {
        fake,
        client,
        _server: server,
    }
}

/// A story shaped like the API README's example (item 8863).
pub fn story(id: u64, title: &str) -> Value {
    json!({
        "by": "dhouston",
        "descendants": 71,
        "id": id,
        "kids": [8952, 9224, 8917],
        "score": 111,
        "time": 1175714200,
        "title": title,
        "type": "story",
        "url": "http://www.getdropbox.com/u/2/screencast.html"
    })
}
