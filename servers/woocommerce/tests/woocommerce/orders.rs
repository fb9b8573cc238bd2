//! Orders, notes and refunds.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn orders_list_joins_statuses_and_maps_dates() {
    let v = call_list(
        "woo_orders_list",
        json!({"perPage": 25, "page": 1, "status": ["processing", "on-hold"], "customer": 7, "product": 93,
               "dateAfter": "2026-01-01T00:00:00", "dateBefore": "2026-02-01T00:00:00", "orderby": "date", "order": "desc"}),
        req("GET", "/orders").queries(&[
            ("status", "processing,on-hold"),
            ("customer", "7"),
            ("product", "93"),
            ("after", "2026-01-01T00:00:00"),
            ("before", "2026-02-01T00:00:00"),
            ("orderby", "date"),
            ("order", "desc"),
            ("page", "1"),
            ("per_page", "25"),
        ]),
        json!([order(727), order(723)]),
        30,
        2,
    )
    .await;
    assert_eq!(v["orders"], json!([bare(order(727)), bare(order(723))]));
    assert_eq!(
        (
            v["total"].clone(),
            v["total_pages"].clone(),
            v["next_page"].clone()
        ),
        (json!(30), json!(2), json!(2))
    );
}

#[tokio::test]
async fn orders_get() {
    gets(
        "woo_orders_get",
        json!({"orderId": 727}),
        "/orders/727",
        order(727),
    )
    .await;
}

#[tokio::test]
async fn orders_create() {
    let data = json!({"payment_method": "bacs", "payment_method_title": "Direct Bank Transfer", "set_paid": true,
        "billing": {"first_name": "John", "last_name": "Doe", "email": "john.doe@example.com"},
        "line_items": [{"product_id": 93, "quantity": 2}, {"product_id": 22, "variation_id": 23, "quantity": 1}],
        "shipping_lines": [{"method_id": "flat_rate", "method_title": "Flat Rate", "total": "10.00"}]});
    let v = sends(
        "woo_orders_create",
        json!({"orderData": data}),
        ("POST", "/orders"),
        data.clone(),
        201,
        order(727),
    )
    .await;
    assert_eq!(v["id"], 727);
}

#[tokio::test]
async fn orders_update() {
    let v = sends(
        "woo_orders_update",
        json!({"orderId": 727, "orderData": {"status": "completed"}}),
        ("PUT", "/orders/727"),
        json!({"status": "completed"}),
        200,
        order(727),
    )
    .await;
    assert_eq!(v["id"], 727);
}

#[tokio::test]
async fn orders_delete() {
    let v = deletes(
        "woo_orders_delete",
        json!({"orderId": 727, "force": true}),
        "/orders/727",
        "true",
        order(727),
    )
    .await;
    assert_eq!(v["id"], 727);
    let v = deletes(
        "woo_orders_delete",
        json!({"orderId": 728}),
        "/orders/728",
        "false",
        order(728),
    )
    .await;
    assert_eq!(v["id"], 728);
}

#[tokio::test]
async fn orders_batch_update() {
    let body = json!({"update": [{"id": 727, "status": "completed"}], "delete": [723]});
    let answer = json!({"update": [order(727)], "delete": [order(723)]});
    let v = sends(
        "woo_orders_batch_update",
        body.clone(),
        ("POST", "/orders/batch"),
        body,
        200,
        answer,
    )
    .await;
    assert_eq!(v["update"][0]["id"], 727);
}

#[tokio::test]
async fn orders_notes_create() {
    let note = json!({"id": 281, "author": "system", "date_created": "2017-03-21T16:46:41", "note": "Order ok!!!", "customer_note": false});
    let v = sends(
        "woo_orders_notes_create",
        json!({"orderId": 723, "note": "Order ok!!!"}),
        ("POST", "/orders/723/notes"),
        json!({"note": "Order ok!!!", "customer_note": false}),
        201,
        note.clone(),
    )
    .await;
    assert_eq!(v, note);
    let v = sends(
        "woo_orders_notes_create",
        json!({"orderId": 723, "note": "Shipped", "customerNote": true}),
        ("POST", "/orders/723/notes"),
        json!({"note": "Shipped", "customer_note": true}),
        201,
        note,
    )
    .await;
    assert_eq!(v["id"], 281);
}

#[tokio::test]
async fn orders_refunds_create_records_by_default_and_refunds_through_the_gateway_when_asked() {
    let refund = json!({"id": 726, "date_created": "2017-03-21T17:07:11", "amount": "10.00", "reason": "", "refunded_by": 1, "refunded_payment": false, "meta_data": [], "line_items": []});
    let v = sends(
        "woo_orders_refunds_create",
        json!({"orderId": 723, "amount": "10.00", "reason": "damaged"}),
        ("POST", "/orders/723/refunds"),
        json!({"amount": "10.00", "reason": "damaged", "api_refund": false}),
        201,
        refund.clone(),
    )
    .await;
    assert_eq!(v["amount"], "10.00");
    let lines = json!([{"id": 315, "quantity": 1, "refund_total": "3.00"}]);
    let v = sends(
        "woo_orders_refunds_create",
        json!({"orderId": 723, "amount": "3.00", "refundPayment": true, "lineItems": lines}),
        ("POST", "/orders/723/refunds"),
        json!({"amount": "3.00", "api_refund": true, "line_items": lines}),
        201,
        refund,
    )
    .await;
    assert_eq!(v["id"], 726);
    let err = refused("woo_orders_refunds_create", json!({"orderId": 723})).await;
    assert!(err.contains("amount") && err.contains("lineItems"), "{err}");
}
