//! Messages on `POST /{version}/{phone_number_id}/messages` (text, template, read receipt) and
//! a message's delivery history on `GET /{version}/{phone_number_id}/message_history`.

use crate::api::{phone_path, recipient};
use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::{Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "whatsapp_send_text",
            "Send text message",
            Effect::Write,
            send_text,
        )
        .toolset("messages"),
        tool(
            "whatsapp_send_template",
            "Send template message",
            Effect::Write,
            send_template,
        )
        .toolset("messages"),
        tool(
            "whatsapp_mark_message_read",
            "Mark message read",
            Effect::IdempotentWrite,
            mark_message_read,
        )
        .toolset("messages"),
        tool(
            "whatsapp_get_message_status",
            "Get message status",
            Effect::Read,
            get_message_status,
        )
        .toolset("messages"),
    ]
}

/// Longest text body the Cloud API takes, in characters.
const MAX_TEXT: usize = 4096;

/// The sent message's id, the recipient's WhatsApp id and the acceptance status.
fn sent(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "message_id=messages.0.id",
            "message_status=messages.0.message_status",
            "wa_id=contacts.0.wa_id",
        ],
    );
    if let Some(m) = out.as_object_mut()
        && let Some(w) = m.get("wa_id").and_then(Value::as_str)
    {
        let trimmed = w.trim().to_owned();
        m.insert("wa_id".into(), json!(trimmed));
    }
    out
}

async fn send(
    ctx: &Ctx,
    phone_number_id: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let path = phone_path(ctx, phone_number_id, "messages")?;
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(sent(&v))
}

/// A message to one person: `messaging_product`, `recipient_type`, `to`, `type`.
fn envelope(
    to: &str,
    kind: &str,
    reply_to: &Option<String>,
) -> Result<Map<String, Value>, ToolError> {
    let mut body = Map::new();
    body.insert("messaging_product".into(), json!("whatsapp"));
    body.insert("recipient_type".into(), json!("individual"));
    body.insert("to".into(), json!(recipient(to)?));
    body.insert("type".into(), json!(kind));
    if let Some(id) = reply_to.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        body.insert("context".into(), json!({ "message_id": id }));
    }
    Ok(body)
}

/// Send a free-form text (up to 4096 characters), delivered only within 24 h of the
/// customer's last message (else use whatsapp_send_template). Returns message_id and wa_id.
#[derive(Deserialize, JsonSchema)]
pub struct SendText {
    /// Numeric id of the sending business phone number (WhatsApp Manager → API Setup)
    phone_number_id: String,
    /// Recipient's number with country code, e.g. `+16505551234`
    to: String,
    text: String,
    /// Show a preview of the first URL in `text`
    #[schemars(extend("default" = false))]
    preview_url: Option<bool>,
    /// Reply to this message (wamid...)
    reply_to_message_id: Option<String>,
}

async fn send_text(ctx: Ctx, a: SendText) -> Result<Value, ToolError> {
    let text = non_empty(&a.text, "text")?;
    let n = text.chars().count();
    if n > MAX_TEXT {
        return Err(ToolError::invalid_input(format!(
            "`text` has {n} characters; WhatsApp takes at most {MAX_TEXT}"
        )));
    }
    let mut body = envelope(&a.to, "text", &a.reply_to_message_id)?;
    let mut t = Map::new();
    t.insert("body".into(), json!(a.text));
    insert_opt(&mut t, "preview_url", a.preview_url);
    body.insert("text".into(), Value::Object(t));
    send(&ctx, &a.phone_number_id, body).await
}

/// Send an approved template (works outside the 24-hour window and starts conversations).
/// Returns message_id and wa_id.
#[derive(Deserialize, JsonSchema)]
pub struct SendTemplate {
    /// Numeric id of the sending business phone number
    phone_number_id: String,
    /// Recipient's number with country code
    to: String,
    /// The template's name, e.g. `hello_world`
    template_name: String,
    /// The template's language, e.g. `en_US`
    language_code: String,
    /// Text values for the body's {{1}}, {{2}}... in order
    body_parameters: Option<Vec<String>>,
    /// Graph's `components` array as is; instead of body_parameters
    components: Option<Vec<Map<String, Value>>>,
}

