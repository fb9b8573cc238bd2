//! google_calendar_get_current_time and google_calendar_list_calendars.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, google_error, request_count, setup, v3};

const CALENDAR_LIST_FIELDS: &str = "nextPageToken,items(id,summary,summaryOverride,description,\
timeZone,primary,accessRole,hidden,deleted)";

/// `+HH:MM` of a zone at `t` per chrono-tz (the test's own reference, independent of the
/// server's formatting).
fn offset_of(t: chrono::DateTime<chrono::Utc>, zone: chrono_tz::Tz) -> String {
    use chrono::Offset as _;
    t.with_timezone(&zone).offset().fix().to_string()
}

#[tokio::test]
async fn current_time_uses_the_users_timezone_setting() {
    let s = setup().await;
    expect("GET", v3("/users/me/settings/timezone"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"kind": "calendar#setting", "etag": "\"1711880000000\"", "id": "timezone", "value": "Asia/Kolkata"}),
        )
        .await;
    let before = chrono::Utc::now();
    let v = s
        .client
        .call_ok("google_calendar_get_current_time", json!({}))
        .await;
    let after = chrono::Utc::now();
    assert_eq!(v["timezone"], "Asia/Kolkata");
    assert_eq!(v["utc_offset"], "+05:30");
    let t = chrono::DateTime::parse_from_rfc3339(v["rfc3339"].as_str().unwrap()).unwrap();
    assert!(t.timestamp() >= before.timestamp() && t.timestamp() <= after.timestamp());
    assert!(v["rfc3339"].as_str().unwrap().ends_with("+05:30"), "{v}");
    let local = t.with_timezone(&chrono_tz::Asia::Kolkata);
    assert_eq!(v["datetime"], local.format("%Y-%m-%dT%H:%M:%S").to_string());
    assert_eq!(v["date"], local.format("%Y-%m-%d").to_string());
    assert_eq!(v["time"], local.format("%H:%M:%S").to_string());
    assert_eq!(v["day_of_week"], local.format("%A").to_string());
}

#[tokio::test]
async fn current_time_in_a_given_zone_asks_google_nothing() {
    let s = setup().await;
    let v = s
        .client
        .call_ok(
            "google_calendar_get_current_time",
            json!({"timezone": "America/New_York"}),
        )
        .await;
    assert_eq!(v["timezone"], "America/New_York");
    let t = chrono::DateTime::parse_from_rfc3339(v["rfc3339"].as_str().unwrap()).unwrap();
    assert_eq!(
        v["utc_offset"],
        offset_of(t.to_utc(), chrono_tz::America::New_York)
    );
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn current_time_rejects_an_unknown_zone() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_calendar_get_current_time",
            json!({"timezone": "Mars/Olympus_Mons"}),
        )
        .await;
    assert!(
        err.contains("Mars/Olympus_Mons") && err.contains("IANA"),
        "{err}"
    );
}

#[tokio::test]
async fn current_time_reports_an_expired_token() {
    let s = setup().await;
    expect("GET", v3("/users/me/settings/timezone"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            401,
            google_error(401, "UNAUTHENTICATED", "authError", "Invalid Credentials"),
        )
        .await;
    let err = s
        .client
        .call_err("google_calendar_get_current_time", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid Credentials"),
        "{err}"
    );
    assert!(err.contains("expired"), "{err}");
}

#[tokio::test]
async fn list_calendars_with_defaults() {
    let s = setup().await;
    expect("GET", v3("/users/me/calendarList"))
        .bearer(TOKEN)
        .query("maxResults", 10)
        .query("fields", CALENDAR_LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "nextPageToken": "EiIKGjRpb2",
                "items": [
                    {"id": "ann@example.com", "summary": "ann@example.com", "timeZone": "Europe/Berlin", "primary": true, "accessRole": "owner"},
                    {"id": "c_1f2e3d@group.calendar.google.com", "summary": "Team", "summaryOverride": "Team (shared)", "description": "Team events", "timeZone": "America/New_York", "accessRole": "writer"}
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_calendar_list_calendars", json!({}))
        .await;
    assert_eq!(
        v,
        json!({
            "num_calendars": 2,
            "next_page_token": "EiIKGjRpb2",
            "calendars": [
                {"id": "ann@example.com", "summary": "ann@example.com", "timeZone": "Europe/Berlin", "primary": true, "accessRole": "owner"},
                {"id": "c_1f2e3d@group.calendar.google.com", "summary": "Team (shared)", "description": "Team events", "timeZone": "America/New_York", "accessRole": "writer"}
            ]
        })
    );
}

#[tokio::test]
async fn list_calendars_next_page_with_deleted_and_hidden() {
    let s = setup().await;
    expect("GET", v3("/users/me/calendarList"))
        .bearer(TOKEN)
        .query("maxResults", 250)
        .query("showDeleted", true)
        .query("showHidden", true)
        .query("pageToken", "EiIKGjRpb2")
        .query("fields", CALENDAR_LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"items": [{"id": "old@group.calendar.google.com", "summary": "Old", "deleted": true, "hidden": true, "accessRole": "reader"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_list_calendars",
            json!({"max_results": 500, "show_deleted": true, "show_hidden": true, "next_page_token": "EiIKGjRpb2"}),
        )
        .await;
    assert_eq!(v["num_calendars"], 1);
    assert_eq!(v["calendars"][0]["deleted"], true);
    assert!(v.get("next_page_token").is_none(), "{v}");
}

#[tokio::test]
async fn list_calendars_reports_a_bad_page_token() {
    let s = setup().await;
    expect("GET", v3("/users/me/calendarList"))
        .bearer(TOKEN)
        .query("maxResults", 10)
        .query("pageToken", "stale")
        .query("fields", CALENDAR_LIST_FIELDS)
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "invalid",
                "Invalid page token value.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_list_calendars",
            json!({"next_page_token": "stale"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid page token value"),
        "{err}"
    );
}
