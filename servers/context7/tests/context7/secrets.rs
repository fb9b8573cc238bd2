//! An optional key is still a key: it never reaches the logs at `RUST_LOG=trace`, nor an
//! error text, even when Context7's error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_context7-mcp-server");
const SECRET: &str = "ctx7sk-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    expect("GET", "/v2/libs/search")
        .bearer(SECRET)
        .query("query", "x")
        .query("libraryName", "react")
        .respond(
            &fake,
            401,
            json!({"message": format!("Invalid API key {SECRET}. API keys should start with 'ctx7sk' prefix.")}),
        )
        .await;
    let log = std::env::temp_dir().join(format!("context7-secrets-{}.log", std::process::id()));
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("CONTEXT7_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    // Klavis's context7 also reads the key from `Authorization: Bearer`.
    let bearer = format!("Bearer {SECRET}");
    let client = connect_http(&proc.url, &[("authorization", &bearer)]).await;
    let err = client
        .call_err(
            "resolve-library-id",
            json!({"query": "x", "libraryName": "react"}),
        )
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    client.close().await;
    proc.terminate().await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert!(logs.contains("tool call"), "expected trace logs");
    assert!(!logs.contains(SECRET), "the key in the logs");
}
