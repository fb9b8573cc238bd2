//! The real binary, started as a process: over stdio and HTTP, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, `GOOGLE_DRIVE_API_BASE_URL`, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{
    HttpProcess, assert_valid_tools, auth_data, connect_http, expect, spawn_stdio_logged,
};
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

#[tokio::test]
async fn http_binary_serves_mcp_health_and_stops_on_sigterm() {
    let fake = MockServer::start().await;
    expect("GET", "/drive/v3/drives")
        .bearer("header-token")
        .query("pageSize", 50)
        .query("fields", "nextPageToken,drives(id,name,createdTime,hidden)")
        .respond(
            &fake,
            200,
            json!({"drives": [{"id": "0ABfin", "name": "Finance", "createdTime": "2023-01-05T10:00:00.000Z", "hidden": false}]}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("gdrive-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("GOOGLE_DRIVE_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("x-auth-data", &auth_data("header-token"))]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOL_COUNT);
    assert_valid_tools(&tools);
    assert_eq!(
        client
            .call_ok("google_drive_list_shared_drives", json!({}))
            .await["drives"][0]["name"],
        "Finance"
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
            .filter(|l| l.starts_with("| `google_drive_"))
            .count(),
        TOOL_COUNT,
        "{text}"
    );
    let out = std::process::Command::new(BIN)
        .args(["--toolsets", "permissions", "tools", "--json"])
        .output()
        .expect("run tools");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("tools --json is JSON");
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        names,
        vec!["google_drive_share_file", "google_drive_list_permissions"]
    );
}

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(&google_drive_mcp_server::SPEC, env!("CARGO_MANIFEST_DIR"));
}
