//! Invoices and transactions: filters, offset paging, amounts as Chargebee's integers.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn list_invoices_filters_and_paid_at_range() {
    let s = setup().await;
    expect("GET", "/invoices")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "50"),
            ("offset", "o1"),
            ("customer_id[is]", "cust_1"),
            ("subscription_id[is]", "sub_1"),
            ("status[is]", "paid"),
            ("paid_at[after]", "1700000000"),
            ("paid_at[before]", "1710000000"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"list": [{"invoice": invoice_json("inv_1")}], "next_offset": "o2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_invoices",
            json!({
                "limit": 50, "offset": "o1", "customer_id": "cust_1", "subscription_id": "sub_1",
                "status": "paid", "paid_at_after": 1_700_000_000, "paid_at_before": 1_710_000_000
            }),
        )
        .await;
    let inv = &v["invoices"][0];
    assert_eq!(inv["id"], "inv_1");
    assert_eq!(inv["total"], 3998);
    assert_eq!(inv["amount_due"], 0);
    assert!(inv.get("line_items").is_none(), "lists stay concise");
    assert_eq!(v["next_offset"], "o2");
}

#[tokio::test]
async fn list_invoices_refuses_an_unknown_status() {
    let s = setup().await;
    let err = s
        .client
        .call_err("chargebee_list_invoices", json!({"status": "open"}))
        .await;
    assert!(err.contains("payment_due"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_invoice_contract_keeps_line_items_and_exact_amounts() {
    let s = setup().await;
    let mut inv = invoice_json("inv_1");
    // An amount beyond 2^53 stays exact (no float on the way).
    inv["total"] = json!(9_007_199_254_740_993_u64);
    expect("GET", "/invoices/inv_1")
        .header("authorization", &basic())
        .respond(&s.fake, 200, json!({"invoice": inv}))
        .await;
    let v = s
        .client
        .call_ok("chargebee_get_invoice", json!({"invoice_id": "inv_1"}))
        .await;
    assert_eq!(v["total"], json!(9_007_199_254_740_993_u64));
    assert_eq!(v["line_items"][0]["unit_amount"], 1999);
    assert_eq!(v["line_items"][0]["entity_id"], "pro-USD-monthly");
    assert_eq!(v["linked_payments"][0]["txn_id"], "txn_1");
}

#[tokio::test]
async fn get_invoice_unauthorized_says_how_to_fix_the_key() {
    let s = setup().await;
    expect("GET", "/invoices/inv_1")
        .respond(
            &s.fake,
            401,
            cb_error(
                401,
                "",
                "api_authentication_failed",
                None,
                "Sorry, authentication failed. Invalid api key",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_get_invoice", json!({"invoice_id": "inv_1"}))
        .await;
    assert!(err.contains("api_authentication_failed"), "{err}");
    assert!(err.contains("`api_key`"), "{err}");
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn list_transactions_contract() {
    let s = setup().await;
    expect("GET", "/transactions")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "10"),
            ("customer_id[is]", "cust_1"),
            ("subscription_id[is]", "sub_1"),
            ("payment_source_id[is]", "pm_1"),
            ("payment_method[in]", "[card,direct_debit]"),
            ("status[is]", "success"),
            ("date[after]", "1700000000"),
            ("date[before]", "1710000000"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"list": [{"transaction": {
                "id": "txn_1", "customer_id": "cust_1", "subscription_id": "sub_1",
                "payment_source_id": "pm_1", "payment_method": "card", "gateway": "stripe",
                "type": "payment", "date": 1_700_000_005, "amount": 3998, "id_at_gateway": "ch_1",
                "status": "success", "currency_code": "USD", "amount_unused": 0,
                "linked_invoices": [{"invoice_id": "inv_1", "applied_amount": 3998}],
                "base_currency_code": "USD", "exchange_rate": 1.0, "object": "transaction"
            }}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_transactions",
            json!({
                "customer_id": "cust_1", "subscription_id": "sub_1", "payment_source_id": "pm_1",
                "payment_method": "card,direct_debit", "status": "success",
                "date_after": 1_700_000_000, "date_before": 1_710_000_000
            }),
        )
        .await;
    let t = &v["transactions"][0];
    assert_eq!(t["amount"], 3998);
    assert_eq!(t["linked_invoices"][0]["invoice_id"], "inv_1");
    assert!(t.get("exchange_rate").is_none());
}

#[tokio::test]
async fn list_transactions_rate_limited() {
    let s = setup().await;
    // 429 is retried (nothing was processed), then reported.
    expect("GET", "/transactions")
        .query("limit", "10")
        .times(3)
        .respond(
            &s.fake,
            429,
            cb_error(
                429,
                "",
                "api_request_limit_exceeded",
                None,
                "Sorry, access has been blocked temporarily due to request count exceeding acceptable limits.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_list_transactions", json!({}))
        .await;
    assert!(err.contains("api_request_limit_exceeded"), "{err}");
    assert!(err.contains("rate limited"), "{err}");
}

#[tokio::test]
async fn list_transactions_refuses_a_bad_payment_method() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "chargebee_list_transactions",
            json!({"payment_method": "Card; DROP"}),
        )
        .await;
    assert!(err.contains("payment_method"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
