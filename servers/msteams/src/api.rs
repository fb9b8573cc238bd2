//! What the Teams tools share: message bodies, user paths and message views. (The delegated
//! permission each tool needs is declared with the tool, `ToolDef::scopes`.)

use mcp_shared::{ToolError, non_empty, seg_id};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

// The format of a message: plain text or HTML.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Text,
    Html,
}

/// A chatMessage body: `{"body": {"contentType", "content"}}`.
pub fn message_body(text: &str, format: Option<Format>) -> Result<Value, ToolError> {
    let text = non_empty(text, "message")?;
    let kind = match format.unwrap_or_default() {
        Format::Text => "text",
        Format::Html => "html",
    };
    Ok(json!({ "body": { "contentType": kind, "content": text } }))
}

/// `/me` for `me`, else `/users/{id}` (an id or a user principal name).
pub fn user_path(id: &str) -> Result<String, ToolError> {
    let id = non_empty(id, "user_id")?;
    if id.eq_ignore_ascii_case("me") {
        Ok("/me".to_owned())
    } else {
        Ok(format!("/users/{}", seg_id(id, "user_id")?))
    }
}

/// A chat message as an agent needs it.
pub fn chat_message(v: &Value) -> Value {
    let mut out = mcp_shared::json::pick(
        v,
        &[
            "id",
            "createdDateTime",
            "webUrl",
            "chatId",
            "from=from.user.displayName",
        ],
    );
    if let Some(b) = v.get("body") {
        out["body"] = mcp_shared::json::pick(b, &["contentType", "content"]);
    }
    out
}

/// The most body text a listed message shows.
const LISTED_BODY_BYTES: usize = 4096;

/// A message in a list: [`chat_message`] with its type and the body cut at 4 KB.
pub fn listed_message(v: &Value) -> Value {
    let mut out = chat_message(v);
    if let Some(t) = v
        .get("messageType")
        .and_then(Value::as_str)
        .filter(|t| *t != "message")
    {
        out["messageType"] = json!(t);
    }
    if let Some(c) = out.pointer("/body/content").and_then(Value::as_str) {
        let (text, cut) = mcp_shared::content::truncate(c, LISTED_BODY_BYTES);
        if cut {
            out["body"]["content"] = json!(text);
        }
    }
    out
}
