//! Test setup shared by the Drive tests: a fake Drive API, Google's error bodies, and Drive's
//! answers.

use mcp_testkit::wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{Client, QueryExact, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-drive-token";

/// The `fields` mask every files.list search sends.
pub const LIST_FIELDS: &str = "nextPageToken,incompleteSearch,files(id,name,mimeType,size,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress))";

pub const DOC: &str = "application/vnd.google-apps.document";
pub const SHEET: &str = "application/vnd.google-apps.spreadsheet";
pub const FOLDER: &str = "application/vnd.google-apps.folder";

/// A fake Drive, a server pointed at it, and a client sending `TOKEN`.
pub struct Setup {
    pub fake: MockServer,
    #[allow(dead_code)]
    pub server: TestServer,
    pub client: Client,
}

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let server = TestServer::start(&google_drive_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client(TOKEN).await;
    Setup {
        fake,
        server,
        client,
    }
}

/// `/drive/v3/files{rest}`
pub fn files(rest: &str) -> String {
    format!("/drive/v3/files{rest}")
}

/// Google's error body (`{"error": {"code", "message", "errors": [...]}}`) as Drive sends it.
pub fn google_error(code: u16, reason: &str, message: &str) -> Value {
    json!({
        "error": {
            "code": code,
            "message": message,
            "errors": [{"message": message, "domain": "global", "reason": reason}]
        }
    })
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
    mcp_testkit::google::insufficient_scope(&API, scope)
}

const API: mcp_testkit::google::GoogleApi = mcp_testkit::google::GoogleApi {
    service: "drive.googleapis.com",
    method: "google.apps.drive.v3.DriveFiles.Create",
    legacy_errors: true,
};

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
    Mock::given(matchers::method(method))
        .and(matchers::path(path))
        .and(QueryExact(
            query
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        ))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
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
