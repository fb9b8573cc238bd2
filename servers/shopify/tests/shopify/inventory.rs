//! The shop, locations, inventory items, levels and adjustments.

use mcp_testkit::request_bodies;
use serde_json::{Value, json};

use crate::common::{ENDPOINT, answer, gql, money, page, setup, user_errors};

#[tokio::test]
async fn get_shop_contract() {
    let s = setup().await;
    gql("Shop", json!({}))
        .respond(&s.fake, 200, answer(json!({"shop": {"id": "gid://shopify/Shop/548380009", "name": "Acme",
            "email": "owner@acme.com", "myshopifyDomain": "acme.myshopify.com", "currencyCode": "USD",
            "ianaTimezone": "America/Toronto", "weightUnit": "KILOGRAMS",
            "primaryDomain": {"host": "acme.com", "url": "https://acme.com"},
            "plan": {"publicDisplayName": "Basic", "shopifyPlus": false}}})))
        .await;
    let v = s.client.call_ok("shopify_get_shop", json!({})).await;
    assert_eq!(
        v,
        json!({"id": "548380009", "gid": "gid://shopify/Shop/548380009", "name": "Acme", "email": "owner@acme.com",
        "myshopify_domain": "acme.myshopify.com", "primary_domain": "acme.com", "url": "https://acme.com", "currency": "USD",
        "timezone": "America/Toronto", "weight_unit": "KILOGRAMS", "plan": "Basic", "shopify_plus": false, "api_version": "2026-10"})
    );
}

#[tokio::test]
async fn get_shop_with_a_revoked_token() {
    let s = setup().await;
    gql("Shop", json!({}))
        .respond(&s.fake, 401, json!({"errors": "[API] Invalid API key or access token (unrecognized login or wrong password)"}))
        .await;
    let e = s.client.call_err("shopify_get_shop", json!({})).await;
    assert!(
        e.contains("401") && e.contains("Invalid API key or access token"),
        "{e}"
    );
}

fn location_node() -> Value {
    json!({"id": "gid://shopify/Location/655441491", "legacyResourceId": "655441491", "name": "Warehouse",
        "isActive": true, "fulfillsOnlineOrders": true, "shipsInventory": true,
        "address": {"address1": "1 Dock Rd", "address2": null, "city": "Ottawa", "province": "Ontario", "provinceCode": "ON",
            "country": "Canada", "countryCode": "CA", "zip": "K1A 0A1", "phone": null}})
}

fn location_concise() -> Value {
    json!({"id": "655441491", "gid": "gid://shopify/Location/655441491", "name": "Warehouse", "active": true,
        "fulfills_online_orders": true, "ships_inventory": true,
        "address": {"address1": "1 Dock Rd", "city": "Ottawa", "province": "Ontario", "province_code": "ON",
            "country": "Canada", "country_code": "CA", "zip": "K1A 0A1"}})
}

#[tokio::test]
async fn list_locations_contract() {
    let s = setup().await;
    gql("Locations", json!({"first": 100}))
        .respond(
            &s.fake,
            200,
            answer(json!({"locations": page(vec![location_node()], None)})),
        )
        .await;
    let v = s.client.call_ok("shopify_list_locations", json!({})).await;
    assert_eq!(v, json!({"locations": [location_concise()]}));
}

#[tokio::test]
async fn list_locations_rejects_a_bad_limit() {
    let s = setup().await;
    let e = s
        .client
        .call_err("shopify_list_locations", json!({"limit": -1}))
        .await;
    assert!(e.contains("non-negative"), "{e}");
}

#[tokio::test]
async fn get_location_contract() {
    let s = setup().await;
    gql(
        "Location",
        json!({"id": "gid://shopify/Location/655441491"}),
    )
    .respond(&s.fake, 200, answer(json!({"location": location_node()})))
    .await;
    let v = s
        .client
        .call_ok("shopify_get_location", json!({"location_id": "655441491"}))
        .await;
    assert_eq!(v, location_concise());
}

#[tokio::test]
async fn get_location_not_found() {
    let s = setup().await;
    gql("Location", json!({"id": "gid://shopify/Location/1"}))
        .respond(&s.fake, 200, answer(json!({"location": null})))
        .await;
    let e = s
        .client
        .call_err("shopify_get_location", json!({"location_id": "1"}))
        .await;
    assert!(e.contains("no location 1"), "{e}");
}

