//! Calendar tools against a fake Calendar API: exact requests, Google's answers, failures.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, ev, event, google_error, start};

const START: &str = "2025-03-31T09:00:00+02:00";
const END: &str = "2025-03-31T10:00:00+02:00";

fn concise(id: &str, summary: &str) -> serde_json::Value {
    json!({
        "id": id,
        "summary": summary,
        "start": {"dateTime": START, "timeZone": "Europe/Berlin"},
        "end": {"dateTime": END, "timeZone": "Europe/Berlin"},
        "location": "Room 1",
        "status": "confirmed",
        "htmlLink": format!("https://www.google.com/calendar/event?eid={id}"),
        "attendees": [{"email": "bob@example.com", "responseStatus": "needsAction"}]
    })
}

#[tokio::test]
async fn list_events_in_a_range() {
    let e = start().await;
    expect("GET", ev(""))
        .bearer(TOKEN)
        .queries(&[
            ("timeMin", "2025-03-01T00:00:00Z"),
            ("timeMax", "2025-04-01T00:00:00Z"),
            ("maxResults", "5"),
            ("singleEvents", "true"),
            ("orderBy", "startTime"),
        ])
        .respond(
            &e.calendar,
            200,
            json!({
                "kind": "calendar#events",
                "summary": "ann@example.com",
                "timeZone": "Europe/Berlin",
                "items": [event("e1", "Standup", START, END)]
            }),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_list_events",
            json!({"max_results": 5, "time_min": "2025-03-01T00:00:00Z", "time_max": "2025-04-01"}),
        )
        .await;
    assert_eq!(v, json!([concise("e1", "Standup")]));
    mcp_testkit::assert_no_requests(&e.gmail).await;
}

#[tokio::test]
async fn list_events_starts_now_by_default() {
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    let e = start().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(ev("")))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"kind": "calendar#events", "items": []})),
        )
        .expect(1)
        .mount(&e.calendar)
        .await;
    let before = chrono::Utc::now() - chrono::Duration::seconds(1);
    let v = e
        .client
        .call_ok("google_workspace_list_events", json!({}))
        .await;
    assert_eq!(v, json!([]));
    let reqs = e.calendar.received_requests().await.unwrap();
    let q: Vec<(String, String)> = reqs[0]
        .url
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let keys: Vec<&str> = q.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["timeMin", "maxResults", "singleEvents", "orderBy"]);
    assert_eq!(q[1].1, "10");
    assert_eq!(q[2].1, "true");
    assert_eq!(q[3].1, "startTime");
    let min = chrono::DateTime::parse_from_rfc3339(&q[0].1).unwrap();
    assert!(min >= before && min <= chrono::Utc::now(), "{min}");
}

#[tokio::test]
async fn list_events_refuses_a_bad_time() {
    let e = start().await;
    let err = e
        .client
        .call_err(
            "google_workspace_list_events",
            json!({"time_min": "tomorrow"}),
        )
        .await;
    assert!(err.contains("RFC 3339"), "{err}");
    e.assert_no_requests().await;
}

#[tokio::test]
async fn create_event_inserts_into_the_primary_calendar() {
    let e = start().await;
    expect("POST", ev(""))
        .bearer(TOKEN)
        .json_body(json!({
            "summary": "Standup",
            "location": "Room 1",
            "description": "Daily",
            "start": {"dateTime": START},
            "end": {"dateTime": END},
            "attendees": [{"email": "bob@example.com"}]
        }))
        .respond(&e.calendar, 200, event("e1", "Standup", START, END))
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_create_event",
            json!({
                "summary": "Standup", "location": "Room 1", "description": "Daily",
                "start": START, "end": END, "attendees": ["bob@example.com"]
            }),
        )
        .await;
    assert_eq!(v, concise("e1", "Standup"));
}

#[tokio::test]
async fn create_event_all_day_and_bad_input() {
    let e = start().await;
    expect("POST", ev(""))
        .bearer(TOKEN)
        .json_body(json!({
            "summary": "Holiday",
            "start": {"date": "2025-04-01"},
            "end": {"date": "2025-04-02"}
        }))
        .respond(
            &e.calendar,
            200,
            json!({"id": "e2", "summary": "Holiday", "start": {"date": "2025-04-01"}, "end": {"date": "2025-04-02"}}),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_create_event",
            json!({"summary": "Holiday", "start": "2025-04-01", "end": "2025-04-02"}),
        )
        .await;
    assert_eq!(v["id"], "e2");
    let err = e
        .client
        .call_err(
            "google_workspace_create_event",
            json!({"summary": "x", "start": "2025-04-01 09:00", "end": END}),
        )
        .await;
    assert!(err.contains("`start`"), "{err}");
    let err = e
        .client
        .call_err(
            "google_workspace_create_event",
            json!({"summary": "x", "start": START, "end": END, "attendees": ["bob"]}),
        )
        .await;
    assert!(err.contains("not an email address"), "{err}");
}

#[tokio::test]
async fn update_event_patches_the_fields_given() {
    let e = start().await;
    expect("PATCH", ev("/e1"))
        .bearer(TOKEN)
        .json_body(json!({
            "summary": "Standup (moved)",
            "start": {"dateTime": START},
            "attendees": []
        }))
        .respond(&e.calendar, 200, event("e1", "Standup (moved)", START, END))
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_update_event",
            json!({"event_id": "e1", "summary": "Standup (moved)", "start": START, "attendees": []}),
        )
        .await;
    assert_eq!(v, concise("e1", "Standup (moved)"));
}

#[tokio::test]
async fn update_event_needs_a_change_and_reports_not_found() {
    let e = start().await;
    let err = e
        .client
        .call_err("google_workspace_update_event", json!({"event_id": "e1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    e.assert_no_requests().await;
    expect("PATCH", ev("/nope"))
        .bearer(TOKEN)
        .json_body(json!({"location": "Room 2"}))
        .respond(
            &e.calendar,
            404,
            mcp_vendor_google::testkit::legacy_error(404, "global", "notFound", "Not Found"),
        )
        .await;
    let err = e
        .client
        .call_err(
            "google_workspace_update_event",
            json!({"event_id": "nope", "location": "Room 2"}),
        )
        .await;
    assert!(err.contains("Not Found"), "{err}");
    assert!(err.contains("check the id"), "{err}");
}

#[tokio::test]
async fn delete_event_deletes_it() {
    let e = start().await;
    expect("DELETE", ev("/e%2F1"))
        .bearer(TOKEN)
        .respond_with(
            &e.calendar,
            mcp_testkit::wiremock::ResponseTemplate::new(204),
        )
        .await;
    let v = e
        .client
        .call_ok("google_workspace_delete_event", json!({"event_id": "e/1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "eventId": "e/1"}));
}

#[tokio::test]
async fn delete_event_of_a_deleted_event() {
    let e = start().await;
    expect("DELETE", ev("/e1"))
        .bearer(TOKEN)
        .respond(
            &e.calendar,
            410,
            google_error(410, "GONE", "deleted", "Resource has been deleted"),
        )
        .await;
    let err = e
        .client
        .call_err("google_workspace_delete_event", json!({"event_id": "e1"}))
        .await;
    assert!(err.contains("already deleted"), "{err}");
}
