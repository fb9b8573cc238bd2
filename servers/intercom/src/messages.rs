//! Messages: admin-initiated messages (`POST /messages`) and messages from contacts
//! (`POST /conversations`). Intercom has no message list or lookup: a message is the source
//! of the conversation it starts, so listing reads `GET /conversations` and a lookup searches
//! conversations by `source.id`.

use crate::api::{self, cursor_list, message, opt, page, source_message};
use crate::conversations::{contact_message, party};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("messages");
    vec![
        t(tool(
            "intercom_create_message",
            "Send admin message",
            Effect::Write,
            create_message,
        )),
        t(tool(
            "intercom_list_messages",
            "List messages",
            Effect::Read,
            list_messages,
        )),
        t(tool(
            "intercom_get_message",
            "Get message",
            Effect::Read,
            get_message,
        )),
        t(tool(
            "intercom_send_user_message",
            "Send message from contact",
            Effect::Write,
            send_user_message,
        )),
    ]
}

// Channel of the message.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    InApp,
    Email,
}

// Email template.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Template {
    Plain,
    Personal,
}

/// Send a message from an admin to a contact, in-app or by email (email needs `subject`
/// and `template`). Returns the message and, once there is one, its `conversation_id`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateMessage {
    message_type: Option<Channel>,
    /// Email subject
    subject: Option<String>,
    /// Message text (HTML allowed)
    body: Option<String>,
    /// Email template
    template: Option<Template>,
    /// The sender: {"type": "admin", "id": "<admin id>"}
    from: Option<Map<String, Value>>,
    /// The recipient: {"type": "user" | "lead", "id": "<Intercom contact id>"}
    to: Option<Map<String, Value>>,
    /// Unix seconds (default now)
    created_at: Option<Count>,
    /// Start a conversation at once, before the contact replies
    #[schemars(extend("default" = false))]
    create_conversation_without_contact_reply: Option<bool>,
}

async fn create_message(ctx: Ctx, a: CreateMessage) -> Result<Value, ToolError> {
    let from = a.from.as_ref().ok_or_else(|| {
        ToolError::invalid_input("from is required: {\"type\": \"admin\", \"id\": \"<admin id>\"}")
    })?;
    let to = a.to.as_ref().ok_or_else(|| {
        ToolError::invalid_input("to is required: {\"type\": \"user\", \"id\": \"<contact id>\"}")
    })?;
    let mut from = party(from, "from", &["admin"])?;
    // Intercom types the admin id as a number.
    if let Some(n) = from
        .get("id")
        .and_then(Value::as_str)
        .and_then(|s| s.parse::<u64>().ok())
    {
        from["id"] = json!(n);
    }
    let mut body = Map::new();
    insert_opt(&mut body, "message_type", a.message_type);
    insert_opt(&mut body, "subject", opt(&a.subject));
    body.insert(
        "body".into(),
        json!(non_empty(a.body.as_deref().unwrap_or_default(), "body")?),
    );
    insert_opt(&mut body, "template", a.template);
    body.insert("from".into(), from);
    body.insert("to".into(), party(to, "to", &["user", "lead"])?);
    insert_opt(&mut body, "created_at", a.created_at.map(Count::get));
    insert_opt(
        &mut body,
        "create_conversation_without_contact_reply",
        a.create_conversation_without_contact_reply,
    );
    if a.message_type == Some(Channel::Email)
        && (!body.contains_key("subject") || a.template.is_none())
    {
        return Err(ToolError::invalid_input(
            "an email message needs subject and template",
        ));
    }
    let v = api::send(&ctx, Method::POST, "/messages", &Value::Object(body)).await?;
    Ok(message(&v))
}

/// List messages: the first message of each conversation, newest first. Returns `items`
/// (each with its `conversation_id`), `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListMessages {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
}

async fn list_messages(ctx: Ctx, a: ListMessages) -> Result<Value, ToolError> {
    let v: Value = cursor_list(&ctx, "/conversations", a.per_page, 50, &a.starting_after)?
        .send_json()
        .await?;
    Ok(page(&v, "conversations", source_message))
}

/// Get a message by id (the id intercom_create_message returned) from the conversation it
/// started: subject, body, author and `conversation_id`.
#[derive(Deserialize, JsonSchema)]
pub struct GetMessage {
    /// Message id
    id: String,
}

async fn get_message(ctx: Ctx, a: GetMessage) -> Result<Value, ToolError> {
    let id = non_empty(&a.id, "id")?;
    let body = json!({"query": {"field": "source.id", "operator": "=", "value": id}});
    let v: Value = api::req(&ctx, Method::POST, "/conversations/search")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    v.get("conversations")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
        .map(source_message)
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "no conversation starts with message {id}: Intercom only keeps messages that started a conversation (a message nobody replied to has none unless it was sent with create_conversation_without_contact_reply)"
            ))
        })
}

/// Send a message as a contact, starting a conversation with the team. Returns the message
/// with its `conversation_id`.
#[derive(Deserialize, JsonSchema)]
pub struct SendUserMessage {
    /// The contact: {"type": "user" | "lead" | "contact", "id": "<Intercom contact id>"}
    from: Map<String, Value>,
    /// Message text (HTML allowed)
    body: String,
    /// Unix seconds (default now)
    created_at: Option<Count>,
}

async fn send_user_message(ctx: Ctx, a: SendUserMessage) -> Result<Value, ToolError> {
    contact_message(&ctx, &a.from, &a.body, a.created_at).await
}
