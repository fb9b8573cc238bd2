//! Cal.com server tests: each tool against a fake Cal.com API v2 that asserts the exact
//! request (path, query, body, `Authorization` and the endpoint's `cal-api-version`), through
//! a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bookings;
mod event_types;
mod schedules;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "cal_live_4f1c0de5b7e4d2b9c8a6f5e4d3c2b1a0";

pub async fn setup() -> Setup {
    Setup::start(&cal_com_mcp_server::SPEC, json!({ "api_key": TOKEN })).await
}

/// A request with the Bearer key and the endpoint's `cal-api-version`.
pub fn req(method: &'static str, path: &str, version: &str) -> Expect {
    expect(method, path)
        .bearer(TOKEN)
        .header("cal-api-version", version)
}

pub fn ok(data: Value) -> Value {
    json!({"status": "success", "data": data})
}

/// Cal.com's error body.
pub fn cal_error(code: &str, message: &str, details: Value) -> Value {
    json!({
        "status": "error",
        "timestamp": "2026-04-30T10:00:00.000Z",
        "path": "/v2/x",
        "error": {"code": code, "message": message, "details": details}
    })
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(cal_com_mcp_server::SPEC, "cal-com-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "cal_com");
    extra.sort();
    assert_eq!(
        extra,
        [
            "cal_cancel_booking",
            "cal_create_booking",
            "cal_get_available_slots",
            "cal_get_booking",
            "cal_get_me",
            "cal_list_bookings",
            "cal_list_event_types",
            "cal_reschedule_booking",
        ]
    );
}

#[tokio::test]
async fn key_with_or_without_bearer_and_in_token_field() {
    let s = setup().await;
    // Klavis's `token` field, already carrying the scheme: sent as given.
    expect("GET", "/schedules")
        .header("authorization", "Bearer cal_live_given")
        .header("cal-api-version", "2024-06-11")
        .respond(&s.fake, 200, ok(json!([])))
        .await;
    let c = s
        .client_with(json!({"token": "Bearer cal_live_given"}))
        .await;
    let v = c.call_ok("cal_get_all_schedules", json!({})).await;
    assert_eq!(v["items"], json!([]));
    // A bare key in `token` gets the scheme.
    expect("GET", "/schedules/default")
        .header("authorization", "Bearer cal_live_bare")
        .header("cal-api-version", "2024-06-11")
        .respond(&s.fake, 200, ok(Value::Null))
        .await;
    let c = s.client_with(json!({"token": "cal_live_bare"})).await;
    let v = c.call_ok("cal_get_default_schedule", json!({})).await;
    assert_eq!(v["schedule"], Value::Null);
}

#[tokio::test]
async fn invalid_key_is_a_clear_error() {
    let s = setup().await;
    req("GET", "/schedules", "2024-06-11")
        .respond(
            &s.fake,
            401,
            cal_error(
                "UnauthorizedException",
                "Invalid API Key",
                json!({"message": "Invalid API Key", "error": "Unauthorized", "statusCode": 401}),
            ),
        )
        .await;
    let err = s.client.call_err("cal_get_all_schedules", json!({})).await;
    assert!(err.contains("Invalid API Key"), "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}
