//! The workspace's region picks the host: the credential field `region` or INTERCOM_REGION
//! (us, eu, au); an unknown region is refused before any request; Klavis's `x-auth-token`.

use crate::{TOKEN, req};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::{Value, json};

fn me() -> Value {
    json!({"type": "admin", "id": "991267459", "email": "admin1@email.com", "name": "Ciaran1 Lee",
           "email_verified": true, "app": {"type": "app", "id_code": "abc123", "name": "MyApp 1", "region": "EU"}})
}

/// Three fakes, one per region, and a server with each region's base URL at its fake.
async fn three() -> (
    MockServer,
    MockServer,
    MockServer,
    TestServer,
    mcp_shared::Settings,
) {
    let us = MockServer::start().await;
    let eu = MockServer::start().await;
    let au = MockServer::start().await;
    let settings = settings_for(&us.uri())
        .with_api("eu", &eu.uri())
        .with_api("au", &au.uri());
    let server = TestServer::start(&intercom_mcp_server::SPEC, settings.clone()).await;
    (us, eu, au, server, settings)
}

async fn requests(fake: &MockServer) -> usize {
    fake.received_requests().await.unwrap_or_default().len()
}

fn creds(v: Value) -> String {
    mcp_shared::auth::encode_auth_data(&v)
}

#[tokio::test]
async fn each_region_reaches_its_own_host() {
    let (us, eu, au, server, _) = three().await;
    for (region, fake) in [("us", &us), ("eu", &eu), ("au", &au), ("EU", &eu)] {
        req("GET", "/me").respond(fake, 200, me()).await;
        let client = server
            .client_with(&[(
                "x-auth-data",
                &creds(json!({"access_token": TOKEN, "region": region})),
            )])
            .await;
        let v = client
            .call_ok("intercom_get_current_admin", json!({}))
            .await;
        assert_eq!(v["id"], "991267459", "{region}");
        fake.verify().await;
        fake.reset().await;
    }
    // No region: the US host.
    req("GET", "/me").respond(&us, 200, me()).await;
    let client = server.client(TOKEN).await;
    client
        .call_ok("intercom_get_current_admin", json!({}))
        .await;
    us.verify().await;
    assert_eq!(requests(&eu).await + requests(&au).await, 0);
}

#[tokio::test]
async fn the_operator_region_applies_when_the_credentials_name_none() {
    let us = MockServer::start().await;
    let au = MockServer::start().await;
    let settings = settings_for(&us.uri())
        .with_api("au", &au.uri())
        .with_option("region", "au");
    let server = TestServer::start(&intercom_mcp_server::SPEC, settings).await;
    req("GET", "/me").respond(&au, 200, me()).await;
    let client = server.client(TOKEN).await;
    client
        .call_ok("intercom_get_current_admin", json!({}))
        .await;
    // The credential's region wins over the operator's.
    req("GET", "/me").respond(&us, 200, me()).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &creds(json!({"access_token": TOKEN, "region": "us"})),
        )])
        .await;
    client
        .call_ok("intercom_get_current_admin", json!({}))
        .await;
}

#[tokio::test]
async fn an_unknown_region_is_refused_before_any_request() {
    let (us, eu, au, server, _) = three().await;
    for region in [
        json!("eu.evil.example.com"),
        json!("ca"),
        json!(""),
        json!(1),
    ] {
        let client = server
            .client_with(&[(
                "x-auth-data",
                &creds(json!({"access_token": TOKEN, "region": region})),
            )])
            .await;
        let err = client
            .call_err("intercom_get_current_admin", json!({}))
            .await;
        assert!(err.contains("us, eu or au"), "{region}: {err}");
        assert!(err.contains("No request was made"), "{err}");
        assert!(!err.contains(TOKEN), "{err}");
    }
    let settings = settings_for(&us.uri()).with_option("region", "mars");
    let server = TestServer::start(&intercom_mcp_server::SPEC, settings).await;
    let err = server
        .client(TOKEN)
        .await
        .call_err("intercom_list_tags", json!({}))
        .await;
    assert!(err.contains("INTERCOM_REGION"), "{err}");
    assert!(err.contains("`mars`"), "{err}");
    assert_eq!(
        requests(&us).await + requests(&eu).await + requests(&au).await,
        0
    );
}

#[test]
fn regions_map_to_intercoms_three_hosts() {
    use intercom_mcp_server::Region;
    assert_eq!(
        Region::parse("us").unwrap().host(),
        "https://api.intercom.io"
    );
    assert_eq!(
        Region::parse(" EU ").unwrap().host(),
        "https://api.eu.intercom.io"
    );
    assert_eq!(
        Region::parse("au").unwrap().host(),
        "https://api.au.intercom.io"
    );
    assert!(Region::parse("api.eu.intercom.io").is_none());
    assert!(Region::parse("uk").is_none());
    // The declared defaults are exactly those hosts.
    let spec = &intercom_mcp_server::SPEC;
    assert_eq!(spec.base.fixed(), Some("https://api.intercom.io"));
    let apis: Vec<(&str, &str)> = spec
        .extra_apis
        .iter()
        .map(|a| (a.name, a.default_base_url))
        .collect();
    assert_eq!(
        apis,
        [
            ("eu", "https://api.eu.intercom.io"),
            ("au", "https://api.au.intercom.io")
        ]
    );
}

#[tokio::test]
async fn a_raw_token_in_x_auth_token_is_used() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&intercom_mcp_server::SPEC, settings_for(&fake.uri())).await;
    expect("GET", "/me")
        .bearer("raw-klavis-token")
        .header("intercom-version", "2.14")
        .respond(&fake, 200, me())
        .await;
    let client = server
        .client_with(&[("x-auth-token", "raw-klavis-token")])
        .await;
    let v = client
        .call_ok("intercom_get_current_admin", json!({}))
        .await;
    assert_eq!(v["app"]["region"], "EU");
    // x-auth-data comes first.
    req("GET", "/teams")
        .respond(&fake, 200, json!({"type": "team.list", "teams": []}))
        .await;
    let client = server
        .client_with(&[
            ("x-auth-token", "other-token"),
            ("x-auth-data", &creds(json!({"access_token": TOKEN}))),
        ])
        .await;
    client.call_ok("intercom_list_teams", json!({})).await;
    // No credentials at all: a clear message, nothing sent.
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(500))
        .expect(0)
        .mount(&fake)
        .await;
    let err = server
        .client_with(&[])
        .await
        .call_err("intercom_list_admins", json!({}))
        .await;
    assert!(err.contains("access_token"), "{err}");
}
