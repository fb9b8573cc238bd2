//! google_calendar_update_event, google_calendar_add_attendees_to_event,
//! google_calendar_respond_to_event, google_calendar_move_event and
//! google_calendar_delete_event: PATCH bodies with only what changes, attendee lists edited
//! under If-Match, notifications, and Google's refusals.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    EVENT_FIELDS, TOKEN, calendar_zone, google_error, mock, not_found, request_count, setup,
    timed_event, v3,
};

const ETAG: &str = "\"3181161784712000\"";

fn event_path() -> String {
    v3("/calendars/primary/events/ev1")
}

async fn attendees_read(fake: &mcp_testkit::wiremock::MockServer, etag: &str, attendees: Value) {
    expect("GET", event_path())
        .bearer(TOKEN)
        .query("fields", "etag,attendees")
        .respond(fake, 200, json!({"etag": etag, "attendees": attendees}))
        .await;
}

#[tokio::test]
async fn update_sets_only_the_given_fields() {
    let s = setup().await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .query("sendUpdates", "externalOnly")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "summary": "Design review (moved)",
            "description": "",
            "visibility": "public",
            "recurrence": ["RRULE:FREQ=WEEKLY;COUNT=5"]
        }))
        .respond(
            &s.fake,
            200,
            timed_event(
                "ev1",
                "Design review (moved)",
                "2025-06-02T15:00:00-07:00",
                "2025-06-02T16:00:00-07:00",
                "America/Los_Angeles",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_update_event",
            json!({
                "event_id": "ev1",
                "updated_summary": "Design review (moved)",
                "updated_description": "",
                "updated_visibility": "public",
                "updated_recurrence": ["FREQ=WEEKLY;COUNT=5"],
                "send_updates": "externalOnly"
            }),
        )
        .await;
    assert_eq!(v["updated"], true);
    assert_eq!(v["event"]["summary"], "Design review (moved)");
}

#[tokio::test]
async fn update_moves_an_event_in_local_time() {
    let s = setup().await;
    calendar_zone(&s.fake, "primary", "Europe/Berlin").await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "start": {"dateTime": "2025-03-30T01:30:00", "timeZone": "Europe/Berlin", "date": null},
            "end": {"dateTime": "2025-03-30T03:30:00", "timeZone": "Europe/Berlin", "date": null}
        }))
        .respond(
            &s.fake,
            200,
            timed_event(
                "ev1",
                "Night",
                "2025-03-30T01:30:00+01:00",
                "2025-03-30T03:30:00+02:00",
                "Europe/Berlin",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_update_event",
            json!({"event_id": "ev1", "updated_start_datetime": "2025-03-30T01:30", "updated_end_datetime": "2025-03-30T03:30"}),
        )
        .await;
    // 01:30 CET to 03:30 CEST is one hour: the clocks skip 02:00-03:00.
    assert_eq!(v["event"]["end"]["dateTime"], "2025-03-30T03:30:00+02:00");
}

