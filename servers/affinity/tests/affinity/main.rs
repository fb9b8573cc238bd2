//! Affinity server tests: each tool against a fake Affinity API (v2 with Bearer, v1 with
//! HTTP Basic on the same fake) that asserts the exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod lists;
mod notes_search;
mod records;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const KEY: &str = "aff_key_0123456789abcdef";
/// `Basic base64(":" + KEY)`.
pub const BASIC: &str = "Basic OmFmZl9rZXlfMDEyMzQ1Njc4OWFiY2RlZg==";

pub struct S {
    pub fake: MockServer,
    pub client: Client,
    _server: TestServer,
}

pub async fn setup() -> S {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.extra_base_urls = vec![("v1".into(), fake.uri())];
    let server = TestServer::start(&affinity_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&json!({ "api_key": KEY })),
        )])
        .await;
    S {
        fake,
        client,
        _server: server,
    }
}

/// A v2 `GET` with the Bearer key and exactly these query parameters.
pub fn v2(path: &str, query: &[(&str, &str)]) -> Expect {
    expect("GET", path).bearer(KEY).queries(query)
}

/// A v1 `GET` with HTTP Basic and exactly these query parameters.
pub fn v1(path: &str, query: &[(&str, &str)]) -> Expect {
    expect("GET", path)
        .header("authorization", BASIC)
        .queries(query)
}

/// v2's error body.
pub fn v2_error(code: &str, message: &str) -> Value {
    json!({"errors": [{"code": code, "message": message}]})
}

/// A v2 page whose next page is at `cursor`.
pub fn paged(data: Value, path: &str, cursor: Option<&str>) -> Value {
    json!({
        "data": data,
        "pagination": {
            "prevUrl": null,
            "nextUrl": cursor.map(|c| format!("https://api.affinity.co{path}?cursor={c}&limit=1")),
        }
    })
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(affinity_mcp_server::SPEC, "affinity-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "affinity");
    assert_eq!(extra, ["affinity_create_note"]);
}
