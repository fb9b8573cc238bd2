//! What every Google Docs tool shares: document ids (bare or inside a URL), authenticated
//! requests under `/v1/documents`, `batchUpdate`, and the document's URL.

use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use serde_json::{Value, json};

/// The documents collection of the Docs API.
pub const DOCUMENTS: &str = "/v1/documents";

/// A document id from an id or a Docs URL (`https://docs.google.com/document/d/<id>/edit`);
/// a clear error when it is empty or has characters no document id has.
pub fn doc_id(raw: &str) -> Result<String, ToolError> {
    mcp_vendor_google::editor_file_id(raw, "document_id", "document", "Google Docs")
}

/// An authenticated request to the Docs API.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, path)
}

/// `GET /v1/documents/{id}` with a `fields` mask (none: the whole document).
pub async fn get(ctx: &Ctx, id: &str, fields: Option<&str>) -> Result<Value, ToolError> {
    req(ctx, Method::GET, &format!("{DOCUMENTS}/{}", seg(id)))?
        .query_opt("fields", fields)
        .send_json()
        .await
}

/// `POST /v1/documents/{id}:batchUpdate` with these requests, and `writeControl` when the
/// edit was computed from a revision (Google then refuses it if the document changed since).
pub async fn batch_update(
    ctx: &Ctx,
    id: &str,
    requests: Vec<Value>,
    revision: Option<&str>,
) -> Result<Value, ToolError> {
    let mut body = json!({ "requests": requests });
    if let Some(rev) = revision {
        body["writeControl"] = json!({ "requiredRevisionId": rev });
    }
    req(ctx, Method::POST, &format!("{DOCUMENTS}/{}:batchUpdate", seg(id)))?
        .json(&body)
        .send_json()
        .await
        .map_err(|e| {
            // Google answers 400 when `requiredRevisionId` is no longer the latest revision
            // (its message is not documented, so the lock is what counts).
            if e.status == Some(400) && revision.is_some() {
                e.with_hint(
                    "the edit was tied to the revision it was computed from; if the document changed meanwhile, call the tool again.",
                )
            } else {
                e
            }
        })
}

/// The document's editor URL.
pub fn url(id: &str) -> String {
    format!("https://docs.google.com/document/d/{id}/edit")
}

/// The revision a `batchUpdate` answer reports (`writeControl.requiredRevisionId`).
pub fn revision_of(reply: &Value) -> Option<Value> {
    reply
        .pointer("/writeControl/requiredRevisionId")
        .filter(|v| !v.is_null())
        .cloned()
}

/// Length in UTF-16 code units: how the Docs API counts indices.
pub fn units(s: &str) -> usize {
    s.encode_utf16().count()
}
