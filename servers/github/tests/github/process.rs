//! The real binary, started as a process: over stdio and HTTP, the `tools`, `healthcheck`
//! subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, assert_valid_tools, connect_http, expect, spawn_stdio_logged};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_github-mcp-server");
const SECRET: &str = "ghp_process_secret_token_123";

fn me() -> serde_json::Value {
    json!({"login": "octocat", "id": 1, "type": "User", "name": "The Octocat", "html_url": "https://github.com/octocat"})
}

#[tokio::test]
async fn stdio_binary_lists_and_calls_without_leaking_the_token() {
    let fake = MockServer::start().await;
    expect("GET", "/user")
        .bearer(SECRET)
        .respond(&fake, 200, me())
        .await;
    let dir = std::env::temp_dir().join(format!("gh-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GITHUB_API_BASE_URL", &uri),
            ("GITHUB_PERSONAL_ACCESS_TOKEN", SECRET),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), crate::surface::default_tool_count());
    assert_valid_tools(&tools);
    let v = client.call_ok("github_get_me", json!({})).await;
    assert_eq!(v["login"], "octocat");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}

#[tokio::test]
async fn http_binary_serves_mcp_health_and_stops_on_sigterm() {
    let fake = MockServer::start().await;
    expect("GET", "/user")
        .bearer("header-token")
        .respond(&fake, 200, me())
        .await;
    let dir = std::env::temp_dir().join(format!("gh-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("GITHUB_API_BASE_URL", &uri), ("RUST_LOG", "debug")],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("authorization", "Bearer header-token")]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), crate::surface::default_tool_count());
    assert_valid_tools(&tools);
    assert_eq!(
        client.call_ok("github_get_me", json!({})).await["login"],
        "octocat"
    );
    client.close().await;
    let health = std::process::Command::new(BIN)
        .args(["healthcheck", "--port", &proc.port.to_string()])
        .status()
        .expect("run healthcheck");
    assert!(health.success());
    let status = proc.terminate().await;
    assert!(status.success(), "exit status after SIGTERM: {status:?}");
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        !logs.contains("header-token"),
        "the token appeared in the logs"
    );
    let down = std::process::Command::new(BIN)
        .args(["healthcheck", "--port", &free_port()])
        .status()
        .expect("run healthcheck");
    assert!(
        !down.success(),
        "healthcheck must fail when nothing listens"
    );
}

/// A port nothing listens on.
fn free_port() -> String {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port().to_string())
        .unwrap_or_else(|_| "1".into())
}

#[test]
fn tools_subcommand_prints_every_tool() {
    let out = std::process::Command::new(BIN)
        .args(["tools", "--markdown"])
        .output()
        .expect("run tools");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("| `github_")).count(),
        crate::surface::default_tool_count(),
        "{text}"
    );
    let out = std::process::Command::new(BIN)
        .args(["tools", "--json", "--read-only"])
        .output()
        .expect("run tools");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("tools --json is JSON");
    let tools = v.as_array().cloned().unwrap_or_default();
    assert!(!tools.is_empty() && tools.len() < crate::surface::default_tool_count());
    assert!(
        tools
            .iter()
            .all(|t| t["annotations"]["readOnlyHint"] == true)
    );
    let out = std::process::Command::new(BIN)
        .args(["--toolsets", "nope", "tools"])
        .output()
        .expect("run tools");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown toolset `nope`"));
}

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(&github_mcp_server::SPEC, env!("CARGO_MANIFEST_DIR"));
}
