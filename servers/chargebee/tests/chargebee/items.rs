//! Product catalog 2.0: items and item prices.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

fn item_json(id: &str) -> serde_json::Value {
    json!({
        "id": id, "name": "Pro", "external_name": "Pro plan", "status": "active",
        "resource_version": 1_700_000_000_000_u64, "updated_at": 1_700_000_000,
        "item_family_id": "saas", "type": "plan", "is_shippable": false, "is_giftable": false,
        "enabled_for_checkout": true, "enabled_in_portal": true, "item_applicability": "all",
        "metered": false, "channel": "web", "object": "item"
    })
}

#[tokio::test]
async fn list_items_contract() {
    let s = setup().await;
    expect("GET", "/items")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "100"),
            ("status[is]", "active"),
            ("type[is]", "plan"),
        ])
        .respond(&s.fake, 200, json!({"list": [{"item": item_json("pro")}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_items",
            json!({"limit": 100, "status": "active", "item_type": "plan"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "pro");
    assert_eq!(v["items"][0]["type"], "plan");
    assert!(v.get("next_offset").is_none());
}

#[tokio::test]
async fn list_items_refuses_an_unknown_type() {
    let s = setup().await;
    let err = s
        .client
        .call_err("chargebee_list_items", json!({"item_type": "bundle"}))
        .await;
    assert!(err.contains("plan, addon, charge"), "{err}");
}

#[tokio::test]
async fn get_item_contract() {
    let s = setup().await;
    expect("GET", "/items/pro")
        .header("authorization", &basic())
        .respond(&s.fake, 200, json!({"item": item_json("pro")}))
        .await;
    let v = s
        .client
        .call_ok("chargebee_get_item", json!({"item_id": "pro"}))
        .await;
    assert_eq!(v["name"], "Pro");
    assert_eq!(v["item_family_id"], "saas");
}

#[tokio::test]
async fn get_item_forbidden() {
    let s = setup().await;
    expect("GET", "/items/pro")
        .respond(
            &s.fake,
            403,
            cb_error(
                403,
                "",
                "api_authorization_failed",
                None,
                "Sorry, the API key does not have permission",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_get_item", json!({"item_id": "pro"}))
        .await;
    assert!(err.contains("api_authorization_failed"), "{err}");
    assert!(err.contains("lacks permission"), "{err}");
}

#[tokio::test]
async fn list_item_prices_contract() {
    let s = setup().await;
    expect("GET", "/item_prices")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "10"),
            ("item_id[is]", "pro"),
            ("item_type[is]", "plan"),
            ("currency_code[is]", "USD"),
            ("status[is]", "active"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"list": [{"item_price": {
                "id": "pro-USD-monthly", "name": "Pro USD Monthly", "item_family_id": "saas",
                "item_id": "pro", "status": "active", "external_name": "Pro",
                "pricing_model": "per_unit", "price": 1999, "period": 1, "currency_code": "USD",
                "period_unit": "month", "free_quantity": 0, "channel": "web",
                "resource_version": 1, "updated_at": 1_700_000_000, "created_at": 1_700_000_000,
                "is_taxable": true, "item_type": "plan", "show_description_in_invoices": false,
                "show_description_in_quotes": false, "object": "item_price"
            }}], "next_offset": "n"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_item_prices",
            json!({"item_id": "pro", "item_type": "plan", "currency_code": "USD", "status": "active"}),
        )
        .await;
    let p = &v["item_prices"][0];
    assert_eq!(p["id"], "pro-USD-monthly");
    assert_eq!(p["price"], 1999);
    assert_eq!(p["period_unit"], "month");
    assert_eq!(v["next_offset"], "n");
}

#[tokio::test]
async fn list_item_prices_vendor_error() {
    let s = setup().await;
    expect("GET", "/item_prices")
        .query("limit", "10")
        .respond(
            &s.fake,
            400,
            cb_error(
                400,
                "invalid_request",
                "configuration_incompatible",
                None,
                "Product catalog 1.0 sites cannot use this endpoint",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_list_item_prices", json!({}))
        .await;
    assert!(err.contains("Product Catalog 2.0"), "{err}");
}
