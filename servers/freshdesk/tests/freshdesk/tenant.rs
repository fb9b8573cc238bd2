//! The tenant host: `https://{domain}.freshdesk.com/api/v2` from the `domain` credential,
//! given as a bare subdomain, the full host or its URL. Any other host is refused before any
//! request, so the API key never reaches it.

use freshdesk_mcp_server::tenant_label;
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::{Value, json};

use crate::common::KEY;

fn auth(v: Value) -> String {
    mcp_shared::auth::encode_auth_data(&v)
}

/// The real template, no widened hosts.
fn real_hosts() -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: vec![],
        ..settings_for("http://unused.invalid")
    }
}

/// A listener that would answer anything: it must never be asked.
async fn listener() -> MockServer {
    let foreign = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"account_id": 1})))
        .mount(&foreign)
        .await;
    foreign
}

async fn assert_refused(domains: &[Value]) {
    let foreign = listener().await;
    let server = TestServer::start(&freshdesk_mcp_server::SPEC, real_hosts()).await;
    for d in domains {
        let d = if d == "{listener}" {
            json!(foreign.uri().trim_start_matches("http://"))
        } else if d == "{listener_url}" {
            json!(foreign.uri())
        } else {
            d.clone()
        };
        let client = server
            .client_with(&[("x-auth-data", &auth(json!({"api_key": KEY, "domain": d})))])
            .await;
        let err = client
            .call_err("freshdesk_get_current_account", json!({}))
            .await;
        assert!(err.contains("No request was made"), "{d}: {err}");
        assert!(err.contains("Refusing"), "{d}: {err}");
        assert!(!err.contains(KEY), "{err}");
    }
    assert!(
        foreign
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty(),
        "a request was made"
    );
    server.stop().await;
}

#[test]
fn a_bare_subdomain_a_full_host_and_a_url_name_the_same_account() {
    for (given, label) in [
        ("acme", "acme"),
        (" ACME ", "acme"),
        ("acme.freshdesk.com", "acme"),
        ("Acme.Freshdesk.com", "acme"),
        ("https://acme.freshdesk.com", "acme"),
        ("https://acme.freshdesk.com/", "acme"),
        ("http://acme.freshdesk.com", "acme"),
        ("acme-eu", "acme-eu"),
        ("ACME.freshdesk.com.", "acme"),
        ("HTTPS://Acme.FreshDesk.com./", "acme"),
    ] {
        assert_eq!(tenant_label(given).unwrap(), label, "{given}");
    }
}

#[tokio::test]
async fn a_foreign_host_given_as_a_bare_name_is_refused_before_any_request() {
    assert_refused(&[
        json!("evil.example.com"),
        json!("support.acme.com"),
        json!("{listener}"),
        json!("localhost:80"),
        json!("-acme"),
        json!(42),
    ])
    .await;
}

#[tokio::test]
async fn a_foreign_full_host_is_refused_before_any_request() {
    assert_refused(&[
        json!("acme.freshdesk.com.evil.io"),
        json!("evilfreshdesk.com"),
        json!("freshdesk.com"),
        json!("a.b.freshdesk.com"),
        json!("acme.freshdesk.com:8443"),
        json!("user@acme.freshdesk.com"),
    ])
    .await;
}

#[tokio::test]
async fn a_foreign_url_is_refused_before_any_request() {
    assert_refused(&[
        json!("https://evil.example.com"),
        json!("https://evil.example.com/api/v2"),
        json!("{listener_url}"),
        json!("https://acme.freshdesk.com/api/v2"),
        json!("https://acme.freshdesk.com@evil.example.com/"),
        json!("ftp://acme.freshdesk.com"),
    ])
    .await;
}

#[tokio::test]
async fn the_refusal_names_the_host_and_the_pattern() {
    let server = TestServer::start(&freshdesk_mcp_server::SPEC, real_hosts()).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &auth(json!({"api_key": KEY, "domain": "https://evil.example.com/"})),
        )])
        .await;
    let err = client
        .call_err("freshdesk_get_current_account", json!({}))
        .await;
    assert!(
        err.contains("Refusing the host `evil.example.com`"),
        "{err}"
    );
    assert!(err.contains("freshdesk.com"), "{err}");
    // No domain at all: the message names it.
    let client = server
        .client_with(&[("x-auth-data", &auth(json!({"api_key": KEY})))])
        .await;
    let err = client
        .call_err("freshdesk_get_current_account", json!({}))
        .await;
    assert!(err.contains("domain"), "{err}");
    server.stop().await;
}

#[tokio::test]
async fn the_key_is_read_from_klavis_token_field_and_a_bearer_header() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&freshdesk_mcp_server::SPEC, settings_for(&fake.uri())).await;
    mcp_testkit::expect("GET", "/agents/me")
        .header("authorization", &mcp_testkit::basic_auth("tok-123", "X"))
        .times(2)
        .respond(&fake, 200, crate::common::agent_json(1))
        .await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &auth(json!({"token": "tok-123", "domain": "acme"})),
        )])
        .await;
    client
        .call_ok("freshdesk_get_current_agent", json!({}))
        .await;
    let client = server
        .client_with(&[("authorization", "Bearer tok-123")])
        .await;
    client
        .call_ok("freshdesk_get_current_agent", json!({}))
        .await;
}
