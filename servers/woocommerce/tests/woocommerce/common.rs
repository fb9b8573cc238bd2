//! The fake store (`/wp-json/wc/v3` on 127.0.0.1, allowed as an operator's own host), a
//! server pointed at it through the tenant's `site_url`, and WooCommerce-shaped bodies.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const KEY: &str = "ck_4f1b2c3d4e5f60718293a4b5c6d7e8f901234567";
pub const SECRET: &str = "cs_9a8b7c6d5e4f30211203f4e5d6c7b8a998765432";

/// The API's path on the fake store.
pub fn api(path: &str) -> String {
    format!("/wp-json/wc/v3{path}")
}

pub fn creds(site: &str) -> Value {
    json!({"site_url": site, "consumer_key": KEY, "consumer_secret": SECRET})
}

/// A store on this machine, allowed by the operator (`WOOCOMMERCE_ALLOWED_HOSTS`), reached
/// with `http_auth` (`basic` for a store behind a TLS proxy; `None`: the default OAuth 1.0a).
pub async fn store(http_auth: Option<&str>) -> Setup {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = None;
    settings.tenant_hosts = vec!["127.0.0.1".into()];
    if let Some(a) = http_auth {
        settings.options = vec![("plain-http-signing".into(), a.into())];
    }
    let server = TestServer::start(&woocommerce_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&creds(&fake.uri())),
        )])
        .await;
    Setup {
        fake,
        server,
        client,
    }
}

/// The store with HTTP Basic (the consumer key and secret), what contract tests assert.
pub async fn setup() -> Setup {
    store(Some("basic")).await
}

/// An expected request with `Authorization: Basic base64(key:secret)`.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, api(path)).header("authorization", &mcp_testkit::basic_auth(KEY, SECRET))
}

/// A list answer with WooCommerce's paging headers.
pub fn listed(items: Value, total: u64, pages: u64) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_json(items)
        .insert_header("X-WP-Total", total.to_string().as_str())
        .insert_header("X-WP-TotalPages", pages.to_string().as_str())
}

/// Call `tool` with `args`, expecting `e` answered with `status` and `body`.
pub async fn call(tool: &str, args: Value, e: Expect, status: u16, body: Value) -> Value {
    let s = setup().await;
    e.respond(&s.fake, status, body).await;
    s.client.call_ok(tool, args).await
}

/// As [`call`], with a list answer carrying paging headers.
pub async fn call_list(
    tool: &str,
    args: Value,
    e: Expect,
    items: Value,
    total: u64,
    pages: u64,
) -> Value {
    let s = setup().await;
    e.respond_with(&s.fake, listed(items, total, pages)).await;
    s.client.call_ok(tool, args).await
}

/// A call refused before any request.
pub async fn refused(tool: &str, args: Value) -> String {
    let s = setup().await;
    let err = s.client.call_err(tool, args).await;
    mcp_testkit::assert_no_requests(&s.fake).await;
    err
}

pub fn links() -> Value {
    json!({"self": [{"href": "https://example.com/wp-json/wc/v3/x/1"}], "collection": [{"href": "https://example.com/wp-json/wc/v3/x"}]})
}

/// A product as the docs' "Retrieve a product" example shows it (abridged).
pub fn product(id: u64) -> Value {
    json!({
        "id": id, "name": "Premium Quality", "slug": "premium-quality-19", "permalink": "https://example.com/product/premium-quality-19/",
        "date_created": "2017-03-23T17:01:14", "type": "simple", "status": "publish", "featured": false,
        "description": "<p>Pellentesque habitant morbi tristique.</p>\n", "sku": "", "price": "21.99",
        "regular_price": "21.99", "sale_price": "", "on_sale": false, "purchasable": true, "total_sales": 0,
        "manage_stock": false, "stock_quantity": null, "stock_status": "instock", "backorders": "no", "low_stock_amount": null,
        "categories": [{"id": 9, "name": "Clothing", "slug": "clothing"}, {"id": 14, "name": "T-shirts", "slug": "t-shirts"}],
        "tags": [], "images": [{"id": 792, "src": "https://example.com/wp-content/uploads/2017/03/T_2_front-4.jpg", "name": "", "alt": ""}],
        "attributes": [], "variations": [], "meta_data": [], "_links": links()
    })
}

