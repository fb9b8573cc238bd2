//! Drafts: create, list, read, send and delete.

use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg, tool};
use mcp_vendor_google::gmail;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    self, DraftRef, MAX_BODY_BYTES, MessageRef, fan_out, full_message, id_seg, limit, req,
};
use crate::sending::{EmailFields, compose, save_draft};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gmail_draft_email",
            "Draft email",
            Effect::Write,
            draft_email,
        )
        .output::<DraftRef>()
        .toolset("drafts"),
        tool(
            "gmail_list_drafts",
            "List drafts",
            Effect::Read,
            list_drafts,
        )
        .toolset("drafts"),
        tool("gmail_get_draft", "Get draft", Effect::Read, get_draft).toolset("drafts"),
        tool("gmail_send_draft", "Send draft", Effect::Write, send_draft)
            .output::<MessageRef>()
            .toolset("drafts"),
        tool(
            "gmail_delete_draft",
            "Delete draft",
            Effect::Destructive,
            delete_draft,
        )
        .toolset("drafts"),
    ]
}

/// Save an email as a draft (send it with gmail_send_draft); fields as gmail_send_email, `to` may
/// be empty. Returns the draft, message and thread ids.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DraftEmail {
    #[serde(flatten)]
    fields: EmailFields,
}

async fn draft_email(ctx: Ctx, a: DraftEmail) -> Result<Value, ToolError> {
    let (out, thread) = compose(&ctx, &a.fields, false).await?;
    save_draft(&ctx, &out, thread.as_deref()).await
}

/// List drafts, newest first: ids, recipients, subject, date, snippet, and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListDrafts {
    /// Gmail search query
    query: Option<String>,
    /// Default 10, at most 100
    #[serde(rename = "maxResults")]
    max_results: Option<Int>,
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
}

async fn list_drafts(ctx: Ctx, a: ListDrafts) -> Result<Value, ToolError> {
    let list: Value = req(&ctx, Method::GET, "/drafts")?
        .query("maxResults", limit(a.max_results, 10, 100))
        .query_opt("q", a.query.as_deref().filter(|q| !q.is_empty()))
        .query_opt(
            "pageToken",
            a.page_token.as_deref().filter(|t| !t.is_empty()),
        )
        .send_json()
        .await?;
    let stubs: Vec<Value> = list
        .get("drafts")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let ctx_ref = &ctx;
    let results = fan_out(stubs, |d| async move {
        let id = d.get("id").and_then(Value::as_str).unwrap_or("").to_owned();
        // drafts.get takes `format` only (no metadataHeaders): all headers come back.
        let r = match req(ctx_ref, Method::GET, &format!("/drafts/{}", seg(&id))) {
            Ok(r) => r.query("format", "metadata").send_json::<Value>().await,
            Err(e) => Err(e),
        };
        (id, d, r)
    })
    .await;
    let mut drafts = Vec::with_capacity(results.len());
    for (id, stub, r) in results {
        match r {
            Ok(v) => {
                let mut s = api::summary(v.get("message").unwrap_or(&Value::Null));
                let msg_id = s.get("id").cloned();
                if let Some(o) = s.as_object_mut() {
                    o.remove("id");
                    o.insert("draftId".into(), json!(id));
                    o.insert("messageId".into(), msg_id.unwrap_or(Value::Null));
                }
                drafts.push(s);
            }
            Err(e) if e.status == Some(404) => drafts.push(json!({
                "draftId": id,
                "messageId": stub.pointer("/message/id"),
                "error": "not found (sent or deleted since the list?)",
            })),
            Err(e) => return Err(e),
        }
    }
    let mut out = json!({ "drafts": drafts });
    api::page_fields(&list, &mut out);
    Ok(out)
}

/// Read a draft: recipients, subject, body as text (up to 100 KB), attachments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetDraft {
    #[serde(rename = "draftId")]
    draft_id: String,
    /// Also the HTML body
    #[serde(rename = "includeHtml")]
    include_html: Option<bool>,
}

async fn get_draft(ctx: Ctx, a: GetDraft) -> Result<Value, ToolError> {
    let path = format!("/drafts/{}", id_seg(&a.draft_id, "draftId")?);
    let v: Value = req(&ctx, Method::GET, &path)?
        .query("format", "full")
        .send_json()
        .await?;
    let msg = v.get("message").cloned().unwrap_or(Value::Null);
    let d = gmail::decode_message(&msg)?;
    let mut out = full_message(&msg, &d, a.include_html.unwrap_or(false), MAX_BODY_BYTES);
    if let Some(o) = out.as_object_mut() {
        let msg_id = o.remove("id");
        o.insert(
            "draftId".into(),
            v.get("id").cloned().unwrap_or(Value::Null),
        );
        o.insert("messageId".into(), msg_id.unwrap_or(Value::Null));
    }
    Ok(out)
}

/// Send a draft; it leaves Drafts. Returns the message's id, thread id and labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendDraft {
    #[serde(rename = "draftId")]
    draft_id: String,
}

async fn send_draft(ctx: Ctx, a: SendDraft) -> Result<Value, ToolError> {
    let id = a.draft_id.trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input("`draftId` must not be empty"));
    }
    let v: Value = req(&ctx, Method::POST, "/drafts/send")?
        .json(&json!({ "id": id }))
        .send_json()
        .await?;
    Ok(api::sent(&v))
}

/// Delete a draft permanently (not to the trash).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteDraft {
    #[serde(rename = "draftId")]
    draft_id: String,
}

async fn delete_draft(ctx: Ctx, a: DeleteDraft) -> Result<Value, ToolError> {
    let path = format!("/drafts/{}", id_seg(&a.draft_id, "draftId")?);
    req(&ctx, Method::DELETE, &path)?.send().await?;
    Ok(json!({ "deleted": true, "draftId": a.draft_id.trim() }))
}
