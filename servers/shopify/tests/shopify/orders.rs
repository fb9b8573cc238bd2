//! Orders and draft orders.

use serde_json::{Value, json};

use crate::common::{answer, bag, gql, page, setup, user_errors};

fn address() -> Value {
    json!({"name": "Ada Lovelace", "firstName": "Ada", "lastName": "Lovelace", "company": null,
        "address1": "1 Main St", "address2": null, "city": "Ottawa", "province": "Ontario", "provinceCode": "ON",
        "country": "Canada", "countryCodeV2": "CA", "zip": "K1A 0A1", "phone": null})
}

fn line_item_node() -> Value {
    json!({"id": "gid://shopify/LineItem/466157049", "title": "Tee", "variantTitle": "M", "quantity": 2, "sku": "TEE-M",
        "variant": {"id": "gid://shopify/ProductVariant/39072856", "legacyResourceId": "39072856"},
        "originalUnitPriceSet": bag("19.99"), "discountedTotalSet": bag("39.98")})
}

fn line_item_concise() -> Value {
    json!({"id": "466157049", "gid": "gid://shopify/LineItem/466157049", "title": "Tee", "variant_title": "M",
        "quantity": 2, "sku": "TEE-M", "variant_id": "39072856", "variant_gid": "gid://shopify/ProductVariant/39072856",
        "unit_price": {"amount": "19.99", "currency": "USD"}, "total": {"amount": "39.98", "currency": "USD"}})
}

fn order_node() -> Value {
    json!({"id": "gid://shopify/Order/450789469", "legacyResourceId": "450789469", "name": "#1001",
        "email": "ada@example.com", "createdAt": "2026-11-30T10:00:00Z", "processedAt": "2026-11-30T10:00:00Z",
        "cancelledAt": null, "closed": false, "displayFinancialStatus": "PAID", "displayFulfillmentStatus": "UNFULFILLED",
        "currencyCode": "USD", "tags": [], "totalPriceSet": bag("45.48"),
        "customer": {"id": "gid://shopify/Customer/207119551", "legacyResourceId": "207119551", "displayName": "Ada Lovelace"}})
}

#[tokio::test]
async fn list_orders_contract() {
    let s = setup().await;
    gql("Orders", json!({"first": 2, "query": "status:open"}))
        .respond(
            &s.fake,
            200,
            answer(json!({"orders": page(vec![order_node()], Some("o2"))})),
        )
        .await;
    let v = s
        .client
        .call_ok("shopify_list_orders", json!({"limit": 2, "status": "open"}))
        .await;
    assert_eq!(
        v,
        json!({"orders": [{
        "id": "450789469", "gid": "gid://shopify/Order/450789469", "name": "#1001", "email": "ada@example.com",
        "created_at": "2026-11-30T10:00:00Z", "processed_at": "2026-11-30T10:00:00Z", "closed": false,
        "financial_status": "PAID", "fulfillment_status": "UNFULFILLED", "currency": "USD", "tags": [],
        "total_price": {"amount": "45.48", "currency": "USD"},
        "customer": {"id": "207119551", "gid": "gid://shopify/Customer/207119551", "name": "Ada Lovelace"}
    }], "next_cursor": "o2"})
    );
}

#[tokio::test]
async fn list_orders_any_status_sends_no_filter() {
    let s = setup().await;
    gql("Orders", json!({"first": 50}))
        .respond(&s.fake, 200, answer(json!({"orders": page(vec![], None)})))
        .await;
    let v = s
        .client
        .call_ok("shopify_list_orders", json!({"status": "any"}))
        .await;
    assert_eq!(v, json!({"orders": []}));
    let e = s
        .client
        .call_err("shopify_list_orders", json!({"status": "pending"}))
        .await;
    assert!(e.contains("unknown variant"), "{e}");
}

#[tokio::test]
async fn get_order_contract() {
    let s = setup().await;
    let mut node = order_node();
    for (k, v) in [
        ("phone", Value::Null),
        ("note", json!("Gift wrap")),
        ("subtotalPriceSet", bag("39.98")),
        ("totalTaxSet", bag("5.50")),
        ("totalShippingPriceSet", bag("0.00")),
        ("totalDiscountsSet", bag("0.00")),
        ("shippingAddress", address()),
        ("billingAddress", Value::Null),
        ("lineItems", json!({"nodes": [line_item_node()]})),
    ] {
        node[k] = v;
    }
    gql("Order", json!({"id": "gid://shopify/Order/450789469"}))
        .respond(&s.fake, 200, answer(json!({"order": node})))
        .await;
    let v = s
        .client
        .call_ok("shopify_get_order", json!({"order_id": "450789469"}))
        .await;
    assert_eq!(v["line_items"], json!([line_item_concise()]));
    assert_eq!(v["total_tax"], json!({"amount": "5.50", "currency": "USD"}));
    assert_eq!(v["shipping_address"]["country_code"], "CA");
    assert_eq!(v["note"], "Gift wrap");
    assert!(v.get("billing_address").is_none());
}

