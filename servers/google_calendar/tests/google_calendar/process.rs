//! The real binary, started as a process: over stdio and HTTP, the `tools` and
//! `healthcheck` subcommands, graceful shutdown, both base-URL variables, and no token in
//! its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{
    HttpProcess, assert_valid_tools, auth_data, connect_http, expect, spawn_stdio_logged,
};
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

#[tokio::test]
async fn http_binary_serves_mcp_health_and_stops_on_sigterm() {
    let fake = MockServer::start().await;
    expect("GET", "/calendar/v3/calendars/primary/events/ev1")
        .bearer("header-token")
        .query("fields", crate::common::EVENT_FIELDS)
        .respond(
            &fake,
            200,
            json!({"id": "ev1", "summary": "Sync", "start": {"date": "2025-06-02"}, "end": {"date": "2025-06-03"}}),
        )
        .await;
    let dir = std::env::temp_dir().join(format!("gcal-http-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("stderr.log");
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[
            ("GOOGLE_CALENDAR_API_BASE_URL", &uri),
            ("RUST_LOG", "debug"),
        ],
        &log,
    )
    .await;
    let client = connect_http(&proc.url, &[("x-auth-data", &auth_data("header-token"))]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOL_COUNT);
    let v = client
        .call_ok("google_calendar_get_event", json!({"event_id": "ev1"}))
        .await;
    assert_eq!(v["lastDay"], "2025-06-02");
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
            .filter(|l| l.starts_with("| `google_calendar_"))
            .count(),
        TOOL_COUNT,
        "{text}"
    );
    let out = std::process::Command::new(BIN)
        .args(["--read-only", "--toolsets", "events", "tools", "--json"])
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
        vec![
            "google_calendar_list_events",
            "google_calendar_get_event",
            "google_calendar_list_event_instances"
        ]
    );
}

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(
        &google_calendar_mcp_server::SPEC,
        env!("CARGO_MANIFEST_DIR"),
    );
}
