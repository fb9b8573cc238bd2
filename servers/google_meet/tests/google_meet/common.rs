//! One fake for both Google APIs (the Calendar API at its root, the Meet API under `/v2`),
//! a server pointed at it, and a client sending the token.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.a0AfH6SMBx-test-token";

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_api("meet", &format!("{}/v2", fake.uri()));
    let server = TestServer::start(&google_meet_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        fake,
        server,
        client,
    }
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// A Google error body without the legacy `errors` list (Meet v2).
pub fn meet_error(code: u16, status: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, None, message)
}

/// A Calendar event with a Meet conference, as events.get returns it.
pub fn meet_event(id: &str, summary: &str, start: &str, end: &str) -> Value {
    json!({
        "kind": "calendar#event",
        "etag": "\"3181161784712000\"",
        "id": id,
        "status": "confirmed",
        "htmlLink": format!("https://www.google.com/calendar/event?eid={id}"),
        "created": "2026-03-20T09:00:00.000Z",
        "updated": "2026-03-20T09:00:00.000Z",
        "summary": summary,
        "creator": {"email": "ada@example.com", "self": true},
        "organizer": {"email": "ada@example.com", "self": true},
        "start": {"dateTime": start, "timeZone": "Europe/Berlin"},
        "end": {"dateTime": end, "timeZone": "Europe/Berlin"},
        "iCalUID": format!("{id}@google.com"),
        "sequence": 0,
        "attendees": [
            {"email": "ada@example.com", "organizer": true, "self": true, "responseStatus": "accepted"},
            {"email": "bob@example.com", "displayName": "Bob", "responseStatus": "needsAction"}
        ],
        "hangoutLink": "https://meet.google.com/abc-mnop-xyz",
        "conferenceData": {
            "createRequest": {
                "requestId": "mcp-1",
                "conferenceSolutionKey": {"type": "hangoutsMeet"},
                "status": {"statusCode": "success"}
            },
            "entryPoints": [
                {"entryPointType": "video", "uri": "https://meet.google.com/abc-mnop-xyz", "label": "meet.google.com/abc-mnop-xyz"},
                {"entryPointType": "more", "uri": "https://tel.meet/abc-mnop-xyz?pin=123", "pin": "123"}
            ],
            "conferenceSolution": {"key": {"type": "hangoutsMeet"}, "name": "Google Meet"},
            "conferenceId": "abc-mnop-xyz"
        },
        "reminders": {"useDefault": true},
        "eventType": "default"
    })
}

/// A Calendar event without a conference.
pub fn plain_event(id: &str, summary: &str) -> Value {
    json!({
        "kind": "calendar#event",
        "id": id,
        "status": "confirmed",
        "summary": summary,
        "start": {"dateTime": "2026-04-01T12:00:00+02:00"},
        "end": {"dateTime": "2026-04-01T13:00:00+02:00"},
        "eventType": "default"
    })
}

/// A Meet space as spaces.create and spaces.get return it.
pub fn space(id: &str) -> Value {
    json!({
        "name": format!("spaces/{id}"),
        "meetingUri": "https://meet.google.com/abc-mnop-xyz",
        "meetingCode": "abc-mnop-xyz",
        "config": {"accessType": "TRUSTED", "entryPointAccess": "ALL"}
    })
}

/// The query pairs of the requests the fake got at `path`.
pub async fn queries_at(fake: &MockServer, path: &str) -> Vec<Vec<(String, String)>> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|r| r.url.path() == path)
        .map(|r| {
            r.url
                .query_pairs()
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect()
        })
        .collect()
}

/// The value of `key` in one request's query pairs.
pub fn param<'a>(q: &'a [(String, String)], key: &str) -> Option<&'a str> {
    q.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Answer every `method path` request, whatever its query (for computed values such as
/// "now"), once, when it carries the token; the test reads the query afterwards.
pub async fn any_query(fake: &MockServer, method: &str, path: &str, body: Value) {
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    Mock::given(matchers::method(method))
        .and(matchers::path(path))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .expect(1)
        .mount(fake)
        .await;
}
