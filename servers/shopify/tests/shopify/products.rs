//! Products and collections.

use serde_json::{Value, json};

use crate::common::{answer, gql, money, page, setup, user_errors};

fn product_node() -> Value {
    json!({
        "id": "gid://shopify/Product/108828309", "legacyResourceId": "108828309",
        "title": "Draft", "handle": "draft", "status": "ACTIVE", "vendor": "Acme Co",
        "productType": "Shirts", "tags": ["summer", "cotton"], "totalInventory": 25,
        "createdAt": "2026-01-05T10:00:00Z", "updatedAt": "2026-02-01T09:30:00Z",
        "priceRangeV2": {"minVariantPrice": money("19.99"), "maxVariantPrice": money("24.50")}
    })
}

fn product_concise() -> Value {
    json!({
        "id": "108828309", "gid": "gid://shopify/Product/108828309", "title": "Draft",
        "handle": "draft", "status": "ACTIVE", "vendor": "Acme Co", "product_type": "Shirts",
        "tags": ["summer", "cotton"], "total_inventory": 25,
        "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-02-01T09:30:00Z",
        "min_price": {"amount": "19.99", "currency": "USD"},
        "max_price": {"amount": "24.50", "currency": "USD"}
    })
}

fn variant_node(id: u64, title: &str, price: &str) -> Value {
    json!({"id": format!("gid://shopify/ProductVariant/{id}"), "legacyResourceId": id.to_string(),
        "title": title, "sku": format!("SKU-{id}"), "barcode": null, "price": price, "compareAtPrice": null,
        "inventoryQuantity": 5, "selectedOptions": [{"name": "Size", "value": title}],
        "inventoryItem": {"id": format!("gid://shopify/InventoryItem/{}", id + 1000)}})
}

#[tokio::test]
async fn list_products_contract_with_every_filter() {
    let s = setup().await;
    gql("Products", json!({"first": 10, "query": "collection_id:841564295 AND status:active AND vendor:\"Acme Co\" AND product_type:Shirts AND id:>100 AND created_at:>='2026-01-01' AND updated_at:<='2026-02-01T00:00:00Z'"}))
        .respond(&s.fake, 200, answer(json!({"products": page(vec![product_node()], Some("c2"))})))
        .await;
    let v = s.client.call_ok("shopify_list_products", json!({
        "limit": 10, "collection_id": "gid://shopify/Collection/841564295", "status": "active",
        "vendor": "Acme Co", "product_type": "Shirts", "since_id": "100",
        "created_at_min": "2026-01-01", "updated_at_max": "2026-02-01T00:00:00Z"
    })).await;
    assert_eq!(
        v,
        json!({"products": [product_concise()], "next_cursor": "c2"})
    );
}

#[tokio::test]
async fn list_products_next_page() {
    let s = setup().await;
    gql("Products", json!({"first": 50, "after": "c2"}))
        .respond(
            &s.fake,
            200,
            answer(json!({"products": page(vec![], None)})),
        )
        .await;
    let v = s
        .client
        .call_ok("shopify_list_products", json!({"cursor": "c2"}))
        .await;
    assert_eq!(v, json!({"products": []}));
}

#[tokio::test]
async fn list_products_rejects_a_bad_date_and_a_foreign_gid() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_list_products",
            json!({"created_at_min": "last week"}),
        )
        .await;
    assert!(e.contains("ISO 8601"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_list_products",
            json!({"collection_id": "gid://shopify/Order/1"}),
        )
        .await;
    assert!(e.contains("Collection gid"), "{e}");
}

#[tokio::test]
async fn get_product_contract_with_variants() {
    let s = setup().await;
    let mut node = product_node();
    node["descriptionHtml"] = json!("<p>Soft</p>");
    node["onlineStoreUrl"] = Value::Null;
    node["options"] = json!([{"name": "Size", "values": ["S", "M"]}]);
    node["variants"] = page(
        vec![variant_node(1, "S", "19.99"), variant_node(2, "M", "24.50")],
        None,
    );
    gql("Product", json!({"id": "gid://shopify/Product/108828309"}))
        .respond(&s.fake, 200, answer(json!({"product": node})))
        .await;
    let v = s
        .client
        .call_ok("shopify_get_product", json!({"product_id": "108828309"}))
        .await;
    assert_eq!(v["body_html"], "<p>Soft</p>");
    assert_eq!(
        v["options"],
        json!([{"name": "Size", "values": ["S", "M"]}])
    );
    assert_eq!(
        v["variants"][1],
        json!({
            "id": "2", "gid": "gid://shopify/ProductVariant/2", "title": "M", "sku": "SKU-2",
            "price": "24.50", "inventory_quantity": 5, "inventory_item_id": "1002",
            "inventory_item_gid": "gid://shopify/InventoryItem/1002", "options": [{"name": "Size", "value": "M"}]
        })
    );
}

