//! The shared Microsoft Graph client through a real MCP client, against a fake Graph on
//! `/v1.0`: OData options encoded, `@odata.nextLink` paging behind `limit` + `cursor` (loop-
//! safe, never off the base), Graph's error body with its request id, throttling with
//! `Retry-After`, JSON batching (split, `dependsOn`, throttled requests sent again) and upload
//! sessions (ranges, no credentials on the upload URL, resuming, cancelling).

mod batch;
mod downloads;
mod errors;
mod odata;
mod paging;
mod server;
mod uploads;

use mcp_testkit::wiremock::{Match, MockServer, Request};
use mcp_testkit::{TestServer, settings_for};
use serde_json::{Value, json};

use server::SPEC;

const TOKEN: &str = "eyJ0eXAiOiJKV1QiLCJub25jZSI6ImdyYXBoLXRlc3QifQ.delegated";

struct G {
    fake: MockServer,
    _server: TestServer,
    client: mcp_testkit::Client,
}

impl G {
    async fn start() -> Self {
        let fake = MockServer::start().await;
        let server = TestServer::start(&SPEC, settings_for(&format!("{}/v1.0", fake.uri()))).await;
        let client = server.client(TOKEN).await;
        Self {
            fake,
            _server: server,
            client,
        }
    }

    fn url(&self, rest: &str) -> String {
        format!("{}/v1.0{rest}", self.fake.uri())
    }

    async fn received(&self) -> Vec<Request> {
        self.fake.received_requests().await.unwrap_or_default()
    }
}

fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "a1b2c3d4-0000-4000-8000-000000000001",
        "client-request-id": "a1b2c3d4-0000-4000-8000-000000000001"}}})
}

/// Matches a request without an `Authorization` header.
struct NoAuthorization;

impl Match for NoAuthorization {
    fn matches(&self, request: &Request) -> bool {
        !request.headers.contains_key("authorization")
    }
}
