//! Test setup shared by the Google Calendar tests: a fake Calendar API, Google's error bodies,
//! and event resources shaped like the ones Google returns.

use mcp_testkit::wiremock::{MockBuilder, MockServer, ResponseTemplate};
use mcp_testkit::{NoBody, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-calendar-token";

/// The `fields` mask of event responses (a copy: the tests check what is sent).
pub const EVENT_FIELDS: &str = "id,status,htmlLink,updated,summary,description,location,\
start,end,recurrence,recurringEventId,originalStartTime,visibility,eventType,transparency,\
organizer(email,displayName,self),creator(email),\
attendees(email,displayName,responseStatus,optional,organizer,self,comment),attendeesOmitted,\
hangoutLink,conferenceData(conferenceId,entryPoints(entryPointType,uri),createRequest(status)),\
attachments(title,fileUrl)";

pub fn list_fields() -> String {
    format!("nextPageToken,timeZone,items({EVENT_FIELDS})")
}

pub use mcp_testkit::Setup;

/// A fake Calendar API, a server pointed at it, and a client sending `TOKEN`.
pub async fn setup() -> Setup {
    Setup::start(
        &google_calendar_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
    )
    .await
}

/// `/calendar/v3{path}`
pub fn v3(path: &str) -> String {
    format!("/calendar/v3{path}")
}

/// Google's error body (`{"error": {"code", "message", "errors": [...], "status"}}`).
pub fn google_error(code: u16, status: &str, reason: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, Some(reason), message)
}

/// The Calendar API's 404 body.
pub fn not_found() -> Value {
    mcp_vendor_google::testkit::legacy_error(404, "global", "notFound", "Not Found")
}

/// Google's 403 for a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(&mcp_vendor_google::testkit::CALENDAR_API, scope)
}

/// The answer to `calendars.get?fields=timeZone`.
pub async fn calendar_zone(fake: &MockServer, calendar: &str, zone: &str) {
    expect("GET", v3(&format!("/calendars/{calendar}")))
        .bearer(TOKEN)
        .query("fields", "timeZone")
        .respond(fake, 200, json!({"timeZone": zone}))
        .await;
}

/// A timed event as Google returns it under EVENT_FIELDS.
pub fn timed_event(id: &str, summary: &str, start: &str, end: &str, zone: &str) -> Value {
    json!({
        "id": id,
        "status": "confirmed",
        "htmlLink": format!("https://www.google.com/calendar/event?eid={id}"),
        "updated": "2025-03-20T10:00:00.392Z",
        "summary": summary,
        "start": {"dateTime": start, "timeZone": zone},
        "end": {"dateTime": end, "timeZone": zone},
        "eventType": "default",
        "organizer": {"email": "ann@example.com", "self": true},
        "creator": {"email": "ann@example.com"}
    })
}

/// A mock for `method path` with exactly these query pairs and the bearer token; the body is
/// checked by the caller.
pub fn mock(method: &str, path: &str, query: &[(&str, &str)]) -> MockBuilder {
    mcp_vendor_google::testkit::request(method, path, query, TOKEN)
}

/// Same, for requests that must have no body.
pub fn mock_no_body(method: &str, path: &str, query: &[(&str, &str)]) -> MockBuilder {
    mock(method, path, query).and(NoBody)
}

/// The JSON bodies the fake received at `path`.
pub async fn bodies_at(fake: &MockServer, path: &str) -> Vec<Value> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path() == path && !r.body.is_empty())
        .map(|r| serde_json::from_slice(&r.body).expect("a JSON request body"))
        .collect()
}

/// How many requests the fake received in all.
pub async fn request_count(fake: &MockServer) -> usize {
    fake.received_requests().await.unwrap_or_default().len()
}