#[tokio::test]
async fn get_product_not_found() {
    let s = setup().await;
    gql("Product", json!({"id": "gid://shopify/Product/1"}))
        .respond(&s.fake, 200, answer(json!({"product": null})))
        .await;
    let e = s
        .client
        .call_err(
            "shopify_get_product",
            json!({"product_id": "gid://shopify/Product/1"}),
        )
        .await;
    assert!(e.contains("no product gid://shopify/Product/1"), "{e}");
    let e = s
        .client
        .call_err("shopify_get_product", json!({"product_id": "shirt"}))
        .await;
    assert!(e.contains("numeric Shopify id"), "{e}");
}

#[tokio::test]
async fn create_product_contract() {
    let s = setup().await;
    gql("ProductCreate", json!({"product": {
        "title": "Draft", "descriptionHtml": "<p>Soft</p>", "vendor": "Acme Co", "productType": "Shirts",
        "tags": ["summer", "cotton"], "status": "DRAFT"
    }}))
    .respond(&s.fake, 200, answer(json!({"productCreate": {"product": product_node(), "userErrors": []}})))
    .await;
    let v = s.client.call_ok("shopify_create_product", json!({
        "title": "Draft", "body_html": "<p>Soft</p>", "vendor": "Acme Co", "product_type": "Shirts",
        "tags": "summer, cotton", "status": "draft"
    })).await;
    assert_eq!(v, product_concise());
}

#[tokio::test]
async fn create_product_with_variants_replaces_the_default_one() {
    let s = setup().await;
    gql("ProductCreate", json!({"product": {
        "title": "Draft", "productOptions": [{"name": "Size", "values": [{"name": "S"}, {"name": "M"}]}]
    }}))
    .respond(&s.fake, 200, answer(json!({"productCreate": {"product": product_node(), "userErrors": []}})))
    .await;
    gql("ProductVariantsBulkCreate", json!({
        "productId": "gid://shopify/Product/108828309", "strategy": "REMOVE_STANDALONE_VARIANT",
        "variants": [
            {"optionValues": [{"optionName": "Size", "name": "S"}], "price": "19.99", "inventoryItem": {"sku": "SKU-1"}},
            {"optionValues": [{"optionName": "Size", "name": "M"}], "price": "24.5", "compareAtPrice": "30.00", "barcode": "123", "taxable": true}
        ]
    }))
    .respond(&s.fake, 200, answer(json!({"productVariantsBulkCreate": {
        "productVariants": [variant_node(1, "S", "19.99"), variant_node(2, "M", "24.50")], "userErrors": []
    }})))
    .await;
    let v = s.client.call_ok("shopify_create_product", json!({
        "title": "Draft", "options": ["Size"],
        "variants": [
            {"option1": "S", "price": "19.99", "sku": "SKU-1"},
            {"option1": "M", "price": 24.50, "compare_at_price": "30.00", "barcode": "123", "taxable": true}
        ]
    })).await;
    assert_eq!(v["id"], "108828309");
    assert_eq!(v["variants"][0]["price"], "19.99");
    assert_eq!(v["variants"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn create_product_user_errors_are_tool_errors() {
    let s = setup().await;
    gql("ProductCreate", json!({"product": {"title": ""}}))
        .respond(
            &s.fake,
            200,
            answer(json!({"productCreate": user_errors("product", json!([
                {"field": ["title"], "message": "Title can't be blank"}
            ]))})),
        )
        .await;
    let e = s
        .client
        .call_err("shopify_create_product", json!({"title": ""}))
        .await;
    assert!(
        e.contains("Shopify rejected productCreate: `title`: Title can't be blank"),
        "{e}"
    );
}

#[tokio::test]
async fn create_product_variant_failure_says_the_product_exists() {
    let s = setup().await;
    gql(
        "ProductCreate",
        json!({"product": {
            "title": "Draft", "productOptions": [{"name": "Title", "values": [{"name": "One"}]}]
        }}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"productCreate": {"product": product_node(), "userErrors": []}})),
    )
    .await;
    gql("ProductVariantsBulkCreate", json!({
        "productId": "gid://shopify/Product/108828309", "strategy": "REMOVE_STANDALONE_VARIANT",
        "variants": [{"optionValues": [{"optionName": "Title", "name": "One"}], "price": "-1"}]
    }))
    .respond(&s.fake, 200, answer(json!({"productVariantsBulkCreate": {"productVariants": [], "userErrors": [
        {"field": ["variants", "0", "price"], "message": "Price must be greater than or equal to 0", "code": "GREATER_THAN_OR_EQUAL_TO"}
    ]}})))
    .await;
    let e = s
        .client
        .call_err(
            "shopify_create_product",
            json!({"title": "Draft", "variants": [{"option1": "One", "price": "-1"}]}),
        )
        .await;
    assert!(e.contains("The product was created (id 108828309)"), "{e}");
    assert!(e.contains("`variants.0.price`: Price must be greater than or equal to 0 (GREATER_THAN_OR_EQUAL_TO)"), "{e}");
}

#[tokio::test]
async fn create_product_rejects_a_float_like_price() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_create_product",
            json!({"title": "x", "variants": [{"option1": "A", "price": "1,99"}]}),
        )
        .await;
    assert!(e.contains("decimal amount"), "{e}");
}

