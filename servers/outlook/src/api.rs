//! What the Outlook tools share: paths, the body format (`Prefer:
//! outlook.body-content-type`), recipients, the concise shapes of messages and folders, and
//! the delegated permissions the tools declare (`.scopes(..)`; a 403 names them).

use mcp_shared::json::pick;
use mcp_shared::{ToolError, seg_id};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

// The delegated permissions of the tools, as Graph's permission reference names them.
pub const MAIL_READ: &str = "Mail.Read (or Mail.ReadWrite)";
pub const MAIL_READ_WRITE: &str = "Mail.ReadWrite";
pub const MAIL_SEND: &str = "Mail.Send";

// The format of a message body: plain text or HTML.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Text,
    Html,
}

impl Format {
    /// Graph's `bodyType` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Html => "html",
        }
    }

    /// The `Prefer` header that makes Graph return bodies in this format.
    pub fn prefer(self) -> String {
        format!("outlook.body-content-type=\"{}\"", self.as_str())
    }
}

/// `/me/messages/{id}`.
pub fn message_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/me/messages/{}", seg_id(id, "message_id")?))
}

/// `/me/mailFolders/{id}` (an id or a well-known name such as `inbox`).
pub fn folder_path(id: &str, arg: &str) -> Result<String, ToolError> {
    Ok(format!("/me/mailFolders/{}", seg_id(id, arg)?))
}

/// Graph recipients from addresses (`ada@example.com` or `Ada Lovelace <ada@example.com>`).
pub fn recipients(list: &[String], arg: &str) -> Result<Vec<Value>, ToolError> {
    let mut out = Vec::new();
    for raw in list.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        let (name, address) = match raw.strip_suffix('>').and_then(|r| r.rsplit_once('<')) {
            Some((name, addr)) => (name.trim().trim_matches('"').trim(), addr.trim()),
            None => ("", raw),
        };
        let valid = address.contains('@')
            && !address.starts_with('@')
            && !address.ends_with('@')
            && !address.contains(char::is_whitespace);
        if !valid {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` must list email addresses such as ada@example.com or \"Ada Lovelace <ada@example.com>\" (got {raw:?})"
            )));
        }
        let mut email = json!({ "address": address });
        if !name.is_empty() {
            email["name"] = json!(name);
        }
        out.push(json!({ "emailAddress": email }));
    }
    Ok(out)
}

/// A recipient as text: `Name <address>` or the address.
fn who(r: &Value) -> Option<Value> {
    let e = r.get("emailAddress")?;
    let addr = e.get("address").and_then(Value::as_str).unwrap_or("");
    let name = e.get("name").and_then(Value::as_str).unwrap_or("");
    Some(json!(
        match (name.is_empty() || name == addr, addr.is_empty()) {
            (_, true) => name.to_owned(),
            (true, false) => addr.to_owned(),
            (false, false) => format!("{name} <{addr}>"),
        }
    ))
}

fn who_list(v: &Value, key: &str) -> Option<Value> {
    let list: Vec<Value> = v.get(key)?.as_array()?.iter().filter_map(who).collect();
    (!list.is_empty()).then(|| json!(list))
}

/// The message properties a summary shows (`$select`).
pub const MESSAGE_FIELDS: &[&str] = &[
    "id",
    "subject",
    "from",
    "toRecipients",
    "ccRecipients",
    "receivedDateTime",
    "sentDateTime",
    "isRead",
    "isDraft",
    "hasAttachments",
    "importance",
    "bodyPreview",
    "conversationId",
    "parentFolderId",
    "webLink",
];

/// A message as an agent needs it: who, when, state, preview; the body when Graph sent it.
pub fn message(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "id",
            "subject",
            "receivedDateTime",
            "sentDateTime",
            "isRead",
            "isDraft",
            "hasAttachments",
            "importance",
            "bodyPreview",
            "conversationId",
            "parentFolderId",
            "webLink",
        ],
    );
    if let Some(w) = v.get("from").and_then(who) {
        out["from"] = w;
    }
    for (key, field) in [
        ("to", "toRecipients"),
        ("cc", "ccRecipients"),
        ("bcc", "bccRecipients"),
    ] {
        if let Some(l) = who_list(v, field) {
            out[key] = l;
        }
    }
    out
}

/// The folder properties a summary shows.
pub const FOLDER_FIELDS: &[&str] = &[
    "id",
    "displayName",
    "parentFolderId",
    "childFolderCount",
    "unreadItemCount",
    "totalItemCount",
    "isHidden",
];

pub fn folder(v: &Value) -> Value {
    pick(v, FOLDER_FIELDS)
}

/// A list item: the summary, or the properties the caller selected as Graph gave them.
pub fn listed(v: &Value, selected: bool) -> Value {
    if !selected {
        return message(v);
    }
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !k.starts_with("@odata"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}
