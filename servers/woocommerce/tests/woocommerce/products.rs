//! Products and variations.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn products_list_sends_every_filter_and_reports_the_paging_headers() {
    let e = req("GET", "/products").queries(&[
        ("search", "shirt"),
        ("status", "publish"),
        ("category", "9"),
        ("tag", "12"),
        ("sku", "TS-1"),
        ("featured", "true"),
        ("on_sale", "false"),
        ("min_price", "10.00"),
        ("max_price", "50"),
        ("stock_status", "instock"),
        ("orderby", "price"),
        ("order", "asc"),
        ("page", "2"),
        ("per_page", "5"),
    ]);
    let v = call_list(
        "woo_products_list",
        json!({"perPage": 5, "page": 2, "search": "shirt", "status": "publish", "category": "9", "tag": "12",
               "sku": "TS-1", "featured": true, "onSale": false, "minPrice": "10.00", "maxPrice": "50",
               "stockStatus": "instock", "orderby": "price", "order": "asc"}),
        e,
        json!([product(794), product(795)]),
        12,
        3,
    )
    .await;
    assert_eq!(
        v,
        json!({"products": [bare(product(794)), bare(product(795))], "page": 2, "per_page": 5, "total": 12, "total_pages": 3, "next_page": 3})
    );
}

#[tokio::test]
async fn products_list_without_arguments_and_last_page() {
    let v = call_list(
        "woo_products_list",
        json!({}),
        req("GET", "/products"),
        json!([]),
        0,
        0,
    )
    .await;
    assert_eq!(
        v,
        json!({"products": [], "page": 1, "total": 0, "total_pages": 0})
    );
}

#[tokio::test]
async fn products_get() {
    gets(
        "woo_products_get",
        json!({"productId": 794}),
        "/products/794",
        product(794),
    )
    .await;
}

#[tokio::test]
async fn products_create_posts_the_product_object() {
    let data = json!({"name": "Premium Quality", "type": "simple", "regular_price": "21.99",
        "description": "Pellentesque habitant morbi tristique.", "categories": [{"id": 9}, {"id": 14}],
        "images": [{"src": "http://demo.woothemes.com/woocommerce/wp-content/uploads/sites/56/2013/06/T_2_front.jpg"}]});
    let v = sends(
        "woo_products_create",
        json!({"productData": data}),
        ("POST", "/products"),
        data.clone(),
        201,
        product(794),
    )
    .await;
    assert_eq!(v["id"], 794);
    assert!(v.get("_links").is_none());
}

#[tokio::test]
async fn products_update_puts_the_fields() {
    let v = sends(
        "woo_products_update",
        json!({"productId": 794, "productData": {"regular_price": "24.54"}}),
        ("PUT", "/products/794"),
        json!({"regular_price": "24.54"}),
        200,
        product(794),
    )
    .await;
    assert_eq!(v["id"], 794);
}

#[tokio::test]
async fn products_delete_to_the_trash_by_default_and_for_good_with_force() {
    let v = deletes(
        "woo_products_delete",
        json!({"productId": 794}),
        "/products/794",
        "false",
        product(794),
    )
    .await;
    assert_eq!(v["id"], 794);
    let v = deletes(
        "woo_products_delete",
        json!({"productId": 794, "force": true}),
        "/products/794",
        "true",
        product(794),
    )
    .await;
    assert_eq!(v["name"], "Premium Quality");
}

#[tokio::test]
async fn products_batch_update_posts_create_update_delete() {
    let body = json!({
        "create": [{"name": "Woo Single #1", "type": "simple", "regular_price": "21.99"}],
        "update": [{"id": 799, "default_attributes": [{"id": 6, "option": "Green"}]}],
        "delete": [794]
    });
    let answer =
        json!({"create": [product(801)], "update": [product(799)], "delete": [product(794)]});
    let v = sends(
        "woo_products_batch_update",
        body.clone(),
        ("POST", "/products/batch"),
        body,
        200,
        answer.clone(),
    )
    .await;
    assert_eq!(v, answer);
}

#[tokio::test]
async fn products_batch_update_needs_something_and_ids_to_update() {
    let err = refused("woo_products_batch_update", json!({})).await;
    assert!(err.contains("at least one of"), "{err}");
    let err = refused(
        "woo_products_batch_update",
        json!({"update": [{"name": "x"}]}),
    )
    .await;
    assert!(err.contains("`id`"), "{err}");
}

#[tokio::test]
async fn products_variations_list() {
    let variation = json!({"id": 732, "sku": "", "price": "9.00", "regular_price": "9.00", "stock_status": "instock",
        "attributes": [{"id": 6, "name": "Color", "option": "Black"}], "_links": links()});
    let v = call_list(
        "woo_products_variations_list",
        json!({"productId": 22, "perPage": 20}),
        req("GET", "/products/22/variations").query("per_page", "20"),
        json!([variation]),
        1,
        1,
    )
    .await;
    assert_eq!(v["variations"][0]["id"], 732);
    assert!(v["variations"][0].get("_links").is_none());
    assert_eq!(v["total"], 1);
    assert_eq!(v["per_page"], 20);
    assert!(v.get("next_page").is_none());
}

#[tokio::test]
async fn page_sizes_outside_woocommerces_range_are_refused() {
    let err = refused("woo_products_list", json!({"perPage": 101})).await;
    assert!(err.contains("1 to 100"), "{err}");
    let err = refused("woo_products_list", json!({"page": 0})).await;
    assert!(err.contains("starts at 1"), "{err}");
    let err = refused("woo_products_create", json!({"productData": {}})).await;
    assert!(err.contains("productData"), "{err}");
}
