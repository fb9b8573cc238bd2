//! The real binary, started as a process: over stdio and HTTP, with `GOOGLE_DOCS_API_BASE_URL`
//! and `GOOGLE_DRIVE_API_BASE_URL`, the `tools` and `healthcheck` subcommands, graceful
//! shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_google-docs-mcp-server");
const SECRET: &str = "ya29.process-secret-docs-token";
const TOOL_COUNT: usize = 9;

fn doc() -> serde_json::Value {
    json!({"documentId": "doc1", "title": "Hello", "revisionId": "r1",
    "body": {"content": [
        {"endIndex": 1, "sectionBreak": {}},
        {"startIndex": 1, "endIndex": 7, "paragraph": {"elements": [{"startIndex": 1, "endIndex": 7, "textRun": {"content": "Hello\n", "textStyle": {"bold": true}}}],
          "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"}}}
    ]}})
}

#[tokio::test]
async fn stdio_binary_calls_docs_and_drive_without_leaking_the_token() {
    let docs = MockServer::start().await;
    let drive = MockServer::start().await;
    expect("GET", "/v1/documents/doc1")
        .bearer(SECRET)
        .query(
            "fields",
            "documentId,title,revisionId,body,lists,inlineObjects",
        )
        .respond(&docs, 200, doc())
        .await;
    expect("GET", "/drive/v3/files")
        .bearer(SECRET)
        .query("q", "mimeType='application/vnd.google-apps.document' and trashed=false")
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 100)
        .query("fields", "nextPageToken,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))")
        .respond(&drive, 200, json!({"files": [{"id": "doc1", "name": "Hello"}]}))
        .await;
    let dir = std::env::temp_dir().join(format!("gdocs-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let (docs_uri, drive_uri) = (docs.uri(), drive.uri());
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GOOGLE_DOCS_API_BASE_URL", &docs_uri),
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
            "google_docs_get_document_by_id",
            json!({"document_id": "doc1"}),
        )
        .await;
    assert_eq!(v["markdown"], "**Hello**\n");
    let v = client
        .call_ok("google_docs_get_all_documents", json!({}))
        .await;
    assert_eq!(v["documents"][0]["id"], "doc1");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}
