//! The real binary, started as a process: over stdio and HTTP, `NOTION_VERSION`, the
//! official naming from the environment, the `tools` and `healthcheck` subcommands, graceful
//! shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, assert_valid_tools, connect_http, expect, spawn_stdio_logged};
use serde_json::json;

use crate::common::{BLOCK_ID, PAGE_ID, block_json, bot_json, list_json, page_json};

const BIN: &str = env!("CARGO_BIN_EXE_notion-mcp-server");
const SECRET: &str = "ntn_process_secret_token_123";

#[tokio::test]
async fn stdio_binary_lists_and_calls_without_leaking_the_token() {
    let fake = MockServer::start().await;
    expect("GET", "/v1/users/me")
        .bearer(SECRET)
        .header("notion-version", "2025-09-03")
        .respond(&fake, 200, bot_json())
        .await;
    let dir = std::env::temp_dir().join(format!("notion-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("NOTION_API_BASE_URL", &uri),
            ("NOTION_API_KEY", SECRET),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), 26);
    assert_valid_tools(&tools);
    let v = client.call_ok("notion_get_me", json!({})).await;
    assert_eq!(v["name"], "pied piper");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}

/// NOTION_VERSION=2026-03-11 sends that version, `position` instead of `after` and
/// `in_trash` instead of `archived`; MCP_TOOL_NAMES=official lists the official names.
#[tokio::test]
async fn http_binary_with_a_newer_notion_version_and_official_names() {
    let fake = MockServer::start().await;
    expect("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .bearer("header-token")
        .header("notion-version", "2026-03-11")
        .json_body(json!({
            "children": [{"type": "paragraph", "paragraph": {"rich_text": [{"type": "text", "text": {"content": "Hello"}}]}}],
            "position": {"type": "after_block", "after_block": {"id": BLOCK_ID}}
        }))
        .respond(
            &fake,
            200,
            list_json(vec![block_json("n1", "paragraph", json!({"rich_text": []}), false)], None, "block"),
        )
        .await;
    expect("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .bearer("header-token")
        .header("notion-version", "2026-03-11")
        .json_body(json!({"in_trash": true}))
        .respond(&fake, 200, page_json(PAGE_ID, "Old"))
        .await;
    let dir = std::env::temp_dir().join(format!("notion-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[
            ("NOTION_API_BASE_URL", &uri),
            ("NOTION_VERSION", "2026-03-11"),
            ("MCP_TOOL_NAMES", "official"),
            ("RUST_LOG", "debug"),
        ],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("authorization", "Bearer header-token")]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), 22);
    assert!(tools.iter().all(|t| t.name.starts_with("API-")));
    let v = client
        .call_ok(
            "API-patch-block-children",
            json!({"block_id": PAGE_ID, "after": BLOCK_ID, "children": ["Hello"]}),
        )
        .await;
    assert_eq!(v["requests"], 1);
    client
        .call_ok(
            "API-patch-page",
            json!({"page_id": PAGE_ID, "archived": true}),
        )
        .await;
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
}