#[tokio::test]
async fn list_inventory_items_contract() {
    let s = setup().await;
    gql("InventoryItems", json!({"first": 20, "query": "sku:TEE-M"}))
        .respond(&s.fake, 200, answer(json!({"inventoryItems": page(vec![json!({
            "id": "gid://shopify/InventoryItem/30322695", "legacyResourceId": "30322695", "sku": "TEE-M", "tracked": true,
            "requiresShipping": true, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-02-01T00:00:00Z",
            "unitCost": money("7.25"),
            "variants": {"nodes": [{"id": "gid://shopify/ProductVariant/39072856", "legacyResourceId": "39072856", "displayName": "Tee - M",
                "product": {"id": "gid://shopify/Product/108828309", "legacyResourceId": "108828309", "title": "Tee"}}]}
        })], Some("i2"))})))
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_list_inventory_items",
            json!({"limit": 20, "query": "sku:TEE-M"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"inventory_items": [{
        "id": "30322695", "gid": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M", "tracked": true, "requires_shipping": true,
        "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-02-01T00:00:00Z", "cost": {"amount": "7.25", "currency": "USD"},
        "variant": {"id": "39072856", "gid": "gid://shopify/ProductVariant/39072856", "name": "Tee - M"},
        "product": {"id": "108828309", "gid": "gid://shopify/Product/108828309", "title": "Tee"}
    }], "next_cursor": "i2"})
    );
}

#[tokio::test]
async fn list_inventory_items_search_error() {
    let s = setup().await;
    gql("InventoryItems", json!({"first": 50, "query": "sku:("}))
        .respond(
            &s.fake,
            200,
            json!({"errors": [{"message": "Invalid search query", "path": ["inventoryItems"],
            "extensions": {"code": "BAD_USER_INPUT"}}], "data": null}),
        )
        .await;
    let e = s
        .client
        .call_err("shopify_list_inventory_items", json!({"query": "sku:("}))
        .await;
    assert!(e.contains("Invalid search query"), "{e}");
}

fn level_node(loc: &str, with_item: bool) -> Value {
    let mut l = json!({"id": "gid://shopify/InventoryLevel/523463154?inventory_item_id=30322695", "updatedAt": "2026-02-01T00:00:00Z",
        "location": {"id": loc, "name": "Warehouse"},
        "quantities": [{"name": "available", "quantity": 7}, {"name": "on_hand", "quantity": 9},
            {"name": "committed", "quantity": 2}, {"name": "incoming", "quantity": 0}]});
    if with_item {
        l["item"] = json!({"id": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M"});
    }
    l
}

fn level_concise() -> Value {
    json!({"inventory_item_id": "30322695", "inventory_item_gid": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M",
        "location_id": "655441491", "location_gid": "gid://shopify/Location/655441491", "location_name": "Warehouse",
        "available": 7, "on_hand": 9, "committed": 2, "incoming": 0, "updated_at": "2026-02-01T00:00:00Z"})
}

#[tokio::test]
async fn get_inventory_levels_by_item_filtered_by_location() {
    let s = setup().await;
    gql("InventoryLevelsByItem", json!({"ids": ["gid://shopify/InventoryItem/30322695"], "first": 50}))
        .respond(&s.fake, 200, answer(json!({"nodes": [{"id": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M",
            "inventoryLevels": {"nodes": [level_node("gid://shopify/Location/655441491", false), level_node("gid://shopify/Location/2", false)]}}]})))
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_inventory_levels",
            json!({"inventory_item_ids": "30322695", "location_ids": "655441491"}),
        )
        .await;
    assert_eq!(v, json!({"inventory_levels": [level_concise()]}));
}

#[tokio::test]
async fn get_inventory_levels_by_location() {
    let s = setup().await;
    gql("InventoryLevelsByLocation", json!({"ids": ["gid://shopify/Location/655441491", "gid://shopify/Location/2"], "first": 10}))
        .respond(&s.fake, 200, answer(json!({"nodes": [
            {"id": "gid://shopify/Location/655441491", "name": "Warehouse", "inventoryLevels": {"nodes": [level_node("x", true)]}},
            null
        ]})))
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_inventory_levels",
            json!({"location_ids": "655441491, gid://shopify/Location/2", "limit": 10}),
        )
        .await;
    assert_eq!(v, json!({"inventory_levels": [level_concise()]}));
}

#[tokio::test]
async fn get_inventory_levels_needs_ids() {
    let s = setup().await;
    let e = s
        .client
        .call_err("shopify_get_inventory_levels", json!({}))
        .await;
    assert!(
        e.contains("give `inventory_item_ids`, `location_ids` or both"),
        "{e}"
    );
    let e = s
        .client
        .call_err(
            "shopify_get_inventory_levels",
            json!({"location_ids": "warehouse"}),
        )
        .await;
    assert!(e.contains("Location gid"), "{e}");
}

