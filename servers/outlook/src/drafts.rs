//! Drafts: create, update, delete and send them; replies, reply-alls and forwards are
//! created as drafts of their own.

use crate::api::{self, Format, MAIL_READ_WRITE, MAIL_SEND, message_path, recipients};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use mcp_vendor_microsoft::Query;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "outlookMail_create_draft",
            "Create draft",
            Effect::Write,
            create_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_update_draft",
            "Update draft",
            Effect::IdempotentWrite,
            update_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_delete_draft",
            "Delete draft",
            Effect::Destructive,
            delete_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_create_reply_draft",
            "Create reply draft",
            Effect::Write,
            create_reply_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_create_reply_all_draft",
            "Create reply-all draft",
            Effect::Write,
            create_reply_all_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_create_forward_draft",
            "Create forward draft",
            Effect::Write,
            create_forward_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_send_draft",
            "Send draft",
            Effect::Write,
            send_draft,
        )
        .toolset("drafts")
        .scopes(MAIL_SEND),
    ]
}

/// Addresses: `ada@example.com` or `Ada Lovelace <ada@example.com>`.
type Addresses = Vec<String>;

/// Create a draft in the Drafts folder (not sent: outlookMail_send_draft sends it). Returns
/// its id and summary.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDraft {
    subject: String,
    body_content: String,
    /// Format of body_content
    body_type: Option<Format>,
    to_recipients: Addresses,
    cc_recipients: Option<Addresses>,
    bcc_recipients: Option<Addresses>,
}

fn body(content: &str, format: Option<Format>) -> Value {
    json!({ "contentType": format.unwrap_or_default().as_str(), "content": content })
}

async fn create_draft(ctx: Ctx, a: CreateDraft) -> Result<Value, ToolError> {
    let to = recipients(&a.to_recipients, "to_recipients")?;
    if to.is_empty() {
        return Err(ToolError::invalid_input(
            "`to_recipients` must name at least one address",
        ));
    }
    let mut m = Map::new();
    m.insert("subject".into(), json!(a.subject));
    m.insert("body".into(), body(&a.body_content, a.body_type));
    m.insert("toRecipients".into(), json!(to));
    if let Some(cc) = &a.cc_recipients {
        m.insert(
            "ccRecipients".into(),
            json!(recipients(cc, "cc_recipients")?),
        );
    }
    if let Some(bcc) = &a.bcc_recipients {
        m.insert(
            "bccRecipients".into(),
            json!(recipients(bcc, "bcc_recipients")?),
        );
    }
    let v: Value = ctx
        .authorized(Method::POST, "/me/messages")?
        .json(&m)
        .send_json()
        .await?;
    Ok(api::message(&v))
}

/// Change a draft: only the fields given are replaced (a recipient list replaces the whole
/// list). Returns its summary.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateDraft {
    message_id: String,
    subject: Option<String>,
    body_content: Option<String>,
    /// Format of body_content
    body_type: Option<Format>,
    to_recipients: Option<Addresses>,
    cc_recipients: Option<Addresses>,
    bcc_recipients: Option<Addresses>,
}

async fn update_draft(ctx: Ctx, a: UpdateDraft) -> Result<Value, ToolError> {
    let path = message_path(&a.message_id)?;
    let mut m = Map::new();
    if let Some(s) = &a.subject {
        m.insert("subject".into(), json!(s));
    }
    if let Some(c) = &a.body_content {
        m.insert("body".into(), body(c, a.body_type));
    }
    for (arg, key, list) in [
        ("to_recipients", "toRecipients", &a.to_recipients),
        ("cc_recipients", "ccRecipients", &a.cc_recipients),
        ("bcc_recipients", "bccRecipients", &a.bcc_recipients),
    ] {
        if let Some(l) = list {
            m.insert(key.into(), json!(recipients(l, arg)?));
        }
    }
    if m.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of subject, body_content, to_recipients, cc_recipients, bcc_recipients",
        ));
    }
    let v: Value = ctx
        .authorized(Method::PATCH, &path)?
        .json(&m)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::message(&v))
}

