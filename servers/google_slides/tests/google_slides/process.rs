//! The real binary, started as a process: over stdio and HTTP, with
//! `GOOGLE_SLIDES_API_BASE_URL` and `GOOGLE_DRIVE_API_BASE_URL`, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{
    HttpProcess, assert_valid_tools, auth_data, connect_http, expect, spawn_stdio_logged,
};
use serde_json::json;

use crate::common::{DECK, TEXT_FIELDS, deck};

const BIN: &str = env!("CARGO_BIN_EXE_google-slides-mcp-server");
const SECRET: &str = "ya29.process-secret-slides-token";
const TOOL_COUNT: usize = 7;

#[tokio::test]
async fn stdio_binary_calls_slides_and_drive_without_leaking_the_token() {
    let slides = MockServer::start().await;
    let drive = MockServer::start().await;
    expect("GET", format!("/v1/presentations/{DECK}"))
        .bearer(SECRET)
        .query("fields", TEXT_FIELDS)
        .respond(&slides, 200, deck())
        .await;
    expect("GET", "/drive/v3/files")
        .bearer(SECRET)
        .query("q", "mimeType='application/vnd.google-apps.presentation' and trashed=false")
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 100)
        .query("fields", "nextPageToken,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))")
        .respond(&drive, 200, json!({"files": [{"id": DECK, "name": "Q3 Review"}]}))
        .await;
    let dir = std::env::temp_dir().join(format!("gslides-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let (slides_uri, drive_uri) = (slides.uri(), drive.uri());
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GOOGLE_SLIDES_API_BASE_URL", &slides_uri),
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
        .call_ok("summarize_presentation", json!({"presentation_id": DECK}))
        .await;
    assert_eq!(v["slides"][1]["title"], "Results");
    let v = client.call_ok("list_presentations", json!({})).await;
    assert_eq!(v["presentations"][0]["id"], DECK);
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
    expect("POST", "/v1/presentations")
        .bearer("header-token")
        .json_body(json!({"title": "T"}))
        .respond(
            &fake,
            200,
            json!({"presentationId": "d9", "title": "T", "slides": [{"objectId": "p"}]}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("gslides-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("GOOGLE_SLIDES_API_BASE_URL", &uri), ("RUST_LOG", "debug")],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("x-auth-data", &auth_data("header-token"))]).await;
    assert_eq!(client.list_tools().await.len(), TOOL_COUNT);
    let v = client
        .call_ok("create_presentation", json!({"title": "T"}))
        .await;
    assert_eq!(v["presentationId"], "d9");
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
        .args(["tools", "--json"])
        .output()
        .expect("run tools");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("tools --json is JSON");
    assert_eq!(v.as_array().unwrap().len(), TOOL_COUNT);
}

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(&google_slides_mcp_server::SPEC, env!("CARGO_MANIFEST_DIR"));
}
