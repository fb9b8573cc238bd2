//! The tool surface beyond what the standard suite checks: the tools beyond the Klavis
//! catalog's `google_calendar` entry, annotations that match what each tool does, the
//! catalog's enums and defaults, read-only mode and the toolsets.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, assert_catalog_enums_and_defaults, listed_tools,
};

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
    assert_beyond_catalog(&tools, "google_calendar", BEYOND_CATALOG);
    assert_annotations(&tools, is_read, DESTRUCTIVE, IDEMPOTENT_WRITES);
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let checked = assert_catalog_enums_and_defaults(&tools, "google_calendar", &[]);
    assert_eq!(checked, 27, "enums and defaults compared");
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let names = listed_tools(&google_calendar_mcp_server::SPEC, |s| s.read_only = true).await;
    assert_eq!(
        names,
        [
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
    let names = listed_tools(&google_calendar_mcp_server::SPEC, |s| {
        s.toolsets = Some(vec!["freebusy".into(), "contacts".into()]);
    })
    .await;
    assert_eq!(
        names,
        [
            "google_calendar_find_free_slots",
            "google_calendar_search_contacts"
        ]
    );
}
