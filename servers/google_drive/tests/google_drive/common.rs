//! Test setup shared by the Drive tests: a fake Drive API, Google's error bodies, and Drive's
//! answers.

use mcp_testkit::Client;
use mcp_testkit::wiremock::{MockBuilder, MockServer, ResponseTemplate};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-drive-token";

/// The `fields` mask every files.list search sends.
pub const LIST_FIELDS: &str = "nextPageToken,incompleteSearch,files(id,name,mimeType,size,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress))";

pub const DOC: &str = "application/vnd.google-apps.document";
pub const SHEET: &str = "application/vnd.google-apps.spreadsheet";
pub const FOLDER: &str = "application/vnd.google-apps.folder";

pub use mcp_testkit::Setup;

/// A fake Drive, a server pointed at it, and a client sending `TOKEN`.
pub async fn setup() -> Setup {
    Setup::start(
        &google_drive_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
    )
    .await
}

/// `/drive/v3/files{rest}`
pub fn files(rest: &str) -> String {
    format!("/drive/v3/files{rest}")
}

/// Google's error body (`{"error": {"code", "message", "errors": [...]}}`) as Drive sends it.
pub fn google_error(code: u16, reason: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::legacy_error(code, "global", reason, message)
}

/// Drive's 404 for an id the user cannot see.
pub fn file_not_found(id: &str) -> Value {
    json!({
        "error": {
            "code": 404,
            "message": format!("File not found: {id}."),
            "errors": [{
                "message": format!("File not found: {id}."),
                "domain": "global",
                "reason": "notFound",
                "location": "fileId",
                "locationType": "parameter"
            }]
        }
    })
}

/// Drive's 403 for a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(&mcp_vendor_google::testkit::DRIVE_API, scope)
}

/// A Google Doc as files.list returns it under the list `fields` mask.
pub fn doc_file(id: &str, name: &str) -> Value {
    json!({
        "id": id,
        "name": name,
        "mimeType": DOC,
        "modifiedTime": "2024-05-02T09:30:00.000Z",
        "parents": ["0AAfolderRoot"],
        "webViewLink": format!("https://docs.google.com/document/d/{id}/edit?usp=drivesdk"),
        "owners": [{"displayName": "Ann Lee", "emailAddress": "ann@example.com"}]
    })
}

/// A mock for `method path` with exactly these query pairs and the bearer token; the body is
/// not checked (for bodies a test reads itself).
pub fn mock(method: &str, path: &str, query: &[(&str, &str)]) -> MockBuilder {
    mcp_vendor_google::testkit::request(method, path, query, TOKEN)
}

/// The requests the fake received at `path`.
pub async fn requests_at(fake: &MockServer, path: &str) -> Vec<mcp_testkit::wiremock::Request> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path() == path)
        .collect()
}

/// A call's content blocks as JSON.
pub async fn content_of(client: &Client, tool: &str, args: Value) -> Vec<Value> {
    let r = client.call(tool, args).await.unwrap();
    assert_ne!(r.is_error, Some(true), "{tool} failed: {:?}", r.content);
    r.content
        .iter()
        .map(|c| serde_json::to_value(c).unwrap())
        .collect()
}
