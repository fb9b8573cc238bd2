//! Scheduled meetings: Calendar events with a Meet conference.

use crate::common::{any_query, meet_event, param, plain_event, queries_at, req, setup};
use mcp_vendor_google::testkit::{GoogleApi, google_error, insufficient_scope};
use serde_json::json;

const EVENTS: &str = "/calendar/v3/calendars/primary/events";

const CALENDAR: GoogleApi = GoogleApi {
    service: "calendar-json.googleapis.com",
    method: "calendar.v3.Events.Insert",
    legacy_errors: true,
};

#[tokio::test]
async fn create_meet_with_conference_request() {
    let s = setup().await;
    req(
        "POST",
        EVENTS,
        &[("conferenceDataVersion", "1"), ("sendUpdates", "all")],
    )
    .any_body()
    .respond(
        &s.fake,
        200,
        meet_event(
            "evt1",
            "Weekly sync",
            "2026-04-01T10:00:00+02:00",
            "2026-04-01T10:30:00+02:00",
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_create_meet",
            json!({
                "summary": "Weekly sync",
                "start_time": "2026-04-01T10:00:00+02:00",
                "end_time": "2026-04-01T10:30:00+02:00",
                "attendees": ["bob@example.com", " Bob@example.com", "ada@example.com"],
                "description": "Agenda: roadmap"
            }),
        )
        .await;
    let bodies = mcp_testkit::request_bodies(&s.fake, "POST", EVENTS).await;
    let mut body = bodies[0].clone();
    let request_id = body["conferenceData"]["createRequest"]["requestId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        request_id.starts_with("mcp-") && request_id.len() > 20,
        "{request_id}"
    );
    body["conferenceData"]["createRequest"]["requestId"] = json!("ID");
    assert_eq!(
        body,
        json!({
            "summary": "Weekly sync",
            "description": "Agenda: roadmap",
            "start": {"dateTime": "2026-04-01T10:00:00+02:00"},
            "end": {"dateTime": "2026-04-01T10:30:00+02:00"},
            "attendees": [{"email": "bob@example.com"}, {"email": "ada@example.com"}],
            "conferenceData": {"createRequest": {"requestId": "ID", "conferenceSolutionKey": {"type": "hangoutsMeet"}}}
        })
    );
    assert_eq!(v["event_id"], "evt1");
    assert_eq!(v["meet_link"], "https://meet.google.com/abc-mnop-xyz");
    assert_eq!(v["meeting_code"], "abc-mnop-xyz");
    assert_eq!(v["start"], "2026-04-01T10:00:00+02:00");
    assert_eq!(v["time_zone"], "Europe/Berlin");
    assert_eq!(v["conference_status"], "success");
    assert_eq!(
        v["attendees"][1],
        json!({"email": "bob@example.com", "displayName": "Bob", "responseStatus": "needsAction"})
    );
    assert!(v.get("note").is_none());
}

#[tokio::test]
async fn create_meet_local_times_without_notifications() {
    let s = setup().await;
    // A local time with `time_zone`: sent with it, no calendar lookup.
    let mut pending = meet_event("evt2", "1:1", "2026-04-01T09:00:00", "2026-04-01T09:30:00");
    pending["conferenceData"]["createRequest"]["status"]["statusCode"] = json!("pending");
    pending.as_object_mut().unwrap().remove("hangoutLink");
    pending["conferenceData"]
        .as_object_mut()
        .unwrap()
        .remove("entryPoints");
    req(
        "POST",
        EVENTS,
        &[("conferenceDataVersion", "1"), ("sendUpdates", "none")],
    )
    .any_body()
    .respond(&s.fake, 200, pending)
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_create_meet",
            json!({
                "summary": "1:1",
                "start_time": "2026-04-01T09:00",
                "end_time": "2026-04-01 09:30:00",
                "attendees": [],
                "notify_attendees": false,
                "time_zone": "America/New_York"
            }),
        )
        .await;
    let bodies = mcp_testkit::request_bodies(&s.fake, "POST", EVENTS).await;
    assert_eq!(
        bodies[0]["start"],
        json!({"dateTime": "2026-04-01T09:00:00", "timeZone": "America/New_York"})
    );
    assert_eq!(
        bodies[0]["end"],
        json!({"dateTime": "2026-04-01T09:30:00", "timeZone": "America/New_York"})
    );
    assert_eq!(bodies[0]["attendees"], json!([]));
    assert!(bodies[0].get("description").is_none());
    assert_eq!(v["conference_status"], "pending");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("google_meet_get_meeting_details")
    );
}

