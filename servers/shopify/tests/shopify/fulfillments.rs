//! Fulfillments.

use serde_json::{Value, json};

use crate::common::{answer, gql, setup, user_errors};

fn fulfillment_node() -> Value {
    json!({"id": "gid://shopify/Fulfillment/255858046", "legacyResourceId": "255858046", "name": "#1001-F1",
        "status": "SUCCESS", "displayStatus": "FULFILLED", "createdAt": "2026-12-01T10:00:00Z", "updatedAt": "2026-12-01T10:00:00Z",
        "deliveredAt": null, "totalQuantity": 2,
        "location": {"id": "gid://shopify/Location/655441491", "legacyResourceId": "655441491", "name": "Warehouse"},
        "trackingInfo": [{"company": "UPS", "number": "1Z999", "url": "https://www.ups.com/track?tracknum=1Z999"}],
        "fulfillmentLineItems": {"nodes": [{"quantity": 2, "lineItem": {"id": "gid://shopify/LineItem/466157049", "title": "Tee", "sku": "TEE-M"}}]}})
}

fn fulfillment_concise() -> Value {
    json!({"id": "255858046", "gid": "gid://shopify/Fulfillment/255858046", "name": "#1001-F1", "status": "SUCCESS",
        "display_status": "FULFILLED", "created_at": "2026-12-01T10:00:00Z", "updated_at": "2026-12-01T10:00:00Z", "total_quantity": 2,
        "location": {"id": "655441491", "gid": "gid://shopify/Location/655441491", "name": "Warehouse"},
        "tracking": [{"company": "UPS", "number": "1Z999", "url": "https://www.ups.com/track?tracknum=1Z999"}],
        "line_items": [{"id": "466157049", "gid": "gid://shopify/LineItem/466157049", "title": "Tee", "sku": "TEE-M", "quantity": 2}]})
}

#[tokio::test]
async fn list_fulfillments_contract() {
    let s = setup().await;
    gql(
        "OrderFulfillments",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond(
        &s.fake,
        200,
        answer(
            json!({"order": {"id": "gid://shopify/Order/450789469", "legacyResourceId": "450789469",
            "name": "#1001", "fulfillments": [fulfillment_node()]}}),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_list_fulfillments",
            json!({"order_id": "450789469"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"order": "#1001", "fulfillments": [fulfillment_concise()]})
    );
}

#[tokio::test]
async fn list_fulfillments_unknown_order() {
    let s = setup().await;
    gql("OrderFulfillments", json!({"id": "gid://shopify/Order/1"}))
        .respond(&s.fake, 200, answer(json!({"order": null})))
        .await;
    let e = s
        .client
        .call_err("shopify_list_fulfillments", json!({"order_id": "1"}))
        .await;
    assert!(e.contains("no order 1"), "{e}");
}

/// Two fulfillment orders: one open at the warehouse (two line items), one closed.
fn fulfillment_orders(second_location: &str, second_status: &str) -> Value {
    json!({"order": {"id": "gid://shopify/Order/450789469", "name": "#1001", "fulfillmentOrders": {"nodes": [
        {"id": "gid://shopify/FulfillmentOrder/1046000778", "status": "OPEN",
         "assignedLocation": {"name": "Warehouse", "location": {"id": "gid://shopify/Location/655441491", "legacyResourceId": "655441491", "name": "Warehouse"}},
         "lineItems": {"nodes": [
            {"id": "gid://shopify/FulfillmentOrderLineItem/1", "remainingQuantity": 2, "lineItem": {"id": "gid://shopify/LineItem/466157049"}},
            {"id": "gid://shopify/FulfillmentOrderLineItem/2", "remainingQuantity": 1, "lineItem": {"id": "gid://shopify/LineItem/518995019"}}
         ]}},
        {"id": "gid://shopify/FulfillmentOrder/1046000779", "status": second_status,
         "assignedLocation": {"name": "Store", "location": {"id": second_location, "legacyResourceId": "1", "name": "Store"}},
         "lineItems": {"nodes": [{"id": "gid://shopify/FulfillmentOrderLineItem/3", "remainingQuantity": 1, "lineItem": {"id": "gid://shopify/LineItem/3"}}]}}
    ]}}})
}

#[tokio::test]
async fn create_fulfillment_of_chosen_items_with_tracking() {
    let s = setup().await;
    gql(
        "FulfillmentOrders",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond(
        &s.fake,
        200,
        answer(fulfillment_orders("gid://shopify/Location/1", "CLOSED")),
    )
    .await;
    gql("FulfillmentCreate", json!({"fulfillment": {
        "lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": "gid://shopify/FulfillmentOrder/1046000778",
            "fulfillmentOrderLineItems": [{"id": "gid://shopify/FulfillmentOrderLineItem/1", "quantity": 2}]}],
        "notifyCustomer": true,
        "trackingInfo": {"number": "1Z999", "company": "UPS", "url": "https://www.ups.com/track?tracknum=1Z999"}
    }}))
    .respond(&s.fake, 200, answer(json!({"fulfillmentCreate": {"fulfillment": fulfillment_node(), "userErrors": []}})))
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_create_fulfillment",
            json!({
                "order_id": "450789469", "tracking_number": "1Z999", "tracking_company": "UPS",
                "tracking_url": "https://www.ups.com/track?tracknum=1Z999", "notify_customer": true,
                "line_items": [{"id": 466157049, "quantity": 2}]
            }),
        )
        .await;
    assert_eq!(v, fulfillment_concise());
}

