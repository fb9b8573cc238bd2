//! The key travels in a custom header (`X-Subscription-Token`): it never reaches the logs at
//! `RUST_LOG=trace`, nor an error text, even when the vendor's error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http};
use serde_json::json;

use crate::common::brave_error;

const BIN: &str = env!("CARGO_BIN_EXE_brave-search-mcp-server");
const SECRET: &str = "BSA-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    let echo = brave_error(
        401,
        "SUBSCRIPTION_TOKEN_INVALID",
        &format!("The provided subscription token {SECRET} is invalid."),
    );
    mcp_testkit::expect("GET", "/web/search")
        .header("x-subscription-token", SECRET)
        .query("q", "x")
        .query("count", "10")
        .respond(&fake, 401, echo)
        .await;
    let log = std::env::temp_dir().join(format!("brave-secrets-{}.log", std::process::id()));
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("BRAVE_SEARCH_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": SECRET}));
    let client = connect_http(&proc.url, &[("x-auth-data", &auth)]).await;
    let err = client
        .call_err("brave_web_search", json!({"query": "x"}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    assert!(err.contains("[redacted]"), "{err}");
    client.close().await;
    proc.terminate().await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert!(logs.contains("tool call"), "expected trace logs");
    assert!(!logs.contains(SECRET), "the key in the logs");
}
