//! Customers.

use serde_json::{Value, json};

use crate::common::{answer, gql, money, page, setup};

fn customer_node() -> Value {
    json!({"id": "gid://shopify/Customer/207119551", "legacyResourceId": "207119551", "displayName": "Ada Lovelace",
        "firstName": "Ada", "lastName": "Lovelace", "defaultEmailAddress": {"emailAddress": "ada@example.com"},
        "defaultPhoneNumber": {"phoneNumber": "+16135551111"}, "state": "ENABLED", "numberOfOrders": "3",
        "amountSpent": money("120.00"), "tags": ["vip"], "createdAt": "2025-01-01T00:00:00Z", "updatedAt": "2026-11-01T00:00:00Z"})
}

fn customer_concise() -> Value {
    json!({"id": "207119551", "gid": "gid://shopify/Customer/207119551", "name": "Ada Lovelace", "first_name": "Ada",
        "last_name": "Lovelace", "email": "ada@example.com", "phone": "+16135551111", "state": "ENABLED",
        "orders_count": "3", "tags": ["vip"], "created_at": "2025-01-01T00:00:00Z", "updated_at": "2026-11-01T00:00:00Z",
        "amount_spent": {"amount": "120.00", "currency": "USD"}})
}

#[tokio::test]
async fn list_customers_contract() {
    let s = setup().await;
    gql("Customers", json!({"first": 25, "after": "k1"}))
        .respond(
            &s.fake,
            200,
            answer(json!({"customers": page(vec![customer_node()], Some("k2"))})),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_list_customers",
            json!({"limit": 25, "cursor": "k1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"customers": [customer_concise()], "next_cursor": "k2"})
    );
}

#[tokio::test]
async fn list_customers_without_scope() {
    let s = setup().await;
    gql("Customers", json!({"first": 50}))
        .respond(&s.fake, 200, json!({"errors": [{"message": "Access denied for customers field. Required access: `read_customers` access scope.",
            "extensions": {"code": "ACCESS_DENIED"}, "path": ["customers"]}], "data": null}))
        .await;
    let e = s.client.call_err("shopify_list_customers", json!({})).await;
    assert!(e.contains("read_customers"), "{e}");
}

#[tokio::test]
async fn get_customer_contract() {
    let s = setup().await;
    let mut node = customer_node();
    node["note"] = json!("Prefers email");
    node["verifiedEmail"] = json!(true);
    node["defaultAddress"] = json!({"name": "Ada Lovelace", "firstName": "Ada", "lastName": "Lovelace", "address1": "1 Main St",
        "city": "Ottawa", "province": "Ontario", "provinceCode": "ON", "country": "Canada", "countryCodeV2": "CA", "zip": "K1A 0A1"});
    node["lastOrder"] = json!({"id": "gid://shopify/Order/450789469", "legacyResourceId": "450789469", "name": "#1001"});
    gql(
        "Customer",
        json!({"id": "gid://shopify/Customer/207119551"}),
    )
    .respond(&s.fake, 200, answer(json!({"customer": node})))
    .await;
    let v = s
        .client
        .call_ok("shopify_get_customer", json!({"customer_id": "207119551"}))
        .await;
    assert_eq!(
        v["last_order"],
        json!({"id": "450789469", "gid": "gid://shopify/Order/450789469", "name": "#1001"})
    );
    assert_eq!(v["default_address"]["city"], "Ottawa");
    assert_eq!(v["note"], "Prefers email");
}

#[tokio::test]
async fn get_customer_not_found_and_bad_id() {
    let s = setup().await;
    gql("Customer", json!({"id": "gid://shopify/Customer/2"}))
        .respond(&s.fake, 200, answer(json!({"customer": null})))
        .await;
    let e = s
        .client
        .call_err("shopify_get_customer", json!({"customer_id": "2"}))
        .await;
    assert!(e.contains("no customer 2"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_get_customer",
            json!({"customer_id": "ada@example.com"}),
        )
        .await;
    assert!(e.contains("Customer gid"), "{e}");
}
