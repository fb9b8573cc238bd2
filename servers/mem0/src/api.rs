//! Mem0 helpers: credential fields, the caller's user id, the error body and the concise
//! memory shape.

use mcp_shared::json::{at, pick};
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{Ctx, ToolError, VendorError, default_error_parser};
use serde_json::Value;

/// Credential fields that may carry the API key (Klavis reads `api_key`, then `token`; a bare
/// token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["api_key", "token", "access_token"];

/// Klavis's default user id.
const DEFAULT_USER: &str = "user";

/// The user id of this call: the argument, else the credentials' `user_id`, else the
/// server's `--default-user-id`, else `user`.
pub fn user_id(ctx: &Ctx, arg: Option<&str>) -> String {
    let given = arg.map(str::trim).filter(|s| !s.is_empty());
    let cred = ctx
        .credentials()
        .and_then(|c| c.field("user_id"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty());
    given
        .or(cred)
        .or(ctx
            .option("default-user-id")
            .filter(|s| !s.trim().is_empty()))
        .unwrap_or(DEFAULT_USER)
        .to_owned()
}

/// Mem0's error bodies: `{"error": ...}`, `{"detail": ...}` (DRF) or `{"message": ...}`,
/// or a field → messages map for validation errors.
pub fn parse_error(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let mut e = default_error_parser(status, headers, body);
    if e.message.is_none()
        && let Some(m) = body.as_object().filter(|m| !m.is_empty())
    {
        let parts: Vec<String> = m
            .iter()
            .map(|(k, v)| match v {
                Value::Array(a) => format!(
                    "{k}: {}",
                    a.iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                Value::String(s) => format!("{k}: {s}"),
                other => format!("{k}: {other}"),
            })
            .collect();
        e.message = Some(parts.join(", "));
    }
    e.hint = match status {
        401 => Some("the Mem0 API key was refused: check it at app.mem0.ai (API keys).".into()),
        404 => Some("no such memory or entity in this project: list them with mem0_get_memories or mem0_list_entities.".into()),
        _ => None,
    };
    e
}

pub fn non_empty<'a>(s: &'a str, what: &str) -> Result<&'a str, ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(s)
}

/// One memory, concise. The list endpoint calls the run `session_id`, search `run_id`.
pub fn memory(m: &Value) -> Value {
    let mut out = pick(
        m,
        &[
            "id",
            "memory",
            "score",
            "user_id",
            "agent_id",
            "app_id",
            "run_id",
            "categories",
            "metadata",
            "created_at",
            "updated_at",
            "expiration_date",
        ],
    );
    if let Some(s) = at(m, "session_id") {
        out["run_id"] = s.clone();
    }
    out
}

pub fn memories(v: &Value) -> Vec<Value> {
    let list = v
        .as_array()
        .or_else(|| at(v, "results").and_then(Value::as_array));
    list.map(|a| a.iter().map(memory).collect())
        .unwrap_or_default()
}