/// An order as the docs' "Retrieve an order" example shows it (abridged).
pub fn order(id: u64) -> Value {
    json!({
        "id": id, "parent_id": 0, "number": id.to_string(), "order_key": "wc_order_58d2d042d1d", "created_via": "rest-api",
        "version": "3.0.0", "status": "processing", "currency": "USD", "date_created": "2017-03-22T16:28:02",
        "discount_total": "0.00", "shipping_total": "10.00", "total": "29.35", "total_tax": "1.35", "customer_id": 0,
        "billing": {"first_name": "John", "last_name": "Doe", "email": "john.doe@example.com", "country": "US"},
        "shipping": {"first_name": "John", "last_name": "Doe", "country": "US"},
        "payment_method": "bacs", "payment_method_title": "Direct Bank Transfer", "set_paid": true,
        "line_items": [{"id": 315, "name": "Woo Single #1", "product_id": 93, "variation_id": 0, "quantity": 2, "subtotal": "6.00", "total": "6.00", "sku": "", "price": 3}],
        "shipping_lines": [{"id": 317, "method_title": "Flat Rate", "method_id": "flat_rate", "total": "10.00"}],
        "refunds": [], "_links": links()
    })
}

pub fn customer(id: u64) -> Value {
    json!({
        "id": id, "date_created": "2017-03-21T16:09:28", "email": "john.doe@example.com", "first_name": "John", "last_name": "Doe",
        "role": "customer", "username": "john.doe", "billing": {"first_name": "John", "city": "San Francisco", "country": "US"},
        "shipping": {"first_name": "John", "country": "US"}, "is_paying_customer": false, "avatar_url": "https://secure.gravatar.com/avatar/8eb1b5", "meta_data": [], "_links": links()
    })
}

pub fn coupon(id: u64) -> Value {
    json!({
        "id": id, "code": "10off", "amount": "10.00", "date_created": "2017-03-21T15:23:00", "discount_type": "percent",
        "description": "", "date_expires": null, "usage_count": 0, "individual_use": true, "product_ids": [],
        "usage_limit": null, "free_shipping": false, "exclude_sale_items": true, "minimum_amount": "100.00", "maximum_amount": "0.00", "meta_data": [], "_links": links()
    })
}

/// The item of a value with `_links` dropped, as the tools return it.
pub fn bare(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        m.remove("_links");
    }
    v
}

/// Call `tool` with `args`, expecting a GET of `path` answered with `item`: the tool returns
/// `item` as it is, without `_links`.
pub async fn gets(tool: &str, args: Value, path: &str, item: Value) {
    let v = reads(tool, args, path, item.clone()).await;
    assert_eq!(v, bare(item));
}

/// Call `tool` with `args`, expecting a GET of `path` answered with `answer`.
pub async fn reads(tool: &str, args: Value, path: &str, answer: Value) -> Value {
    call(tool, args, req("GET", path), 200, answer).await
}

/// Call `tool` with `args`, expecting a `method` of `path` with the JSON `body`, answered
/// with `status` and `answer`.
pub async fn sends(
    tool: &str,
    args: Value,
    (method, path): (&'static str, &str),
    body: Value,
    status: u16,
    answer: Value,
) -> Value {
    call(
        tool,
        args,
        req(method, path).json_body(body),
        status,
        answer,
    )
    .await
}

/// Call `tool` with `args`, expecting `DELETE path?force=<force>` answered with `item`.
pub async fn deletes(tool: &str, args: Value, path: &str, force: &str, item: Value) -> Value {
    call(
        tool,
        args,
        req("DELETE", path).query("force", force),
        200,
        item,
    )
    .await
}