async fn send_template(ctx: Ctx, a: SendTemplate) -> Result<Value, ToolError> {
    let name = non_empty(&a.template_name, "template_name")?;
    let lang = non_empty(&a.language_code, "language_code")?;
    let mut template = Map::new();
    template.insert("name".into(), json!(name));
    template.insert(
        "language".into(),
        json!({"policy": "deterministic", "code": lang}),
    );
    match (a.body_parameters, a.components) {
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give `body_parameters` or `components`, not both",
            ));
        }
        (Some(p), None) if !p.is_empty() => {
            let params: Vec<Value> = p
                .iter()
                .map(|t| json!({"type": "text", "text": t}))
                .collect();
            template.insert(
                "components".into(),
                json!([{"type": "body", "parameters": params}]),
            );
        }
        (None, Some(c)) if !c.is_empty() => {
            if let Some(i) = c.iter().position(|x| !x.contains_key("type")) {
                return Err(ToolError::invalid_input(format!(
                    "components[{i}] needs a `type` (header, body or button)"
                )));
            }
            template.insert("components".into(), json!(c));
        }
        _ => {}
    }
    let mut body = envelope(&a.to, "template", &None)?;
    body.insert("template".into(), Value::Object(template));
    send(&ctx, &a.phone_number_id, body).await
}

/// Mark a received message read (blue ticks), optionally with a typing indicator until you
/// reply (25 s at most). Returns `success`.
#[derive(Deserialize, JsonSchema)]
pub struct MarkRead {
    /// Numeric id of the receiving business phone number
    phone_number_id: String,
    /// The received message's id (wamid...)
    message_id: String,
    #[schemars(extend("default" = false))]
    typing_indicator: Option<bool>,
}

async fn mark_message_read(ctx: Ctx, a: MarkRead) -> Result<Value, ToolError> {
    let path = phone_path(&ctx, &a.phone_number_id, "messages")?;
    let mut body = Map::new();
    body.insert("messaging_product".into(), json!("whatsapp"));
    body.insert("status".into(), json!("read"));
    body.insert(
        "message_id".into(),
        json!(non_empty(&a.message_id, "message_id")?),
    );
    if a.typing_indicator == Some(true) {
        body.insert("typing_indicator".into(), json!({"type": "text"}));
    }
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({ "success": at(&v, "success").and_then(Value::as_bool).unwrap_or(false) }))
}

/// Order of delivery statuses, for events with the same timestamp.
fn rank(status: &str) -> u8 {
    match status {
        "SENT" => 1,
        "DELIVERED" => 2,
        "READ" => 3,
        "FAILED" | "DELETED" => 4,
        _ => 0,
    }
}

const HISTORY_FIELDS: &str = "id,message_id,events{delivery_status,timestamp,error_description}";

/// Read a sent message's delivery status (SENT, DELIVERED, READ, FAILED, DELETED) and its
/// events from the Cloud API's message history.
#[derive(Deserialize, JsonSchema)]
pub struct GetStatus {
    /// Numeric id of the business phone number that sent it
    phone_number_id: String,
    /// The message_id (wamid...) a send returned
    message_id: String,
}

async fn get_message_status(ctx: Ctx, a: GetStatus) -> Result<Value, ToolError> {
    let path = phone_path(&ctx, &a.phone_number_id, "message_history")?;
    let id = non_empty(&a.message_id, "message_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("message_id", id)
        .query("fields", HISTORY_FIELDS)
        .send_json()
        .await
        .map_err(|e| {
            if e.status.is_some_and(|s| (400..500).contains(&s) && s != 401 && s != 429) {
                e.add_hint("The message history may not be open to this app or number; the Cloud API otherwise reports message status only by webhook (the `statuses` of the messages field).")
            } else {
                e
            }
        })?;
    let entry = v
        .get("data")
        .and_then(Value::as_array)
        .and_then(|d| {
            d.iter()
                .find(|e| at(e, "message_id").and_then(Value::as_str) == Some(id))
                .or_else(|| d.first())
        })
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                format!("WhatsApp has no message history for {id}"),
            )
            .with_hint("check the message_id and that this phone_number_id sent it; recent sends may take a moment to appear.")
        })?;
    let mut events: Vec<Value> = at(entry, "events.data")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|e| {
                    pick(
                        e,
                        &[
                            "status=delivery_status",
                            "timestamp",
                            "error=error_description",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let key = |e: &Value| {
        (
            at(e, "timestamp").and_then(Value::as_i64).unwrap_or(0),
            rank(at(e, "status").and_then(Value::as_str).unwrap_or("")),
        )
    };
    events.sort_by_key(key);
    let status = events
        .last()
        .and_then(|e| at(e, "status"))
        .cloned()
        .unwrap_or(Value::Null);
    Ok(json!({
        "message_id": at(entry, "message_id").cloned().unwrap_or_else(|| json!(id)),
        "status": status,
        "events": events,
    }))
}
