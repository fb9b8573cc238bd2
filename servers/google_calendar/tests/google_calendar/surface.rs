//! The tool surface: every tool of the Klavis catalog's `google_calendar` entry with its
//! parameters, the tools beyond it, valid schemas, catalog enums and defaults, and
//! annotations that match what each tool does.

use serde_json::Value;

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "google_calendar_get_event",
    "google_calendar_list_event_instances",
    "google_calendar_quick_add_event",
    "google_calendar_respond_to_event",
    "google_calendar_move_event",
];

const DESTRUCTIVE: &[&str] = &["google_calendar_delete_event"];

const IDEMPOTENT_WRITES: &[&str] = &[
    "google_calendar_update_event",
    "google_calendar_add_attendees_to_event",
    "google_calendar_respond_to_event",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "search_", "find_"]
        .iter()
        .any(|p| name.starts_with(&format!("google_calendar_{p}")))
}

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "google_calendar");
    extra.sort();
    let mut want: Vec<String> = BEYOND_CATALOG.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(extra, want);
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(
            a.read_only_hint,
            Some(is_read(name)),
            "{name}: readOnlyHint"
        );
        assert_eq!(
            a.destructive_hint,
            Some(DESTRUCTIVE.contains(&name)),
            "{name}: destructiveHint"
        );
        let idempotent = is_read(name) || IDEMPOTENT_WRITES.contains(&name);
        assert_eq!(
            a.idempotent_hint,
            Some(idempotent),
            "{name}: idempotentHint"
        );
    }
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let entry = mcp_testkit::catalog_entry("google_calendar");
    let mut checked = 0;
    for ct in entry["tools"].as_array().unwrap() {
        let name = ct["name"].as_str().unwrap();
        let t = tools.iter().find(|t| t.name == name).unwrap();
        let schema = Value::Object((*t.input_schema).clone());
        for p in ct["params"].as_array().unwrap() {
            let prop = &schema["properties"][p["name"].as_str().unwrap()];
            if let Some(e) = p.get("enum") {
                assert_eq!(&prop["enum"], e, "{name}.{}: enum", p["name"]);
                checked += 1;
            }
            if let Some(d) = p.get("default") {
                assert_eq!(&prop["default"], d, "{name}.{}: default", p["name"]);
                checked += 1;
            }
            if p["items"] == "string" {
                assert_eq!(prop["items"]["type"], "string", "{name}.{}", p["name"]);
            }
        }
    }
    assert!(checked > 20, "only {checked} enums and defaults checked");
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_calendar_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            "google_calendar_find_free_slots",
            "google_calendar_get_current_time",
            "google_calendar_get_event",
            "google_calendar_list_calendars",
            "google_calendar_list_event_instances",
            "google_calendar_list_events",
            "google_calendar_search_contacts",
        ]
    );
}

#[tokio::test]
async fn toolsets_follow_the_calendar_api() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        toolsets: Some(vec!["freebusy".into(), "contacts".into()]),
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_calendar_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        names,
        vec![
            "google_calendar_find_free_slots",
            "google_calendar_search_contacts"
        ]
    );
}
