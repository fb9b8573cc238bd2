//! The `google` kind: a Google API server on `mcp-vendor-google`: the user's OAuth access token
//! (or a refresh token the server exchanges), Google's error parser, Google's OAuth
//! authorization server and scopes, and `pageSize` + `pageToken` lists (as Google Meet, Google
//! Calendar).

/// The base URL when `--base-url` is left at its default (an API on its own
/// `*.googleapis.com` host, as the newer Google APIs are).
pub(super) const DEFAULT_BASE_URL: &str = "https://example.googleapis.com/v1";

pub(super) const SPEC: &str = r#"    base: mcp_shared::Base::Fixed("{{base_url}}"),
    // The user's Google OAuth access token as Bearer (or `refresh_token` + `client_id` +
    // `client_secret`, exchanged by `credential_exchange` below).
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[],"#;

/// The spec's fields after `flags` (before `..ServerSpec::DEFAULT`).
pub(super) const SPEC_TAIL: &str = r#"    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    // Replace with the API's scopes (developers.google.com/identity/protocols/oauth2/scopes).
    oauth: Some(mcp_vendor_google::oauth(
        &["https://www.googleapis.com/auth/cloud-platform.read-only"],
        &["https://www.googleapis.com/auth/cloud-platform"],
        "https://developers.google.com/identity/protocols/oauth2/scopes",
    )),
"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool of a Google API: replace it with the API's first real tool. Google's error
//! bodies are read by `mcp_vendor_google::parse_error` (the spec's `error_parser`); lists page
//! with `pageSize` + `pageToken` behind the tool's `limit` + `cursor`.

use mcp_shared::json::pick;
use mcp_shared::pagination::{cursor, page_size};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use mcp_vendor_google::next_page_token;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_list_items", "List items", Effect::Read, list_items).toolset("example")]
}

/// List items: the name and title of each, and `next_cursor` (null on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct ListItems {
    /// At most 100; default 25
    limit: Option<Count>,
    /// The `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_items(ctx: Ctx, a: ListItems) -> Result<Value, ToolError> {
    let size = page_size(a.limit.map(Count::get), 25, 100, "limit")?;
    let v: Value = ctx
        .authorized(Method::GET, "/items")?
        .query("pageSize", size)
        .query_opt("pageToken", cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|i| pick(i, &["name", "title"]))
        .collect();
    Ok(json!({ "items": items, "next_cursor": next_page_token(&v) }))
}
"#;

pub(super) const TESTS: &str = r#"//! {{Display}} server tests: the example tool against a fake {{Display}} API that asserts the
//! exact request and answers as Google's APIs do, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::{Expect, Setup, expect};
use mcp_vendor_google::testkit::google_error;
use serde_json::json;

const TOKEN: &str = "ya29.a0AfH6SMB-test-token";

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

async fn setup() -> Setup {
    Setup::start(&{{crate}}::SPEC, json!({ "access_token": TOKEN })).await
}

/// `GET /items` with the bearer token and exactly these query parameters.
fn list(query: &[(&str, &str)]) -> Expect {
    expect("GET", "/items").bearer(TOKEN).queries(query)
}

#[tokio::test]
async fn list_items_pages_with_page_tokens() {
    let s = setup().await;
    list(&[("pageSize", "2")])
        .respond(
            &s.fake,
            200,
            json!({"items": [{"name": "items/a1", "title": "First", "etag": "\"e1\""},
                             {"name": "items/a2", "title": "Second", "etag": "\"e2\""}],
                   "nextPageToken": "CAIQAA"}),
        )
        .await;
    let v = s.client.call_ok("{{service}}_list_items", json!({"limit": 2})).await;
    assert_eq!(
        v,
        json!({"items": [{"name": "items/a1", "title": "First"}, {"name": "items/a2", "title": "Second"}],
               "next_cursor": "CAIQAA"})
    );
    list(&[("pageSize", "2"), ("pageToken", "CAIQAA")])
        .respond(&s.fake, 200, json!({"items": [{"name": "items/a3", "title": "Third"}]}))
        .await;
    let v = s
        .client
        .call_ok("{{service}}_list_items", json!({"limit": 2, "cursor": "CAIQAA"}))
        .await;
    assert_eq!(
        v,
        json!({"items": [{"name": "items/a3", "title": "Third"}], "next_cursor": null})
    );
    let err = s.client.call_err("{{service}}_list_items", json!({"limit": 500})).await;
    assert!(err.contains("limit"), "{err}");
}

#[tokio::test]
async fn google_errors_become_clear_tool_errors() {
    let s = setup().await;
    list(&[("pageSize", "25")])
        .respond(
            &s.fake,
            404,
            google_error(404, "NOT_FOUND", None, "Requested entity was not found."),
        )
        .await;
    let err = s.client.call_err("{{service}}_list_items", json!({})).await;
    assert!(err.contains("404") && err.contains("NOT_FOUND"), "{err}");
    assert!(err.contains("Requested entity was not found"), "{err}");
    assert!(err.contains("check the id"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}
"#;

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_list_items",
  "arguments": {"limit": 2},
  "upstream_body": {"items": [{"name": "items/a1", "title": "First"}], "nextPageToken": "CAIQAA"}
}
"#;

pub(super) const CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"access_token\":\"ya29...\"}`, or of `{\"refresh_token\",\"client_id\",\"client_secret\"}`,\nwhich the server exchanges at Google's token endpoint), `Authorization: Bearer <token>` or `AUTH_DATA`: the user's\nGoogle OAuth token with the scopes in server.json. `{{SERVICE}}_API_BASE_URL` overrides `{{base_url}}`.";
