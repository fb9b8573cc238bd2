//! The key arrives in Klavis's `x-api-key` request header and leaves as a bearer token: it
//! never reaches the logs at `RUST_LOG=trace`, nor an error text, even when Perplexity's
//! error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_perplexity-ai-mcp-server");
const SECRET: &str = "pplx-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    let messages = json!([{"role": "user", "content": "q"}]);
    expect("POST", "/chat/completions")
        .bearer(SECRET)
        .json_body(json!({"model": "sonar-pro", "messages": messages}))
        .respond(
            &fake,
            401,
            json!({"error": {"message": format!("Incorrect API key provided: {SECRET}"), "type": "authentication_error", "code": 401}}),
        )
        .await;
    let log = std::env::temp_dir().join(format!("perplexity-secrets-{}.log", std::process::id()));
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("PERPLEXITY_AI_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("x-api-key", SECRET)]).await;
    let err = client
        .call_err("perplexity_search", json!({"messages": messages}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    client.close().await;
    proc.terminate().await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert!(logs.contains("tool call"), "expected trace logs");
    assert!(!logs.contains(SECRET), "the key in the logs");
}

/// The port is also read from Klavis's variable, `PERPLEXITY_MCP_SERVER_PORT` (what
/// `healthcheck` checks shows which port the server takes); ours wins when both are set.
#[tokio::test]
async fn the_port_is_read_from_klaviss_variable_too() {
    let bin = BIN;
    let log = std::env::temp_dir().join(format!("perplexity-port-{}.log", std::process::id()));
    let server = mcp_testkit::HttpProcess::spawn(bin, &[], &[], &log).await;
    let port = server.port.to_string();
    let healthy = |env: &[(&str, &str)]| {
        std::process::Command::new(bin)
            .arg("healthcheck")
            .env_clear()
            .envs(env.iter().copied())
            .output()
            .is_ok_and(|o| o.status.success())
    };
    assert!(healthy(&[("PERPLEXITY_MCP_SERVER_PORT", &port)]));
    assert!(!healthy(&[("PERPLEXITY_MCP_SERVER_PORT", "9")]));
    assert!(healthy(&[
        ("PERPLEXITY_AI_MCP_SERVER_PORT", &port),
        ("PERPLEXITY_MCP_SERVER_PORT", "9")
    ]));
}
