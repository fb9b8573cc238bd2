//! The key never reaches the logs at `RUST_LOG=trace`, nor an error text, even when
//! OpenRouter's error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Traced, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_openrouter-mcp-server");
const SECRET: &str = "sk-or-v1-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    expect("GET", "/key")
        .bearer(SECRET)
        .respond(
            &fake,
            401,
            json!({"error": {"code": 401, "message": format!("Invalid key {SECRET}")}}),
        )
        .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"token": SECRET}));
    let traced = Traced::start(
        BIN,
        &[("OPENROUTER_API_BASE_URL", &fake.uri())],
        &[("x-auth-data", &auth)],
        SECRET,
    )
    .await;
    let err = traced
        .call_err("openrouter_get_api_key_info", json!({}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    traced.finish().await;
}
