//! google_calendar_create_event and google_calendar_quick_add_event: times in their forms
//! (offset, local in a zone, all-day), guests, recurrence, Meet links, and what is refused.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Request, ResponseTemplate};
use serde_json::{Value, json};

use crate::common::{
    EVENT_FIELDS, TOKEN, bodies_at, calendar_zone, google_error, insufficient_scope, mock,
    request_count, setup, timed_event, v3,
};

#[tokio::test]
async fn create_with_offsets_guests_and_details() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Design review",
            "description": "Agenda: the new API",
            "location": "Room 4",
            "start": {"dateTime": "2025-06-02T15:00:00-07:00"},
            "end": {"dateTime": "2025-06-02T16:00:00-07:00"},
            "visibility": "private",
            "attendees": [{"email": "bob@example.com"}, {"email": "carol@example.org"}]
        }))
        .respond(
            &s.fake,
            200,
            json!({
                "id": "7cbh8rpc10lrc0ckih9tafss99",
                "status": "confirmed",
                "htmlLink": "https://www.google.com/calendar/event?eid=N2NiaDhycGMxMGxyYzBja2loOXRhZnNzOTk",
                "updated": "2025-05-30T09:12:01.392Z",
                "summary": "Design review",
                "description": "Agenda: the new API",
                "location": "Room 4",
                "creator": {"email": "ann@example.com"},
                "organizer": {"email": "ann@example.com", "self": true},
                "start": {"dateTime": "2025-06-02T15:00:00-07:00", "timeZone": "America/Los_Angeles"},
                "end": {"dateTime": "2025-06-02T16:00:00-07:00", "timeZone": "America/Los_Angeles"},
                "visibility": "private",
                "attendees": [
                    {"email": "bob@example.com", "responseStatus": "needsAction"},
                    {"email": "carol@example.org", "responseStatus": "needsAction"}
                ],
                "eventType": "default"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({
                "summary": "Design review",
                "start_datetime": "2025-06-02T15:00:00-07:00",
                "end_datetime": "2025-06-02T16:00:00-07:00",
                "description": "Agenda: the new API",
                "location": "Room 4",
                "visibility": "private",
                "attendees": ["bob@example.com", " carol@example.org ", "BOB@example.com"]
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "id": "7cbh8rpc10lrc0ckih9tafss99",
            "status": "confirmed",
            "summary": "Design review",
            "description": "Agenda: the new API",
            "location": "Room 4",
            "start": {"dateTime": "2025-06-02T15:00:00-07:00", "timeZone": "America/Los_Angeles"},
            "end": {"dateTime": "2025-06-02T16:00:00-07:00", "timeZone": "America/Los_Angeles"},
            "visibility": "private",
            "eventType": "default",
            "organizer": "ann@example.com",
            "creator": "ann@example.com",
            "htmlLink": "https://www.google.com/calendar/event?eid=N2NiaDhycGMxMGxyYzBja2loOXRhZnNzOTk",
            "updated": "2025-05-30T09:12:01.392Z",
            "attendees": [
                {"email": "bob@example.com", "responseStatus": "needsAction"},
                {"email": "carol@example.org", "responseStatus": "needsAction"}
            ]
        })
    );
    // Offsets given: the calendar's time zone was not needed.
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn create_local_times_in_the_calendars_zone() {
    let s = setup().await;
    calendar_zone(&s.fake, "team%40example.com", "Europe/Berlin").await;
    expect("POST", v3("/calendars/team%40example.com/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "none")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Standup",
            "start": {"dateTime": "2025-03-31T09:00:00", "timeZone": "Europe/Berlin"},
            "end": {"dateTime": "2025-03-31T09:15:00", "timeZone": "Europe/Berlin"}
        }))
        .respond(
            &s.fake,
            200,
            timed_event(
                "ev1",
                "Standup",
                "2025-03-31T09:00:00+02:00",
                "2025-03-31T09:15:00+02:00",
                "Europe/Berlin",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({
                "summary": "Standup",
                "start_datetime": "2025-03-31T09:00",
                "end_datetime": "2025-03-31T09:15:00",
                "calendar_id": "team@example.com",
                "send_updates": "none"
            }),
        )
        .await;
    assert_eq!(v["start"]["dateTime"], "2025-03-31T09:00:00+02:00");
    assert!(v.get("allDay").is_none());
}

#[tokio::test]
async fn create_weekly_series_in_berlin_across_the_dst_change() {
    // A series starting before the spring change (CET, +01:00) repeats at 09:00 local time:
    // Google expands it in `timeZone`, so the zone must be sent with the rule.
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Weekly sync",
            "start": {"dateTime": "2025-03-24T09:00:00+01:00", "timeZone": "Europe/Berlin"},
            "end": {"dateTime": "2025-03-24T09:30:00+01:00", "timeZone": "Europe/Berlin"},
            "recurrence": ["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4", "EXDATE;TZID=Europe/Berlin:20250407T090000"]
        }))
        .respond(
            &s.fake,
            200,
            {
                let mut e = timed_event("series1", "Weekly sync", "2025-03-24T09:00:00+01:00", "2025-03-24T09:30:00+01:00", "Europe/Berlin");
                e["recurrence"] = json!(["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4", "EXDATE;TZID=Europe/Berlin:20250407T090000"]);
                e
            },
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({
                "summary": "Weekly sync",
                "start_datetime": "2025-03-24T09:00:00+01:00",
                "end_datetime": "2025-03-24T09:30:00+01:00",
                "time_zone": "Europe/Berlin",
                "recurrence": ["FREQ=WEEKLY;BYDAY=MO;COUNT=4", "EXDATE;TZID=Europe/Berlin:20250407T090000"]
            }),
        )
        .await;
    assert_eq!(v["recurrence"][0], "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4");
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn create_recurring_with_offsets_asks_for_the_calendars_zone() {
    let s = setup().await;
    calendar_zone(&s.fake, "primary", "America/New_York").await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Gym",
            "start": {"dateTime": "2025-11-01T07:00:00-04:00", "timeZone": "America/New_York"},
            "end": {"dateTime": "2025-11-01T08:00:00-04:00", "timeZone": "America/New_York"},
            "recurrence": ["RRULE:FREQ=DAILY;COUNT=3"]
        }))
        .respond(
            &s.fake,
            200,
            timed_event(
                "gym",
                "Gym",
                "2025-11-01T07:00:00-04:00",
                "2025-11-01T08:00:00-04:00",
                "America/New_York",
            ),
        )
        .await;
    s.client
        .call_ok(
            "google_calendar_create_event",
            json!({
                "summary": "Gym",
                "start_datetime": "2025-11-01T07:00:00-04:00",
                "end_datetime": "2025-11-01T08:00:00-04:00",
                "recurrence": ["RRULE:FREQ=DAILY;COUNT=3"]
            }),
        )
        .await;
}

