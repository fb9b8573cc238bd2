//! Test setup: a fake Gmail API (the server's base), a fake Calendar API and a fake Google
//! token endpoint, each on its own port, and a server pointed at all three.

use mcp_shared::Profile;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-workspace-token";

pub struct Env {
    pub gmail: MockServer,
    pub calendar: MockServer,
    pub oauth: MockServer,
    pub _server: TestServer,
    pub client: Client,
}

impl Env {
    /// Every fake received nothing (a write refused, or answered without Google).
    pub async fn assert_no_requests(&self) {
        mcp_testkit::assert_no_requests(&self.gmail).await;
        mcp_testkit::assert_no_requests(&self.calendar).await;
        mcp_testkit::assert_no_requests(&self.oauth).await;
    }
}

/// The fakes and a server in `profile`, with a client whose `x-auth-data` is `credentials`.
pub async fn start_with(profile: Profile, credentials: Value) -> Env {
    let gmail = MockServer::start().await;
    let calendar = MockServer::start().await;
    let oauth = MockServer::start().await;
    let mut settings = settings_for(&gmail.uri());
    settings.profile = profile;
    settings.extra_base_urls = vec![
        ("calendar".to_owned(), calendar.uri()),
        ("google_oauth".to_owned(), oauth.uri()),
    ];
    let server = TestServer::start(&google_workspace_mcp_server::SPEC, settings).await;
    let client = server.client_as(&credentials).await;
    Env {
        gmail,
        calendar,
        oauth,
        _server: server,
        client,
    }
}

/// The default profile, with an access token.
pub async fn start() -> Env {
    start_with(Profile::Default, json!({ "access_token": TOKEN })).await
}

/// `/gmail/v1/users/me{path}`
pub fn gm(path: &str) -> String {
    format!("/gmail/v1/users/me{path}")
}

/// `/calendar/v3/calendars/primary/events{path}`
pub fn ev(path: &str) -> String {
    format!("/calendar/v3/calendars/primary/events{path}")
}

/// base64url without padding, as Gmail sends `body.data`.
pub fn b64url(s: &str) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s)
}

/// A multipart/alternative message as messages.get (format=full) returns it.
pub fn message(id: &str, subject: &str, from: &str, text: &str, labels: &[&str]) -> Value {
    json!({
        "id": id,
        "threadId": format!("t-{id}"),
        "labelIds": labels,
        "snippet": text,
        "sizeEstimate": 2048,
        "historyId": "9001",
        "internalDate": "1735725600000",
        "payload": {
            "partId": "",
            "mimeType": "multipart/alternative",
            "filename": "",
            "headers": [
                {"name": "From", "value": from},
                {"name": "To", "value": "me@example.com"},
                {"name": "Subject", "value": subject},
                {"name": "Date", "value": "Wed, 1 Jan 2025 10:00:00 +0000"}
            ],
            "body": {"size": 0},
            "parts": [
                {
                    "partId": "0",
                    "mimeType": "text/plain",
                    "filename": "",
                    "headers": [{"name": "Content-Type", "value": "text/plain; charset=\"UTF-8\""}],
                    "body": {"size": text.len(), "data": b64url(text)}
                },
                {
                    "partId": "1",
                    "mimeType": "text/html",
                    "filename": "",
                    "headers": [{"name": "Content-Type", "value": "text/html; charset=\"UTF-8\""}],
                    "body": {"size": 20, "data": b64url("<p>html</p>")}
                }
            ]
        }
    })
}

/// A timed event as events.list / events.insert return it.
pub fn event(id: &str, summary: &str, start: &str, end: &str) -> Value {
    json!({
        "kind": "calendar#event",
        "etag": "\"3181161784712000\"",
        "id": id,
        "status": "confirmed",
        "htmlLink": format!("https://www.google.com/calendar/event?eid={id}"),
        "created": "2025-03-20T10:00:00.000Z",
        "updated": "2025-03-20T10:00:00.392Z",
        "summary": summary,
        "location": "Room 1",
        "creator": {"email": "ann@example.com", "self": true},
        "organizer": {"email": "ann@example.com", "self": true},
        "start": {"dateTime": start, "timeZone": "Europe/Berlin"},
        "end": {"dateTime": end, "timeZone": "Europe/Berlin"},
        "iCalUID": format!("{id}@google.com"),
        "sequence": 0,
        "attendees": [{"email": "bob@example.com", "responseStatus": "needsAction"}],
        "reminders": {"useDefault": true},
        "eventType": "default"
    })
}

/// Google's error body.
pub fn google_error(code: u16, status: &str, reason: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, Some(reason), message)
}
