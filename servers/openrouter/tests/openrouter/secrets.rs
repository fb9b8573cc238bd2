//! The key never reaches the logs at `RUST_LOG=trace`, nor an error text, even when
//! OpenRouter's error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect};
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
    let log = std::env::temp_dir().join(format!("openrouter-secrets-{}.log", std::process::id()));
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("OPENROUTER_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"token": SECRET}));
    let client = connect_http(&proc.url, &[("x-auth-data", &auth)]).await;
    let err = client
        .call_err("openrouter_get_api_key_info", json!({}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    client.close().await;
    proc.terminate().await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert!(logs.contains("tool call"), "expected trace logs");
    assert!(!logs.contains(SECRET), "the key in the logs");
}
