//! The real binary, started as a process: over stdio and HTTP, with both base-URL variables,
//! the `tools` and `healthcheck` subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
use serde_json::json;

use crate::common::SID;

const BIN: &str = env!("CARGO_BIN_EXE_google-sheets-mcp-server");
const SECRET: &str = "ya29.process-secret-token-123";
const TOOL_COUNT: usize = 14;

#[tokio::test]
async fn stdio_binary_calls_sheets_and_drive_without_leaking_the_token() {
    let sheets = MockServer::start().await;
    let drive = MockServer::start().await;
    expect(
        "GET",
        format!("/v4/spreadsheets/{SID}/values/%27Q1%20Sales%27%21A1%3AB2"),
    )
    .bearer(SECRET)
    .respond(
        &sheets,
        200,
        json!({"range": "'Q1 Sales'!A1:B2", "majorDimension": "ROWS", "values": [["a", "b"]]}),
    )
    .await;
    expect("GET", "/drive/v3/files")
        .bearer(SECRET)
        .query("q", "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false")
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 100)
        .query("fields", "nextPageToken,incompleteSearch,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))")
        .respond(&drive, 200, json!({"files": [{"id": "1abc", "name": "Budget"}]}))
        .await;
    let dir = std::env::temp_dir().join(format!("google-sheets-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let (sheets_uri, drive_uri) = (sheets.uri(), drive.uri());
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GOOGLE_SHEETS_API_BASE_URL", &sheets_uri),
            ("GOOGLE_DRIVE_API_BASE_URL", &drive_uri),
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
        .call_ok(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "Q1 Sales!A1:B2"}),
        )
        .await;
    assert_eq!(v["values"], json!([["a", "b"]]));
    let v = client
        .call_ok("google_sheets_list_spreadsheets", json!({}))
        .await;
    assert_eq!(v["spreadsheets"][0]["name"], "Budget");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}