#[tokio::test]
async fn update_turns_a_timed_event_into_an_all_day_one() {
    let s = setup().await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .query("sendUpdates", "none")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "start": {"date": "2025-07-04", "dateTime": null},
            "end": {"date": "2025-07-05", "dateTime": null}
        }))
        .respond(
            &s.fake,
            200,
            json!({"id": "ev1", "summary": "Off", "start": {"date": "2025-07-04"}, "end": {"date": "2025-07-05"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_update_event",
            json!({"event_id": "ev1", "updated_start_datetime": "2025-07-04", "updated_end_datetime": "2025-07-04", "send_updates": "none"}),
        )
        .await;
    assert_eq!(v["event"]["allDay"], true);
    assert_eq!(v["event"]["lastDay"], "2025-07-04");
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn update_adds_and_removes_guests_keeping_the_others() {
    let s = setup().await;
    attendees_read(
        &s.fake,
        ETAG,
        json!([
            {"email": "ann@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
            {"email": "Bob@Example.com", "responseStatus": "declined", "comment": "on leave"},
            {"email": "carol@example.org", "responseStatus": "accepted", "optional": true}
        ]),
    )
    .await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .header("if-match", ETAG)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({
            "location": "Room 7",
            "attendees": [
                {"email": "ann@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
                {"email": "carol@example.org", "responseStatus": "accepted", "optional": true},
                {"email": "dan@example.net"}
            ]
        }))
        .respond(
            &s.fake,
            200,
            timed_event("ev1", "Sync", "2025-06-02T10:00:00Z", "2025-06-02T11:00:00Z", "UTC"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_update_event",
            json!({
                "event_id": "ev1",
                "updated_location": "Room 7",
                "attendees_to_add": ["dan@example.net", "CAROL@example.org"],
                "attendees_to_remove": ["bob@example.com", "zed@example.com"]
            }),
        )
        .await;
    assert_eq!(v["added"], json!(["dan@example.net"]));
    assert_eq!(v["already_attendees"], json!(["CAROL@example.org"]));
    assert_eq!(v["removed"], json!(["bob@example.com"]));
    assert_eq!(v["not_attendees"], json!(["zed@example.com"]));
    assert_eq!(v["event"]["id"], "ev1");
}

#[tokio::test]
async fn a_concurrent_change_is_redone_on_the_new_version() {
    let s = setup().await;
    // First read: version 1; the PATCH conditional on it loses (412); second read: version 2.
    mock("GET", &event_path(), &[("fields", "etag,attendees")])
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"etag": "\"1\"", "attendees": []})),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    mock("GET", &event_path(), &[("fields", "etag,attendees")])
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"etag": "\"2\"", "attendees": [{"email": "eve@example.com", "responseStatus": "accepted"}]}),
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let query = [("sendUpdates", "all"), ("fields", EVENT_FIELDS)];
    mock("PATCH", &event_path(), &query)
        .and(mcp_testkit::wiremock::matchers::header("if-match", "\"1\""))
        .respond_with(ResponseTemplate::new(412).set_body_json(json!({
            "error": {"errors": [{"domain": "global", "reason": "conditionNotMet", "message": "Precondition Failed", "locationType": "header", "location": "If-Match"}],
                      "code": 412, "message": "Precondition Failed"}
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    mock("PATCH", &event_path(), &query)
        .and(mcp_testkit::wiremock::matchers::header("if-match", "\"2\""))
        .and(mcp_testkit::wiremock::matchers::body_json(
            json!({"attendees": [
                {"email": "eve@example.com", "responseStatus": "accepted"},
                {"email": "dan@example.net"}
            ]}),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(timed_event(
            "ev1",
            "Sync",
            "2025-06-02T10:00:00Z",
            "2025-06-02T11:00:00Z",
            "UTC",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_add_attendees_to_event",
            json!({"event_id": "ev1", "attendees": ["dan@example.net"]}),
        )
        .await;
    assert_eq!(v["added"], json!(["dan@example.net"]));
}

#[tokio::test]
async fn update_refusals() {
    let s = setup().await;
    for (args, want) in [
        (json!({"event_id": "ev1"}), "nothing to update"),
        (
            json!({"event_id": "ev1", "attendees_to_add": ["a@example.com"], "attendees_to_remove": ["A@example.com"]}),
            "both in attendees_to_add and attendees_to_remove",
        ),
        (
            json!({"event_id": "ev1", "updated_start_datetime": "2025-07-04", "updated_end_datetime": "2025-07-05T10:00:00Z"}),
            "same form",
        ),
        (
            json!({"event_id": "ev1", "updated_recurrence": ["weekly"]}),
            "RFC 5545",
        ),
    ] {
        let err = s
            .client
            .call_err("google_calendar_update_event", args.clone())
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn update_of_a_missing_event() {
    let s = setup().await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({"summary": "x"}))
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_update_event",
            json!({"event_id": "ev1", "updated_summary": "x"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("notFound"), "{err}");
}

#[tokio::test]
async fn add_attendees_contract() {
    let s = setup().await;
    attendees_read(
        &s.fake,
        ETAG,
        json!([{"email": "ann@example.com", "organizer": true, "self": true, "responseStatus": "accepted"}]),
    )
    .await;
    expect("PATCH", v3("/calendars/primary/events/ev1"))
        .bearer(TOKEN)
        .header("if-match", ETAG)
        .query("sendUpdates", "none")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({"attendees": [
            {"email": "ann@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
            {"email": "bob@example.com"},
            {"email": "carol@example.org"}
        ]}))
        .respond(&s.fake, 200, {
            let mut e = timed_event("ev1", "Sync", "2025-06-02T10:00:00Z", "2025-06-02T11:00:00Z", "UTC");
            e["attendees"] = json!([
                {"email": "ann@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
                {"email": "bob@example.com", "responseStatus": "needsAction"},
                {"email": "carol@example.org", "responseStatus": "needsAction"}
            ]);
            e
        })
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_add_attendees_to_event",
            json!({"event_id": "ev1", "attendees": ["bob@example.com", "carol@example.org"], "send_updates": "none"}),
        )
        .await;
    assert_eq!(v["added"], json!(["bob@example.com", "carol@example.org"]));
    assert_eq!(v["notified"], "none");
    assert_eq!(v["event"]["attendees"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn add_attendees_already_there_changes_nothing() {
    let s = setup().await;
    attendees_read(
        &s.fake,
        ETAG,
        json!([{"email": "bob@example.com", "responseStatus": "accepted"}]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_add_attendees_to_event",
            json!({"event_id": "ev1", "attendees": ["BOB@example.com"]}),
        )
        .await;
    assert_eq!(v["updated"], false);
    assert_eq!(v["already_attendees"], json!(["BOB@example.com"]));
    // Read only: no PATCH was sent.
    assert_eq!(request_count(&s.fake).await, 1);
}

#[tokio::test]
async fn add_attendees_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_calendar_add_attendees_to_event",
            json!({"event_id": "ev1", "attendees": []}),
        )
        .await;
    assert!(err.contains("attendees"), "{err}");
    expect("GET", v3("/calendars/primary/events/gone"))
        .bearer(TOKEN)
        .query("fields", "etag,attendees")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_add_attendees_to_event",
            json!({"event_id": "gone", "attendees": ["bob@example.com"]}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn respond_to_an_invitation() {
    let s = setup().await;
    attendees_read(
        &s.fake,
        ETAG,
        json!([
            {"email": "boss@example.com", "organizer": true, "responseStatus": "accepted"},
            {"email": "ann@example.com", "self": true, "responseStatus": "needsAction"}
        ]),
    )
    .await;
    expect("PATCH", event_path())
        .bearer(TOKEN)
        .header("if-match", ETAG)
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .json_body(json!({"attendees": [
            {"email": "boss@example.com", "organizer": true, "responseStatus": "accepted"},
            {"email": "ann@example.com", "self": true, "responseStatus": "tentative", "comment": "may be 10 min late"}
        ]}))
        .respond(&s.fake, 200, {
            let mut e = timed_event("ev1", "Planning", "2025-06-02T10:00:00Z", "2025-06-02T11:00:00Z", "UTC");
            e["attendees"] = json!([
                {"email": "boss@example.com", "organizer": true, "responseStatus": "accepted"},
                {"email": "ann@example.com", "self": true, "responseStatus": "tentative", "comment": "may be 10 min late"}
            ]);
            e
        })
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_respond_to_event",
            json!({"event_id": "ev1", "response": "tentative", "comment": "may be 10 min late"}),
        )
        .await;
    assert_eq!(v["response"], "tentative");
    assert_eq!(v["updated"], true);
    assert_eq!(v["event"]["attendees"][1]["responseStatus"], "tentative");
}

#[tokio::test]
async fn respond_when_not_invited() {
    let s = setup().await;
    attendees_read(
        &s.fake,
        ETAG,
        json!([{"email": "boss@example.com", "organizer": true, "responseStatus": "accepted"}]),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_calendar_respond_to_event",
            json!({"event_id": "ev1", "response": "accepted"}),
        )
        .await;
    assert!(err.contains("not a guest"), "{err}");
    let err = s
        .client
        .call_err(
            "google_calendar_respond_to_event",
            json!({"event_id": "ev1", "response": "maybe"}),
        )
        .await;
    assert!(err.contains("maybe") && err.contains("tentative"), "{err}");
}

#[tokio::test]
async fn move_to_another_calendar() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events/ev1/move"))
        .bearer(TOKEN)
        .query("destination", "c_team@group.calendar.google.com")
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .respond(
            &s.fake,
            200,
            timed_event(
                "ev1",
                "Sync",
                "2025-06-02T10:00:00Z",
                "2025-06-02T11:00:00Z",
                "UTC",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_move_event",
            json!({"event_id": "ev1", "destination_calendar_id": "c_team@group.calendar.google.com"}),
        )
        .await;
    assert_eq!(v["id"], "ev1");
    assert_eq!(v["calendar_id"], "c_team@group.calendar.google.com");
}

#[tokio::test]
async fn move_of_a_special_event_is_refused() {
    let s = setup().await;
    expect("POST", v3("/calendars/primary/events/bday/move"))
        .bearer(TOKEN)
        .query("destination", "other@example.com")
        .query("sendUpdates", "all")
        .query("fields", EVENT_FIELDS)
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "eventTypeRestriction",
                "Event type cannot be changed.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_move_event",
            json!({"event_id": "bday", "destination_calendar_id": "other@example.com"}),
        )
        .await;
    assert!(
        err.contains("eventTypeRestriction") && err.contains("ordinary events"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_with_notifications() {
    let s = setup().await;
    expect("DELETE", v3("/calendars/team%40example.com/events/ev1"))
        .bearer(TOKEN)
        .query("sendUpdates", "externalOnly")
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_delete_event",
            json!({"event_id": "ev1", "calendar_id": "team@example.com", "send_updates": "externalOnly"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"deleted": true, "event_id": "ev1", "calendar_id": "team@example.com", "notified": "externalOnly"})
    );
}

#[tokio::test]
async fn delete_twice_says_so() {
    let s = setup().await;
    expect("DELETE", event_path())
        .bearer(TOKEN)
        .query("sendUpdates", "all")
        .respond(
            &s.fake,
            410,
            json!({"error": {"errors": [{"domain": "global", "reason": "deleted", "message": "Resource has been deleted"}], "code": 410, "message": "Resource has been deleted"}}),
        )
        .await;
    let err = s
        .client
        .call_err("google_calendar_delete_event", json!({"event_id": "ev1"}))
        .await;
    assert!(
        err.contains("410") && err.contains("already deleted"),
        "{err}"
    );
}