#[tokio::test]
async fn get_order_not_found() {
    let s = setup().await;
    gql("Order", json!({"id": "gid://shopify/Order/9"}))
        .respond(&s.fake, 200, answer(json!({"order": null})))
        .await;
    let e = s
        .client
        .call_err("shopify_get_order", json!({"order_id": "9"}))
        .await;
    assert!(e.contains("no order 9"), "{e}");
}

#[tokio::test]
async fn create_order_contract() {
    let s = setup().await;
    gql("OrderCreate", json!({"order": {
        "lineItems": [
            {"quantity": 2, "variantId": "gid://shopify/ProductVariant/39072856"},
            {"quantity": 1, "title": "Gift wrap", "priceSet": {"shopMoney": {"amount": "5.00", "currencyCode": "USD"}}, "requiresShipping": false}
        ],
        "customer": {"toAssociate": {"id": "gid://shopify/Customer/207119551"}},
        "shippingAddress": {"firstName": "Ada", "lastName": "Lovelace", "address1": "1 Main St", "city": "Ottawa", "zip": "K1A 0A1", "countryCode": "CA", "provinceCode": "ON"},
        "email": "ada@example.com", "tags": ["phone"]
    }}))
    .respond(&s.fake, 200, answer(json!({"orderCreate": {"order": order_node(), "userErrors": []}})))
    .await;
    let v = s.client.call_ok("shopify_create_order", json!({
        "line_items": [{"variant_id": 39072856, "quantity": 2}, {"title": "Gift wrap", "price": "5.00", "quantity": 1, "requires_shipping": false}],
        "customer": {"id": "207119551"}, "currency": "usd", "email": "ada@example.com", "tags": "phone",
        "shipping_address": {"first_name": "Ada", "last_name": "Lovelace", "address1": "1 Main St", "city": "Ottawa", "province": "ON", "country": "CA", "zip": "K1A 0A1"}
    })).await;
    assert_eq!(v["name"], "#1001");
    assert_eq!(v["id"], "450789469");
}

#[tokio::test]
async fn create_order_new_customer_by_email() {
    let s = setup().await;
    gql(
        "OrderCreate",
        json!({"order": {
            "lineItems": [{"quantity": 1, "variantId": "gid://shopify/ProductVariant/1"}],
            "customer": {"toUpsert": {"email": "new@example.com", "firstName": "New"}}
        }}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"orderCreate": {"order": order_node(), "userErrors": []}})),
    )
    .await;
    let v = s.client.call_ok("shopify_create_order", json!({
        "line_items": [{"variant_id": "1"}], "customer": {"email": "new@example.com", "first_name": "New"}
    })).await;
    assert_eq!(v["gid"], "gid://shopify/Order/450789469");
}

#[tokio::test]
async fn create_order_failures() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_create_order",
            json!({"line_items": [{"title": "x", "price": "5"}]}),
        )
        .await;
    assert!(e.contains("needs `currency`"), "{e}");
    let e = s
        .client
        .call_err("shopify_create_order", json!({"line_items": []}))
        .await;
    assert!(e.contains("at least one item"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_create_order",
            json!({"line_items": [{"variant_id": "1", "quantity": 0}]}),
        )
        .await;
    assert!(e.contains("above 0"), "{e}");
    gql("OrderCreate", json!({"order": {"lineItems": [{"quantity": 1, "variantId": "gid://shopify/ProductVariant/2"}]}}))
        .respond(&s.fake, 200, answer(json!({"orderCreate": user_errors("order", json!([
            {"field": ["order", "lineItems", "0", "variantId"], "message": "Variant not found", "code": "PRODUCT_VARIANT_NOT_FOUND"}
        ]))})))
        .await;
    let e = s
        .client
        .call_err(
            "shopify_create_order",
            json!({"line_items": [{"variant_id": "2"}]}),
        )
        .await;
    assert!(
        e.contains("`order.lineItems.0.variantId`: Variant not found (PRODUCT_VARIANT_NOT_FOUND)"),
        "{e}"
    );
}

fn draft_node() -> Value {
    json!({"id": "gid://shopify/DraftOrder/994118539", "legacyResourceId": "994118539", "name": "#D2", "status": "OPEN",
        "email": "ada@example.com", "tags": [], "currencyCode": "USD",
        "invoiceUrl": "https://acme.myshopify.com/548380009/invoices/994118539/abc",
        "createdAt": "2026-11-30T10:00:00Z", "updatedAt": "2026-11-30T10:00:00Z", "completedAt": null,
        "totalPriceSet": bag("39.98"), "customer": null, "order": null})
}

