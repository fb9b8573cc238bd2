use crate::{OAUTH, PAT, figma_err, req, setup, user};
use mcp_testkit::{TestServer, expect, settings_for, wiremock::MockServer};
use serde_json::json;

fn me() -> serde_json::Value {
    let mut u = user("1034506", "Ada");
    u["email"] = json!("ada@example.com");
    u
}

#[tokio::test]
async fn test_connection_reads_me_with_the_pat_header() {
    let s = setup().await;
    req("GET", "/v1/me").respond(&s.fake, 200, me()).await;
    let v = s.client.call_ok("figma_test_connection", json!({})).await;
    assert_eq!(
        v,
        json!({"ok": true, "user": {"id": "1034506", "handle": "Ada", "email": "ada@example.com"}})
    );
}

#[tokio::test]
async fn test_connection_with_a_bad_token() {
    let s = setup().await;
    req("GET", "/v1/me")
        .respond(&s.fake, 403, figma_err(403, "Invalid token"))
        .await;
    let err = s.client.call_err("figma_test_connection", json!({})).await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("Invalid token"), "{err}");
    assert!(err.contains("FIGMA_API_KEY"), "{err}");
    assert!(!err.contains(PAT), "{err}");
}

#[tokio::test]
async fn get_current_user_contract() {
    let s = setup().await;
    req("GET", "/v1/me").respond(&s.fake, 200, me()).await;
    let v = s.client.call_ok("figma_get_current_user", json!({})).await;
    assert_eq!(v, me());
}

#[tokio::test]
async fn get_current_user_needs_credentials() {
    let s = setup().await;
    let c = s.server.client_with(&[]).await;
    let err = c.call_err("figma_get_current_user", json!({})).await;
    assert!(err.contains("api_key"), "{err}");
    assert!(err.contains("FIGMA_API_KEY"), "{err}");
}

#[tokio::test]
async fn personal_access_token_field_goes_in_x_figma_token() {
    let s = setup().await;
    expect("GET", "/v1/me")
        .header("x-figma-token", "figd_from_pat_field")
        .respond(&s.fake, 200, me())
        .await;
    let c = s
        .client_with(json!({"personal_access_token": "figd_from_pat_field"}))
        .await;
    c.call_ok("figma_get_current_user", json!({})).await;
}

#[tokio::test]
async fn oauth_access_token_goes_as_bearer() {
    let s = setup().await;
    expect("GET", "/v1/me")
        .bearer(OAUTH)
        .respond(&s.fake, 200, me())
        .await;
    let c = s.client_with(json!({"access_token": OAUTH})).await;
    c.call_ok("figma_get_current_user", json!({})).await;
    let reqs = s.fake.received_requests().await.unwrap();
    assert!(reqs[0].headers.get("x-figma-token").is_none());
}

#[tokio::test]
async fn pat_as_access_token_or_bearer_header_goes_in_x_figma_token() {
    let s = setup().await;
    req("GET", "/v1/me")
        .times(2)
        .respond(&s.fake, 200, me())
        .await;
    // In x-auth-data's access_token (also what a bare AUTH_DATA token becomes).
    let c = s.client_with(json!({"access_token": PAT})).await;
    c.call_ok("figma_get_current_user", json!({})).await;
    // As `Authorization: Bearer figd_...` from the MCP client.
    let bearer = format!("Bearer {PAT}");
    let c = s
        .server
        .client_with(&[("authorization", bearer.as_str())])
        .await;
    c.call_ok("figma_get_current_user", json!({})).await;
    for r in s.fake.received_requests().await.unwrap() {
        assert!(r.headers.get("authorization").is_none());
    }
}

#[tokio::test]
async fn figma_api_key_from_the_environment() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = mcp_shared::EnvCredentials::from_lookup(
        |k| (k == "FIGMA_API_KEY").then(|| "figd_from_env".to_owned()),
        figma_mcp_server::SPEC.credential_env,
    )
    .unwrap();
    let server = TestServer::start(&figma_mcp_server::SPEC, settings).await;
    expect("GET", "/v1/me")
        .header("x-figma-token", "figd_from_env")
        .respond(&fake, 200, me())
        .await;
    let c = server.client_with(&[]).await;
    c.call_ok("figma_get_current_user", json!({})).await;
}
