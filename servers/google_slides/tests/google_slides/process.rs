//! The real binary, started as a process: over stdio and HTTP, with
//! `GOOGLE_SLIDES_API_BASE_URL` and `GOOGLE_DRIVE_API_BASE_URL`, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
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
