//! Intercom server tests: each tool against a fake Intercom API that asserts the exact
//! request (method, path, query, `Authorization: Bearer`, `Intercom-Version: 2.14`, JSON
//! body) and answers with the shapes of Intercom's OpenAPI description
//! (github.com/intercom/Intercom-OpenAPI, `descriptions/2.14/api.intercom.io.yaml`), through a
//! real MCP client; the region hosts; `error.list` bodies.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod admins;
mod articles;
mod companies;
mod contacts;
mod conversations;
mod errors;
mod messages;
mod region;
mod tags;

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "dG9rOjYxMjM0NTY3OmI5ZmEtNGQ1ZS04YzFhOjE6MA==";

pub async fn setup() -> Setup {
    Setup::start(&intercom_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// A request with the Bearer token and the pinned API version.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path)
        .bearer(TOKEN)
        .header("intercom-version", "2.14")
}

/// Intercom's error body.
pub fn error_list(code: &str, message: &str) -> Value {
    json!({
        "type": "error.list",
        "request_id": "8c288c4f-b699-4209-9de4-064398f02785",
        "errors": [{"code": code, "message": message}]
    })
}

pub fn error_response(status: u16, code: &str, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(error_list(code, message))
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes,
// hostile arguments. Intercom's detach takes the contact from the path, not a `customer`.
mcp_testkit::standard_suite!(
    intercom_mcp_server::SPEC,
    "intercom-mcp-server",
    catalog_not_required: &[("intercom_detach_contact_from_conversation", "customer")]
);

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "intercom");
    extra.sort();
    assert_eq!(
        extra,
        [
            "intercom_assign_conversation",
            "intercom_close_conversation",
            "intercom_open_conversation",
            "intercom_snooze_conversation",
            "intercom_tag_conversation",
            "intercom_untag_conversation",
        ]
    );
}
