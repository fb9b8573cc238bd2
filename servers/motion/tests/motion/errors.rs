//! Motion's rate limit, Klavis's credential field, and the tool surface.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{KEY, motion, setup};

#[tokio::test]
async fn rate_limit_says_when_to_retry() {
    let s = setup().await;
    motion("GET", "/workspaces", &[])
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .set_body_json(json!({"message": "Too Many Requests", "statusCode": 429})),
        )
        .await;
    let err = s.client.call_err("motion_get_workspaces", json!({})).await;
    assert!(err.contains("429"), "{err}");
    assert!(
        err.contains("12 requests per minute") && err.contains("retry in 60 s"),
        "{err}"
    );
}

#[tokio::test]
async fn rate_limit_retry_after_is_named() {
    let s = setup().await;
    motion("GET", "/workspaces", &[])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "45")
                .set_body_json(json!({"message": "Too Many Requests", "statusCode": 429})),
        )
        .await;
    let err = s.client.call_err("motion_get_workspaces", json!({})).await;
    assert!(
        err.contains("retry after 45 s") || err.contains("retry in 45 s"),
        "{err}"
    );
}

#[tokio::test]
async fn klavis_token_field_is_read() {
    let s = setup().await;
    motion("GET", "/users/me", &[])
        .respond(
            &s.fake,
            200,
            json!({"id": "u_1", "name": "Ada", "email": "ada@example.com"}),
        )
        .await;
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client.call_ok("motion_get_my_user", json!({})).await;
    assert_eq!(v["id"], "u_1");
}

#[tokio::test]
async fn catalog_tools_and_extras() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "motion");
    assert!(extra.is_empty(), "{extra:?}");
}
