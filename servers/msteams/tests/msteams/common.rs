//! A fake Microsoft Graph, the Teams server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.teams-test";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&msteams_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// Graph's error body.
pub fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "0c7d3a52-9f1e-4b8a-a1d2-3e4f5a6b7c8d",
        "client-request-id": "0c7d3a52-9f1e-4b8a-a1d2-3e4f5a6b7c8d"}}})
}

pub const TEAM: &str = "172b0cce-e65d-44ce-9a49-91d9f2e8493a";
pub const CHANNEL: &str = "19:561fbdbbfca848a484f0a6f00ce9dbbd@thread.tacv2";
/// CHANNEL as one encoded path segment.
pub const CHANNEL_SEG: &str = "19%3A561fbdbbfca848a484f0a6f00ce9dbbd%40thread.tacv2";

/// A chatMessage as Graph returns it.
pub fn chat_message(id: &str, content: &str) -> Value {
    json!({
        "id": id, "replyToId": null, "etag": id, "messageType": "message",
        "createdDateTime": "2026-12-03T08:10:00.123Z", "lastModifiedDateTime": "2026-12-03T08:10:00.123Z",
        "importance": "normal", "locale": "en-us", "webUrl": "https://teams.microsoft.com/l/message/19%3Ax/1",
        "from": {"application": null, "device": null, "user": {"id": "8ea0e38b-efb3-4757-924a-5f94061cf8c2", "displayName": "Ada Lovelace", "userIdentityType": "aadUser"}},
        "body": {"contentType": "text", "content": content},
        "attachments": [], "mentions": [], "reactions": []
    })
}
