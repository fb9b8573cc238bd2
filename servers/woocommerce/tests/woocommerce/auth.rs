//! The store's address and the key pair: the OAuth 1.0a signature over plain http, checked
//! against one computed here from the docs' algorithm and against a known vector; refused
//! hosts; writes never repeated; WooCommerce's error bodies.

use crate::common::*;
use base64::Engine as _;
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::{Value, json};

/// RFC 3986 percent-encoding, written out (unreserved: ALPHA, DIGIT, `-._~`).
fn rfc3986(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The docs' "Creating a signature" steps, over a received request's query.
fn expected_signature(method: &str, url: &str, query: &[(String, String)], secret: &str) -> String {
    let mut params: Vec<(String, String)> = query
        .iter()
        .filter(|(k, _)| k != "oauth_signature")
        .map(|(k, v)| (rfc3986(k), rfc3986(v)))
        .collect();
    params.sort();
    let param_string = params
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&");
    let base = format!("{method}&{}&{}", rfc3986(url), rfc3986(&param_string));
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, format!("{secret}&").as_bytes());
    base64::engine::general_purpose::STANDARD
        .encode(ring::hmac::sign(&key, base.as_bytes()).as_ref())
}

fn query_of(r: &mcp_testkit::wiremock::Request) -> Vec<(String, String)> {
    r.url
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn get<'a>(q: &'a [(String, String)], k: &str) -> Option<&'a str> {
    q.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn over_plain_http_requests_carry_the_oauth_signature_not_basic() {
    let s = store(None).await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(api("/orders")))
        .respond_with(listed(json!([order(727)]), 1, 1))
        .expect(1)
        .mount(&s.fake)
        .await;
    Mock::given(matchers::method("DELETE"))
        .and(matchers::path(api("/coupons/719")))
        .respond_with(ResponseTemplate::new(200).set_body_json(coupon(719)))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("woo_orders_list", json!({"search": "x", "status": ["completed", "on-hold"], "dateAfter": "2026-01-01T00:00:00", "perPage": 5}))
        .await;
    assert_eq!(v["total"], 1);
    s.client
        .call_ok("woo_coupons_delete", json!({"couponId": 719}))
        .await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let received = s.fake.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    for r in &received {
        assert!(
            r.headers.get("authorization").is_none(),
            "no Basic over http"
        );
        let q = query_of(r);
        assert_eq!(get(&q, "oauth_consumer_key"), Some(KEY));
        assert_eq!(get(&q, "oauth_signature_method"), Some("HMAC-SHA256"));
        assert!(get(&q, "oauth_version").is_none());
        let nonce = get(&q, "oauth_nonce").unwrap();
        assert_eq!(nonce.len(), 32, "{nonce}");
        let ts: u64 = get(&q, "oauth_timestamp").unwrap().parse().unwrap();
        assert!(ts.abs_diff(now) < 120, "{ts} vs {now}");
        let url = format!("{}{}", s.fake.uri(), r.url.path());
        let want = expected_signature(r.method.as_str(), &url, &q, SECRET);
        assert_eq!(get(&q, "oauth_signature"), Some(want.as_str()), "{}", r.url);
    }
    let list = query_of(&received[0]);
    assert_eq!(get(&list, "status"), Some("completed,on-hold"));
    assert_eq!(get(&list, "after"), Some("2026-01-01T00:00:00"));
    assert_eq!(get(&list, "per_page"), Some("5"));
    assert_eq!(get(&query_of(&received[1]), "force"), Some("true"));
    // Two requests, two nonces.
    assert_ne!(
        get(&query_of(&received[0]), "oauth_nonce"),
        get(&query_of(&received[1]), "oauth_nonce")
    );
}

