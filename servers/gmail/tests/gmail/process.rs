//! The real binary, started as a process: over stdio and HTTP, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, `PEOPLE_API_BASE_URL`, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_gmail-mcp-server");
const SECRET: &str = "ya29.process-secret-token-123";
const TOOL_COUNT: usize = 24;

fn profile() -> serde_json::Value {
    json!({"emailAddress": "bob@example.com", "messagesTotal": 3, "threadsTotal": 2, "historyId": "9"})
}

#[tokio::test]
async fn stdio_binary_calls_gmail_and_people_without_leaking_the_token() {
    let gmail = MockServer::start().await;
    let people = MockServer::start().await;
    expect("GET", "/gmail/v1/users/me/profile")
        .bearer(SECRET)
        .respond(&gmail, 200, profile())
        .await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(SECRET)
        .query("query", "")
        .query("readMask", "names")
        .query("pageSize", 1)
        .respond(&people, 200, json!({}))
        .await;
    expect("GET", "/v1/people:searchContacts")
        .bearer(SECRET)
        .query("query", "ann")
        .query("readMask", "names,emailAddresses,phoneNumbers,organizations")
        .query("pageSize", 10)
        .respond(
            &people,
            200,
            json!({"results": [{"person": {"resourceName": "people/c1", "names": [{"displayName": "Ann"}], "emailAddresses": [{"value": "ann@example.com"}]}}]}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("gmail-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let (gmail_uri, people_uri) = (gmail.uri(), people.uri());
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GMAIL_API_BASE_URL", &gmail_uri),
            ("PEOPLE_API_BASE_URL", &people_uri),
            ("AUTH_DATA", &auth),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOL_COUNT);
    assert_valid_tools(&tools);
    let v = client.call_ok("gmail_get_profile", json!({})).await;
    assert_eq!(v["emailAddress"], "bob@example.com");
    let v = client
        .call_ok(
            "gmail_search_contacts",
            json!({"query": "ann", "contactType": "personal"}),
        )
        .await;
    assert_eq!(v["contacts"][0]["emails"], json!(["ann@example.com"]));
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logs.contains("tool call"),
        "expected trace logs on stderr: {logs}"
    );
    assert!(!logs.contains(SECRET), "the token appeared in the logs");
}
