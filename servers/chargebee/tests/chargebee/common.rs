//! The fake Chargebee, a server pointed at it, and a client sending an API key and a site.

use mcp_testkit::Setup;
use mcp_testkit::wiremock::MockServer;
use serde_json::{Value, json};

pub const KEY: &str = "test_cbKey1234";

/// `Basic base64("test_cbKey1234:")`: the key as user, an empty password.
pub fn basic() -> String {
    mcp_testkit::basic_auth(KEY, "")
}

pub fn creds() -> Value {
    json!({"api_key": KEY, "site": "acme-test"})
}

pub async fn setup() -> Setup {
    Setup::start(&chargebee_mcp_server::SPEC, creds()).await
}

/// Chargebee's error body (API v2).
pub fn cb_error(status: u16, kind: &str, code: &str, param: Option<&str>, msg: &str) -> Value {
    let mut e = json!({
        "message": msg,
        "type": kind,
        "api_error_code": code,
        "error_code": code,
        "error_msg": msg,
        "http_status_code": status,
    });
    if let Some(p) = param {
        e["param"] = json!(p);
    }
    e
}

/// Every POST the fake received carried a fresh UUID idempotency key; returns them in order.
pub async fn idempotency_keys(fake: &MockServer) -> Vec<String> {
    let keys: Vec<String> = fake
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|r| r.method.as_str() == "POST")
        .map(|r| {
            r.headers
                .get("chargebee-idempotency-key")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    for k in &keys {
        let parts: Vec<usize> = k.split('-').map(str::len).collect();
        assert_eq!(
            parts,
            vec![8, 4, 4, 4, 12],
            "not a UUID idempotency key: `{k}`"
        );
    }
    keys
}

pub fn customer_json(id: &str) -> Value {
    json!({
        "id": id,
        "first_name": "Jane",
        "last_name": "Doe",
        "email": "jane@acme.com",
        "company": "Acme",
        "auto_collection": "on",
        "net_term_days": 0,
        "allow_direct_debit": false,
        "created_at": 1_700_000_000,
        "taxability": "taxable",
        "updated_at": 1_700_000_100,
        "pii_cleared": "active",
        "channel": "web",
        "resource_version": 1_700_000_100_000_u64,
        "deleted": false,
        "object": "customer",
        "card_status": "no_card",
        "promotional_credits": 0,
        "refundable_credits": 0,
        "excess_payments": 0,
        "unbilled_charges": 0,
        "preferred_currency_code": "USD",
        "mrr": 0
    })
}

pub fn subscription_json(id: &str, status: &str) -> Value {
    json!({
        "id": id,
        "billing_period": 1,
        "billing_period_unit": "month",
        "customer_id": "cust_1",
        "status": status,
        "current_term_start": 1_700_000_000,
        "current_term_end": 1_702_592_000,
        "next_billing_at": 1_702_592_000,
        "created_at": 1_700_000_000,
        "started_at": 1_700_000_000,
        "activated_at": 1_700_000_000,
        "updated_at": 1_700_000_000,
        "has_scheduled_changes": false,
        "channel": "web",
        "resource_version": 1_700_000_000_000_u64,
        "deleted": false,
        "object": "subscription",
        "currency_code": "USD",
        "subscription_items": [{
            "item_price_id": "pro-USD-monthly",
            "item_type": "plan",
            "quantity": 2,
            "unit_price": 1999,
            "amount": 3998,
            "free_quantity": 0,
            "object": "subscription_item"
        }],
        "due_invoices_count": 0,
        "mrr": 3998
    })
}

pub fn invoice_json(id: &str) -> Value {
    json!({
        "id": id,
        "customer_id": "cust_1",
        "subscription_id": "sub_1",
        "recurring": true,
        "status": "paid",
        "price_type": "tax_exclusive",
        "date": 1_700_000_000,
        "due_date": 1_700_000_000,
        "net_term_days": 0,
        "exchange_rate": 1.0,
        "total": 3998,
        "amount_paid": 3998,
        "amount_adjusted": 0,
        "write_off_amount": 0,
        "credits_applied": 0,
        "amount_due": 0,
        "paid_at": 1_700_000_005,
        "updated_at": 1_700_000_005,
        "resource_version": 1_700_000_005_000_u64,
        "deleted": false,
        "object": "invoice",
        "first_invoice": true,
        "amount_to_collect": 0,
        "round_off_amount": 0,
        "has_advance_charges": false,
        "currency_code": "USD",
        "base_currency_code": "USD",
        "generated_at": 1_700_000_000,
        "is_gifted": false,
        "term_finalized": true,
        "channel": "web",
        "tax": 0,
        "line_items": [{
            "id": "li_1",
            "date_from": 1_700_000_000,
            "date_to": 1_702_592_000,
            "unit_amount": 1999,
            "quantity": 2,
            "amount": 3998,
            "pricing_model": "per_unit",
            "is_taxed": false,
            "tax_amount": 0,
            "object": "line_item",
            "subscription_id": "sub_1",
            "customer_id": "cust_1",
            "description": "Pro Plan",
            "entity_type": "plan_item_price",
            "entity_id": "pro-USD-monthly",
            "discount_amount": 0,
            "item_level_discount_amount": 0
        }],
        "sub_total": 3998,
        "linked_payments": [{
            "txn_id": "txn_1",
            "applied_amount": 3998,
            "applied_at": 1_700_000_005,
            "txn_status": "success",
            "txn_date": 1_700_000_005,
            "txn_amount": 3998
        }],
        "billing_address": {"first_name": "Jane", "city": "Walnut", "country": "US", "object": "billing_address"}
    })
}