#[tokio::test]
async fn create_meet_reads_the_calendar_zone_for_local_times() {
    let s = setup().await;
    req(
        "GET",
        "/calendar/v3/calendars/primary",
        &[("fields", "timeZone")],
    )
    .respond(&s.fake, 200, json!({"timeZone": "Asia/Tokyo"}))
    .await;
    req(
        "POST",
        EVENTS,
        &[("conferenceDataVersion", "1"), ("sendUpdates", "all")],
    )
    .any_body()
    .respond(
        &s.fake,
        200,
        meet_event(
            "evt3",
            "Standup",
            "2026-04-01T09:00:00+09:00",
            "2026-04-01T09:15:00+09:00",
        ),
    )
    .await;
    s.client
        .call_ok(
            "google_meet_create_meet",
            json!({"summary": "Standup", "start_time": "2026-04-01T09:00:00", "end_time": "2026-04-01T09:15:00Z", "attendees": ["bob@example.com"]}),
        )
        .await;
    let bodies = mcp_testkit::request_bodies(&s.fake, "POST", EVENTS).await;
    assert_eq!(
        bodies[0]["start"],
        json!({"dateTime": "2026-04-01T09:00:00", "timeZone": "Asia/Tokyo"})
    );
    assert_eq!(
        bodies[0]["end"],
        json!({"dateTime": "2026-04-01T09:15:00Z", "timeZone": "Asia/Tokyo"})
    );
}

