//! HubSpot's error body and rate limits, read by the server's error parser.

use crate::common::{req, setup};
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn secondly_limit_reports_remaining_window() {
    let s = setup().await;
    req("GET", "/crm/v3/owners", &[("limit", "100")])
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .insert_header("x-hubspot-ratelimit-remaining", "0")
                .insert_header("x-hubspot-ratelimit-interval-milliseconds", "10000")
                .set_body_json(json!({
                    "status": "error",
                    "message": "You have reached your ten_secondly_rolling limit.",
                    "errorType": "RATE_LIMIT",
                    "correlationId": "9b0c1d2e-aaaa-bbbb-cccc-ddddeeeeffff",
                    "policyName": "TEN_SECONDLY_ROLLING",
                    "groupName": "api-calls"
                })),
        )
        .await;
    let err = s.client.call_err("hubspot_list_owners", json!({})).await;
    assert!(err.contains("ten_secondly_rolling limit"), "{err}");
    assert!(
        err.contains("0 calls remaining in the current 10000 ms window"),
        "{err}"
    );
    assert!(
        err.contains("9b0c1d2e-aaaa-bbbb-cccc-ddddeeeeffff"),
        "{err}"
    );
    assert!(
        err.contains("TEN_SECONDLY_ROLLING") || err.contains("rate limited"),
        "{err}"
    );
}

#[tokio::test]
async fn expired_token_is_explained() {
    let s = setup().await;
    req("GET", "/crm/v3/pipelines/deals", &[])
        .respond(
            &s.fake,
            401,
            json!({
                "status": "error",
                "message": "The OAuth token used to make this call expired 2 hour(s) ago.",
                "correlationId": "22222222-3333-4444-5555-666666666666",
                "category": "EXPIRED_AUTHENTICATION",
                "context": {"expire time": ["2026-04-01T08:00:00.000Z"]}
            }),
        )
        .await;
    let err = s
        .client
        .call_err("hubspot_list_pipelines", json!({"object_type": "deals"}))
        .await;
    assert!(err.contains("expired 2 hour(s) ago"), "{err}");
    assert!(err.contains("EXPIRED_AUTHENTICATION"), "{err}");
}
