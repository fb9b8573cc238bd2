//! Airtable server tests: each tool against a fake Airtable Web API that asserts the exact
//! request (method, path, query, JSON body, `Authorization: Bearer`), through a real MCP
//! client. Request and response shapes follow Airtable's Web API reference
//! (airtable.com/developers/web/api: list/get/create/update/delete records, list bases, get
//! base schema, create/update table and field, get user info, errors, rate limits).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod bases;
mod records;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "patAbCdEf123.0123456789abcdef";
pub const BASE: &str = "appLkNDICXNqxSDhG";
pub const TABLE: &str = "tblWhGk0ByA8ZZmzA";

pub async fn setup() -> Setup {
    Setup::start(&airtable_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// A request with the Bearer token.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// Airtable's error body.
pub fn airtable_error(kind: &str, message: &str) -> Value {
    json!({"error": {"type": kind, "message": message}})
}

mcp_testkit::standard_suite!(airtable_mcp_server::SPEC, "airtable-mcp-server");
mcp_testkit::profile_suite!(atlas_profile, airtable_mcp_server::SPEC, atlas);

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "airtable");
    extra.sort();
    assert_eq!(
        extra,
        ["airtable_get_base_schema", "airtable_get_user_info"]
    );
}

#[tokio::test]
async fn missing_token_and_permission_errors_are_clear() {
    let s = setup().await;
    req("GET", &format!("/meta/bases/{BASE}/tables"))
        .respond(
            &s.fake,
            403,
            airtable_error(
                "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
                "Invalid permissions, or the requested model was not found.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("airtable_list_tables_info", json!({"base_id": BASE}))
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(
        err.contains("INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND"),
        "{err}"
    );
    assert!(err.contains("requested model was not found"), "{err}");
    assert!(err.contains("access list"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");

    let c = s.server.client_with(&[]).await;
    let err = c
        .call_err("airtable_list_tables_info", json!({"base_id": BASE}))
        .await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn error_parser_reads_airtable_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let shape = airtable_mcp_server::SPEC
        .error_shape
        .expect("Airtable declares its error shape");
    let e = shape.read(404, &HeaderMap::new(), &json!({"error": "NOT_FOUND"}));
    assert_eq!(e.code.as_deref(), Some("NOT_FOUND"));
    assert!(
        e.hint
            .as_deref()
            .unwrap()
            .contains("airtable_list_bases_info")
    );
    let e = shape.read(
        422,
        &HeaderMap::new(),
        &airtable_error("UNKNOWN_FIELD_NAME", "Unknown field name: \"Nmae\""),
    );
    assert_eq!(e.code.as_deref(), Some("UNKNOWN_FIELD_NAME"));
    assert_eq!(e.message.as_deref(), Some("Unknown field name: \"Nmae\""));
    let e = shape.read(
        401,
        &HeaderMap::new(),
        &json!({"error": {"type": "AUTHENTICATION_REQUIRED", "message": "Authentication required"}}),
    );
    assert!(
        e.hint
            .as_deref()
            .unwrap()
            .contains("AIRTABLE_PERSONAL_ACCESS_TOKEN")
    );
    let e = shape.read(
        429,
        &HeaderMap::new(),
        &json!({"errors": [{"error": "RATE_LIMIT_REACHED", "message": "Rate limit exceeded. Please try again later"}]}),
    );
    assert_eq!(e.code.as_deref(), Some("RATE_LIMIT_REACHED"));
}

/// Airtable's 429 has no `Retry-After`: the message says to wait the 30 s Airtable asks for.
#[tokio::test]
async fn rate_limit_says_wait_30_seconds() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/{TABLE}/recA"))
        .times(3)
        .respond(
            &s.fake,
            429,
            json!({"errors": [{"error": "RATE_LIMIT_REACHED", "message": "Rate limit exceeded. Please try again later"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_get_record",
            json!({"base_id": BASE, "table_id": TABLE, "record_id": "recA"}),
        )
        .await;
    assert!(err.contains("429"), "{err}");
    assert!(err.contains("Rate limit exceeded"), "{err}");
    assert!(err.contains("wait 30 s"), "{err}");
}
