//! The cookie + crumb session: fetched once per process, renewed once on "Invalid Crumb",
//! and clear messages when Yahoo blocks (429, HTML pages).

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::common::{CRUMB, Fake, mount_session, yahoo};

fn options_body() -> serde_json::Value {
    json!({"optionChain": {"result": [{"underlyingSymbol": "AAPL", "expirationDates": [1765497600], "strikes": [], "hasMiniOptions": false, "quote": {}, "options": []}], "error": null}})
}

#[tokio::test]
async fn session_is_reused_across_calls() {
    let f = Fake::start().await;
    yahoo("/v7/finance/options/AAPL", &[])
        .times(2)
        .respond(&f.fake, 200, options_body())
        .await;
    for _ in 0..2 {
        f.client
            .call_ok("get_option_expiration_dates", json!({"ticker": "aapl"}))
            .await;
    }
}

#[tokio::test]
async fn invalid_crumb_renews_the_session_once() {
    let f = Fake::bare().await;
    mount_session(&f.fake, CRUMB, 2).await;
    let invalid = json!({"finance": {"result": null, "error": {"code": "Unauthorized", "description": "Invalid Crumb"}}});
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/v7/finance/options/AAPL"))
        .respond_with(ResponseTemplate::new(401).set_body_json(invalid))
        .up_to_n_times(1)
        .with_priority(1)
        .expect(1)
        .mount(&f.fake)
        .await;
    yahoo("/v7/finance/options/AAPL", &[])
        .respond(&f.fake, 200, options_body())
        .await;
    let v = f
        .client
        .call_ok("get_option_expiration_dates", json!({"ticker": "AAPL"}))
        .await;
    assert_eq!(v["expiration_dates"], json!(["2025-12-12"]));
}

#[tokio::test]
async fn still_invalid_after_renewal_is_an_error() {
    let f = Fake::bare().await;
    mount_session(&f.fake, CRUMB, 2).await;
    let invalid = json!({"finance": {"result": null, "error": {"code": "Unauthorized", "description": "Invalid Crumb"}}});
    yahoo("/v7/finance/options/AAPL", &[])
        .times(2)
        .respond(&f.fake, 401, invalid)
        .await;
    let err = f
        .client
        .call_err("get_option_expiration_dates", json!({"ticker": "AAPL"}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid Crumb"),
        "{err}"
    );
}

#[tokio::test]
async fn rate_limited_crumb_says_yahoo_blocks() {
    let f = Fake::bare().await;
    expect("GET", "/")
        .respond_with(&f.fake, ResponseTemplate::new(404))
        .await;
    expect("GET", "/v1/test/getcrumb")
        .times(3)
        .respond_with(
            &f.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_string("Too Many Requests"),
        )
        .await;
    let err = f
        .client
        .call_err("get_stock_info", json!({"ticker": "AAPL"}))
        .await;
    assert!(err.contains("429") && err.contains("unofficial"), "{err}");
}

#[tokio::test]
async fn consent_page_is_a_clear_error() {
    let f = Fake::start().await;
    yahoo("/v7/finance/options/AAPL", &[])
        .respond_with(
            &f.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/html")
                .set_body_string("<html><form action=\"https://consent.yahoo.com/v2/collectConsent\">consent</form></html>"),
        )
        .await;
    let err = f
        .client
        .call_err("get_option_expiration_dates", json!({"ticker": "AAPL"}))
        .await;
    assert!(err.contains("cookie-consent page"), "{err}");
}
