//! Test setup shared by the Google Docs tests: a fake Docs API and a fake Drive API, and
//! Google's error bodies.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-docs-token";
pub const DOC: &str = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz";

/// A fake Docs API, a fake Drive API, a server pointed at both, and a client sending `TOKEN`.
pub struct Setup {
    pub docs: MockServer,
    pub drive: MockServer,
    pub server: TestServer,
    pub client: Client,
}

pub async fn setup() -> Setup {
    let docs = MockServer::start().await;
    let drive = MockServer::start().await;
    let settings = settings_for(&docs.uri()).with_api("drive", &drive.uri());
    let server = TestServer::start(&google_docs_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        docs,
        drive,
        server,
        client,
    }
}

/// `/v1/documents/{DOC}`
pub fn doc_path() -> String {
    format!("/v1/documents/{DOC}")
}

/// `/v1/documents/{DOC}:batchUpdate`
pub fn batch_path() -> String {
    format!("/v1/documents/{DOC}:batchUpdate")
}

/// What `batchUpdate` answers: one reply per request, and the new revision.
pub fn batch_reply(replies: Value) -> Value {
    mcp_vendor_google::testkit::batch_update_reply(
        "documentId",
        DOC,
        replies,
        Some("ALm37BVx-rev-after"),
    )
}

/// Google's error body as the Docs API sends it (`error.status`, `details`).
pub fn google_error(code: u16, status: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, None, message)
}

/// The 403 of a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(&API, scope)
}

const API: mcp_vendor_google::testkit::GoogleApi = mcp_vendor_google::testkit::GoogleApi {
    service: "docs.googleapis.com",
    method: "google.apps.docs.v1.DocumentsService.GetDocument",
    legacy_errors: false,
};

/// A Docs text run paragraph element.
pub fn run(start: u64, text: &str, style: Value) -> Value {
    let end = start + text.encode_utf16().count() as u64;
    json!({"startIndex": start, "endIndex": end, "textRun": {"content": text, "textStyle": style}})
}

/// A body paragraph structural element of plain runs.
pub fn para(start: u64, text: &str, style: &str) -> Value {
    let end = start + text.encode_utf16().count() as u64;
    json!({
        "startIndex": start, "endIndex": end,
        "paragraph": {
            "elements": [run(start, text, json!({}))],
            "paragraphStyle": {"namedStyleType": style, "direction": "LEFT_TO_RIGHT"}
        }
    })
}

/// The section break every body starts with.
pub fn section_break() -> Value {
    json!({"endIndex": 1, "sectionBreak": {"sectionStyle": {"columnSeparatorStyle": "NONE", "contentDirection": "LEFT_TO_RIGHT", "sectionType": "CONTINUOUS"}}})
}

/// What the edit tools ask for.
pub const EDIT_FIELDS: &str = "revisionId,body(content(startIndex,endIndex,paragraph(bullet,paragraphStyle(namedStyleType),elements(textRun(content)))))";

/// A body as `documents.get` returns it under [`EDIT_FIELDS`]: paragraphs given as
/// (text with its newline, named style, list id of a bullet), after the section break.
pub fn edit_view(revision: &str, paras: &[(&str, &str, Option<&str>)]) -> Value {
    let mut content = vec![json!({"endIndex": 1})];
    let mut pos = 1u64;
    for (text, style, bullet) in paras {
        let end = pos + text.encode_utf16().count() as u64;
        let mut p = json!({
            "elements": [{"textRun": {"content": text}}],
            "paragraphStyle": {"namedStyleType": style}
        });
        if let Some(list) = bullet {
            p["bullet"] = json!({"listId": list});
        }
        content.push(json!({"startIndex": pos, "endIndex": end, "paragraph": p}));
        pos = end;
    }
    json!({"revisionId": revision, "body": {"content": content}})
}
