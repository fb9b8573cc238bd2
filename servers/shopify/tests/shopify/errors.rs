//! Shopify's failure shapes: cost throttling (`THROTTLED` with `extensions.cost`) waited out
//! and retried, error bodies outside GraphQL read by the error parser.

use mcp_testkit::request_bodies;
use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::json;

use crate::common::{ENDPOINT, answer, gql, page, setup};

fn throttled(available: f64) -> serde_json::Value {
    json!({"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED",
            "documentation": "https://shopify.dev/api/usage/rate-limits"}}],
        "extensions": {"cost": {"requestedQueryCost": 12, "actualQueryCost": null,
            "throttleStatus": {"maximumAvailable": 2000.0, "currentlyAvailable": available, "restoreRate": 100.0}}}})
}

#[tokio::test]
async fn a_throttled_query_is_waited_out_and_retried() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path(ENDPOINT))
        .respond_with(ResponseTemplate::new(200).set_body_json(throttled(7.0)))
        .up_to_n_times(1)
        .with_priority(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    gql("Customers", json!({"first": 50}))
        .respond(
            &s.fake,
            200,
            answer(json!({"customers": page(vec![], None)})),
        )
        .await;
    let started = std::time::Instant::now();
    let v = s.client.call_ok("shopify_list_customers", json!({})).await;
    assert_eq!(v, json!({"customers": []}));
    // (12 requested - 7 available) / 100 restored per second = 50 ms at least.
    assert!(started.elapsed() >= std::time::Duration::from_millis(50));
}

#[tokio::test]
async fn a_throttled_mutation_was_not_run_and_is_retried_with_the_same_key() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path(ENDPOINT))
        .respond_with(ResponseTemplate::new(200).set_body_json(throttled(2.0)))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&s.fake)
        .await;
    Mock::given(method("POST"))
        .and(path(ENDPOINT))
        .respond_with(ResponseTemplate::new(200).set_body_json(answer(json!({"inventoryAdjustQuantities": {
            "inventoryAdjustmentGroup": {"id": "gid://shopify/InventoryAdjustmentGroup/1", "createdAt": "2026-12-03T08:00:00Z",
                "reason": "correction", "changes": []}, "userErrors": []}}))))
        .with_priority(2)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_adjust_inventory",
            json!({"location_id": "1", "inventory_item_id": "2", "available_adjustment": 1}),
        )
        .await;
    assert_eq!(
        v["adjustment_group"],
        "gid://shopify/InventoryAdjustmentGroup/1"
    );
    let bodies = request_bodies(&s.fake, "POST", ENDPOINT).await;
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[0]["variables"]["key"], bodies[1]["variables"]["key"]);
}

#[tokio::test]
async fn persistent_throttling_is_a_clear_rate_limit_error() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path(ENDPOINT))
        .respond_with(ResponseTemplate::new(200).set_body_json(throttled(11.0)))
        .mount(&s.fake)
        .await;
    let e = s.client.call_err("shopify_list_orders", json!({})).await;
    assert!(e.contains("THROTTLED") && e.contains("rate limited"), "{e}");
}

#[tokio::test]
async fn graphql_errors_name_the_path() {
    let s = setup().await;
    gql("Order", json!({"id": "gid://shopify/Order/1"}))
        .respond(&s.fake, 200, json!({"errors": [{"message": "Access denied for order field.", "locations": [{"line": 1, "column": 22}],
            "path": ["order"], "extensions": {"code": "ACCESS_DENIED", "requiredAccess": "`read_orders` access scope."}}], "data": {"order": null}}))
        .await;
    let e = s
        .client
        .call_err("shopify_get_order", json!({"order_id": "1"}))
        .await;
    assert!(
        e.contains("ACCESS_DENIED") && e.contains("at `order`") && e.contains("Access denied"),
        "{e}"
    );
}

#[test]
fn error_bodies_are_parsed() {
    let parse = |status: u16, body: serde_json::Value| {
        (shopify_mcp_server::SPEC.error_parser)(status, &Default::default(), &body)
    };
    let e = parse(
        401,
        json!({"errors": "[API] Invalid API key or access token (unrecognized login or wrong password)"}),
    );
    assert_eq!(
        e.message.as_deref(),
        Some("[API] Invalid API key or access token (unrecognized login or wrong password)")
    );
    assert!(e.hint.unwrap().contains("access token"));
    let e = parse(
        422,
        json!({"errors": {"title": ["can't be blank"], "price": ["must be a number", "too low"]}}),
    );
    // The fields' order follows serde_json's map (sorted, or as sent with `preserve_order`).
    let message = e.message.unwrap_or_default();
    let mut parts: Vec<&str> = message.split("; ").collect();
    parts.sort_unstable();
    assert_eq!(
        parts,
        ["price: must be a number, too low", "title: can't be blank"]
    );
    let e = parse(404, json!({"errors": "Not Found"}));
    assert_eq!(e.message.as_deref(), Some("Not Found"));
    let e = parse(402, json!({"errors": "Unavailable Shop"}));
    assert!(e.hint.unwrap().contains("frozen"));
    let e = parse(
        400,
        json!({"errors": [{"message": "Parse error on \"}\"", "extensions": {"code": "PARSE_ERROR"}}]}),
    );
    assert_eq!(e.code.as_deref(), Some("PARSE_ERROR"));
    assert_eq!(e.message.as_deref(), Some("Parse error on \"}\""));
    let e = parse(403, json!({"error": "Forbidden"}));
    assert!(e.hint.unwrap().contains("access scope"));
}

#[tokio::test]
async fn a_frozen_shop_is_explained() {
    let s = setup().await;
    gql("Shop", json!({}))
        .respond(&s.fake, 402, json!({"errors": "Unavailable Shop"}))
        .await;
    let e = s.client.call_err("shopify_get_shop", json!({})).await;
    assert!(
        e.contains("Unavailable Shop") && e.contains("frozen"),
        "{e}"
    );
}
