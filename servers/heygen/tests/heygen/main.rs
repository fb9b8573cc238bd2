//! HeyGen server tests: each tool against a fake HeyGen API that asserts the exact request
//! (method, path, query, body, `X-Api-Key`), through a real MCP client. Request and response
//! shapes follow HeyGen's OpenAPI description as published in its official CLI
//! (github.com/heygen-com/heygen-cli, `gen/*.go`), and docs.heygen.com for the v2 locale list.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account;
mod avatars;
mod videos;
mod voices;

use std::time::Duration;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const KEY: &str = "hg_test_key_0123456789abcdef";

/// The fake, the server (polling every 10 ms) and a client sending the key as `api_key`.
pub async fn setup() -> Setup {
    setup_with(|s| s).await
}

pub async fn setup_with(f: impl FnOnce(mcp_shared::Settings) -> mcp_shared::Settings) -> Setup {
    Setup::start_with(&heygen_mcp_server::SPEC, json!({ "api_key": KEY }), |s| {
        s.poll_interval = Some(Duration::from_millis(10));
        *s = f(std::mem::take(s));
    })
    .await
}

/// A request carrying the key in `X-Api-Key` (and no `Authorization`).
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).header("x-api-key", KEY)
}

/// HeyGen v3's error body.
pub fn hg_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message,
                     "doc_url": format!("https://developers.heygen.com/docs/error-codes#{code}")}})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(heygen_mcp_server::SPEC, "heygen-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "heygen");
    extra.sort();
    assert_eq!(extra, ["heygen_wait_for_video"]);
}

#[tokio::test]
async fn key_from_klavis_token_field_and_oauth_bearer() {
    let s = setup().await;
    expect("GET", "/v3/users/me")
        .header("x-api-key", "from-token-field")
        .respond(&s.fake, 200, json!({"data": {"username": "u1", "email": "a@b.c", "first_name": null, "last_name": null}}))
        .await;
    let c = s.client_with(json!({"token": "from-token-field"})).await;
    let v = c.call_ok("heygen_get_remaining_credits", json!({})).await;
    assert_eq!(v["username"], "u1");

    // An OAuth access token (HeyGen partner apps) goes as a Bearer token.
    let fake = MockServer::start().await;
    let server = TestServer::start(&heygen_mcp_server::SPEC, settings_for(&fake.uri())).await;
    expect("GET", "/v3/users/me")
        .bearer("oauth-access-token")
        .respond(&fake, 200, json!({"data": {"username": "u2", "email": "x@y.z", "first_name": null, "last_name": null}}))
        .await;
    let c = server.client("oauth-access-token").await;
    let v = c.call_ok("heygen_get_remaining_credits", json!({})).await;
    assert_eq!(v["username"], "u2");
}

#[tokio::test]
async fn missing_and_invalid_keys_are_clear_errors() {
    let s = setup().await;
    req("GET", "/v3/users/me")
        .respond(
            &s.fake,
            401,
            hg_error(
                "unauthorized",
                "The API key provided is invalid or expired.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("heygen_get_remaining_credits", json!({}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("unauthorized"), "{err}");
    assert!(err.contains("invalid or expired"), "{err}");
    assert!(err.contains("HEYGEN_API_KEY"), "{err}");
    assert!(!err.contains(KEY), "{err}");

    let c = s.server.client_with(&[]).await;
    let err = c.call_err("heygen_get_remaining_credits", json!({})).await;
    assert!(err.contains("api_key"), "{err}");
}

#[tokio::test]
async fn error_parser_reads_v3_v2_and_v1_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let parse = heygen_mcp_server::SPEC.error_parser;
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"error": {"code": "invalid_parameter", "message": "voice_id is not valid",
                          "param": "voice_id", "doc_url": "https://developers.heygen.com/docs/error-codes#invalid-parameter"}}),
    );
    assert_eq!(e.code.as_deref(), Some("invalid_parameter"));
    assert_eq!(
        e.message.as_deref(),
        Some("voice_id is not valid (param `voice_id`)")
    );
    assert!(e.hint.unwrap().contains("error-codes#invalid-parameter"));
    // v2: `{"error": {"code", "message"}}` with a legacy number.
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"error": {"code": 400175, "message": "Invalid parameter"}, "data": null}),
    );
    assert_eq!(e.code.as_deref(), Some("400175"));
    assert_eq!(e.message.as_deref(), Some("Invalid parameter"));
    // v1: `{"code", "message"}` at the top.
    let e = parse(
        401,
        &HeaderMap::new(),
        &json!({"code": 40009, "message": "Invalid credentials provided", "data": null}),
    );
    assert_eq!(e.code.as_deref(), Some("40009"));
    assert!(e.hint.unwrap().contains("API key"));
    let e = parse(
        402,
        &HeaderMap::new(),
        &hg_error(
            "insufficient_credit",
            "Your account has 5 credits but this video requires 10 credits.",
        ),
    );
    assert!(e.hint.unwrap().contains("heygen_get_remaining_credits"));
}
