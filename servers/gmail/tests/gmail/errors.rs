//! Google's error bodies through the tools: rate limits retried with backoff, the rest
//! reported with Google's message and a hint; missing credentials.

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_vendor_google::testkit::{assert_calls_need_credentials, fail_then_succeed};
use serde_json::json;

use crate::common::{google_error, me, mock_any_body, mock_no_body, setup};

fn user_rate_limit() -> serde_json::Value {
    json!({
        "error": {
            "code": 403,
            "message": "User-rate limit exceeded.  Retry after 2024-06-03T10:00:00.000Z",
            "errors": [{"message": "User-rate limit exceeded.", "domain": "usageLimits", "reason": "userRateLimitExceeded"}],
            "status": "PERMISSION_DENIED"
        }
    })
}

#[tokio::test]
async fn user_rate_limit_403_is_retried() {
    let s = setup().await;
    fail_then_succeed(
        &s.fake,
        || mock_no_body("GET", &me("/labels"), &[]),
        ResponseTemplate::new(403).set_body_json(user_rate_limit()),
        1,
        ResponseTemplate::new(200)
            .set_body_json(json!({"labels": [{"id": "INBOX", "name": "INBOX", "type": "system"}]})),
    )
    .await;
    let v = s.client.call_ok("gmail_list_labels", json!({})).await;
    assert_eq!(v["labels"][0]["id"], "INBOX");
}

#[tokio::test]
async fn send_is_retried_after_a_rate_limit_too() {
    // A rate-limited request was not processed, so even a send is safe to repeat.
    let s = setup().await;
    fail_then_succeed(
        &s.fake,
        || mock_any_body("POST", &me("/messages/send"), &[]),
        ResponseTemplate::new(429).set_body_json(google_error(
            429,
            "RESOURCE_EXHAUSTED",
            "rateLimitExceeded",
            "Too many concurrent requests for user",
        )),
        1,
        ResponseTemplate::new(200)
            .set_body_json(json!({"id": "m1", "threadId": "m1", "labelIds": ["SENT"]})),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["bob@example.com"], "subject": "s", "body": "b"}),
        )
        .await;
    assert_eq!(v["id"], "m1");
}

#[tokio::test]
async fn persistent_rate_limit_is_reported_after_three_attempts() {
    let s = setup().await;
    mock_no_body("GET", &me("/profile"), &[])
        .respond_with(ResponseTemplate::new(429).set_body_json(google_error(
            429,
            "RESOURCE_EXHAUSTED",
            "rateLimitExceeded",
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user'",
        )))
        .expect(3)
        .mount(&s.fake)
        .await;
    let err = s.client.call_err("gmail_get_profile", json!({})).await;
    assert!(
        err.contains("429") && err.contains("rateLimitExceeded"),
        "{err}"
    );
    assert!(err.contains("rate limited by Gmail"), "{err}");
}

#[tokio::test]
async fn other_403_is_not_retried() {
    let s = setup().await;
    mock_no_body("GET", &me("/profile"), &[])
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "PERMISSION_DENIED",
            "forbidden",
            "Delegation denied for bob@example.com",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s.client.call_err("gmail_get_profile", json!({})).await;
    assert!(err.contains("Delegation denied"), "{err}");
    assert!(err.contains("no permission"), "{err}");
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let s = setup().await;
    let call = ("gmail_get_profile", json!({}));
    assert_calls_need_credentials(&s.server, &[call], &[&s.fake]).await;
}
