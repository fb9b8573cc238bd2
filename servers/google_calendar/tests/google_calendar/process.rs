//! The real binary, started as a process: over stdio and HTTP, the `tools` and
//! `healthcheck` subcommands, graceful shutdown, both base-URL variables, and no token in
//! its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, expect, spawn_stdio_logged};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_google-calendar-mcp-server");
const SECRET: &str = "ya29.process-secret-token-123";
const TOOL_COUNT: usize = 14;

#[tokio::test]
async fn stdio_binary_calls_calendar_and_people_without_leaking_the_token() {
    let calendar = MockServer::start().await;
    let people = MockServer::start().await;
    expect("GET", "/calendar/v3/users/me/settings/timezone")
        .bearer(SECRET)
        .respond(
            &calendar,
            200,
            json!({"kind": "calendar#setting", "id": "timezone", "value": "Europe/Berlin"}),
        )
        .await;
    expect("GET", "/v1/people:searchDirectoryPeople")
        .bearer(SECRET)
        .query("query", "ann")
        .query("readMask", "names,emailAddresses,phoneNumbers,organizations")
        .query("pageSize", 10)
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE")
        .query("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT")
        .respond(
            &people,
            200,
            json!({"people": [{"resourceName": "people/c1", "names": [{"displayName": "Ann"}], "emailAddresses": [{"value": "ann@example.com"}]}]}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("gcal-stdio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let (calendar_uri, people_uri) = (calendar.uri(), people.uri());
    let auth = format!("{{\"access_token\":\"{SECRET}\"}}");
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("GOOGLE_CALENDAR_API_BASE_URL", &calendar_uri),
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
    let v = client
        .call_ok("google_calendar_get_current_time", json!({}))
        .await;
    assert_eq!(v["timezone"], "Europe/Berlin");
    let v = client
        .call_ok(
            "google_calendar_search_contacts",
            json!({"query": "ann", "contactType": "directory"}),
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
