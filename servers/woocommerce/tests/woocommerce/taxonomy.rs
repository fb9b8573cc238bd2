//! Categories, tags and reviews.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn categories_list() {
    let cat = json!({"id": 15, "name": "Clothing", "slug": "clothing", "parent": 0, "description": "", "display": "default", "image": null, "menu_order": 0, "count": 36, "_links": links()});
    let v = call_list(
        "woo_products_categories_list",
        json!({"perPage": 50, "page": 1, "search": "cloth", "parent": 0, "hideEmpty": true}),
        req("GET", "/products/categories").queries(&[
            ("search", "cloth"),
            ("parent", "0"),
            ("hide_empty", "true"),
            ("page", "1"),
            ("per_page", "50"),
        ]),
        json!([cat]),
        1,
        1,
    )
    .await;
    assert_eq!(v["categories"][0]["name"], "Clothing");
    assert_eq!(v["total_pages"], 1);
}

#[tokio::test]
async fn categories_create() {
    let data = json!({"name": "Clothing", "image": {"src": "http://demo.woothemes.com/woocommerce/wp-content/uploads/sites/56/2013/06/T_2_front.jpg"}});
    let v = sends(
        "woo_products_categories_create",
        json!({"categoryData": data}),
        ("POST", "/products/categories"),
        data.clone(),
        201,
        json!({"id": 9, "name": "Clothing", "slug": "clothing", "parent": 0, "count": 0}),
    )
    .await;
    assert_eq!(v["id"], 9);
    let err = refused(
        "woo_products_categories_create",
        json!({"categoryData": {"slug": "x"}}),
    )
    .await;
    assert!(err.contains("categoryData.name"), "{err}");
}

#[tokio::test]
async fn tags_list() {
    let v = call_list(
        "woo_products_tags_list",
        json!({"search": "leather", "hideEmpty": false}),
        req("GET", "/products/tags").queries(&[("search", "leather"), ("hide_empty", "false")]),
        json!([{"id": 34, "name": "Leather Shoes", "slug": "leather-shoes", "description": "", "count": 0}]),
        1,
        1,
    )
    .await;
    assert_eq!(v["tags"][0]["id"], 34);
}

#[tokio::test]
async fn reviews_list_of_one_product() {
    let review = json!({"id": 22, "date_created": "2018-10-18T17:59:17", "product_id": 22, "status": "approved",
        "reviewer": "John Doe", "reviewer_email": "john.doe@example.com", "review": "Nice album!", "rating": 5, "verified": false});
    let v = call_list(
        "woo_products_reviews_list",
        json!({"productId": 22, "status": "all", "perPage": 10, "page": 1}),
        req("GET", "/products/reviews").queries(&[
            ("product", "22"),
            ("status", "all"),
            ("page", "1"),
            ("per_page", "10"),
        ]),
        json!([review]),
        1,
        1,
    )
    .await;
    assert_eq!(v["reviews"][0]["rating"], 5);
}
