//! DuckDuckGo server tests: `search` against a fake html.duckduckgo.com answering recorded-shape
//! results pages (fixtures/), `fetch_content` against a local site through the guarded fetch,
//! each asserting the exact request, through a real MCP client. No network.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod content;
mod search;

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::Value;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(duckduckgo_mcp_server::SPEC, "duckduckgo-mcp-server");
// MCP-Atlas's duckduckgo_atlas: the same two tools.
mcp_testkit::profile_suite!(atlas_profile, duckduckgo_mcp_server::SPEC, atlas);

pub struct Setup {
    pub fake: MockServer,
    pub client: Client,
    _server: TestServer,
}

/// A fake DuckDuckGo (the base URL) that is also the site `fetch_content` may read when
/// `allow` (MCP_FETCH_ALLOW_HOSTS=127.0.0.1).
pub async fn setup(allow: bool) -> Setup {
    let fake = MockServer::start().await;
    let mut s = settings_for(&fake.uri());
    if allow {
        s.fetch_allow_hosts = vec!["127.0.0.1".into()];
    }
    let server = TestServer::start(&duckduckgo_mcp_server::SPEC, s).await;
    let client = server.client_with(&[]).await;
    Setup {
        fake,
        client,
        _server: server,
    }
}

pub fn html(status: u16, body: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_raw(body.as_bytes().to_vec(), "text/html; charset=UTF-8")
}

pub fn text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => panic!("expected text, got {other}"),
    }
}
