//! The key, sent in Mem0's own `Authorization: Token <key>` form, never reaches the logs at `RUST_LOG=trace`, nor an error text, even when
//! Mem0's error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Traced, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_mem0-mcp-server");
const SECRET: &str = "m0-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    expect("GET", "/v1/entities/")
        .header("authorization", &format!("Token {SECRET}"))
        .respond(
            &fake,
            401,
            json!({"detail": format!("Invalid token {SECRET}")}),
        )
        .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"token": SECRET}));
    let traced = Traced::start(
        BIN,
        &[("MEM0_API_BASE_URL", &fake.uri())],
        &[("x-auth-data", &auth)],
        SECRET,
    )
    .await;
    let err = traced.call_err("mem0_list_entities", json!({})).await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    traced.finish().await;
}
