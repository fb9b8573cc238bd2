//! The `rest` kind: a REST API on a fixed host with a bearer token. Its tests' template is
//! shared with the `graphql` kind.

pub(super) const SPEC: &str = r#"    base: mcp_shared::Base::Fixed("{{base_url}}"),
    // How the vendor takes the credential (see MCP_SERVER_GUIDE.md for the other schemes).
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("{{SERVICE}}_ACCESS_TOKEN", "access_token")],"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool: replace it with the vendor's first real tool.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_get_item", "Get item", Effect::Read, get_item).toolset("example")]
}

/// Get one item by id. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id
    id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &format!("/items/{}", seg(&a.id)))?
        .send_json()
        .await?;
    Ok(pick(&v, &["id", "name"]))
}
"#;

/// The tests of an HTTP vendor's example tool; `{{api}}`, `{{request}}`, `{{ok_body}}`,
/// `{{missing_request}}`, `{{missing_status}}` and `{{missing_body}}` come from the kind.
pub(super) const HTTP_TESTS: &str = r#"//! {{Display}} server tests: each tool against a fake {{Display}} {{api}} that asserts the
//! exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

const TOKEN: &str = "test-token";

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

#[tokio::test]
async fn get_item_contract() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    {{request}}
        .bearer(TOKEN)
        .respond(&fake, 200, json!({{ok_body}}))
        .await;
    let client = server.client(TOKEN).await;
    let v = client.call_ok("{{service}}_get_item", json!({"id": "a1"})).await;
    assert_eq!(v, json!({"id": "a1", "name": "First"}));
}

#[tokio::test]
async fn get_item_not_found() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    {{missing_request}}
        .bearer(TOKEN)
        .respond(&fake, {{missing_status}}, json!({{missing_body}}))
        .await;
    let client = server.client(TOKEN).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "zz"})).await;
    assert!(err.contains("Item not found"), "{err}");
}

#[tokio::test]
async fn refused_credentials_get_the_declared_hint() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    {{request}}
        .bearer(TOKEN)
        .respond(&fake, 401, json!({"message": "Invalid token"}))
        .await;
    let client = server.client(TOKEN).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "a1"})).await;
    assert!(err.contains("401") && err.contains("Invalid token"), "{err}");
    assert!(err.contains("check the token and send it again"), "{err}");
}
"#;

/// (`{{api}}`, `{{request}}`, `{{ok_body}}`, `{{missing_request}}`, `{{missing_status}}`,
/// `{{missing_body}}`) of the REST example's tests.
pub(super) const TEST_PARTS: [(&str, &str); 6] = [
    ("api", "API"),
    ("request", r#"expect("GET", "/items/a1")"#),
    ("ok_body", r#"{"id": "a1", "name": "First", "extra": true}"#),
    ("missing_request", r#"expect("GET", "/items/zz")"#),
    ("missing_status", "404"),
    ("missing_body", r#"{"message": "Item not found"}"#),
];

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"id": "a1", "name": "First"}
}
"#;

pub(super) const CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"access_token\":\"...\"}`), `Authorization: Bearer <token>`,\n`AUTH_DATA`, or `{{SERVICE}}_ACCESS_TOKEN`. `{{SERVICE}}_API_BASE_URL` overrides `{{base_url}}`.";
