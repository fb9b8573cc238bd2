//! Subscriptions (Product Catalog 2.0): list with filters, get, create for items, update for
//! items, cancel for items; form bodies with `subscription_items[...][0]`; amounts exact.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn list_subscriptions_filters_by_customer_plan_and_several_statuses() {
    let s = setup().await;
    expect("GET", "/subscriptions")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "25"),
            ("customer_id[is]", "cust_1"),
            ("item_price_id[is]", "pro-USD-monthly"),
            ("status[in]", "[active,in_trial]"),
        ])
        .respond(
            &s.fake,
            200,
            json!({
                "list": [{"subscription": subscription_json("sub_1", "active"), "customer": customer_json("cust_1")}],
                "next_offset": "[\"1700000000000\",\"1\"]"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_subscriptions",
            json!({"limit": 25, "customer_id": "cust_1", "plan_id": "pro-USD-monthly", "status": "active, in_trial"}),
        )
        .await;
    let sub = &v["subscriptions"][0];
    assert_eq!(sub["id"], "sub_1");
    assert_eq!(sub["mrr"], 3998);
    assert_eq!(sub["subscription_items"][0]["unit_price"], 1999);
    assert_eq!(v["next_offset"], "[\"1700000000000\",\"1\"]");
}

#[tokio::test]
async fn list_subscriptions_one_status_is_an_is_filter() {
    let s = setup().await;
    expect("GET", "/subscriptions")
        .queries(&[("limit", "10"), ("status[is]", "cancelled")])
        .respond(&s.fake, 200, json!({"list": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_subscriptions",
            json!({"status": "cancelled"}),
        )
        .await;
    assert_eq!(v, json!({"subscriptions": []}));
}

#[tokio::test]
async fn list_subscriptions_refuses_an_unknown_status() {
    let s = setup().await;
    let err = s
        .client
        .call_err("chargebee_list_subscriptions", json!({"status": "live"}))
        .await;
    assert!(err.contains("`status` has `live`"), "{err}");
    assert!(err.contains("in_trial"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_subscription_contract() {
    let s = setup().await;
    expect("GET", "/subscriptions/sub_1")
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"subscription": subscription_json("sub_1", "active"), "customer": customer_json("cust_1")}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_get_subscription",
            json!({"subscription_id": "sub_1"}),
        )
        .await;
    assert_eq!(v["status"], "active");
    assert_eq!(
        v["subscription_items"][0]["item_price_id"],
        "pro-USD-monthly"
    );
    assert_eq!(v["subscription_items"][0]["amount"], 3998);
}

#[tokio::test]
async fn get_subscription_not_found() {
    let s = setup().await;
    expect("GET", "/subscriptions/gone")
        .respond(
            &s.fake,
            404,
            cb_error(
                404,
                "invalid_request",
                "resource_not_found",
                None,
                "gone not found",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "chargebee_get_subscription",
            json!({"subscription_id": "gone"}),
        )
        .await;
    assert!(err.contains("resource_not_found"), "{err}");
}

#[tokio::test]
async fn create_subscription_posts_subscription_items_for_the_customer() {
    let s = setup().await;
    expect("POST", "/customers/cust_1/subscription_for_items")
        .header("authorization", &basic())
        .form_body(&[
            ("subscription_items[item_price_id][0]", "pro-USD-monthly"),
            ("subscription_items[quantity][0]", "2"),
            ("start_date", "1700000000"),
            ("trial_end", "0"),
            ("billing_cycles", "12"),
            ("auto_collection", "off"),
        ])
        .respond(
            &s.fake,
            200,
            json!({
                "subscription": subscription_json("sub_new", "active"),
                "customer": customer_json("cust_1"),
                "invoice": invoice_json("inv_1")
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_create_subscription",
            json!({
                "customer_id": "cust_1",
                "item_price_id": "pro-USD-monthly",
                "quantity": 2,
                "start_date": 1_700_000_000,
                "trial_end": 0,
                "billing_cycles": 12,
                "auto_collection": "off"
            }),
        )
        .await;
    assert_eq!(v["subscription"]["id"], "sub_new");
    assert_eq!(v["invoice"]["id"], "inv_1");
    assert_eq!(v["invoice"]["total"], 3998);
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn create_subscription_payment_failure_is_clear_and_not_repeated() {
    let s = setup().await;
    expect("POST", "/customers/cust_1/subscription_for_items")
        .any_body()
        .respond(
            &s.fake,
            402,
            cb_error(
                402,
                "payment",
                "payment_processing_failed",
                None,
                "Card declined",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "chargebee_create_subscription",
            json!({"customer_id": "cust_1", "item_price_id": "pro-USD-monthly"}),
        )
        .await;
    assert!(err.contains("payment_processing_failed"), "{err}");
    assert!(err.contains("Card declined"), "{err}");
    assert!(err.contains("nothing was charged"), "{err}");
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn create_subscription_needs_an_item_price() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "chargebee_create_subscription",
            json!({"customer_id": "cust_1", "item_price_id": "  "}),
        )
        .await;
    assert!(err.contains("item_price_id"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn update_subscription_posts_update_for_items() {
    let s = setup().await;
    expect("POST", "/subscriptions/sub_1/update_for_items")
        .header("authorization", &basic())
        .form_body(&[
            ("subscription_items[item_price_id][0]", "pro-USD-monthly"),
            ("subscription_items[quantity][0]", "5"),
            ("billing_cycles", "6"),
            ("auto_collection", "on"),
            ("po_number", "PO-77"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"subscription": subscription_json("sub_1", "active"), "customer": customer_json("cust_1")}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_update_subscription",
            json!({
                "subscription_id": "sub_1",
                "item_price_id": "pro-USD-monthly",
                "quantity": 5,
                "billing_cycles": 6,
                "auto_collection": "on",
                "po_number": "PO-77"
            }),
        )
        .await;
    assert_eq!(v["subscription"]["id"], "sub_1");
    assert!(v.get("invoice").is_none());
}

#[tokio::test]
async fn update_subscription_quantity_needs_its_item_price() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "chargebee_update_subscription",
            json!({"subscription_id": "sub_1", "quantity": 3}),
        )
        .await;
    assert!(err.contains("`quantity` needs `item_price_id`"), "{err}");
    let err = s
        .client
        .call_err(
            "chargebee_update_subscription",
            json!({"subscription_id": "sub_1"}),
        )
        .await;
    assert!(err.contains("Nothing to change"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn cancel_subscription_posts_cancel_for_items() {
    let s = setup().await;
    expect("POST", "/subscriptions/sub_1/cancel_for_items")
        .header("authorization", &basic())
        .form_body(&[
            ("end_of_term", "true"),
            ("credit_option_for_current_term_charges", "prorate"),
            ("unbilled_charges_option", "invoice"),
            ("cancel_reason_code", "too_expensive"),
        ])
        .respond(
            &s.fake,
            200,
            json!({
                "subscription": subscription_json("sub_1", "non_renewing"),
                "customer": customer_json("cust_1"),
                "credit_notes": [{"id": "cn_1", "type": "refundable", "status": "refund_due", "total": 1000, "currency_code": "USD", "reference_invoice_id": "inv_1"}]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_cancel_subscription",
            json!({
                "subscription_id": "sub_1",
                "end_of_term": true,
                "credit_option_for_current_term_charges": "prorate",
                "unbilled_charges_option": "invoice",
                "cancel_reason_code": "too_expensive"
            }),
        )
        .await;
    assert_eq!(v["subscription"]["status"], "non_renewing");
    assert_eq!(v["credit_notes"][0]["total"], 1000);
}

#[tokio::test]
async fn cancel_subscription_argument_and_vendor_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "chargebee_cancel_subscription",
            json!({"subscription_id": "sub_1", "end_of_term": true, "cancel_at": 1_800_000_000}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    expect("POST", "/subscriptions/sub_1/cancel_for_items")
        .form_body(&[("cancel_at", "1800000000")])
        .respond(
            &s.fake,
            400,
            cb_error(
                400,
                "invalid_request",
                "param_wrong_value",
                Some("cancel_at"),
                "cancel_at : cannot be after the current term end",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "chargebee_cancel_subscription",
            json!({"subscription_id": "sub_1", "cancel_at": 1_800_000_000}),
        )
        .await;
    assert!(err.contains("parameter `cancel_at`"), "{err}");
}