/// Delete a draft. A message that is not a draft is refused (use outlookMail_move_message
/// to put it in deleteditems).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteDraft {
    message_id: String,
}

async fn delete_draft(ctx: Ctx, a: DeleteDraft) -> Result<Value, ToolError> {
    let path = message_path(&a.message_id)?;
    let v: Value = ctx
        .authorized(
            Method::GET,
            &Query::new().select(["id", "isDraft"]).on(&path),
        )?
        .send_json()
        .await?;
    if v.get("isDraft").and_then(Value::as_bool) != Some(true) {
        return Err(ToolError::invalid_input(format!(
            "message {} is not a draft; nothing was deleted (to remove it, move it to deleteditems with outlookMail_move_message)",
            a.message_id.trim()
        )));
    }
    ctx.authorized(Method::DELETE, &path)?.send().await?;
    Ok(json!({ "deleted": true, "message_id": a.message_id.trim() }))
}

/// Create a draft reply to the sender of a message, with `comment` above the quoted
/// original. Returns the draft (send it with outlookMail_send_draft).
#[derive(Deserialize, JsonSchema)]
pub struct CreateReply {
    message_id: String,
    /// Text of the reply
    comment: String,
}

/// Create a draft reply to the sender and all recipients of a message, with `comment` above
/// the quoted original. Returns the draft (send it with outlookMail_send_draft).
#[derive(Deserialize, JsonSchema)]
pub struct CreateReplyAll {
    message_id: String,
    /// Text of the reply
    #[serde(default)]
    #[schemars(extend("default" = ""))]
    comment: String,
}

/// Create a draft forward of a message to `to_recipients`, with `comment` above the
/// original. Returns the draft (send it with outlookMail_send_draft).
#[derive(Deserialize, JsonSchema)]
pub struct CreateForward {
    message_id: String,
    comment: String,
    to_recipients: Addresses,
}

/// `POST /me/messages/{id}/microsoft.graph.{action}` with `body`: the new draft.
async fn create_from(ctx: &Ctx, id: &str, action: &str, body: Value) -> Result<Value, ToolError> {
    let path = format!("{}/microsoft.graph.{action}", message_path(id)?);
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::message(&v))
}

fn comment(c: &str) -> Value {
    if c.trim().is_empty() {
        json!({})
    } else {
        json!({ "Comment": c })
    }
}

async fn create_reply_draft(ctx: Ctx, a: CreateReply) -> Result<Value, ToolError> {
    create_from(&ctx, &a.message_id, "createReply", comment(&a.comment)).await
}

async fn create_reply_all_draft(ctx: Ctx, a: CreateReplyAll) -> Result<Value, ToolError> {
    create_from(&ctx, &a.message_id, "createReplyAll", comment(&a.comment)).await
}

async fn create_forward_draft(ctx: Ctx, a: CreateForward) -> Result<Value, ToolError> {
    let to = recipients(&a.to_recipients, "to_recipients")?;
    if to.is_empty() {
        return Err(ToolError::invalid_input(
            "`to_recipients` must name at least one address to forward to",
        ));
    }
    let mut body = comment(&a.comment);
    body["ToRecipients"] = json!(to);
    create_from(&ctx, &a.message_id, "createForward", body).await
}

/// Send a draft (it then moves to Sent Items).
#[derive(Deserialize, JsonSchema)]
pub struct SendDraft {
    message_id: String,
}

async fn send_draft(ctx: Ctx, a: SendDraft) -> Result<Value, ToolError> {
    let id = non_empty(&a.message_id, "message_id")?;
    let path = format!("{}/microsoft.graph.send", message_path(id)?);
    ctx.authorized(Method::POST, &path)?.send().await?;
    Ok(json!({ "sent": true, "message_id": id }))
}
