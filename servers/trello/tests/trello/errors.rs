//! Trello's failures: plain-text 401s, the JSON 429 with its window, credentials from
//! Klavis's environment names, and the tool surface.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{KEY, TOKEN, setup, trello};

#[tokio::test]
async fn unauthorized_plain_text_is_clear_and_secret_free() {
    let s = setup().await;
    trello(
        "GET",
        "/members/me/boards",
        &[("fields", "name,desc,closed,url,idOrganization")],
    )
    .respond_with(
        &s.fake,
        ResponseTemplate::new(401).set_body_raw("invalid token", "text/plain; charset=utf-8"),
    )
    .await;
    let err = s.client.call_err("trello_get_my_boards", json!({})).await;
    assert!(
        err.contains("401") && err.contains("invalid token"),
        "{err}"
    );
    assert!(!err.contains(TOKEN) && !err.contains(KEY), "{err}");
}

#[tokio::test]
async fn rate_limit_says_the_window() {
    let s = setup().await;
    trello(
        "GET",
        "/members/me/boards",
        &[("fields", "name,desc,closed,url,idOrganization")],
    )
    .times(3)
    .respond_with(
        &s.fake,
        ResponseTemplate::new(429).set_body_json(
            json!({"error": "API_TOKEN_LIMIT_EXCEEDED", "message": "Rate limit exceeded"}),
        ),
    )
    .await;
    let err = s.client.call_err("trello_get_my_boards", json!({})).await;
    assert!(
        err.contains("429") && err.contains("API_TOKEN_LIMIT_EXCEEDED"),
        "{err}"
    );
    assert!(err.contains("100 requests per 10 s per token"), "{err}");
}

#[tokio::test]
async fn missing_token_names_the_field() {
    let s = setup().await;
    let client = s.client_with(json!({"key": KEY})).await;
    let err = client.call_err("trello_get_my_boards", json!({})).await;
    assert!(err.contains("token"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn catalog_tools_and_extras() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "trello");
    extra.sort();
    assert_eq!(
        extra,
        vec![
            "trello_add_comment",
            "trello_create_list",
            "trello_get_card"
        ]
    );
}