#[test]
fn the_signature_matches_a_known_vector_and_the_docs_base_string() {
    // The docs' example base string.
    let base = woocommerce_mcp_server::base_string(
        "get",
        "http://www.example.com/wp-json/wc/v3/orders",
        &[
            ("oauth_signature_method".into(), "HMAC-SHA1".into()),
            ("oauth_consumer_key".into(), "abc123".into()),
        ],
    );
    assert_eq!(
        base,
        "GET&http%3A%2F%2Fwww.example.com%2Fwp-json%2Fwc%2Fv3%2Forders&oauth_consumer_key%3Dabc123%26oauth_signature_method%3DHMAC-SHA1"
    );
    // Computed with Python's hmac/hashlib and urllib.parse.quote(safe="~").
    let params: Vec<(String, String)> = [
        ("oauth_consumer_key", "ck_abc123"),
        ("oauth_nonce", "0123456789abcdef0123456789abcdef"),
        ("oauth_signature_method", "HMAC-SHA256"),
        ("oauth_timestamp", "1700000000"),
        ("search", "blue mug+tea/ü"),
        ("per_page", "5"),
        ("status", "completed,on-hold"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let base = woocommerce_mcp_server::base_string(
        "GET",
        "http://www.example.com/wp-json/wc/v3/orders",
        &params,
    );
    assert_eq!(
        base,
        "GET&http%3A%2F%2Fwww.example.com%2Fwp-json%2Fwc%2Fv3%2Forders&oauth_consumer_key%3Dck_abc123%26oauth_nonce%3D0123456789abcdef0123456789abcdef%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1700000000%26per_page%3D5%26search%3Dblue%2520mug%252Btea%252F%25C3%25BC%26status%3Dcompleted%252Con-hold"
    );
    assert_eq!(
        woocommerce_mcp_server::sign(&base, "cs_secret"),
        "v2uPsSoM8ZyOrPdLSCYDcvjUYC6iEebruX9AYO8YgeU="
    );
    assert_eq!(
        expected_signature(
            "GET",
            "http://www.example.com/wp-json/wc/v3/orders",
            &params,
            "cs_secret"
        ),
        "v2uPsSoM8ZyOrPdLSCYDcvjUYC6iEebruX9AYO8YgeU="
    );
}

#[tokio::test]
async fn an_unknown_http_auth_setting_is_a_clear_error() {
    let s = store(Some("digest")).await;
    let err = s
        .client
        .call_err("woo_products_get", json!({"productId": 1}))
        .await;
    assert!(
        err.contains("--plain-http-signing") && err.contains("digest"),
        "{err}"
    );
    mcp_testkit::assert_no_requests(&s.fake).await;
}

/// A server that allows no host of its operator's, and a client naming `site`.
async fn public_only_call(site: &str) -> String {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = None;
    let server = TestServer::start(&woocommerce_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&creds(site)),
        )])
        .await;
    let err = client.call_err("woo_products_list", json!({})).await;
    mcp_testkit::assert_no_requests(&fake).await;
    assert!(!err.contains(SECRET) && !err.contains(KEY), "{err}");
    err
}