#[tokio::test]
async fn create_fulfillment_of_everything_open_at_a_location() {
    let s = setup().await;
    gql(
        "FulfillmentOrders",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond(
        &s.fake,
        200,
        answer(fulfillment_orders("gid://shopify/Location/1", "OPEN")),
    )
    .await;
    gql("FulfillmentCreate", json!({"fulfillment": {
        "lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": "gid://shopify/FulfillmentOrder/1046000778"}],
        "notifyCustomer": false
    }}))
    .respond(&s.fake, 200, answer(json!({"fulfillmentCreate": {"fulfillment": fulfillment_node(), "userErrors": []}})))
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_create_fulfillment",
            json!({"order_id": "450789469", "location_id": "655441491"}),
        )
        .await;
    assert_eq!(v["id"], "255858046");
}

#[tokio::test]
async fn create_fulfillment_needs_a_location_when_items_ship_from_two() {
    let s = setup().await;
    gql(
        "FulfillmentOrders",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond(
        &s.fake,
        200,
        answer(fulfillment_orders("gid://shopify/Location/1", "OPEN")),
    )
    .await;
    let e = s
        .client
        .call_err(
            "shopify_create_fulfillment",
            json!({"order_id": "450789469"}),
        )
        .await;
    assert!(e.contains("give `location_id`"), "{e}");
}

#[tokio::test]
async fn create_fulfillment_rejects_too_many_and_reports_user_errors() {
    let s = setup().await;
    gql(
        "FulfillmentOrders",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond_with(
        &s.fake,
        mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_json(answer(
            fulfillment_orders("gid://shopify/Location/1", "CLOSED"),
        )),
    )
    .await;
    let e = s
        .client
        .call_err(
            "shopify_create_fulfillment",
            json!({"order_id": "450789469", "line_items": [{"id": "518995019", "quantity": 5}]}),
        )
        .await;
    assert!(e.contains("not between 1 and the 1 left"), "{e}");
    s.fake.reset().await;
    gql(
        "FulfillmentOrders",
        json!({"id": "gid://shopify/Order/450789469"}),
    )
    .respond(
        &s.fake,
        200,
        answer(fulfillment_orders("gid://shopify/Location/1", "CLOSED")),
    )
    .await;
    gql("FulfillmentCreate", json!({"fulfillment": {
        "lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": "gid://shopify/FulfillmentOrder/1046000778"}],
        "notifyCustomer": false
    }}))
    .respond(&s.fake, 200, answer(json!({"fulfillmentCreate": user_errors("fulfillment", json!([
        {"field": ["fulfillment"], "message": "Fulfillment order is on hold"}
    ]))})))
    .await;
    let e = s
        .client
        .call_err(
            "shopify_create_fulfillment",
            json!({"order_id": "450789469"}),
        )
        .await;
    assert!(
        e.contains("`fulfillment`: Fulfillment order is on hold"),
        "{e}"
    );
}