#[tokio::test]
async fn create_meet_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_meet_create_meet",
            json!({"summary": "x", "start_time": "2026-04-01T10:00:00Z", "end_time": "2026-04-01T11:00:00Z", "attendees": ["Bob <bob@example.com>"]}),
        )
        .await;
    assert!(err.contains("not an email address"), "{err}");
    let err = s
        .client
        .call_err(
            "google_meet_create_meet",
            json!({"summary": "x", "start_time": "tomorrow at 10", "end_time": "2026-04-01T11:00:00Z", "attendees": []}),
        )
        .await;
    assert!(
        err.contains("start_time") && err.contains("RFC 3339"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_meet_create_meet",
            json!({"summary": "  ", "start_time": "2026-04-01T10:00:00Z", "end_time": "2026-04-01T11:00:00Z", "attendees": []}),
        )
        .await;
    assert!(err.contains("summary"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    req(
        "POST",
        EVENTS,
        &[("conferenceDataVersion", "1"), ("sendUpdates", "all")],
    )
    .any_body()
    .respond_with(
        &s.fake,
        insufficient_scope(&CALENDAR, "https://www.googleapis.com/auth/calendar.events"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_create_meet",
            json!({"summary": "x", "start_time": "2026-04-01T10:00:00Z", "end_time": "2026-04-01T11:00:00Z", "attendees": []}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("calendar.events"),
        "{err}"
    );
}

#[tokio::test]
async fn list_meetings_reads_pages_until_enough_meetings() {
    let s = setup().await;
    let base = [
        ("timeMin", "2026-04-01T00:00:00Z"),
        ("timeMax", "2026-04-08T00:00:00+02:00"),
        ("singleEvents", "true"),
        ("orderBy", "startTime"),
    ];
    let mut first = base.to_vec();
    first.push(("maxResults", "3"));
    req("GET", EVENTS, &first)
        .respond(
            &s.fake,
            200,
            json!({
                "kind": "calendar#events", "summary": "ada@example.com", "timeZone": "Europe/Berlin",
                "items": [
                    meet_event("m1", "Sync", "2026-04-01T10:00:00+02:00", "2026-04-01T10:30:00+02:00"),
                    plain_event("p1", "Lunch"),
                    plain_event("p2", "Focus")
                ],
                "nextPageToken": "tok2"
            }),
        )
        .await;
    let mut long_description = meet_event(
        "m2",
        "Review",
        "2026-04-02T10:00:00+02:00",
        "2026-04-02T11:00:00+02:00",
    );
    long_description["description"] = json!("é".repeat(2000));
    let mut second = base.to_vec();
    second.extend([("maxResults", "2"), ("pageToken", "tok2")]);
    req("GET", EVENTS, &second)
        .respond(
            &s.fake,
            200,
            json!({
                "kind": "calendar#events",
                "items": [
                    long_description,
                    meet_event("m3", "Retro", "2026-04-03T10:00:00+02:00", "2026-04-03T11:00:00+02:00")
                ],
                "nextPageToken": "tok3"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_list_meetings",
            json!({"max_results": 3, "start_after": "2026-04-01", "end_before": "2026-04-08T00:00:00+02:00"}),
        )
        .await;
    assert_eq!(v["meetings_count"], 3);
    let ids: Vec<&str> = v["meetings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["event_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["m1", "m2", "m3"]);
    let cut = v["meetings"][1]["description"].as_str().unwrap();
    assert!(cut.len() < 1200 && cut.contains("truncated"), "{cut}");
    assert_eq!(
        v["meetings"][0]["meet_link"],
        "https://meet.google.com/abc-mnop-xyz"
    );
    assert_eq!(v["next_cursor"], "tok3");
}

#[tokio::test]
async fn list_meetings_defaults_and_last_page() {
    let s = setup().await;
    any_query(
        &s.fake,
        "GET",
        EVENTS,
        json!({"kind": "calendar#events", "items": [plain_event("p1", "Lunch")]}),
    )
    .await;
    let v = s
        .client
        .call_ok("google_meet_list_meetings", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"meetings_count": 0, "meetings": [], "next_cursor": null})
    );
    let q = &queries_at(&s.fake, EVENTS).await[0];
    assert_eq!(param(q, "maxResults"), Some("10"));
    assert_eq!(param(q, "timeMax"), None);
    let min = param(q, "timeMin").unwrap();
    assert!(min.starts_with("20") && min.ends_with('Z'), "{min}");
    let err = s
        .client
        .call_err("google_meet_list_meetings", json!({"max_results": 0}))
        .await;
    assert!(err.contains("between 1 and 250"), "{err}");
    let err = s
        .client
        .call_err(
            "google_meet_list_meetings",
            json!({"start_after": "next week"}),
        )
        .await;
    assert!(err.contains("start_after"), "{err}");
}

#[tokio::test]
async fn list_meetings_stops_at_the_page_cap() {
    let s = setup().await;
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::path(EVENTS))
        .respond_with(
            mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_json(
                json!({"items": [plain_event("p1", "Lunch")], "nextPageToken": "again"}),
            ),
        )
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("google_meet_list_meetings", json!({"cursor": "start"}))
        .await;
    // The second page repeats its token: the loop stops and says so.
    assert_eq!(v["meetings_count"], 0);
    assert_eq!(v["next_cursor"], "again");
    assert!(v["note"].as_str().unwrap().contains("repeated"), "{v}");
    assert_eq!(queries_at(&s.fake, EVENTS).await.len(), 2);
}

#[tokio::test]
async fn list_past_meetings() {
    let s = setup().await;
    req(
        "GET",
        EVENTS,
        &[
            ("timeMin", "2026-03-01T00:00:00Z"),
            ("timeMax", "2026-03-31T00:00:00Z"),
            ("singleEvents", "true"),
            ("orderBy", "startTime"),
            ("maxResults", "5"),
            ("pageToken", "abc"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"kind": "calendar#events", "items": [meet_event("m9", "Kickoff", "2026-03-02T10:00:00+01:00", "2026-03-02T11:00:00+01:00"), plain_event("p1", "Lunch")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_list_past_meetings",
            json!({"max_results": 5, "since": "2026-03-01T00:00:00Z", "until": "2026-03-31", "cursor": "abc"}),
        )
        .await;
    assert_eq!(v["meetings_count"], 1);
    assert_eq!(v["meetings"][0]["summary"], "Kickoff");
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_past_meetings_defaults_to_the_last_week() {
    let s = setup().await;
    any_query(&s.fake, "GET", EVENTS, json!({"items": []})).await;
    s.client
        .call_ok("google_meet_list_past_meetings", json!({}))
        .await;
    let q = &queries_at(&s.fake, EVENTS).await[0];
    let min = param(q, "timeMin").unwrap().to_owned();
    let max = param(q, "timeMax").unwrap().to_owned();
    assert!(min < max, "{min} {max}");
    assert_eq!(param(q, "maxResults"), Some("10"));
    let err = s
        .client
        .call_err(
            "google_meet_list_past_meetings",
            json!({"since": "yesterday"}),
        )
        .await;
    assert!(err.contains("since"), "{err}");
}

#[tokio::test]
async fn get_meeting_details() {
    let s = setup().await;
    req("GET", &format!("{EVENTS}/evt1"), &[])
        .respond(
            &s.fake,
            200,
            meet_event(
                "evt1",
                "Weekly sync",
                "2026-04-01T10:00:00+02:00",
                "2026-04-01T10:30:00+02:00",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_get_meeting_details",
            json!({"event_id": "evt1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "event_id": "evt1",
            "status": "confirmed",
            "summary": "Weekly sync",
            "start": "2026-04-01T10:00:00+02:00",
            "end": "2026-04-01T10:30:00+02:00",
            "time_zone": "Europe/Berlin",
            "organizer": "ada@example.com",
            "htmlLink": "https://www.google.com/calendar/event?eid=evt1",
            "meet_link": "https://meet.google.com/abc-mnop-xyz",
            "meeting_code": "abc-mnop-xyz",
            "conference_status": "success",
            "attendees": [
                {"email": "ada@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
                {"email": "bob@example.com", "displayName": "Bob", "responseStatus": "needsAction"}
            ]
        })
    );
}

#[tokio::test]
async fn get_meeting_details_failures() {
    let s = setup().await;
    req("GET", &format!("{EVENTS}/p1"), &[])
        .respond(&s.fake, 200, plain_event("p1", "Lunch"))
        .await;
    let err = s
        .client
        .call_err("google_meet_get_meeting_details", json!({"event_id": "p1"}))
        .await;
    assert!(err.contains("not a meeting"), "{err}");
    req("GET", &format!("{EVENTS}/gone"), &[])
        .respond(
            &s.fake,
            404,
            google_error(404, "NOT_FOUND", Some("notFound"), "Not Found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_get_meeting_details",
            json!({"event_id": "gone"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("Not Found"), "{err}");
    let err = s
        .client
        .call_err("google_meet_get_meeting_details", json!({"event_id": " "}))
        .await;
    assert!(err.contains("event_id"), "{err}");
}

#[tokio::test]
async fn update_meeting_patches_the_given_fields() {
    let s = setup().await;
    let path = format!("{EVENTS}/evt1");
    req("GET", &path, &[])
        .respond(
            &s.fake,
            200,
            meet_event(
                "evt1",
                "Weekly sync",
                "2026-04-01T10:00:00+02:00",
                "2026-04-01T10:30:00+02:00",
            ),
        )
        .await;
    req("PATCH", &path, &[("sendUpdates", "none")])
        .json_body(json!({
            "summary": "Weekly sync (moved)",
            "start": {"dateTime": "2026-04-02T11:00:00", "timeZone": "Europe/Berlin"},
            "end": {"dateTime": "2026-04-02T11:30:00", "timeZone": "Europe/Berlin"},
            "attendees": [{"email": "carol@example.com"}]
        }))
        .respond(
            &s.fake,
            200,
            meet_event(
                "evt1",
                "Weekly sync (moved)",
                "2026-04-02T11:00:00+02:00",
                "2026-04-02T11:30:00+02:00",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_update_meeting",
            json!({
                "event_id": "evt1",
                "summary": "Weekly sync (moved)",
                "start_time": "2026-04-02T11:00:00",
                "end_time": "2026-04-02T11:30:00",
                "attendees": ["carol@example.com"],
                "notify_attendees": false
            }),
        )
        .await;
    assert_eq!(v["summary"], "Weekly sync (moved)");
    assert_eq!(v["start"], "2026-04-02T11:00:00+02:00");
}

#[tokio::test]
async fn update_meeting_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_meet_update_meeting", json!({"event_id": "evt1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    req("GET", &format!("{EVENTS}/p1"), &[])
        .respond(&s.fake, 200, plain_event("p1", "Lunch"))
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_update_meeting",
            json!({"event_id": "p1", "summary": "x"}),
        )
        .await;
    assert!(err.contains("not a meeting"), "{err}");
    req("GET", &format!("{EVENTS}/evt1"), &[])
        .respond(
            &s.fake,
            200,
            meet_event(
                "evt1",
                "Sync",
                "2026-04-01T10:00:00+02:00",
                "2026-04-01T10:30:00+02:00",
            ),
        )
        .await;
    req(
        "PATCH",
        &format!("{EVENTS}/evt1"),
        &[("sendUpdates", "all")],
    )
    .json_body(json!({"end": {"dateTime": "2026-04-01T09:00:00+02:00"}}))
    .respond(
        &s.fake,
        400,
        google_error(
            400,
            "INVALID_ARGUMENT",
            Some("timeRangeEmpty"),
            "The specified time range is empty.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_update_meeting",
            json!({"event_id": "evt1", "end_time": "2026-04-01T09:00:00+02:00"}),
        )
        .await;
    assert!(err.contains("time range is empty"), "{err}");
}

#[tokio::test]
async fn delete_meeting() {
    let s = setup().await;
    let path = format!("{EVENTS}/evt1");
    req("GET", &path, &[])
        .respond(
            &s.fake,
            200,
            meet_event(
                "evt1",
                "Weekly sync",
                "2026-04-01T10:00:00+02:00",
                "2026-04-01T10:30:00+02:00",
            ),
        )
        .await;
    req("DELETE", &path, &[("sendUpdates", "all")])
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("google_meet_delete_meeting", json!({"event_id": "evt1"}))
        .await;
    assert_eq!(
        v,
        json!({"deleted": true, "event_id": "evt1", "summary": "Weekly sync"})
    );
}

#[tokio::test]
async fn delete_meeting_refuses_plain_events() {
    let s = setup().await;
    req("GET", &format!("{EVENTS}/p1"), &[])
        .respond(&s.fake, 200, plain_event("p1", "Lunch"))
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_delete_meeting",
            json!({"event_id": "p1", "notify_attendees": false}),
        )
        .await;
    assert!(err.contains("not a meeting"), "{err}");
    let mut cancelled = meet_event(
        "evt9",
        "Old sync",
        "2026-04-01T10:00:00+02:00",
        "2026-04-01T10:30:00+02:00",
    );
    cancelled["status"] = json!("cancelled");
    req("GET", &format!("{EVENTS}/evt9"), &[])
        .respond(&s.fake, 200, cancelled)
        .await;
    req(
        "DELETE",
        &format!("{EVENTS}/evt9"),
        &[("sendUpdates", "none")],
    )
    .respond(
        &s.fake,
        410,
        google_error(410, "GONE", Some("deleted"), "Resource has been deleted"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_delete_meeting",
            json!({"event_id": "evt9", "notify_attendees": false}),
        )
        .await;
    assert!(
        err.contains("410") && err.contains("already deleted"),
        "{err}"
    );
    let deletes = s
        .fake
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.method.as_str() == "DELETE" && r.url.path().ends_with("/p1"))
        .count();
    assert_eq!(deletes, 0);
}

#[tokio::test]
async fn get_past_meeting_attendees() {
    let s = setup().await;
    let mut ev = meet_event(
        "evt1",
        "Weekly sync",
        "2026-04-01T10:00:00+02:00",
        "2026-04-01T10:30:00+02:00",
    );
    ev["attendeesOmitted"] = json!(true);
    req("GET", &format!("{EVENTS}/evt1"), &[])
        .respond(&s.fake, 200, ev)
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_get_past_meeting_attendees",
            json!({"event_id": "evt1"}),
        )
        .await;
    assert_eq!(v["event_id"], "evt1");
    assert_eq!(v["meeting_code"], "abc-mnop-xyz");
    assert_eq!(v["attendees_count"], 2);
    assert_eq!(v["attendees"][0]["responseStatus"], "accepted");
    assert!(v["note"].as_str().unwrap().contains("omitted"));
    req("GET", &format!("{EVENTS}/p1"), &[])
        .respond(&s.fake, 200, plain_event("p1", "Lunch"))
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_get_past_meeting_attendees",
            json!({"event_id": "p1"}),
        )
        .await;
    assert!(err.contains("not a meeting"), "{err}");
}
