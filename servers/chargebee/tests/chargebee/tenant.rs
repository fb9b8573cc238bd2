//! The site's host from the credential `site`: a Chargebee host only, refused before any
//! request otherwise; an operator's template may place it elsewhere.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

use crate::common::*;

fn no_override() -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: vec![],
        ..settings_for("http://unused.invalid")
    }
}

#[tokio::test]
async fn a_foreign_host_in_site_is_refused_before_any_request() {
    // A live listener the credentials point at: it must never see a request (nor the key).
    let foreign = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"customer": {"id": "x"}})))
        .mount(&foreign)
        .await;
    let server = TestServer::start(&chargebee_mcp_server::SPEC, no_override()).await;
    for site in [
        foreign.uri(),
        "https://evil.example.com".to_owned(),
        "evil.example.com".to_owned(),
        "acme.chargebee.com.evil.io".to_owned(),
        "https://acme.chargebee.com@evil.example.com/".to_owned(),
    ] {
        let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": KEY, "site": site}));
        let client = server.client_with(&[("x-auth-data", &auth)]).await;
        let err = client
            .call_err("chargebee_get_customer", json!({"customer_id": "c1"}))
            .await;
        assert!(err.contains("Refusing the host"), "{site}: {err}");
        assert!(err.contains("*.chargebee.com"), "{site}: {err}");
        assert!(err.contains("No request was made"), "{site}: {err}");
        assert!(!err.contains(KEY), "{err}");
    }
    assert!(
        foreign
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty(),
        "the foreign host was called"
    );
}

#[tokio::test]
async fn a_malformed_site_is_refused_and_a_missing_one_is_named() {
    let server = TestServer::start(&chargebee_mcp_server::SPEC, no_override()).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": KEY, "site": "acme/../x"}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("chargebee_list_items", json!({})).await;
    assert!(err.contains("`site` is not usable"), "{err}");
    let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": KEY}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("chargebee_list_items", json!({})).await;
    assert!(err.contains("`site` is missing"), "{err}");
    assert!(err.contains("CHARGEBEE_SITE"), "{err}");
}

#[tokio::test]
async fn a_missing_key_names_the_fields() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&chargebee_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"site": "acme"}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("chargebee_list_items", json!({})).await;
    assert!(err.contains("api_key"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn an_operator_template_places_the_site_and_klavis_fields_work() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = Some(format!("{}/{{site}}/api/v2", fake.uri()));
    let server = TestServer::start(&chargebee_mcp_server::SPEC, settings).await;
    // Klavis's field names: `access_token` (or `token`) for the key.
    expect("GET", "/acme/api/v2/customers/c1")
        .header("authorization", &mcp_testkit::basic_auth("klavis_key", ""))
        .respond(&fake, 200, json!({"customer": customer_json("c1")}))
        .await;
    let auth =
        mcp_shared::auth::encode_auth_data(&json!({"access_token": "klavis_key", "site": "acme"}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client
        .call_ok("chargebee_get_customer", json!({"customer_id": "c1"}))
        .await;
    assert_eq!(v["id"], "c1");
}