#[tokio::test]
async fn update_product_contract() {
    let s = setup().await;
    gql("ProductUpdate", json!({"product": {"id": "gid://shopify/Product/108828309", "title": "New", "status": "ARCHIVED"}}))
        .respond(&s.fake, 200, answer(json!({"productUpdate": {"product": product_node(), "userErrors": []}})))
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_update_product",
            json!({"product_id": "108828309", "title": "New", "status": "archived"}),
        )
        .await;
    assert_eq!(v["gid"], "gid://shopify/Product/108828309");
}

#[tokio::test]
async fn update_product_needs_a_field_and_reports_user_errors() {
    let s = setup().await;
    let e = s
        .client
        .call_err("shopify_update_product", json!({"product_id": "1"}))
        .await;
    assert!(e.contains("nothing to update"), "{e}");
    gql(
        "ProductUpdate",
        json!({"product": {"id": "gid://shopify/Product/1", "title": "x"}}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"productUpdate": user_errors("product", json!([
            {"field": ["id"], "message": "Product does not exist"}
        ]))})),
    )
    .await;
    let e = s
        .client
        .call_err(
            "shopify_update_product",
            json!({"product_id": "1", "title": "x"}),
        )
        .await;
    assert!(e.contains("`id`: Product does not exist"), "{e}");
}

fn collection_node() -> Value {
    json!({"id": "gid://shopify/Collection/841564295", "legacyResourceId": "841564295", "title": "Summer",
        "handle": "summer", "sortOrder": "BEST_SELLING", "updatedAt": "2026-01-01T00:00:00Z", "productsCount": {"count": 2, "precision": "EXACT"}})
}

#[tokio::test]
async fn list_collections_contract() {
    let s = setup().await;
    gql(
        "Collections",
        json!({"first": 50, "query": "title:\"Summer sale\""}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"collections": page(vec![collection_node()], None)})),
    )
    .await;
    let v = s
        .client
        .call_ok("shopify_list_collections", json!({"title": "Summer sale"}))
        .await;
    assert_eq!(
        v,
        json!({"collections": [{"id": "841564295", "gid": "gid://shopify/Collection/841564295",
        "title": "Summer", "handle": "summer", "sort_order": "BEST_SELLING", "updated_at": "2026-01-01T00:00:00Z", "products_count": 2}]})
    );
}

#[tokio::test]
async fn list_collections_vendor_error() {
    let s = setup().await;
    gql("Collections", json!({"first": 5}))
        .respond(&s.fake, 200, json!({"errors": [{"message": "Access denied for collections field. Required access: `read_products` access scope.",
            "extensions": {"code": "ACCESS_DENIED", "documentation": "https://shopify.dev/api/usage/access-scopes"}, "path": ["collections"]}], "data": null}))
        .await;
    let e = s
        .client
        .call_err("shopify_list_collections", json!({"limit": 5}))
        .await;
    assert!(
        e.contains("ACCESS_DENIED") && e.contains("read_products"),
        "{e}"
    );
}

#[tokio::test]
async fn get_collection_contract() {
    let s = setup().await;
    let mut node = collection_node();
    node["descriptionHtml"] = json!("<p>Hot</p>");
    node["products"] = json!({"nodes": [{"id": "gid://shopify/Product/1", "legacyResourceId": "1", "title": "Tee", "status": "ACTIVE"}]});
    gql(
        "Collection",
        json!({"id": "gid://shopify/Collection/841564295"}),
    )
    .respond(&s.fake, 200, answer(json!({"collection": node})))
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_collection",
            json!({"collection_id": "841564295", "type": "smart"}),
        )
        .await;
    assert_eq!(
        v["products"],
        json!([{"id": "1", "gid": "gid://shopify/Product/1", "title": "Tee", "status": "ACTIVE"}])
    );
    assert_eq!(v["body_html"], "<p>Hot</p>");
}

#[tokio::test]
async fn get_collection_rejects_a_bad_type() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_get_collection",
            json!({"collection_id": "1", "type": "automatic"}),
        )
        .await;
    assert!(e.contains("unknown variant"), "{e}");
}

#[tokio::test]
async fn create_collection_contract() {
    let s = setup().await;
    gql("CollectionCreate", json!({"collection": {"title": "Summer", "descriptionHtml": "<p>Hot</p>", "sortOrder": "PRICE_DESC"}}))
        .respond(&s.fake, 200, answer(json!({"collectionCreate": {"collection": collection_node(), "userErrors": []}})))
        .await;
    let v = s.client.call_ok("shopify_create_collection", json!({"title": "Summer", "body_html": "<p>Hot</p>", "sort_order": "price-desc", "collection_type": "custom"})).await;
    assert_eq!(v["id"], "841564295");
}

#[tokio::test]
async fn create_collection_refuses_smart_without_rules() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "shopify_create_collection",
            json!({"title": "Auto", "collection_type": "smart"}),
        )
        .await;
    assert!(e.contains("smart collection needs product rules"), "{e}");
}
