//! The real binary, started as a process: over stdio and HTTP, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, `GOOGLE_DRIVE_API_BASE_URL`, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
use serde_json::json;

use crate::common::{LIST_FIELDS, doc_file};

const BIN: &str = env!("CARGO_BIN_EXE_google-drive-mcp-server");
const SECRET: &str = "ya29.process-secret-drive-token";
const TOOL_COUNT: usize = 16;

#[tokio::test]
async fn stdio_binary_searches_drive_without_leaking_the_token() {
    let fake = MockServer::start().await;
    expect("GET", "/drive/v3/files")
        .bearer(SECRET)
        .query(
            "q",
            "mimeType = 'application/vnd.google-apps.document' and trashed = false",
        )
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 10)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(&fake, 200, json!({"files": [doc_file("1aDoc", "Q3 plan")]}))
        .await;
    let dir = std::env::temp_dir().join(format!("gdrive-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GOOGLE_DRIVE_API_BASE_URL", &uri),
            ("AUTH_DATA", &auth),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOL_COUNT);
    assert_valid_tools(&tools);
    let v = client
        .call_ok("google_drive_search_documents", json!({}))
        .await;
    assert_eq!(v["documents"][0]["id"], "1aDoc");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}
