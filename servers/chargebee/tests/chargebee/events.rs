//! Events: list with type and time filters, one event with its content.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

fn event_json(id: &str) -> serde_json::Value {
    json!({
        "id": id,
        "occurred_at": 1_700_000_000,
        "source": "api",
        "user": "ops@acme.com",
        "object": "event",
        "api_version": "v2",
        "content": {"subscription": subscription_json("sub_1", "active"), "customer": customer_json("cust_1")},
        "event_type": "subscription_created",
        "webhook_status": "not_configured"
    })
}

#[tokio::test]
async fn list_events_contract() {
    let s = setup().await;
    expect("GET", "/events")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "5"),
            ("event_type[in]", "[subscription_created,payment_succeeded]"),
            ("occurred_at[after]", "1690000000"),
            ("occurred_at[before]", "1710000000"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"list": [{"event": event_json("ev_1")}], "next_offset": "[\"1700000000\",\"1\"]"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_events",
            json!({
                "limit": 5, "event_type": "subscription_created,payment_succeeded",
                "occurred_at_after": 1_690_000_000, "occurred_at_before": 1_710_000_000
            }),
        )
        .await;
    assert_eq!(v["events"][0]["event_type"], "subscription_created");
    assert!(v["events"][0].get("content").is_none());
    assert_eq!(v["next_offset"], "[\"1700000000\",\"1\"]");
}

#[tokio::test]
async fn list_events_refuses_a_zero_limit() {
    let s = setup().await;
    let err = s
        .client
        .call_err("chargebee_list_events", json!({"limit": 0}))
        .await;
    assert!(err.contains("`limit` must be 1 to 100"), "{err}");
}

#[tokio::test]
async fn get_event_contract() {
    let s = setup().await;
    expect("GET", "/events/ev_1")
        .header("authorization", &basic())
        .respond(&s.fake, 200, json!({"event": event_json("ev_1")}))
        .await;
    let v = s
        .client
        .call_ok("chargebee_get_event", json!({"event_id": "ev_1"}))
        .await;
    assert_eq!(v["source"], "api");
    assert_eq!(v["content"]["subscription"]["id"], "sub_1");
}

#[tokio::test]
async fn get_event_not_found() {
    let s = setup().await;
    expect("GET", "/events/ev_x")
        .respond(
            &s.fake,
            404,
            cb_error(
                404,
                "invalid_request",
                "resource_not_found",
                None,
                "ev_x not found",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_get_event", json!({"event_id": "ev_x"}))
        .await;
    assert!(err.contains("ev_x not found"), "{err}");
}