#[tokio::test]
async fn create_all_day_event_with_its_exclusive_end() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Conference",
            "start": {"date": "2025-06-10"},
            "end": {"date": "2025-06-13"}
        }))
        .respond(
            &s.fake,
            200,
            json!({
                "id": "conf1", "status": "confirmed", "summary": "Conference",
                "start": {"date": "2025-06-10"}, "end": {"date": "2025-06-13"},
                "htmlLink": "https://www.google.com/calendar/event?eid=Y29uZjE", "eventType": "default"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({"summary": "Conference", "start_datetime": "2025-06-10", "end_datetime": "2025-06-13"}),
        )
        .await;
    // Google's end date is exclusive: the event covers June 10, 11 and 12.
    assert_eq!(v["allDay"], true);
    assert_eq!(v["lastDay"], "2025-06-12");
    assert_eq!(v["end"]["date"], "2025-06-13");
    // No time zone is needed for dates.
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn an_all_day_end_equal_to_the_start_is_one_day() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Holiday",
            "start": {"date": "2025-12-31"},
            "end": {"date": "2026-01-01"}
        }))
        .respond(
            &s.fake,
            200,
            json!({"id": "h1", "summary": "Holiday", "start": {"date": "2025-12-31"}, "end": {"date": "2026-01-01"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({"summary": "Holiday", "start_datetime": "2025-12-31", "end_datetime": "2025-12-31"}),
        )
        .await;
    assert_eq!(v["lastDay"], "2025-12-31");
}

fn meet_request_matches(expected: Value) -> impl Fn(&Request) -> bool + Send + Sync + 'static {
    move |r: &Request| {
        let Ok(mut body) = serde_json::from_slice::<Value>(&r.body) else {
            return false;
        };
        let Some(id) = body
            .pointer_mut("/conferenceData/createRequest/requestId")
            .and_then(|v| v.as_str().map(str::to_owned))
        else {
            return false;
        };
        if id.len() < 16 {
            return false;
        }
        body["conferenceData"]["createRequest"]["requestId"] = json!("<random>");
        body == expected
    }
}

#[tokio::test]
async fn create_with_a_google_meet_link() {
    let s = setup().await;
    let expected = json!({
        "summary": "1:1",
        "start": {"dateTime": "2025-06-03T10:00:00+00:00"},
        "end": {"dateTime": "2025-06-03T10:30:00+00:00"},
        "attendees": [{"email": "bob@example.com"}],
        "conferenceData": {"createRequest": {
            "requestId": "<random>",
            "conferenceSolutionKey": {"type": "hangoutsMeet"}
        }}
    });
    mock(
        "POST",
        &v3("/calendars/primary/events"),
        &[
            ("sendUpdates", "all"),
            ("conferenceDataVersion", "1"),
            ("fields", EVENT_FIELDS),
        ],
    )
    .and(meet_request_matches(expected))
    .respond_with(ResponseTemplate::new(200).set_body_json(json!({
        "id": "m1",
        "summary": "1:1",
        "start": {"dateTime": "2025-06-03T10:00:00Z", "timeZone": "UTC"},
        "end": {"dateTime": "2025-06-03T10:30:00Z", "timeZone": "UTC"},
        "hangoutLink": "https://meet.google.com/abc-defg-hij",
        "conferenceData": {
            "createRequest": {"status": {"statusCode": "success"}},
            "entryPoints": [
                {"entryPointType": "video", "uri": "https://meet.google.com/abc-defg-hij"},
                {"entryPointType": "more", "uri": "https://tel.meet/abc-defg-hij?pin=1234"}
            ],
            "conferenceId": "abc-defg-hij"
        }
    })))
    .expect(2)
    .mount(&s.fake)
    .await;
    let args = json!({
        "summary": "1:1",
        "start_datetime": "2025-06-03T10:00:00Z",
        "end_datetime": "2025-06-03T10:30:00Z",
        "attendees": ["bob@example.com"],
        "add_google_meet": true
    });
    let v = s
        .client
        .call_ok("google_calendar_create_event", args.clone())
        .await;
    assert_eq!(
        v["meet"],
        json!({"link": "https://meet.google.com/abc-defg-hij", "status": "success", "conferenceId": "abc-defg-hij"})
    );
    s.client.call_ok("google_calendar_create_event", args).await;
    // Each request asks for a new conference: the request ids differ.
    let ids: Vec<Value> = bodies_at(&s.fake, &v3("/calendars/primary/events"))
        .await
        .into_iter()
        .map(|b| b["conferenceData"]["createRequest"]["requestId"].clone())
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
}

#[tokio::test]
async fn create_reports_a_pending_meet() {
    let s = setup().await;
    mock(
        "POST",
        &v3("/calendars/primary/events"),
        &[
            ("sendUpdates", "all"),
            ("conferenceDataVersion", "1"),
            ("fields", EVENT_FIELDS),
        ],
    )
    .respond_with(ResponseTemplate::new(200).set_body_json(json!({
        "id": "m2",
        "summary": "Call",
        "start": {"date": "2025-06-04"},
        "end": {"date": "2025-06-05"},
        "conferenceData": {"createRequest": {"status": {"statusCode": "pending"}}}
    })))
    .expect(1)
    .mount(&s.fake)
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({"summary": "Call", "start_datetime": "2025-06-04", "end_datetime": "2025-06-05", "add_google_meet": true}),
        )
        .await;
    assert_eq!(v["meet"], json!({"status": "pending"}));
}

