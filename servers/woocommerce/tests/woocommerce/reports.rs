//! Reports.

use crate::common::*;
use serde_json::json;

fn sales_body() -> serde_json::Value {
    json!([{"total_sales": "14.00", "net_sales": "4.00", "average_sales": "2.00", "total_orders": 3, "total_items": 6,
        "total_tax": "0.00", "total_shipping": "10.00", "total_refunds": 0, "total_discount": "0.00", "totals_grouped_by": "day",
        "totals": {"2016-05-03": {"sales": "14.00", "orders": 3, "items": 6, "tax": "0.00", "shipping": "10.00", "discount": "0.00", "customers": 0}}}])
}

#[tokio::test]
async fn reports_sales_for_a_window_or_a_period() {
    let v = call(
        "woo_reports_sales",
        json!({"dateMin": "2016-05-03", "dateMax": "2016-05-04"}),
        req("GET", "/reports/sales")
            .queries(&[("date_min", "2016-05-03"), ("date_max", "2016-05-04")]),
        200,
        sales_body(),
    )
    .await;
    assert_eq!(v["total_sales"], "14.00");
    let v = call(
        "woo_reports_sales",
        json!({"period": "last_month"}),
        req("GET", "/reports/sales").query("period", "last_month"),
        200,
        sales_body(),
    )
    .await;
    assert_eq!(v["total_orders"], 3);
    let err = refused("woo_reports_sales", json!({"dateMin": "May 3"})).await;
    assert!(err.contains("YYYY-MM-DD"), "{err}");
}

#[tokio::test]
async fn reports_top_sellers_paged_here() {
    let rows = json!([{"title": "Happy Ninja", "product_id": 37, "quantity": 1}, {"title": "Ninja Silhouette", "product_id": 47, "quantity": 1}, {"title": "Woo Logo", "product_id": 60, "quantity": 1}]);
    let v = call(
        "woo_reports_top_sellers",
        json!({"period": "month", "perPage": 2, "page": 2}),
        req("GET", "/reports/top_sellers").query("period", "month"),
        200,
        rows,
    )
    .await;
    assert_eq!(
        v,
        json!({"top_sellers": [{"title": "Woo Logo", "product_id": 60, "quantity": 1}], "page": 2, "per_page": 2, "total": 3, "total_pages": 2})
    );
}

#[tokio::test]
async fn reports_customers_totals() {
    let rows = json!([{"slug": "paying", "name": "Paying customer", "total": 2}, {"slug": "non_paying", "name": "Non-paying customer", "total": 1}]);
    let v = reads(
        "woo_reports_customers",
        json!({}),
        "/reports/customers/totals",
        rows.clone(),
    )
    .await;
    assert_eq!(v, json!({"totals": rows}));
    let v = reads(
        "woo_reports_customers",
        json!({"period": "week"}),
        "/reports/customers/totals",
        rows,
    )
    .await;
    assert!(v["note"].as_str().unwrap().contains("not applied"), "{v}");
}

#[tokio::test]
async fn reports_orders_totals() {
    let rows = json!([{"slug": "pending", "name": "Pending payment", "total": 7}, {"slug": "processing", "name": "Processing", "total": 2}]);
    let v = reads(
        "woo_reports_orders",
        json!({}),
        "/reports/orders/totals",
        rows.clone(),
    )
    .await;
    assert_eq!(v, json!({"totals": rows}));
}

#[tokio::test]
async fn reports_products_totals() {
    let rows = json!([{"slug": "external", "name": "External/Affiliate product", "total": 1}, {"slug": "simple", "name": "Simple product", "total": 21}]);
    let v = reads(
        "woo_reports_products",
        json!({"perPage": 1}),
        "/reports/products/totals",
        rows,
    )
    .await;
    assert_eq!(
        v["totals"],
        json!([{"slug": "external", "name": "External/Affiliate product", "total": 1}])
    );
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn reports_stock_reads_products() {
    let mut p = product(794);
    p["manage_stock"] = json!(true);
    p["stock_quantity"] = json!(3);
    let v = call_list(
        "woo_reports_stock",
        json!({"perPage": 50}),
        req("GET", "/products").query("per_page", "50"),
        json!([p]),
        1,
        1,
    )
    .await;
    assert_eq!(
        v["products"],
        json!([{"id": 794, "name": "Premium Quality", "sku": "", "type": "simple", "status": "publish", "manage_stock": true, "stock_quantity": 3, "stock_status": "instock", "backorders": "no"}])
    );
    assert_eq!(v["total"], 1);
}

#[tokio::test]
async fn reports_low_stock_uses_the_stores_threshold() {
    let s = setup().await;
    req("GET", "/settings/products/woocommerce_notify_low_stock_amount")
        .respond(&s.fake, 200, json!({"id": "woocommerce_notify_low_stock_amount", "label": "Low stock threshold", "type": "number", "default": "2", "value": "4"}))
        .await;
    let mut low = product(1);
    low["manage_stock"] = json!(true);
    low["stock_quantity"] = json!(4);
    let mut plenty = product(2);
    plenty["manage_stock"] = json!(true);
    plenty["stock_quantity"] = json!(40);
    let mut own = product(3);
    own["manage_stock"] = json!(true);
    own["stock_quantity"] = json!(9);
    own["low_stock_amount"] = json!(10);
    req("GET", "/products")
        .query("per_page", "100")
        .respond_with(&s.fake, listed(json!([low, plenty, own, product(4)]), 4, 1))
        .await;
    let v = s
        .client
        .call_ok("woo_reports_low_stock", json!({"perPage": 100}))
        .await;
    let ids: Vec<_> = v["low_stock"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    assert_eq!(ids, [json!(1), json!(3)]);
    assert_eq!(v["threshold"], 4);
}
