//! google_calendar_list_events, google_calendar_get_event and
//! google_calendar_list_event_instances: bounds in every form (a DST change in Berlin
//! included), all-day events, pages, recurring instances.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{
    EVENT_FIELDS, TOKEN, calendar_zone, google_error, list_fields, not_found, request_count, setup,
    timed_event, v3,
};

#[tokio::test]
async fn list_events_between_dates_across_berlins_dst_change() {
    // Berlin moves from +01:00 to +02:00 on 2025-03-30: the day bounds carry each day's own
    // offset, and the range ends at the end of March 31 local time.
    let s = setup().await;
    calendar_zone(&s.fake, "primary", "Europe/Berlin").await;
    expect("GET", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("timeMin", "2025-03-29T00:00:00+01:00")
        .query("timeMax", "2025-04-01T00:00:00+02:00")
        .query("maxResults", 10)
        .query("singleEvents", true)
        .query("orderBy", "startTime")
        .query("fields", list_fields())
        .respond(
            &s.fake,
            200,
            json!({
                "timeZone": "Europe/Berlin",
                "items": [
                    // Saturday 22:00 CET to Sunday 04:00 CEST: five hours, not six.
                    timed_event("night", "Night shift", "2025-03-29T22:00:00+01:00", "2025-03-30T04:00:00+02:00", "Europe/Berlin"),
                    {
                        "id": "trip", "status": "confirmed", "summary": "Trip",
                        "start": {"date": "2025-03-30"}, "end": {"date": "2025-04-01"},
                        "htmlLink": "https://www.google.com/calendar/event?eid=dHJpcA", "eventType": "default"
                    }
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_list_events",
            json!({"min_end_datetime": "2025-03-29", "max_start_datetime": "2025-03-31"}),
        )
        .await;
    assert_eq!(v["events_count"], 2);
    assert_eq!(v["time_zone"], "Europe/Berlin");
    assert_eq!(
        v["events"][0]["start"]["dateTime"],
        "2025-03-29T22:00:00+01:00"
    );
    assert_eq!(
        v["events"][0]["end"]["dateTime"],
        "2025-03-30T04:00:00+02:00"
    );
    assert_eq!(v["events"][1]["allDay"], true);
    assert_eq!(v["events"][1]["lastDay"], "2025-03-31");
    assert!(v.get("next_page_token").is_none());
}

#[tokio::test]
async fn list_events_with_offsets_needs_no_zone_and_pages() {
    let s = setup().await;
    expect("GET", v3("/calendars/c_team%40group.calendar.google.com/events"))
        .bearer(TOKEN)
        .query("timeMin", "2025-06-01T00:00:00+00:00")
        .query("timeMax", "2025-06-08T00:00:00-04:00")
        .query("maxResults", 2500)
        .query("singleEvents", true)
        .query("orderBy", "startTime")
        .query("q", "review")
        .query("timeZone", "America/New_York")
        .query("pageToken", "CigKGjc")
        .query("fields", list_fields())
        .respond(
            &s.fake,
            200,
            json!({
                "timeZone": "America/New_York",
                "nextPageToken": "CigKGjd",
                "items": [{
                    "id": "r1_20250602T140000Z",
                    "status": "confirmed",
                    "summary": "Code review",
                    "description": "x".repeat(3000),
                    "start": {"dateTime": "2025-06-02T10:00:00-04:00", "timeZone": "America/New_York"},
                    "end": {"dateTime": "2025-06-02T11:00:00-04:00", "timeZone": "America/New_York"},
                    "recurringEventId": "r1",
                    "originalStartTime": {"dateTime": "2025-06-02T10:00:00-04:00", "timeZone": "America/New_York"},
                    "attendees": [
                        {"email": "ann@example.com", "self": true, "responseStatus": "accepted", "organizer": true},
                        {"email": "bob@example.com", "displayName": "Bob", "responseStatus": "tentative", "comment": "maybe late"}
                    ],
                    "hangoutLink": "https://meet.google.com/xyz-abcd-efg"
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_list_events",
            json!({
                "min_end_datetime": "2025-06-01T00:00:00Z",
                "max_start_datetime": "2025-06-08T00:00:00-04:00",
                "calendar_id": "c_team@group.calendar.google.com",
                "max_results": 5000,
                "query": "review",
                "time_zone": "America/New_York",
                "next_page_token": "CigKGjc"
            }),
        )
        .await;
    assert_eq!(v["next_page_token"], "CigKGjd");
    let e = &v["events"][0];
    assert_eq!(e["recurringEventId"], "r1");
    assert_eq!(
        e["meet"],
        json!({"link": "https://meet.google.com/xyz-abcd-efg"})
    );
    assert_eq!(
        e["attendees"][1],
        json!({"email": "bob@example.com", "displayName": "Bob", "responseStatus": "tentative", "comment": "maybe late"})
    );
    let d = e["description"].as_str().unwrap();
    assert!(d.len() < 1200 && d.contains("truncated"), "{d}");
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn list_events_local_times_in_a_given_zone() {
    let s = setup().await;
    expect("GET", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("timeMin", "2025-10-26T01:30:00+02:00")
        .query("timeMax", "2025-10-26T03:30:00+01:00")
        .query("maxResults", 10)
        .query("singleEvents", true)
        .query("orderBy", "startTime")
        .query("timeZone", "Europe/Berlin")
        .query("fields", list_fields())
        .respond(
            &s.fake,
            200,
            json!({"timeZone": "Europe/Berlin", "items": []}),
        )
        .await;
    // 02:30 happens twice on 2025-10-26 in Berlin; bounds at 01:30 (CEST) and 03:30 (CET)
    // keep their own offsets.
    let v = s
        .client
        .call_ok(
            "google_calendar_list_events",
            json!({"min_end_datetime": "2025-10-26T01:30", "max_start_datetime": "2025-10-26T03:30", "time_zone": "Europe/Berlin"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"events_count": 0, "events": [], "time_zone": "Europe/Berlin"})
    );
}

#[tokio::test]
async fn list_events_refuses_an_empty_range() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_calendar_list_events",
            json!({"min_end_datetime": "2025-06-02T10:00:00Z", "max_start_datetime": "2025-06-02T09:00:00Z"}),
        )
        .await;
    assert!(err.contains("time range is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "google_calendar_list_events",
            json!({"min_end_datetime": "yesterday", "max_start_datetime": "2025-06-02T09:00:00Z"}),
        )
        .await;
    assert!(err.contains("min_end_datetime"), "{err}");
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn list_events_in_a_calendar_not_shared() {
    let s = setup().await;
    expect("GET", v3("/calendars/bob%40example.com/events"))
        .bearer(TOKEN)
        .query("timeMin", "2025-06-01T00:00:00+00:00")
        .query("timeMax", "2025-06-02T00:00:00+00:00")
        .query("maxResults", 10)
        .query("singleEvents", true)
        .query("orderBy", "startTime")
        .query("fields", list_fields())
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_list_events",
            json!({"min_end_datetime": "2025-06-01T00:00:00Z", "max_start_datetime": "2025-06-02T00:00:00Z", "calendar_id": "bob@example.com"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("notFound"), "{err}");
    assert!(err.contains("not shared with this account"), "{err}");
}

#[tokio::test]
async fn get_event_with_everything_an_agent_reads() {
    let s = setup().await;
    expect("GET", v3("/calendars/primary/events/ev%2F1"))
        .bearer(TOKEN)
        .query("timeZone", "Asia/Tokyo")
        .query("fields", EVENT_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "id": "ev/1",
                "status": "confirmed",
                "summary": "Planning",
                "description": "Quarterly planning",
                "start": {"dateTime": "2025-06-02T17:00:00+09:00", "timeZone": "Europe/Berlin"},
                "end": {"dateTime": "2025-06-02T18:00:00+09:00", "timeZone": "Europe/Berlin"},
                "recurrence": ["RRULE:FREQ=MONTHLY;BYDAY=1MO"],
                "organizer": {"email": "boss@example.com", "displayName": "Boss"},
                "attendees": [{"email": "ann@example.com", "self": true, "responseStatus": "needsAction"}],
                "attachments": [{"title": "Plan.pdf", "fileUrl": "https://drive.google.com/open?id=1", "mimeType": "application/pdf", "iconLink": "x"}],
                "transparency": "opaque"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_get_event",
            json!({"event_id": "ev/1", "time_zone": "Asia/Tokyo"}),
        )
        .await;
    assert_eq!(v["organizer"], "boss@example.com");
    assert_eq!(v["recurrence"], json!(["RRULE:FREQ=MONTHLY;BYDAY=1MO"]));
    assert_eq!(
        v["attachments"],
        json!([{"title": "Plan.pdf", "fileUrl": "https://drive.google.com/open?id=1"}])
    );
    assert_eq!(v["attendees"][0]["self"], true);
}

#[tokio::test]
async fn get_event_not_found() {
    let s = setup().await;
    expect("GET", v3("/calendars/primary/events/gone"))
        .bearer(TOKEN)
        .query("fields", EVENT_FIELDS)
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("google_calendar_get_event", json!({"event_id": "gone"}))
        .await;
    assert!(err.contains("404") && err.contains("check the id"), "{err}");
    let err = s
        .client
        .call_err("google_calendar_get_event", json!({"event_id": " "}))
        .await;
    assert!(err.contains("event_id"), "{err}");
}

#[tokio::test]
async fn list_instances_of_a_recurring_event() {
    let s = setup().await;
    calendar_zone(&s.fake, "primary", "Europe/Berlin").await;
    expect("GET", v3("/calendars/primary/events/series1/instances"))
        .bearer(TOKEN)
        .query("timeMin", "2025-03-24T00:00:00+01:00")
        .query("timeMax", "2025-04-08T00:00:00+02:00")
        .query("maxResults", 25)
        .query("fields", list_fields())
        .respond(
            &s.fake,
            200,
            json!({
                "timeZone": "Europe/Berlin",
                "nextPageToken": "next2",
                "items": [
                    {
                        "id": "series1_20250324T080000Z", "status": "confirmed", "summary": "Weekly sync",
                        "start": {"dateTime": "2025-03-24T09:00:00+01:00", "timeZone": "Europe/Berlin"},
                        "end": {"dateTime": "2025-03-24T09:30:00+01:00", "timeZone": "Europe/Berlin"},
                        "recurringEventId": "series1",
                        "originalStartTime": {"dateTime": "2025-03-24T09:00:00+01:00", "timeZone": "Europe/Berlin"}
                    },
                    {
                        "id": "series1_20250331T070000Z", "status": "confirmed", "summary": "Weekly sync",
                        "start": {"dateTime": "2025-03-31T09:00:00+02:00", "timeZone": "Europe/Berlin"},
                        "end": {"dateTime": "2025-03-31T09:30:00+02:00", "timeZone": "Europe/Berlin"},
                        "recurringEventId": "series1",
                        "originalStartTime": {"dateTime": "2025-03-31T09:00:00+02:00", "timeZone": "Europe/Berlin"}
                    }
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_list_event_instances",
            json!({"event_id": "series1", "time_min": "2025-03-24", "time_max": "2025-04-07"}),
        )
        .await;
    assert_eq!(v["events_count"], 2);
    assert_eq!(v["next_page_token"], "next2");
    assert_eq!(v["events"][1]["id"], "series1_20250331T070000Z");
}

#[tokio::test]
async fn list_instances_of_a_single_event_fails_clearly() {
    let s = setup().await;
    expect("GET", v3("/calendars/primary/events/single/instances"))
        .bearer(TOKEN)
        .query("maxResults", 25)
        .query("fields", list_fields())
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "invalid",
                "Invalid resource id value.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_list_event_instances",
            json!({"event_id": "single"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid resource id value"),
        "{err}"
    );
}