#[tokio::test]
async fn stores_on_this_machine_or_a_private_network_are_refused() {
    let fake = MockServer::start().await;
    for site in [
        fake.uri(),
        format!("https://127.0.0.1:{}", fake.address().port()),
        "https://localhost".to_owned(),
        "https://[::1]".to_owned(),
        "https://10.0.0.5".to_owned(),
        "https://192.168.1.20".to_owned(),
        "https://169.254.169.254".to_owned(),
    ] {
        let err = public_only_call(&site).await;
        assert!(
            err.contains("not a public internet host") && err.contains("WOOCOMMERCE_ALLOWED_HOSTS"),
            "{site}: {err}"
        );
    }
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn a_public_store_on_plain_http_or_with_a_path_is_refused() {
    let err = public_only_call("http://shop.example.com").await;
    assert!(err.contains("only called over https"), "{err}");
    let err = public_only_call("https://shop.example.com/wp-json/wc/v3?x=1").await;
    assert!(err.contains("site_url"), "{err}");
}

#[tokio::test]
async fn missing_key_pair_fields_are_named() {
    let s = store(None).await;
    let c = s
        .client_with(json!({"site_url": s.fake.uri(), "consumer_key": KEY}))
        .await;
    let err = c
        .call_err("woo_products_get", json!({"productId": 1}))
        .await;
    assert!(err.contains("consumer_secret"), "{err}");
    let s = setup().await;
    let c = s
        .client_with(json!({"site_url": s.fake.uri(), "consumer_secret": SECRET}))
        .await;
    let err = c
        .call_err("woo_products_get", json!({"productId": 1}))
        .await;
    assert!(err.contains("consumer_key"), "{err}");
    let c = s
        .client_with(json!({"consumer_key": KEY, "consumer_secret": SECRET}))
        .await;
    let err = c
        .call_err("woo_products_get", json!({"productId": 1}))
        .await;
    assert!(err.contains("site_url"), "{err}");
    mcp_testkit::assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn woocommerce_error_bodies_become_clear_messages() {
    let s = setup().await;
    req("GET", "/products/9999")
        .respond(&s.fake, 404, json!({"code": "woocommerce_rest_product_invalid_id", "message": "Invalid ID.", "data": {"status": 404}}))
        .await;
    let err = s
        .client
        .call_err("woo_products_get", json!({"productId": 9999}))
        .await;
    assert!(
        err.contains("404")
            && err.contains("Invalid ID.")
            && err.contains("woocommerce_rest_product_invalid_id"),
        "{err}"
    );
    req("POST", "/coupons")
        .any_body()
        .respond(&s.fake, 400, json!({"code": "rest_invalid_param", "message": "Invalid parameter(s): discount_type", "data": {"status": 400, "params": {"discount_type": "discount_type is not one of percent, fixed_cart and fixed_product."}}}))
        .await;
    let err = s
        .client
        .call_err(
            "woo_coupons_create",
            json!({"couponData": {"code": "x", "discount_type": "half"}}),
        )
        .await;
    assert!(
        err.contains("Invalid parameter(s): discount_type")
            && err.contains("is not one of percent"),
        "{err}"
    );
    req("GET", "/orders/1")
        .respond(&s.fake, 401, json!({"code": "woocommerce_rest_authentication_error", "message": "Invalid signature - provided signature does not match.", "data": {"status": 401}}))
        .await;
    let err = s
        .client
        .call_err("woo_orders_get", json!({"orderId": 1}))
        .await;
    assert!(
        err.contains("Invalid signature") && err.contains("consumer_key"),
        "{err}"
    );
    assert!(!err.contains(SECRET), "{err}");
}

#[tokio::test]
async fn writes_are_sent_once_even_on_a_server_error_and_reads_are_retried() {
    let s = setup().await;
    let fail = || {
        ResponseTemplate::new(503).set_body_json(
            json!({"code": "internal_server_error", "message": "Busy", "data": {"status": 503}}),
        )
    };
    for (method, path) in [
        ("POST", "/orders"),
        ("PUT", "/orders/5"),
        ("PUT", "/system_status/tools/clear_sessions"),
    ] {
        req(method, path)
            .any_body()
            .times(1)
            .respond_with(&s.fake, fail())
            .await;
    }
    req("DELETE", "/orders/5")
        .query("force", "false")
        .times(1)
        .respond_with(&s.fake, fail())
        .await;
    req("GET", "/orders/5")
        .times(3)
        .respond_with(&s.fake, fail())
        .await;
    for (tool, args) in [
        (
            "woo_orders_create",
            json!({"orderData": {"status": "pending"}}),
        ),
        (
            "woo_orders_update",
            json!({"orderId": 5, "orderData": {"status": "completed"}}),
        ),
        ("woo_orders_delete", json!({"orderId": 5})),
        ("woo_system_tools_run", json!({"toolId": "clear_sessions"})),
        ("woo_orders_get", json!({"orderId": 5})),
    ] {
        let err = s.client.call_err(tool, args).await;
        assert!(err.contains("503"), "{tool}: {err}");
    }
}

#[tokio::test]
async fn results_keep_backslashes_and_quotes() {
    let mut p = product(7);
    p["description"] = Value::String(r#"Say "hi" \ C:\shop"#.into());
    let v = reads(
        "woo_products_get",
        json!({"productId": 7}),
        "/products/7",
        p,
    )
    .await;
    assert_eq!(v["description"], r#"Say "hi" \ C:\shop"#);
}
