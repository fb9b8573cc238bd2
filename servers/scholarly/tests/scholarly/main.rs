//! Scholarly server tests: search-arxiv against a fake arXiv API answering a recorded-shape
//! Atom feed, search-google-scholar against a fake Scholar answering a results page, each
//! asserting the exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod arxiv;
mod scholar;
mod toolathlon;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};

mcp_testkit::standard_suite!(scholarly_mcp_server::SPEC, "scholarly-mcp-server");
mcp_testkit::profile_suite!(toolathlon_profile, scholarly_mcp_server::SPEC, toolathlon);

pub struct Setup {
    pub arxiv: MockServer,
    pub scholar: MockServer,
    pub client: Client,
    _server: TestServer,
}

/// Two fakes: the arXiv API (the main base) and Google Scholar (the extra API).
pub async fn setup() -> Setup {
    setup_in(mcp_shared::Profile::Default).await
}

/// As [`setup`], the server under `--profile <profile>`.
pub async fn setup_in(profile: mcp_shared::Profile) -> Setup {
    let arxiv = MockServer::start().await;
    let scholar = MockServer::start().await;
    let mut settings = settings_for(&arxiv.uri()).with_api("scholar", &scholar.uri());
    settings.profile = profile;
    let server = TestServer::start(&scholarly_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Setup {
        arxiv,
        scholar,
        client,
        _server: server,
    }
}