#[tokio::test]
async fn create_refuses_bad_times_and_addresses_without_calling_google() {
    let s = setup().await;
    let cases = [
        (
            json!({"summary": "x", "start_datetime": "next tuesday", "end_datetime": "2025-06-03"}),
            "start_datetime",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-03", "end_datetime": "2025-06-03T10:00:00Z"}),
            "same form",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-03T11:00:00Z", "end_datetime": "2025-06-03T10:00:00Z"}),
            "end must be after the start",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-05", "end_datetime": "2025-06-03"}),
            "before the start date",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-03T10:00:00Z", "end_datetime": "2025-06-03T11:00:00Z", "attendees": ["Bob <bob@example.com>"]}),
            "not an email address",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-03T10:00:00Z", "end_datetime": "2025-06-03T11:00:00Z", "time_zone": "Berlin"}),
            "IANA",
        ),
        (
            json!({"summary": "x", "start_datetime": "2025-06-03T10:00:00Z", "end_datetime": "2025-06-03T11:00:00Z", "recurrence": ["every monday"]}),
            "RFC 5545",
        ),
        (
            json!({"summary": "  ", "start_datetime": "2025-06-03", "end_datetime": "2025-06-04"}),
            "summary",
        ),
    ];
    for (args, want) in cases {
        let err = s
            .client
            .call_err("google_calendar_create_event", args.clone())
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn create_without_the_events_scope_names_it() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "x",
            "start": {"date": "2025-06-03"},
            "end": {"date": "2025-06-04"}
        }))
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/calendar.events"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_create_event",
            json!({"summary": "x", "start_datetime": "2025-06-03", "end_datetime": "2025-06-04"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("insufficientPermissions"),
        "{err}"
    );
    assert!(
        err.contains("https://www.googleapis.com/auth/calendar.events"),
        "{err}"
    );
}

