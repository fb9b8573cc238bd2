//! The shop's host from `shop_domain`: `{shop}.myshopify.com` in any of the forms users
//! write, refused before any request when it is another host; the API version pinned and
//! overridable.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

use crate::common::{TOKEN, answer};

fn settings(allowed: Vec<String>) -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: allowed,
        ..settings_for("http://unused.invalid")
    }
}

async fn client_for(server: &TestServer, creds: serde_json::Value) -> mcp_testkit::Client {
    server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds))])
        .await
}

#[test]
fn shop_domain_forms() {
    use shopify_mcp_server::shop_host;
    for given in [
        "acme",
        "acme.myshopify.com",
        "https://acme.myshopify.com/",
        "  ACME.myshopify.com ",
        "http://acme",
        "ACME.myshopify.com.",
        "HTTPS://Acme.MyShopify.com./",
        // The scheme's default port names the same shop.
        "https://acme.myshopify.com:443",
        "acme.myshopify.com:443",
    ] {
        assert_eq!(shop_host(given).unwrap(), "acme.myshopify.com", "{given}");
    }
    assert_eq!(shop_host("evil.example.com").unwrap(), "evil.example.com");
    for bad in [
        "",
        "acme.myshopify.com/admin",
        "a@b.com",
        "acme.myshopify.com:8443",
        "http://acme.myshopify.com:443",
        "..",
        "-acme",
    ] {
        assert!(shop_host(bad).is_err(), "{bad}");
    }
}

#[tokio::test]
async fn foreign_hosts_are_refused_before_any_request() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&shopify_mcp_server::SPEC, settings(vec![])).await;
    for shop in [
        "evil.example.com",
        "https://evil.example.com/",
        "acme.myshopify.com.evil.example.com",
        "myshopify.com",
        &fake.uri(),
    ] {
        let client = client_for(&server, json!({"access_token": TOKEN, "shop_domain": shop})).await;
        let e = client.call_err("shopify_get_shop", json!({})).await;
        assert!(
            e.contains("Refusing the host")
                || e.contains("not a shop domain")
                || e.contains("No request was made"),
            "{shop}: {e}"
        );
        assert!(!e.contains(TOKEN), "{e}");
    }
    let client = client_for(
        &server,
        json!({"access_token": TOKEN, "shop_domain": "evil.example.com"}),
    )
    .await;
    let e = client.call_err("shopify_get_shop", json!({})).await;
    assert!(
        e.contains("Refusing the host `evil.example.com`") && e.contains("*.myshopify.com"),
        "{e}"
    );
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn hosts_the_operator_allows_pass_the_guard() {
    // SHOPIFY_ALLOWED_HOSTS=127.0.0.1: a shop_domain naming it is no longer refused; the call
    // goes out (to https://127.0.0.1, where nothing answers) and fails as a transport error.
    let server = TestServer::start(
        &shopify_mcp_server::SPEC,
        settings(vec!["127.0.0.1".into()]),
    )
    .await;
    let client = client_for(
        &server,
        json!({"access_token": TOKEN, "shop_domain": "127.0.0.1"}),
    )
    .await;
    let e = client.call_err("shopify_get_shop", json!({})).await;
    assert!(
        e.contains("Cannot connect to Shopify at https://127.0.0.1"),
        "{e}"
    );
    assert!(!e.contains(TOKEN), "{e}");
}

#[tokio::test]
async fn missing_shop_domain_names_the_field() {
    let server = TestServer::start(&shopify_mcp_server::SPEC, settings(vec![])).await;
    let client = client_for(&server, json!({"access_token": TOKEN})).await;
    let e = client.call_err("shopify_get_shop", json!({})).await;
    assert!(
        e.contains("shop_domain") && e.contains("SHOPIFY_SHOP_DOMAIN"),
        "{e}"
    );
}

#[tokio::test]
async fn the_api_version_can_be_overridden() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings
        .options
        .push(("api-version".into(), "2026-07".into()));
    let server = TestServer::start(&shopify_mcp_server::SPEC, settings).await;
    expect("POST", "/admin/api/2026-07/graphql.json")
        .header("x-shopify-access-token", TOKEN)
        .graphql("Location", json!({"id": "gid://shopify/Location/1"}))
        .respond(
            &fake,
            200,
            answer(json!({"location": {"id": "gid://shopify/Location/1", "name": "A"}})),
        )
        .await;
    let client = client_for(
        &server,
        json!({"access_token": TOKEN, "shop_domain": "acme"}),
    )
    .await;
    let v = client
        .call_ok("shopify_get_location", json!({"location_id": "1"}))
        .await;
    assert_eq!(v["name"], "A");
}

#[tokio::test]
async fn a_bad_api_version_is_refused() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings
        .options
        .push(("api-version".into(), "latest".into()));
    let server = TestServer::start(&shopify_mcp_server::SPEC, settings).await;
    let client = client_for(
        &server,
        json!({"access_token": TOKEN, "shop_domain": "acme"}),
    )
    .await;
    let e = client.call_err("shopify_get_shop", json!({})).await;
    assert!(e.contains("not a Shopify API version"), "{e}");
}
