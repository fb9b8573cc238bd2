//! Collaboration threads and their messages (Freshdesk's Threads API):
//! `/collaboration/threads[/{id}]`, `/collaboration/messages[/{id}]`.

use crate::api::{self, emails, opt, request};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("threads");
    vec![
        t(tool(
            "freshdesk_create_thread",
            "Create thread",
            Effect::Write,
            create_thread,
        )),
        t(tool(
            "freshdesk_get_thread_by_id",
            "Get thread",
            Effect::Read,
            get_thread,
        )),
        t(tool(
            "freshdesk_update_thread",
            "Update thread",
            Effect::IdempotentWrite,
            update_thread,
        )),
        t(tool(
            "freshdesk_delete_thread",
            "Delete thread",
            Effect::Destructive,
            delete_thread,
        )),
        t(tool(
            "freshdesk_create_thread_message",
            "Post thread message",
            Effect::Write,
            create_message,
        )),
        t(tool(
            "freshdesk_get_thread_message_by_id",
            "Get thread message",
            Effect::Read,
            get_message,
        )),
        t(tool(
            "freshdesk_update_thread_message",
            "Update thread message",
            Effect::IdempotentWrite,
            update_message,
        )),
        t(tool(
            "freshdesk_delete_thread_message",
            "Delete thread message",
            Effect::Destructive,
            delete_message,
        )),
    ]
}

/// A thread answer (an object, or an array holding it).
fn thread(v: &Value) -> Value {
    let t = v.as_array().and_then(|a| a.first()).unwrap_or(v);
    pick(
        t,
        &[
            "id",
            "type",
            "title",
            "created_by",
            "updated_by",
            "parent",
            "anchor",
            "participants",
            "additional_info",
            "message_count=linked_object.attributes.message_count",
            "last_activity_at=linked_object.attributes.last_activity_at",
            "created_at",
            "updated_at",
        ],
    )
}

fn message(v: &Value) -> Value {
    let m = v.as_array().and_then(|a| a.first()).unwrap_or(v);
    pick(
        m,
        &[
            "id",
            "thread_id",
            "body",
            "body_text",
            "created_by",
            "participants",
            "attachments",
            "additional_info",
            "created_at",
            "updated_at",
        ],
    )
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ThreadType {
    Forward,
    Discussion,
    Private,
}

/// Start a collaboration thread on a ticket: a forward (e-mail to outsiders), a discussion
/// or a private thread among agents. Returns the thread.
#[derive(Deserialize, JsonSchema)]
pub struct CreateThread {
    thread_type: ThreadType,
    /// The ticket's id
    parent_id: Count,
    #[schemars(extend("default" = "ticket"))]
    parent_type: Option<String>,
    title: Option<String>,
    /// Agent id of the creator
    created_by: Option<String>,
    /// Conversation the thread hangs from
    anchor_id: Option<Count>,
    /// e.g. `conversation`
    anchor_type: Option<String>,
    participants_emails: Option<Vec<String>>,
    /// Agent ids
    participants_agents: Option<Vec<String>>,
    /// e.g. `{"email_config_id": 1}` for forwards
    additional_info: Option<Map<String, Value>>,
}

async fn create_thread(ctx: Ctx, a: CreateThread) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("type".into(), json!(a.thread_type));
    b.insert(
        "parent".into(),
        json!({
            "id": a.parent_id.get().to_string(),
            "type": opt(&a.parent_type).unwrap_or("ticket"),
        }),
    );
    insert_opt(&mut b, "title", opt(&a.title));
    insert_opt(&mut b, "created_by", opt(&a.created_by));
    if let Some(id) = a.anchor_id {
        b.insert(
            "anchor".into(),
            json!({"id": id.get().to_string(), "type": opt(&a.anchor_type).unwrap_or("conversation")}),
        );
    }
    let mut parts = Map::new();
    insert_opt(&mut parts, "emails", emails(&a.participants_emails));
    insert_opt(&mut parts, "agents", emails(&a.participants_agents));
    if !parts.is_empty() {
        b.insert("participants".into(), Value::Object(parts));
    }
    insert_opt(&mut b, "additional_info", a.additional_info);
    let v: Value = request(&ctx, Method::POST, "/collaboration/threads")?
        .json(&b)
        .send_json()
        .await?;
    Ok(thread(&v))
}

/// Get a collaboration thread: type, parent ticket, participants, message count.
#[derive(Deserialize, JsonSchema)]
pub struct GetThread {
    thread_id: Count,
}

