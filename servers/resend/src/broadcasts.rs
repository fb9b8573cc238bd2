//! Broadcasts: `POST|GET /broadcasts`, `GET|DELETE /broadcasts/{id}`,
//! `POST /broadcasts/{id}/send`. A broadcast goes to a segment (the catalog's `audienceId`).

use crate::api::{list, opt, paged};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "resend_create_broadcast",
            "Create broadcast",
            Effect::Write,
            create_broadcast,
        )
        .toolset("broadcasts"),
        tool(
            "resend_get_broadcast",
            "Get broadcast",
            Effect::Read,
            get_broadcast,
        )
        .toolset("broadcasts"),
        tool(
            "resend_send_broadcast",
            "Send broadcast",
            Effect::Write,
            send_broadcast,
        )
        .toolset("broadcasts"),
        tool(
            "resend_delete_broadcast",
            "Delete broadcast",
            Effect::Destructive,
            delete_broadcast,
        )
        .toolset("broadcasts"),
        tool(
            "resend_list_broadcasts",
            "List broadcasts",
            Effect::Read,
            list_broadcasts,
        )
        .toolset("broadcasts"),
    ]
}

fn broadcast(b: &Value) -> Value {
    pick(
        b,
        &[
            "id",
            "name",
            "segment_id",
            "from",
            "subject",
            "reply_to",
            "preview_text",
            "status",
            "created_at",
            "scheduled_at",
            "sent_at",
        ],
    )
}

/// Create a draft broadcast to an audience (segment); send it with resend_send_broadcast.
/// Returns its `id`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBroadcast {
    /// Audience (segment) id to send to
    #[serde(rename = "audienceId")]
    audience_id: String,
    /// Sender on a verified domain, e.g. `Acme <news@acme.com>`
    from: String,
    subject: String,
    /// HTML body; may use `{{{FIRST_NAME|there}}}` and `{{{RESEND_UNSUBSCRIBE_URL}}}`
    html: String,
    /// Internal name
    name: Option<String>,
    /// Reply-to address
    #[serde(rename = "replyTo")]
    reply_to: Option<String>,
    /// Inbox preview text
    #[serde(rename = "previewText")]
    preview_text: Option<String>,
}

async fn create_broadcast(ctx: Ctx, a: CreateBroadcast) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "segment_id".into(),
        json!(non_empty(&a.audience_id, "audienceId")?),
    );
    body.insert("from".into(), json!(non_empty(&a.from, "from")?));
    body.insert("subject".into(), json!(non_empty(&a.subject, "subject")?));
    body.insert("html".into(), json!(non_empty(&a.html, "html")?));
    insert_opt(&mut body, "name", opt(&a.name));
    insert_opt(&mut body, "reply_to", opt(&a.reply_to).map(|r| [r]));
    insert_opt(&mut body, "preview_text", opt(&a.preview_text));
    let v: Value = ctx
        .authorized(Method::POST, "/broadcasts")?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, &["id"]))
}

/// Get a broadcast: name, segment, sender, subject, status (`draft`, `scheduled`, `queued`,
/// `sent`...) and times.
#[derive(Deserialize, JsonSchema)]
pub struct GetBroadcast {
    id: String,
}

async fn get_broadcast(ctx: Ctx, a: GetBroadcast) -> Result<Value, ToolError> {
    let path = format!("/broadcasts/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(broadcast(&v))
}

/// Send a draft broadcast to its segment now or at `scheduledAt`. Returns its id. Not
/// retried after it may have reached Resend: check resend_get_broadcast before repeating.
#[derive(Deserialize, JsonSchema)]
pub struct SendBroadcast {
    id: String,
    /// When to send: ISO 8601 or natural language (`in 1 hour`); now without it
    #[serde(rename = "scheduledAt")]
    scheduled_at: Option<String>,
}

async fn send_broadcast(ctx: Ctx, a: SendBroadcast) -> Result<Value, ToolError> {
    let path = format!("/broadcasts/{}/send", seg_id(&a.id, "id")?);
    let mut body = Map::new();
    insert_opt(&mut body, "scheduled_at", opt(&a.scheduled_at));
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, &["id"]))
}

/// Delete a broadcast; only drafts can be deleted.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteBroadcast {
    id: String,
}

async fn delete_broadcast(ctx: Ctx, a: DeleteBroadcast) -> Result<Value, ToolError> {
    let path = format!("/broadcasts/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::DELETE, &path)?.send_json().await?;
    Ok(pick(&v, &["id", "deleted"]))
}

/// List broadcasts: id, name, segment, status and times.
#[derive(Deserialize, JsonSchema)]
pub struct ListBroadcasts {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_broadcasts(ctx: Ctx, a: ListBroadcasts) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/broadcasts", a.limit, &a.cursor)?
        .send_json()
        .await?;
    Ok(paged(&v, broadcast))
}
