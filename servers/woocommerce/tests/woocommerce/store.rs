//! Shipping, taxes, settings, payment gateways, system status and webhooks.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn shipping_zones_list_and_get() {
    let zones = json!([{"id": 0, "name": "Locations not covered by your other zones", "order": 0, "_links": links()}, {"id": 5, "name": "Brazil", "order": 0}]);
    let v = reads(
        "woo_shipping_zones_list",
        json!({}),
        "/shipping/zones",
        zones,
    )
    .await;
    assert_eq!(v["zones"][1]["name"], "Brazil");
    assert!(v["zones"][0].get("_links").is_none());
    gets(
        "woo_shipping_zones_get",
        json!({"zoneId": 5}),
        "/shipping/zones/5",
        json!({"id": 5, "name": "Brazil", "order": 0}),
    )
    .await;
}

#[tokio::test]
async fn shipping_zones_create_and_update() {
    let v = sends(
        "woo_shipping_zones_create",
        json!({"name": "Brazil", "order": 1}),
        ("POST", "/shipping/zones"),
        json!({"name": "Brazil", "order": 1}),
        201,
        json!({"id": 5, "name": "Brazil", "order": 1}),
    )
    .await;
    assert_eq!(v["id"], 5);
    let v = sends(
        "woo_shipping_zones_update",
        json!({"zoneId": 5, "order": 2}),
        ("PUT", "/shipping/zones/5"),
        json!({"order": 2}),
        200,
        json!({"id": 5, "name": "Brazil", "order": 2}),
    )
    .await;
    assert_eq!(v["order"], 2);
    let err = refused("woo_shipping_zones_update", json!({"zoneId": 5})).await;
    assert!(err.contains("name or order"), "{err}");
}

#[tokio::test]
async fn shipping_zone_methods_list_and_create() {
    let method = json!({"instance_id": 26, "title": "Flat rate", "order": 1, "enabled": true, "method_id": "flat_rate", "method_title": "Flat rate",
        "settings": {"cost": {"id": "cost", "label": "Cost", "type": "text", "value": "20.00", "default": ""}}});
    let v = reads(
        "woo_shipping_zone_methods_list",
        json!({"zoneId": 5}),
        "/shipping/zones/5/methods",
        json!([method]),
    )
    .await;
    assert_eq!(v["methods"][0]["instance_id"], 26);
    let v = sends(
        "woo_shipping_zone_methods_create",
        json!({"zoneId": 5, "methodId": "flat_rate", "settings": {"cost": "20.00"}}),
        ("POST", "/shipping/zones/5/methods"),
        json!({"method_id": "flat_rate", "enabled": true, "settings": {"cost": "20.00"}}),
        200,
        method,
    )
    .await;
    assert_eq!(v["method_id"], "flat_rate");
}

#[tokio::test]
async fn tax_rates_list_get_create() {
    let rate = json!({"id": 72, "country": "US", "state": "AL", "postcode": "", "city": "", "rate": "4.0000", "name": "State Tax", "priority": 0, "compound": false, "shipping": false, "order": 1, "class": "standard"});
    let v = call_list(
        "woo_tax_rates_list",
        json!({"taxClass": "reduced-rate", "perPage": 100}),
        req("GET", "/taxes").queries(&[("class", "reduced-rate"), ("per_page", "100")]),
        json!([rate]),
        1,
        1,
    )
    .await;
    assert_eq!(v["rates"][0]["id"], 72);
    gets(
        "woo_tax_rates_get",
        json!({"rateId": 72}),
        "/taxes/72",
        rate.clone(),
    )
    .await;
    let v = sends(
        "woo_tax_rates_create",
        json!({"country": "US", "state": "AL", "rate": "4.0000", "name": "State Tax"}),
        ("POST", "/taxes"),
        json!({"country": "US", "state": "AL", "rate": "4.0000", "name": "State Tax", "priority": 1, "compound": false, "shipping": true, "class": "standard"}),
        201,
        rate,
    )
    .await;
    assert_eq!(v["id"], 72);
}

#[tokio::test]
async fn tax_classes_list() {
    let classes = json!([{"slug": "standard", "name": "Standard Rate"}, {"slug": "reduced-rate", "name": "Reduced Rate"}]);
    let v = reads(
        "woo_tax_classes_list",
        json!({}),
        "/taxes/classes",
        classes.clone(),
    )
    .await;
    assert_eq!(v, json!({"classes": classes}));
}