async fn get_thread(ctx: Ctx, a: GetThread) -> Result<Value, ToolError> {
    let v = api::get(
        &ctx,
        &format!("/collaboration/threads/{}", a.thread_id.get()),
    )
    .await?;
    Ok(thread(&v))
}

/// Change a thread's title or description. Returns the thread.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateThread {
    thread_id: Count,
    title: Option<String>,
    description: Option<String>,
}

async fn update_thread(ctx: Ctx, a: UpdateThread) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "title", opt(&a.title));
    insert_opt(&mut b, "description", opt(&a.description));
    if b.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give `title` or `description`",
        ));
    }
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/collaboration/threads/{}", a.thread_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(thread(&v))
}

/// Delete a collaboration thread and its messages.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteThread {
    thread_id: Count,
}

async fn delete_thread(ctx: Ctx, a: DeleteThread) -> Result<Value, ToolError> {
    let id = a.thread_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/collaboration/threads/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "thread_id": id}))
}

/// Post a message in a thread (a forward thread e-mails `participants_email_to`). Returns the
/// message.
#[derive(Deserialize, JsonSchema)]
pub struct CreateMessage {
    thread_id: Count,
    /// HTML
    body: String,
    /// Plain text
    body_text: Option<String>,
    /// Ids of uploaded attachments
    attachment_ids: Option<Vec<Count>>,
    inline_attachment_ids: Option<Vec<Count>>,
    participants_email_to: Option<Vec<String>>,
    participants_email_cc: Option<Vec<String>>,
    participants_email_bcc: Option<Vec<String>>,
    participants_email_from: Option<String>,
    /// e.g. `{"has_quoted_text": true, "email_subject": "Fwd: ..."}`
    additional_info: Option<Map<String, Value>>,
    /// HTML including the quoted text
    full_message: Option<String>,
    full_message_text: Option<String>,
}

async fn create_message(ctx: Ctx, a: CreateMessage) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("thread_id".into(), json!(a.thread_id.get().to_string()));
    b.insert("body".into(), json!(non_empty(&a.body, "body")?));
    insert_opt(&mut b, "body_text", opt(&a.body_text));
    insert_opt(&mut b, "attachment_ids", a.attachment_ids);
    insert_opt(&mut b, "inline_attachment_ids", a.inline_attachment_ids);
    let mut email = Map::new();
    insert_opt(&mut email, "to", emails(&a.participants_email_to));
    insert_opt(&mut email, "cc", emails(&a.participants_email_cc));
    insert_opt(&mut email, "bcc", emails(&a.participants_email_bcc));
    insert_opt(&mut email, "from", opt(&a.participants_email_from));
    if !email.is_empty() {
        b.insert("participants".into(), json!({ "email": email }));
    }
    insert_opt(&mut b, "additional_info", a.additional_info);
    insert_opt(&mut b, "full_message", opt(&a.full_message));
    insert_opt(&mut b, "full_message_text", opt(&a.full_message_text));
    let v: Value = request(&ctx, Method::POST, "/collaboration/messages")?
        .json(&b)
        .send_json()
        .await?;
    Ok(message(&v))
}

/// Get a thread message.
#[derive(Deserialize, JsonSchema)]
pub struct GetMessage {
    message_id: Count,
}

async fn get_message(ctx: Ctx, a: GetMessage) -> Result<Value, ToolError> {
    let v = api::get(
        &ctx,
        &format!("/collaboration/messages/{}", a.message_id.get()),
    )
    .await?;
    Ok(message(&v))
}

/// Edit a thread message; give only what changes. Returns the message.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMessage {
    message_id: Count,
    /// HTML
    body: Option<String>,
    body_text: Option<String>,
    attachment_ids: Option<Vec<Count>>,
    inline_attachment_ids: Option<Vec<Count>>,
    additional_info: Option<Map<String, Value>>,
}

async fn update_message(ctx: Ctx, a: UpdateMessage) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "body", opt(&a.body));
    insert_opt(&mut b, "body_text", opt(&a.body_text));
    insert_opt(&mut b, "attachment_ids", a.attachment_ids);
    insert_opt(&mut b, "inline_attachment_ids", a.inline_attachment_ids);
    insert_opt(&mut b, "additional_info", a.additional_info);
    if b.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give body, body_text, attachment ids or additional_info",
        ));
    }
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/collaboration/messages/{}", a.message_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(message(&v))
}

/// Delete a thread message.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMessage {
    message_id: Count,
}

async fn delete_message(ctx: Ctx, a: DeleteMessage) -> Result<Value, ToolError> {
    let id = a.message_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/collaboration/messages/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "message_id": id}))
}
