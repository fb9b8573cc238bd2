//! The data centre: from the API key's suffix or the OAuth token's metadata (asked once per
//! token); a host outside *.api.mailchimp.com is refused before any request.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

use crate::common::*;

fn auth(v: serde_json::Value) -> String {
    mcp_shared::auth::encode_auth_data(&v)
}

/// The real template (`https://{dc}.api.mailchimp.com/3.0`), no widened hosts, the OAuth
/// metadata endpoint at `login`.
fn real_hosts(login: &str) -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: vec![],
        extra_base_urls: vec![("login".into(), login.to_owned())],
        ..settings_for("http://unused.invalid")
    }
}

async fn listener() -> MockServer {
    let foreign = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"health_status": "ok"})))
        .mount(&foreign)
        .await;
    foreign
}

async fn untouched(fake: &MockServer) {
    assert!(
        fake.received_requests()
            .await
            .unwrap_or_default()
            .is_empty(),
        "a request was made"
    );
}

#[test]
fn data_centres_come_from_the_key_suffix_only() {
    use mailchimp_mcp_server::{check_dc, dc_from_key};
    assert_eq!(dc_from_key("abc-us6").unwrap(), "us6");
    assert_eq!(dc_from_key("a-b-US19").unwrap(), "us19");
    assert_eq!(check_dc("us6.api.mailchimp.com", "x").unwrap(), "us6");
    // `dc` as people write it: a URL, capitals, the default port, the FQDN's trailing dot.
    for written in [
        "https://us1.api.mailchimp.com",
        "HTTPS://US1.api.mailchimp.com/",
        "us1.api.mailchimp.com.",
        "https://us1.api.mailchimp.com:443/",
        "US1",
    ] {
        assert_eq!(check_dc(written, "x").unwrap(), "us1", "{written}");
    }
    for bad in [
        "https://us1.api.mailchimp.com:8443",
        "https://us1.api.mailchimp.com/x",
        "https://us1.evil.com",
        "us1.api.mailchimp.com.evil.com",
    ] {
        assert!(check_dc(bad, "x").is_err(), "{bad}");
    }
    for bad in [
        "abc-evil.example.com",
        "abc-us6.evil.com",
        "abc-",
        "abc-us6/x",
        "abc-127.0.0.1:80",
    ] {
        let err = dc_from_key(bad).expect_err(bad);
        assert!(err.message.contains("No request was made"), "{bad}: {err}");
    }
    assert!(
        dc_from_key("nodash")
            .unwrap_err()
            .message
            .contains("suffix")
    );
}

#[tokio::test]
async fn a_foreign_host_from_the_key_or_dc_is_refused_before_any_request() {
    let foreign = listener().await;
    let server = TestServer::start(&mailchimp_mcp_server::SPEC, real_hosts(&foreign.uri())).await;
    let hostile_port = foreign.uri();
    for creds in [
        json!({"api_key": "0123456789abcdef-evil.example.com"}),
        json!({"api_key": format!("0123456789abcdef-{hostile_port}")}),
        json!({"api_key": "0123456789abcdef-us6", "dc": "evil.example.com"}),
        json!({"api_key": "0123456789abcdef-us6", "dc": hostile_port}),
    ] {
        let client = server
            .client_with(&[("x-auth-data", &auth(creds.clone()))])
            .await;
        let err = client.call_err("mailchimp_ping", json!({})).await;
        assert!(err.contains("No request was made"), "{creds}: {err}");
        assert!(!err.contains("0123456789abcdef"), "{err}");
    }
    let client = server
        .client_with(&[(
            "x-auth-data",
            &auth(json!({"api_key": "k-evil.example.com"})),
        )])
        .await;
    let err = client.call_err("mailchimp_ping", json!({})).await;
    assert!(
        err.contains("Refusing the host `evil.example.com`"),
        "{err}"
    );
    assert!(err.contains("*.api.mailchimp.com"), "{err}");
    untouched(&foreign).await;
}

#[tokio::test]
async fn an_oauth_metadata_answer_naming_another_host_is_refused() {
    for answer in [
        json!({"dc": "us6", "api_endpoint": "https://evil.example.com", "login_url": "https://login.mailchimp.com"}),
        json!({"dc": "evil.example.com", "api_endpoint": "https://evil.example.com"}),
        json!({"dc": "us6", "api_endpoint": "http://127.0.0.1:9"}),
    ] {
        let login = MockServer::start().await;
        expect("GET", "/oauth2/metadata")
            .header("authorization", "OAuth oauth-tok")
            .respond(&login, 200, answer.clone())
            .await;
        let server = TestServer::start(&mailchimp_mcp_server::SPEC, real_hosts(&login.uri())).await;
        let client = server.client("oauth-tok").await;
        let err = client.call_err("mailchimp_ping", json!({})).await;
        assert!(err.contains("Refusing the host"), "{answer}: {err}");
        assert!(err.contains("No request was made"), "{err}");
        assert!(!err.contains("oauth-tok"), "{err}");
    }
}

#[tokio::test]
async fn an_oauth_token_is_looked_up_once_and_sent_as_bearer() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = Some(format!("{}/{{dc}}/3.0", fake.uri()));
    settings.extra_base_urls = vec![("login".into(), fake.uri())];
    expect("GET", "/oauth2/metadata")
        .header("authorization", "OAuth oauth-tok")
        .times(1)
        .respond(
            &fake,
            200,
            json!({"dc": "us19", "role": "owner", "accountname": "Acme", "user_id": 1, "login": {"login_id": 1}, "login_url": "https://login.mailchimp.com", "api_endpoint": "https://us19.api.mailchimp.com"}),
        )
        .await;
    expect("GET", "/us19/3.0/ping")
        .bearer("oauth-tok")
        .times(2)
        .respond(&fake, 200, json!({"health_status": "Everything's Chimpy!"}))
        .await;
    let server = TestServer::start(&mailchimp_mcp_server::SPEC, settings).await;
    let client = server.client("oauth-tok").await;
    for _ in 0..2 {
        let v = client.call_ok("mailchimp_ping", json!({})).await;
        assert_eq!(v["health_status"], "Everything's Chimpy!");
    }
}

#[tokio::test]
async fn the_key_suffix_places_the_call_and_a_missing_key_is_named() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = Some(format!("{}/{{dc}}/3.0", fake.uri()));
    expect("GET", "/us6/3.0/ping")
        .header("authorization", &basic())
        .respond(&fake, 200, json!({"health_status": "Everything's Chimpy!"}))
        .await;
    let server = TestServer::start(&mailchimp_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[("x-auth-data", &auth(creds()))]).await;
    let v = client.call_ok("mailchimp_ping", json!({})).await;
    assert_eq!(v["health_status"], "Everything's Chimpy!");
    let client = server
        .client_with(&[("x-auth-data", &auth(json!({"api_key": "nodatacentre"})))])
        .await;
    let err = client.call_err("mailchimp_ping", json!({})).await;
    assert!(err.contains("suffix"), "{err}");
    let client = server
        .client_with(&[("x-auth-data", &auth(json!({"dc": "us6"})))])
        .await;
    let err = client.call_err("mailchimp_ping", json!({})).await;
    assert!(err.contains("api_key"), "{err}");
}
