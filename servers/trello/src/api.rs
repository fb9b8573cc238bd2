//! Trello helpers: the credential fields, the error body, and the concise shapes of boards,
//! lists, cards and checklists.

use mcp_shared::VendorError;
use mcp_shared::json::{map_array, pick};
use mcp_shared::reexports::http;
use serde_json::{Value, json};

/// Credential fields that may carry the API key (`key`, as Trello names it, or `api_key`).
pub const KEY_FIELDS: &[&str] = &["key", "api_key"];
/// Credential fields that may carry the user's token (a bare token arrives as `access_token`).
pub const TOKEN_FIELDS: &[&str] = &["token", "api_token", "access_token"];

/// Trello's JSON error bodies: `{"message", "error"}` (429: `{"error":
/// "API_TOKEN_LIMIT_EXCEEDED", "message": "Rate limit exceeded"}`). Most other errors are
/// plain text (`invalid id`), which the shared client reports as it is.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut e = mcp_shared::default_error_parser(status, headers, body);
    if status == 429 {
        let window = match e.code.as_deref() {
            Some("API_KEY_LIMIT_EXCEEDED") => "300 requests per 10 s per API key",
            _ => "100 requests per 10 s per token",
        };
        let note = format!("Trello allows {window}: retry in 10 s");
        e.message = Some(match e.message {
            Some(m) => format!("{m} ({note})"),
            None => note,
        });
        e.rate_limited = true;
    }
    e
}

pub fn board(v: &Value) -> Value {
    pick(
        v,
        &["id", "name", "desc", "closed", "url", "idOrganization"],
    )
}

pub fn list(v: &Value) -> Value {
    pick(v, &["id", "name", "closed", "pos", "idBoard"])
}

pub fn card(v: &Value) -> Value {
    let mut c = pick(
        v,
        &[
            "id",
            "name",
            "desc",
            "idList",
            "idBoard",
            "closed",
            "due",
            "dueComplete",
            "idMembers",
            "url",
        ],
    );
    if let Some(labels) = v.get("labels").and_then(Value::as_array)
        && !labels.is_empty()
    {
        c["labels"] = map_array(&Value::Array(labels.clone()), |l| {
            pick(l, &["id", "name", "color"])
        });
    }
    if let Some(lists) = v.get("checklists").filter(|c| c.is_array()) {
        c["checklists"] = map_array(lists, checklist);
    }
    c
}

pub fn checklist(v: &Value) -> Value {
    let mut c = pick(v, &["id", "name", "idCard"]);
    c["checkItems"] = map_array(v.get("checkItems").unwrap_or(&json!([])), check_item);
    c
}

pub fn check_item(v: &Value) -> Value {
    pick(v, &["id", "name", "state", "idChecklist"])
}
