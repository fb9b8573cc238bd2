//! The key arrives in Klavis's `x-api-key` request header and leaves as a bearer token: it
//! never reaches the logs at `RUST_LOG=trace`, nor an error text, even when Perplexity's
//! error body echoes it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Traced, expect};
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
    let traced = Traced::start(
        BIN,
        &[("PERPLEXITY_AI_API_BASE_URL", &fake.uri())],
        &[("x-api-key", SECRET)],
        SECRET,
    )
    .await;
    let err = traced
        .call_err("perplexity_search", json!({"messages": messages}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    traced.finish().await;
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
