//! WhatsApp server tests: each tool against a fake Graph API that asserts the exact request
//! (method, versioned path, query, body, `Authorization: Bearer`), through a real MCP client.
//! Request and response shapes follow Meta's OpenAPI description of the Cloud API
//! (github.com/facebook/openapi, `business-messaging-api_v23.0.yaml`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod messages;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "EAAJB3Q2test0123456789abcdef";
pub const PHONE: &str = "106540352242922";

pub async fn setup() -> Setup {
    Setup::start(&whatsapp_mcp_server::SPEC, json!({ "token": TOKEN })).await
}

/// A request on `/v23.0/{PHONE}/{edge}` with the Bearer token.
pub fn req(method: &'static str, edge: &str) -> Expect {
    expect(method, format!("/v23.0/{PHONE}/{edge}")).bearer(TOKEN)
}

/// Graph's error body for a Cloud API error.
pub fn graph_error(code: i64, message: &str, details: &str) -> Value {
    json!({"error": {"message": message, "type": "OAuthException", "code": code,
                     "error_data": {"messaging_product": "whatsapp", "details": details},
                     "fbtrace_id": "AXsgnV2Cm3ZMGF3dF_cfYIn"}})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(whatsapp_mcp_server::SPEC, "whatsapp-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "whatsapp");
    extra.sort();
    assert_eq!(
        extra,
        [
            "whatsapp_get_message_status",
            "whatsapp_mark_message_read",
            "whatsapp_send_template",
        ]
    );
}

#[tokio::test]
async fn graph_version_is_the_servers_setting() {
    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_option("graph-version", "v24.0");
    let server = TestServer::start(&whatsapp_mcp_server::SPEC, settings).await;
    expect("POST", format!("/v24.0/{PHONE}/messages"))
        .bearer(TOKEN)
        .json_body(
            json!({"messaging_product": "whatsapp", "recipient_type": "individual",
                          "to": "16505551234", "type": "text", "text": {"body": "Hi"}}),
        )
        .respond(
            &fake,
            200,
            json!({"messaging_product": "whatsapp",
            "contacts": [{"input": "16505551234", "wa_id": "16505551234"}],
            "messages": [{"id": "wamid.A1"}]}),
        )
        .await;
    let c = server.client(TOKEN).await;
    let v = c
        .call_ok(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+1 650-555-1234", "text": "Hi"}),
        )
        .await;
    assert_eq!(v, json!({"message_id": "wamid.A1", "wa_id": "16505551234"}));

    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_option("graph-version", "23");
    let server = TestServer::start(&whatsapp_mcp_server::SPEC, settings).await;
    let c = server.client(TOKEN).await;
    let err = c
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "text": "Hi"}),
        )
        .await;
    assert!(
        err.contains("--graph-version") && err.contains("v23.0"),
        "{err}"
    );
    assert!(fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn expired_token_and_missing_token() {
    let s = setup().await;
    req("POST", "messages")
        .any_body()
        .respond(
            &s.fake,
            401,
            json!({"error": {"message": "Error validating access token: Session has expired on Tuesday, 01-Dec-26 10:00:00 PST.",
                             "type": "OAuthException", "code": 190, "error_subcode": 463, "fbtrace_id": "AXsg"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "text": "Hi"}),
        )
        .await;
    assert!(err.contains("190 (subcode 463)"), "{err}");
    assert!(err.contains("Session has expired"), "{err}");
    assert!(err.contains("system user token"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");

    let c = s.server.client_with(&[]).await;
    let err = c
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "text": "Hi"}),
        )
        .await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn error_parser_reads_graph_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let parse = whatsapp_mcp_server::SPEC.error_parser;
    let e = parse(
        400,
        &HeaderMap::new(),
        &graph_error(
            130429,
            "Rate limit hit",
            "Cloud API message throughput has been reached.",
        ),
    );
    assert_eq!(e.code.as_deref(), Some("130429"));
    assert_eq!(
        e.message.as_deref(),
        Some("Rate limit hit: Cloud API message throughput has been reached.")
    );
    assert!(e.rate_limited);
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"error": {"message": "Unsupported post request. Object with ID '123' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
                          "type": "GraphMethodException", "code": 100, "error_subcode": 33, "fbtrace_id": "A1"}}),
    );
    assert_eq!(e.code.as_deref(), Some("100 (subcode 33)"));
    assert!(e.hint.unwrap().contains("phone_number_id"));
    assert!(!e.rate_limited);
}