#[tokio::test]
async fn settings_list_and_get() {
    let groups = json!([{"id": "general", "label": "General", "description": "", "parent_id": "", "sub_groups": []}]);
    let v = reads("woo_settings_list", json!({}), "/settings", groups.clone()).await;
    assert_eq!(v, json!({"groups": groups}));
    let options = json!([{"id": "woocommerce_currency", "label": "Currency", "type": "select", "default": "GBP", "value": "USD"}]);
    let v = reads(
        "woo_settings_get",
        json!({"groupId": "rest-api"}),
        "/settings/rest-api",
        options.clone(),
    )
    .await;
    assert_eq!(v, json!({"group": "rest-api", "settings": options}));
    let err = refused("woo_settings_get", json!({"groupId": "../x"})).await;
    assert!(err.contains("groupId"), "{err}");
}

#[tokio::test]
async fn payment_gateways_list_get_update() {
    let bacs = json!({"id": "bacs", "title": "Direct bank transfer", "description": "Make your payment directly into our bank account.", "order": "", "enabled": true,
        "method_title": "BACS", "settings": {"title": {"id": "title", "value": "Direct bank transfer"}}});
    let v = reads(
        "woo_payment_gateways_list",
        json!({}),
        "/payment_gateways",
        json!([bacs]),
    )
    .await;
    assert_eq!(v["gateways"][0]["id"], "bacs");
    gets(
        "woo_payment_gateways_get",
        json!({"gatewayId": "bacs"}),
        "/payment_gateways/bacs",
        bacs.clone(),
    )
    .await;
    let v = sends(
        "woo_payment_gateways_update",
        json!({"gatewayId": "bacs", "enabled": false, "title": "Bank", "settings": {"instructions": "Pay within 3 days"}}),
        ("PUT", "/payment_gateways/bacs"),
        json!({"enabled": false, "title": "Bank", "settings": {"instructions": "Pay within 3 days"}}),
        200,
        bacs,
    )
    .await;
    assert_eq!(v["id"], "bacs");
}

#[tokio::test]
async fn system_status_and_tools() {
    let status = json!({"environment": {"home_url": "http://example.com", "wc_version": "3.5.0"}, "database": {"wc_database_version": "3.5.0"}, "active_plugins": [], "theme": {}, "settings": {}, "security": {}, "pages": []});
    gets(
        "woo_system_status",
        json!({}),
        "/system_status",
        status.clone(),
    )
    .await;
    let tools = json!([{"id": "clear_transients", "name": "WC transients", "action": "Clear transients", "description": "This tool will clear the product/shop transients cache."}]);
    let v = reads(
        "woo_system_tools_list",
        json!({}),
        "/system_status/tools",
        tools.clone(),
    )
    .await;
    assert_eq!(v, json!({"tools": tools}));
    let ran = json!({"id": "clear_transients", "name": "WC transients", "action": "Clear transients", "success": true, "message": "Product transients cleared"});
    let v = sends(
        "woo_system_tools_run",
        json!({"toolId": "clear_transients"}),
        ("PUT", "/system_status/tools/clear_transients"),
        json!({"confirm": true}),
        200,
        ran.clone(),
    )
    .await;
    assert_eq!(v, ran);
}

#[tokio::test]
async fn webhooks_list_and_create() {
    let hook = json!({"id": 142, "name": "Order updated", "status": "active", "topic": "order.updated", "resource": "order", "event": "updated",
        "hooks": ["woocommerce_process_shop_order_meta"], "delivery_url": "http://requestb.in/1g0sxmo1", "date_created": "2016-05-15T23:17:52"});
    let v = call_list(
        "woo_webhooks_list",
        json!({"status": "active", "perPage": 10, "page": 1}),
        req("GET", "/webhooks").queries(&[("status", "active"), ("page", "1"), ("per_page", "10")]),
        json!([hook]),
        1,
        1,
    )
    .await;
    assert_eq!(v["webhooks"][0]["id"], 142);
    let v = sends(
        "woo_webhooks_create",
        json!({"name": "Order updated", "topic": "order.updated", "delivery_url": "http://requestb.in/1g0sxmo1"}),
        ("POST", "/webhooks"),
        json!({"name": "Order updated", "topic": "order.updated", "delivery_url": "http://requestb.in/1g0sxmo1", "status": "active"}),
        201,
        hook.clone(),
    )
    .await;
    assert_eq!(v["topic"], "order.updated");
    let v = sends(
        "woo_webhooks_create",
        json!({"name": "Paused", "topic": "coupon.created", "delivery_url": "https://hooks.example.com/wc", "status": "paused", "secret": "s3cr3t"}),
        ("POST", "/webhooks"),
        json!({"name": "Paused", "topic": "coupon.created", "delivery_url": "https://hooks.example.com/wc", "status": "paused", "secret": "s3cr3t"}),
        201,
        hook,
    )
    .await;
    assert_eq!(v["id"], 142);
    let err = refused(
        "woo_webhooks_create",
        json!({"name": "x", "topic": "order.created", "delivery_url": "ftp://x"}),
    )
    .await;
    assert!(err.contains("http(s)"), "{err}");
}
