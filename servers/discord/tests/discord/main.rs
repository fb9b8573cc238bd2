//! Discord server tests: each tool against a fake Discord API v10 that asserts the exact
//! request (path, query, body and the `Authorization: Bot <token>` header), through a real
//! MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod guilds;
mod messages;
mod users;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "MTA5MjgzNzQ2NTAxMjM0NTY3OA.GhJkLm.bot-token-for-tests_0123456789";

pub async fn setup() -> Setup {
    Setup::start(&discord_mcp_server::SPEC, json!({ "bot_token": TOKEN })).await
}

/// A request with the bot token.
pub fn req(method: &'static str, path: impl Into<String>) -> Expect {
    expect(method, path).header("authorization", &format!("Bot {TOKEN}"))
}

/// Discord's error body.
pub fn discord_error(code: u64, message: &str) -> Value {
    json!({"code": code, "message": message})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(discord_mcp_server::SPEC, "discord-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "discord");
    extra.sort();
    assert_eq!(extra, ["discord_list_channels", "discord_list_servers"]);
}

#[tokio::test]
async fn bot_token_oauth_token_and_klavis_token_field() {
    let s = setup().await;
    // An OAuth2 user token goes as Bearer.
    expect("GET", "/users/@me")
        .bearer("oauth-user-token")
        .respond(&s.fake, 200, json!({"id": "1", "username": "me"}))
        .await;
    let c = s
        .client_with(json!({"access_token": "oauth-user-token"}))
        .await;
    let v = c
        .call_ok("discord_get_user_info", json!({"user_id": "@me"}))
        .await;
    assert_eq!(v["username"], "me");
    // `token` is a bot token, as Klavis's DISCORD_TOKEN.
    expect("GET", "/users/2")
        .header("authorization", "Bot other-bot")
        .respond(&s.fake, 200, json!({"id": "2", "username": "two"}))
        .await;
    let c = s.client_with(json!({"token": "other-bot"})).await;
    let v = c
        .call_ok("discord_get_user_info", json!({"user_id": "2"}))
        .await;
    assert_eq!(v["id"], "2");
}

#[tokio::test]
async fn invalid_token_is_a_clear_error() {
    let s = setup().await;
    req("GET", "/users/3")
        .respond(
            &s.fake,
            401,
            json!({"message": "401: Unauthorized", "code": 0}),
        )
        .await;
    let err = s
        .client
        .call_err("discord_get_user_info", json!({"user_id": "3"}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("bot_token"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[tokio::test]
async fn nested_field_errors_are_named() {
    let s = setup().await;
    req("POST", "/channels/10/messages")
        .any_body()
        .respond(
            &s.fake,
            400,
            json!({
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": {"message_reference": {"_errors": [{"code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "message": "Unknown message"}]}}
            }),
        )
        .await;
    let err = s
        .client
        .call_err(
            "discord_send_message",
            json!({"channel_id": "10", "content": "hi", "reply_to_message_id": "11"}),
        )
        .await;
    assert!(err.contains("50035"), "{err}");
    assert!(err.contains("message_reference: Unknown message"), "{err}");
}

#[tokio::test]
async fn rate_limited_429_is_retried_after_retry_after() {
    let s = setup().await;
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    // First a 429 with Discord's headers and body, then the answer.
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/users/4"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .insert_header("x-ratelimit-scope", "user")
                .insert_header("x-ratelimit-bucket", "abcd1234")
                .insert_header("x-ratelimit-remaining", "0")
                .insert_header("x-ratelimit-reset-after", "0.5")
                .set_body_json(json!({"message": "You are being rate limited.", "retry_after": 0.5, "global": false})),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    req("GET", "/users/4")
        .respond(&s.fake, 200, json!({"id": "4", "username": "four"}))
        .await;
    let started = std::time::Instant::now();
    let v = s
        .client
        .call_ok("discord_get_user_info", json!({"user_id": "4"}))
        .await;
    assert_eq!(v["username"], "four");
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
}
