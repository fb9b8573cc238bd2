//! The real binary, started as a process: over stdio and HTTP, with both base-URL variables,
//! the `tools` and `healthcheck` subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{
    HttpProcess, assert_valid_tools, auth_data, connect_http, expect, spawn_stdio_logged,
};
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

#[tokio::test]
async fn http_binary_serves_mcp_health_and_stops_on_sigterm() {
    let fake = MockServer::start().await;
    expect("GET", format!("/v4/spreadsheets/{SID}"))
        .bearer("header-token")
        .query("fields", "spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title,index,sheetType,hidden,gridProperties(rowCount,columnCount))")
        .respond(
            &fake,
            200,
            json!({"spreadsheetId": SID, "properties": {"title": "Budget"}, "sheets": [{"properties": {"title": "Sheet1", "sheetType": "GRID", "gridProperties": {"rowCount": 1000, "columnCount": 26}}}]}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("google-sheets-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("GOOGLE_SHEETS_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("x-auth-data", &auth_data("header-token"))]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOL_COUNT);
    let v = client
        .call_ok("google_sheets_list_sheets", json!({"spreadsheet_id": SID}))
        .await;
    assert_eq!(v["sheets"][0]["title"], "Sheet1");
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

#[test]
fn tools_subcommand_prints_every_tool() {
    let out = std::process::Command::new(BIN)
        .args(["tools", "--markdown"])
        .output()
        .expect("run tools");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("| `google_sheets_"))
            .count(),
        TOOL_COUNT,
        "{text}"
    );
    let out = std::process::Command::new(BIN)
        .args(["--toolsets", "formatting", "tools", "--json"])
        .output()
        .expect("run tools");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("tools --json is JSON");
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, vec!["google_sheets_format_range"]);
}

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(&google_sheets_mcp_server::SPEC, env!("CARGO_MANIFEST_DIR"));
}
