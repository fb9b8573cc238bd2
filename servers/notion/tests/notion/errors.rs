//! Notion's error bodies and rate limits, through the shared client.

use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::json;

use crate::common::*;

/// A 429 with `Retry-After` is waited out and the request sent again.
#[tokio::test]
async fn rate_limited_request_is_retried_after_retry_after() {
    let s = setup().await;
    Mock::given(method("GET"))
        .and(path("/v1/users/me"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .set_body_json(error_json(
                    429,
                    "rate_limited",
                    "You have been rate limited. Please try again in a few minutes.",
                )),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    notion("GET", "/v1/users/me")
        .respond(&s.fake, 200, bot_json())
        .await;
    let v = s.client.call_ok("notion_get_me", json!({})).await;
    assert_eq!(v["type"], "bot");
}

/// A wait longer than the server's limit is reported with the wait instead.
#[tokio::test]
async fn long_rate_limit_is_reported() {
    let s = setup().await;
    notion("GET", format!("/v1/blocks/{BLOCK_ID}"))
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "120")
                .set_body_json(error_json(
                    429,
                    "rate_limited",
                    "You have been rate limited. Please try again in a few minutes.",
                )),
        )
        .await;
    let err = s
        .client
        .call_err("notion_retrieve_block", json!({"block_id": BLOCK_ID}))
        .await;
    assert!(
        err.contains("429") && err.contains("(rate_limited)"),
        "{err}"
    );
    assert!(err.contains("retry after 120 s"), "{err}");
}

/// Notion's error message is shown once, without a doubled full stop.
#[tokio::test]
async fn error_message_is_notions() {
    let s = setup().await;
    notion("GET", format!("/v1/users/{USER_ID}"))
        .respond(
            &s.fake,
            400,
            error_json(400, "missing_version", "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`."),
        )
        .await;
    let err = s
        .client
        .call_err("notion_get_user", json!({"user_id": USER_ID}))
        .await;
    assert!(
        err.starts_with("Notion API error 400 Bad Request (missing_version): Notion-Version header failed validation"),
        "{err}"
    );
    assert!(!err.contains(".."), "{err}");
    assert!(err.contains("NOTION_VERSION"), "{err}");
}
