//! A fake Microsoft Graph, the Outlook server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "EwBwA8l6BAAUbDba3x2OMJElkF7gJ4z/VbCPEz0AAQ";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&outlook_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// Graph's error body.
pub fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
        "client-request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"}}})
}

pub const FOLDER_SELECT: &str =
    "id,displayName,parentFolderId,childFolderCount,unreadItemCount,totalItemCount,isHidden";

pub const MESSAGE_SELECT: &str = "id,subject,from,toRecipients,ccRecipients,receivedDateTime,sentDateTime,isRead,isDraft,hasAttachments,importance,bodyPreview,conversationId,parentFolderId,webLink";

pub const TEXT: &str = "outlook.body-content-type=\"text\"";

/// A message as Graph returns it (the documented example's shape).
pub fn message(id: &str, subject: &str) -> Value {
    json!({
        "@odata.etag": "W/\"CQAAABYAAAAiIsqMbYjsT5e/T7KzowPTAAAYbvg5\"",
        "id": id,
        "createdDateTime": "2026-11-30T09:00:00Z",
        "receivedDateTime": "2026-11-30T09:00:01Z",
        "sentDateTime": "2026-11-30T08:59:58Z",
        "hasAttachments": false,
        "subject": subject,
        "bodyPreview": "Can we move the review to Thursday?",
        "importance": "normal",
        "parentFolderId": "AQMkAGInbox",
        "conversationId": "AAQkAGConv1",
        "isRead": false,
        "isDraft": false,
        "webLink": "https://outlook.office365.com/owa/?ItemID=AAMk1&exvsurl=1&viewmodel=ReadMessageItem",
        "from": {"emailAddress": {"name": "Ada Lovelace", "address": "ada@contoso.com"}},
        "toRecipients": [{"emailAddress": {"name": "Grace Hopper", "address": "grace@contoso.com"}}],
        "ccRecipients": []
    })
}