#[tokio::test]
async fn list_draft_orders_contract() {
    let s = setup().await;
    gql(
        "DraftOrders",
        json!({"first": 50, "query": "status:invoice_sent"}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"draftOrders": page(vec![draft_node()], None)})),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_list_draft_orders",
            json!({"status": "invoice_sent"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"draft_orders": [{
            "id": "994118539", "gid": "gid://shopify/DraftOrder/994118539", "name": "#D2", "status": "OPEN",
            "email": "ada@example.com", "tags": [], "currency": "USD",
            "invoice_url": "https://acme.myshopify.com/548380009/invoices/994118539/abc",
            "created_at": "2026-11-30T10:00:00Z", "updated_at": "2026-11-30T10:00:00Z",
            "total_price": {"amount": "39.98", "currency": "USD"}
        }]})
    );
}

#[tokio::test]
async fn list_draft_orders_rejects_a_bad_status() {
    let s = setup().await;
    let e = s
        .client
        .call_err("shopify_list_draft_orders", json!({"status": "sent"}))
        .await;
    assert!(e.contains("unknown variant"), "{e}");
}

#[tokio::test]
async fn get_draft_order_contract() {
    let s = setup().await;
    let mut node = draft_node();
    for (k, v) in [
        ("note2", json!("Call first")),
        ("subtotalPriceSet", bag("39.98")),
        ("totalTaxSet", bag("0.00")),
        ("shippingAddress", address()),
        ("billingAddress", address()),
        ("lineItems", json!({"nodes": [line_item_node()]})),
    ] {
        node[k] = v;
    }
    gql(
        "DraftOrder",
        json!({"id": "gid://shopify/DraftOrder/994118539"}),
    )
    .respond(&s.fake, 200, answer(json!({"draftOrder": node})))
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_draft_order",
            json!({"draft_order_id": "gid://shopify/DraftOrder/994118539"}),
        )
        .await;
    assert_eq!(v["note"], "Call first");
    assert_eq!(v["line_items"], json!([line_item_concise()]));
    assert_eq!(v["billing_address"]["province_code"], "ON");
}

#[tokio::test]
async fn get_draft_order_not_found() {
    let s = setup().await;
    gql("DraftOrder", json!({"id": "gid://shopify/DraftOrder/5"}))
        .respond(&s.fake, 200, answer(json!({"draftOrder": null})))
        .await;
    let e = s
        .client
        .call_err("shopify_get_draft_order", json!({"draft_order_id": "5"}))
        .await;
    assert!(e.contains("no draft order 5"), "{e}");
}

#[tokio::test]
async fn create_draft_order_contract() {
    let s = setup().await;
    gql("DraftOrderCreate", json!({"input": {
        "lineItems": [
            {"quantity": 2, "variantId": "gid://shopify/ProductVariant/39072856", "priceOverride": {"amount": "15.00", "currencyCode": "USD"}},
            {"quantity": 1, "title": "Custom engraving", "originalUnitPriceWithCurrency": {"amount": "9.50", "currencyCode": "USD"}}
        ],
        "purchasingEntity": {"customerId": "gid://shopify/Customer/207119551"},
        "billingAddress": {"firstName": "Ada", "address1": "1 Main St", "city": "Ottawa", "countryCode": "CA"},
        "email": "ada@example.com", "note": "Call first", "tags": ["vip", "phone"]
    }}))
    .respond(&s.fake, 200, answer(json!({"draftOrderCreate": {"draftOrder": draft_node(), "userErrors": []}})))
    .await;
    let v = s.client.call_ok("shopify_create_draft_order", json!({
        "line_items": [{"variant_id": "39072856", "quantity": 2, "price": "15.00"}, {"title": "Custom engraving", "price": "9.50"}],
        "customer": {"id": 207119551}, "currency": "USD", "email": "ada@example.com", "note": "Call first", "tags": "vip,phone",
        "billing_address": {"first_name": "Ada", "address1": "1 Main St", "city": "Ottawa", "country_code": "ca"}
    })).await;
    assert_eq!(v["name"], "#D2");
    assert_eq!(
        v["invoice_url"],
        "https://acme.myshopify.com/548380009/invoices/994118539/abc"
    );
}

#[tokio::test]
async fn create_draft_order_failures() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_create_draft_order",
            json!({"line_items": [{"title": "x"}]}),
        )
        .await;
    assert!(e.contains("give its `price`"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_create_draft_order",
            json!({"line_items": [{"variant_id": "1"}], "shipping_address": {"country": "Canada"}}),
        )
        .await;
    assert!(e.contains("two-letter country code"), "{e}");
    gql("DraftOrderCreate", json!({"input": {"lineItems": [{"quantity": 1, "variantId": "gid://shopify/ProductVariant/1"}], "email": "bad"}}))
        .respond(&s.fake, 200, answer(json!({"draftOrderCreate": user_errors("draftOrder", json!([
            {"field": ["email"], "message": "Email is invalid"}
        ]))})))
        .await;
    let e = s
        .client
        .call_err(
            "shopify_create_draft_order",
            json!({"line_items": [{"variant_id": "1"}], "email": "bad"}),
        )
        .await;
    assert!(e.contains("`email`: Email is invalid"), "{e}");
}
