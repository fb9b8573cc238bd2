//! Scholarly server tests: search-arxiv against a fake arXiv API answering a recorded-shape
//! Atom feed, search-google-scholar against a fake Scholar answering a results page, each
//! asserting the exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod arxiv;
mod scholar;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};

mcp_testkit::standard_suite!(scholarly_mcp_server::SPEC, "scholarly-mcp-server");

pub struct Setup {
    pub arxiv: MockServer,
    pub scholar: MockServer,
    pub client: Client,
    _server: TestServer,
}

/// Two fakes: the arXiv API (the main base) and Google Scholar (the extra API).
pub async fn setup() -> Setup {
    let arxiv = MockServer::start().await;
    let scholar = MockServer::start().await;
    let settings = settings_for(&arxiv.uri()).with_api("scholar", &scholar.uri());
    let server = TestServer::start(&scholarly_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Setup {
        arxiv,
        scholar,
        client,
        _server: server,
    }
}
