//! Calendly server tests: each tool against a fake Calendly API v2 that asserts the exact
//! request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod events;
mod users;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgzNDliMjM4MDEzNWI0";
pub const ME: &str = "https://api.calendly.com/users/AAAAAAAAAAAAAAAA";
pub const ORG: &str = "https://api.calendly.com/organizations/BBBBBBBBBBBBBBBB";
pub const EVENT: &str = "GBGBDCAADAEDCRZ2";

pub async fn setup() -> Setup {
    Setup::start(&calendly_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// Calendly's error body.
pub fn calendly_error(title: &str, message: &str, details: Value) -> Value {
    let mut v = json!({"title": title, "message": message});
    if !details.is_null() {
        v["details"] = details;
    }
    v
}

/// `GET /users/me` as Calendly documents it.
pub fn me_body() -> Value {
    json!({"resource": {
        "uri": ME,
        "name": "John Doe",
        "slug": "acmesales",
        "email": "test@example.com",
        "scheduling_url": "https://calendly.com/acmesales",
        "timezone": "America/New York",
        "avatar_url": "https://01234567890.cloudfront.net/uploads/user/avatar/0123456/a1b2c3d4.png",
        "created_at": "2019-01-02T03:04:05.678123Z",
        "updated_at": "2019-08-07T06:05:04.321123Z",
        "current_organization": ORG,
        "resource_type": "User",
        "locale": "en"
    }})
}

/// The `/users/me` lookup, expected once.
pub async fn expect_me(s: &Setup) {
    req("GET", "/users/me")
        .respond(&s.fake, 200, me_body())
        .await;
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(calendly_mcp_server::SPEC, "calendly-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "calendly");
    extra.sort();
    assert_eq!(
        extra,
        [
            "calendly_cancel_event",
            "calendly_list_available_times",
            "calendly_list_organization_memberships",
            "calendly_mark_no_show",
        ]
    );
}

#[tokio::test]
async fn raw_token_in_x_auth_token_header() {
    let s = setup().await;
    expect("GET", "/users/me")
        .bearer("raw-klavis-token")
        .respond(&s.fake, 200, me_body())
        .await;
    let c = s
        .server
        .client_with(&[("x-auth-token", "raw-klavis-token")])
        .await;
    let v = c.call_ok("calendly_get_user_info", json!({})).await;
    assert_eq!(v["uri"], ME);
}

#[tokio::test]
async fn x_auth_data_wins_over_x_auth_token() {
    let s = setup().await;
    expect_me(&s).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN}));
    let c = s
        .server
        .client_with(&[("x-auth-data", &auth), ("x-auth-token", "other-token")])
        .await;
    let v = c.call_ok("calendly_get_user_info", json!({})).await;
    assert_eq!(v["email"], "test@example.com");
}
