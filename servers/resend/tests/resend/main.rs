//! Resend server tests: each tool against a fake Resend API that asserts the exact request
//! (method, path, query, body, `Authorization: Bearer re_...`, the sends' `Idempotency-Key`),
//! through a real MCP client. Request shapes follow Resend's OpenAPI description
//! (github.com/resend/resend-openapi, `resend.yaml`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod audiences;
mod broadcasts;
mod contacts;
mod emails;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "re_123456789_AbCdEfGhIjKlMnOpQrStUv";

pub async fn setup() -> Setup {
    Setup::start(&resend_mcp_server::SPEC, json!({ "api_key": TOKEN })).await
}

/// A request with the Bearer key.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// Resend's error body.
pub fn resend_error(status: u16, name: &str, message: &str) -> Value {
    json!({"statusCode": status, "name": name, "message": message})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes,
// hostile arguments. Resend needs `text` or `html`, not `text`. Contacts are global now: `audienceId` names a segment where it still
// means something and is not needed where it does not.
mcp_testkit::standard_suite!(
    resend_mcp_server::SPEC,
    "resend-mcp-server",
    catalog_not_required: &[
        ("resend_send_email", "text"),
        ("resend_create_contact", "audienceId"),
        ("resend_get_contact", "audienceId"),
        ("resend_update_contact", "audienceId"),
        ("resend_delete_contact", "audienceId"),
        ("resend_list_contacts", "audienceId"),
    ]
);

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "resend");
    extra.sort();
    assert_eq!(
        extra,
        [
            "resend_add_contact_to_segment",
            "resend_cancel_email",
            "resend_get_email",
            "resend_list_domains",
            "resend_list_emails",
            "resend_send_batch_emails",
        ]
    );
}

#[tokio::test]
async fn key_from_klavis_token_field() {
    let s = setup().await;
    expect("GET", "/domains")
        .bearer("re_from_token_field")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": false, "data": []}),
        )
        .await;
    let c = s.client_with(json!({"token": "re_from_token_field"})).await;
    let v = c.call_ok("resend_list_domains", json!({})).await;
    assert_eq!(v["items"], json!([]));
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn missing_and_invalid_keys_are_clear_errors() {
    let s = setup().await;
    req("GET", "/segments/seg_1")
        .respond(
            &s.fake,
            403,
            resend_error(403, "invalid_api_key", "API key is invalid"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_audience", json!({"id": "seg_1"}))
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("invalid_api_key"), "{err}");
    assert!(err.contains("API key is invalid"), "{err}");
    assert!(err.contains("revoked"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");

    req("GET", "/segments/seg_2")
        .respond(
            &s.fake,
            401,
            resend_error(
                401,
                "restricted_api_key",
                "This API key is restricted to only send emails",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_audience", json!({"id": "seg_2"}))
        .await;
    assert!(err.contains("restricted_api_key"), "{err}");
    assert!(err.contains("full access"), "{err}");

    // No credentials at all: the message says what to send, and nothing reaches Resend.
    let c = s.server.client_with(&[]).await;
    let err = c
        .call_err("resend_get_audience", json!({"id": "seg_3"}))
        .await;
    assert!(err.contains("api_key"), "{err}");
}

#[tokio::test]
async fn error_parser_reads_resend_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let e = (resend_mcp_server::SPEC.error_parser)(
        422,
        &HeaderMap::new(),
        &resend_error(422, "validation_error", "Invalid `to` field."),
    );
    assert_eq!(e.code.as_deref(), Some("validation_error"));
    assert_eq!(e.message.as_deref(), Some("Invalid `to` field."));
    assert!(e.hint.is_none());
    let e = (resend_mcp_server::SPEC.error_parser)(
        401,
        &HeaderMap::new(),
        &resend_error(
            401,
            "missing_api_key",
            "Missing API key in the authorization header",
        ),
    );
    assert_eq!(e.code.as_deref(), Some("missing_api_key"));
    assert!(e.hint.as_deref().unwrap().contains("RESEND_API_KEY"));
}
