//! Customers and coupons.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn customers_list() {
    let v = call_list(
        "woo_customers_list",
        json!({"perPage": 10, "search": "doe", "email": "john.doe@example.com", "role": "all", "orderby": "registered_date", "order": "asc"}),
        req("GET", "/customers").queries(&[("search", "doe"), ("email", "john.doe@example.com"), ("role", "all"), ("orderby", "registered_date"), ("order", "asc"), ("per_page", "10")]),
        json!([customer(25)]),
        1,
        1,
    )
    .await;
    assert_eq!(v["customers"], json!([bare(customer(25))]));
}

#[tokio::test]
async fn customers_get() {
    gets(
        "woo_customers_get",
        json!({"customerId": 25}),
        "/customers/25",
        customer(25),
    )
    .await;
}

#[tokio::test]
async fn customers_create() {
    let data = json!({"email": "john.doe@example.com", "first_name": "John", "last_name": "Doe", "username": "john.doe",
        "billing": {"first_name": "John", "city": "San Francisco", "country": "US"}});
    let v = sends(
        "woo_customers_create",
        json!({"customerData": data}),
        ("POST", "/customers"),
        data.clone(),
        201,
        customer(25),
    )
    .await;
    assert_eq!(v["id"], 25);
    let err = refused(
        "woo_customers_create",
        json!({"customerData": {"first_name": "x"}}),
    )
    .await;
    assert!(err.contains("customerData.email"), "{err}");
}

#[tokio::test]
async fn customers_update() {
    let data = json!({"first_name": "James", "billing": {"first_name": "James"}});
    let v = sends(
        "woo_customers_update",
        json!({"customerId": 25, "customerData": data}),
        ("PUT", "/customers/25"),
        data.clone(),
        200,
        customer(25),
    )
    .await;
    assert_eq!(v["id"], 25);
}

#[tokio::test]
async fn coupons_list() {
    let v = call_list(
        "woo_coupons_list",
        json!({"perPage": 3, "page": 1, "search": "off", "code": "10off"}),
        req("GET", "/coupons").queries(&[
            ("search", "off"),
            ("code", "10off"),
            ("page", "1"),
            ("per_page", "3"),
        ]),
        json!([coupon(719)]),
        4,
        2,
    )
    .await;
    assert_eq!(v["coupons"], json!([bare(coupon(719))]));
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn coupons_get() {
    gets(
        "woo_coupons_get",
        json!({"couponId": 719}),
        "/coupons/719",
        coupon(719),
    )
    .await;
}

#[tokio::test]
async fn coupons_create() {
    let data = json!({"code": "10off", "discount_type": "percent", "amount": "10", "individual_use": true, "exclude_sale_items": true, "minimum_amount": "100.00"});
    let v = sends(
        "woo_coupons_create",
        json!({"couponData": data}),
        ("POST", "/coupons"),
        data.clone(),
        201,
        coupon(719),
    )
    .await;
    assert_eq!(v["code"], "10off");
    let err = refused("woo_coupons_create", json!({"couponData": {"amount": "5"}})).await;
    assert!(err.contains("couponData.code"), "{err}");
}

#[tokio::test]
async fn coupons_update() {
    let v = sends(
        "woo_coupons_update",
        json!({"couponId": 719, "couponData": {"amount": "5"}}),
        ("PUT", "/coupons/719"),
        json!({"amount": "5"}),
        200,
        coupon(719),
    )
    .await;
    assert_eq!(v["id"], 719);
}

#[tokio::test]
async fn coupons_delete_for_good_by_default() {
    let v = deletes(
        "woo_coupons_delete",
        json!({"couponId": 719}),
        "/coupons/719",
        "true",
        coupon(719),
    )
    .await;
    assert_eq!(v["id"], 719);
    let v = deletes(
        "woo_coupons_delete",
        json!({"couponId": 720, "force": false}),
        "/coupons/720",
        "false",
        coupon(720),
    )
    .await;
    assert_eq!(v["id"], 720);
}