#[tokio::test]
async fn list_location_inventory_contract() {
    let s = setup().await;
    gql(
        "LocationInventory",
        json!({"id": "gid://shopify/Location/655441491", "first": 50, "after": "p1"}),
    )
    .respond(
        &s.fake,
        200,
        answer(
            json!({"location": {"id": "gid://shopify/Location/655441491", "name": "Warehouse",
            "inventoryLevels": page(vec![level_node("x", true)], Some("p2"))}}),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_list_location_inventory",
            json!({"location_id": "655441491", "cursor": "p1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"location": "Warehouse", "inventory_levels": [level_concise()], "next_cursor": "p2"})
    );
}

#[tokio::test]
async fn list_location_inventory_not_found() {
    let s = setup().await;
    gql(
        "LocationInventory",
        json!({"id": "gid://shopify/Location/3", "first": 50}),
    )
    .respond(&s.fake, 200, answer(json!({"location": null})))
    .await;
    let e = s
        .client
        .call_err(
            "shopify_list_location_inventory",
            json!({"location_id": "3"}),
        )
        .await;
    assert!(e.contains("no location 3"), "{e}");
}

fn adjust_answer() -> Value {
    answer(
        json!({"inventoryAdjustQuantities": {"inventoryAdjustmentGroup": {
        "id": "gid://shopify/InventoryAdjustmentGroup/1", "createdAt": "2026-12-03T08:00:00Z", "reason": "received",
        "changes": [{"name": "available", "delta": -3, "quantityAfterChange": 4,
            "item": {"id": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M"},
            "location": {"id": "gid://shopify/Location/655441491", "name": "Warehouse"}}]
    }, "userErrors": []}}),
    )
}

#[tokio::test]
async fn adjust_inventory_contract() {
    let s = setup().await;
    gql("InventoryAdjustQuantities", json!({"key": "adj-42", "input": {"name": "available", "reason": "received", "changes": [
        {"inventoryItemId": "gid://shopify/InventoryItem/30322695", "locationId": "gid://shopify/Location/655441491", "delta": -3, "changeFromQuantity": null}
    ]}}))
    .respond(&s.fake, 200, adjust_answer())
    .await;
    let v = s.client.call_ok("shopify_adjust_inventory", json!({
        "location_id": "655441491", "inventory_item_id": "30322695", "available_adjustment": -3,
        "reason": "received", "idempotency_key": "adj-42"
    })).await;
    assert_eq!(
        v,
        json!({"adjustment_group": "gid://shopify/InventoryAdjustmentGroup/1", "created_at": "2026-12-03T08:00:00Z",
        "reason": "received", "idempotency_key": "adj-42", "changes": [{
            "inventory_item_id": "30322695", "inventory_item_gid": "gid://shopify/InventoryItem/30322695", "sku": "TEE-M",
            "location_id": "655441491", "location_gid": "gid://shopify/Location/655441491", "location_name": "Warehouse",
            "name": "available", "delta": -3, "quantity_after_change": 4}]})
    );
}

#[tokio::test]
async fn adjust_inventory_sends_a_fresh_idempotency_key_and_never_retries() {
    let s = setup().await;
    mcp_testkit::expect("POST", ENDPOINT)
        .any_body()
        .respond(&s.fake, 503, json!({"errors": "Service Unavailable"}))
        .await;
    let e = s.client.call_err("shopify_adjust_inventory", json!({
        "location_id": "655441491", "inventory_item_id": "30322695", "available_adjustment": "5"
    })).await;
    assert!(e.contains("503"), "{e}");
    let bodies = request_bodies(&s.fake, "POST", ENDPOINT).await;
    assert_eq!(bodies.len(), 1, "a mutation is sent once");
    let key = bodies[0]["variables"]["key"].as_str().unwrap();
    assert!(key.starts_with("mcp-") && key.len() == 36, "{key}");
    assert_eq!(bodies[0]["variables"]["input"]["reason"], "correction");
    assert_eq!(bodies[0]["variables"]["input"]["changes"][0]["delta"], 5);
    assert!(
        bodies[0]["query"]
            .as_str()
            .unwrap()
            .contains("@idempotent(key: $key)")
    );
}

#[tokio::test]
async fn adjust_inventory_failures() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_adjust_inventory",
            json!({"location_id": "1", "inventory_item_id": "2", "available_adjustment": 1.5}),
        )
        .await;
    assert!(e.contains("whole number"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_adjust_inventory",
            json!({"location_id": "1", "inventory_item_id": "2", "available_adjustment": 0}),
        )
        .await;
    assert!(e.contains("nothing to change"), "{e}");
    gql("InventoryAdjustQuantities", json!({"key": "k", "input": {"name": "available", "reason": "correction", "changes": [
        {"inventoryItemId": "gid://shopify/InventoryItem/2", "locationId": "gid://shopify/Location/1", "delta": 1, "changeFromQuantity": null}
    ]}}))
    .respond(&s.fake, 200, answer(json!({"inventoryAdjustQuantities": user_errors("inventoryAdjustmentGroup", json!([
        {"field": ["input", "changes", "0", "locationId"], "message": "The specified location could not be found.", "code": "LOCATION_NOT_FOUND"}
    ]))})))
    .await;
    let e = s.client.call_err("shopify_adjust_inventory", json!({"location_id": "1", "inventory_item_id": "2", "available_adjustment": 1, "idempotency_key": "k"})).await;
    assert!(e.contains("`input.changes.0.locationId`: The specified location could not be found (LOCATION_NOT_FOUND)"), "{e}");
}
