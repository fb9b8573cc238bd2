//! PostgreSQL server tests: each tool against a real backend listening on 127.0.0.1,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_shared::Settings;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::TestServer;
use serde_json::json;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(postgres_mcp_server::SPEC, "postgres-mcp-server");

fn tenant(connection_string: &str) -> String {
    encode_auth_data(&json!({ "connection_string": connection_string }))
}

#[tokio::test]
async fn ping_connects_to_the_tenants_backend() {
    let backend = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = backend.local_addr().unwrap().to_string();
    let accepted = tokio::spawn(async move { backend.accept().await.is_ok() });
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    let auth = tenant(&format!("tcp://user:pw-1234@{address}"));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client.call_ok("postgres_ping", json!({})).await;
    assert_eq!(v, json!({"address": address, "reachable": true}));
    assert!(accepted.await.unwrap(), "the backend saw the connection");
}

#[tokio::test]
async fn ping_without_a_backend_fails_clearly_and_keeps_the_password() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    let auth = tenant(&format!("tcp://user:pw-secret-99@{address}"));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("postgres_ping", json!({})).await;
    assert!(
        err.contains("Cannot connect") && err.contains(&address),
        "{err}"
    );
    assert!(!err.contains("pw-secret-99"), "{err}");
    let bad = server
        .client_with(&[("x-auth-data", &tenant("no url"))])
        .await;
    let err = bad.call_err("postgres_ping", json!({})).await;
    assert!(err.contains("not a URL"), "{err}");
}
