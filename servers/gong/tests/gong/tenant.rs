//! The company's own API host from the credentials: used when it is a Gong host (or one the
//! operator allows), refused before any request otherwise; Gong's shared host by default.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

use crate::common::*;

fn settings(allowed: Vec<String>) -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: allowed,
        ..settings_for("http://unused.invalid")
    }
}

#[tokio::test]
async fn company_host_from_credentials_is_used() {
    let fake = MockServer::start().await;
    let server =
        TestServer::start(&gong_mcp_server::SPEC, settings(vec!["127.0.0.1".into()])).await;
    expect("GET", "/v2/users/1")
        .header("authorization", BASIC)
        .respond(
            &fake,
            200,
            json!({"requestId": "r", "user": {"id": "1", "emailAddress": "a@b.c"}}),
        )
        .await;
    let mut c = creds();
    c["api_base_url"] = json!(fake.uri());
    let auth = mcp_shared::auth::encode_auth_data(&c);
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client
        .call_ok("gong_get_user_by_id", json!({"user_id": "1"}))
        .await;
    assert_eq!(v["emailAddress"], "a@b.c");
}

#[tokio::test]
async fn foreign_host_is_refused_before_any_request() {
    let fake = MockServer::start().await;
    // 127.0.0.1 is not a Gong host and the operator allowed nothing.
    let server = TestServer::start(&gong_mcp_server::SPEC, settings(vec![])).await;
    let mut c = creds();
    c["api_base_url"] = json!(fake.uri());
    let auth = mcp_shared::auth::encode_auth_data(&c);
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client
        .call_err("gong_get_user_by_id", json!({"user_id": "1"}))
        .await;
    assert!(err.contains("Refusing the host `127.0.0.1`"), "{err}");
    assert!(err.contains("*.api.gong.io"), "{err}");
    assert!(!err.contains(SECRET), "{err}");
    let mut c = creds();
    c["api_base_url"] = json!("https://evil.example.com");
    let auth = mcp_shared::auth::encode_auth_data(&c);
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("gong_list_all_users", json!({})).await;
    assert!(err.contains("evil.example.com"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn missing_secret_names_the_field() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&gong_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_key": KEY}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("gong_list_all_users", json!({})).await;
    assert!(
        err.contains("access_key_secret") || err.contains("access_token"),
        "{err}"
    );
    mcp_testkit::assert_no_requests(&fake).await;
}
