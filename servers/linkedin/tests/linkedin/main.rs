//! LinkedIn server tests: each tool against a fake LinkedIn API that asserts the exact
//! request (path, body, Bearer token, `X-Restli-Protocol-Version` and, on `/rest`,
//! `LinkedIn-Version`), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posts;
mod profile;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "AQV-linkedin-test-token-8d1f0c2e";

pub async fn setup() -> Setup {
    Setup::start(&linkedin_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// A request with the Bearer token and the Rest.li protocol header.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path)
        .bearer(TOKEN)
        .header("x-restli-protocol-version", "2.0.0")
}

/// The OpenID Connect userinfo answer, as LinkedIn documents it.
pub fn userinfo() -> Value {
    json!({
        "sub": "782bbtaQ",
        "name": "John Doe",
        "given_name": "John",
        "family_name": "Doe",
        "picture": "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
        "locale": "en-US",
        "email": "doe@email.com",
        "email_verified": true
    })
}

/// LinkedIn's error body.
pub fn li_error(status: u16, service_code: i64, code: &str, message: &str) -> Value {
    json!({"status": status, "serviceErrorCode": service_code, "code": code, "message": message})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(linkedin_mcp_server::SPEC, "linkedin-mcp-server");

#[tokio::test]
async fn no_tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert!(mcp_testkit::tools_beyond_catalog(&tools, "linkedin").is_empty());
}