#[tokio::test]
async fn create_in_an_unknown_calendar() {
    let s = setup().await;
    expect("GET", v3("/calendars/nope%40example.com"))
        .bearer(TOKEN)
        .query("fields", "timeZone")
        .respond(&s.fake, 404, crate::common::not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_create_event",
            json!({"summary": "x", "start_datetime": "2025-06-03T10:00", "end_datetime": "2025-06-03T11:00", "calendar_id": "nope@example.com"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("notFound"), "{err}");
}

#[tokio::test]
async fn quick_add_from_text() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events/quickAdd"))
        .bearer(TOKEN)
        .query("text", "Lunch with Ann at Cafe Luna tomorrow 12:30-13:30")
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .respond(&s.fake, 200, {
            let mut e = timed_event(
                "qa1",
                "Lunch with Ann",
                "2025-06-04T12:30:00+02:00",
                "2025-06-04T13:30:00+02:00",
                "Europe/Berlin",
            );
            e["location"] = json!("Cafe Luna");
            e
        })
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_quick_add_event",
            json!({"text": " Lunch with Ann at Cafe Luna tomorrow 12:30-13:30 "}),
        )
        .await;
    assert_eq!(v["id"], "qa1");
    assert_eq!(v["location"], "Cafe Luna");
}

#[tokio::test]
async fn quick_add_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_calendar_quick_add_event", json!({"text": " "}))
        .await;
    assert!(err.contains("text"), "{err}");
    expect("POST", v3("/calendars/ro%40example.com/events/quickAdd"))
        .bearer(TOKEN)
        .query("text", "Dentist Friday 3pm")
        .query("sendUpdates", "none")
        .query("fields", EVENT_FIELDS)
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "PERMISSION_DENIED",
                "requiredAccessLevel",
                "You need to have writer access to this calendar.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_quick_add_event",
            json!({"text": "Dentist Friday 3pm", "calendar_id": "ro@example.com", "send_updates": "none"}),
        )
        .await;
    assert!(err.contains("writer access"), "{err}");
}

#[tokio::test]
async fn a_token_that_cannot_read_the_calendar_is_told_to_give_a_zone() {
    let s = setup().await;
    expect("GET", v3("/calendars/primary"))
        .bearer(TOKEN)
        .query("fields", "timeZone")
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/calendar.calendars.readonly"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_create_event",
            json!({"summary": "x", "start_datetime": "2025-06-03T10:00", "end_datetime": "2025-06-03T11:00"}),
        )
        .await;
    assert!(err.contains("calendar.calendars.readonly"), "{err}");
    assert!(err.contains("give `time_zone`"), "{err}");
}
