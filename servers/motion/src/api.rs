//! Motion helpers: the credential fields, the error body and rate-limit note, pagination, and
//! the concise shapes of tasks, projects and comments.

use mcp_shared::json::{map_array, pick, pluck};
use mcp_shared::reexports::http;
use mcp_shared::{ToolError, VendorError};
use serde_json::{Map, Value};

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; a
/// bare token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["api_key", "token", "access_token"];

/// Motion's error bodies: `{"message", "statusCode"}` (the message may be a list of
/// validation problems) or `{"error": {"message", "code"}}`. A 429 carries no reset header
/// that we know of: the message says the limits and when to retry.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut e = mcp_shared::default_error_parser(status, headers, body);
    if let Some(list) = body.get("message").and_then(Value::as_array) {
        let parts: Vec<&str> = list.iter().filter_map(Value::as_str).collect();
        if !parts.is_empty() {
            e.message = Some(parts.join("; "));
        }
    }
    if status == 429 {
        let wait = headers
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .unwrap_or(60);
        let note = format!(
            "Motion allows 12 requests per minute on individual plans and 120 on team plans: retry in {wait} s"
        );
        e.message = Some(match e.message {
            Some(m) => format!("{m} ({note})"),
            None => note,
        });
        e.rate_limited = true;
    }
    if status == 401 {
        e.hint = Some("the Motion API key was refused: create one under Settings > API in Motion and send it as `api_key`.".to_owned());
    }
    e
}

/// A list answer: the items under `key` (or a bare array), concise, and `next_cursor` from
/// `meta.nextCursor`.
pub fn page(v: &Value, key: &str, item: fn(&Value) -> Value) -> Value {
    let mut out = Map::new();
    let items = if v.is_array() {
        v
    } else {
        v.get(key).unwrap_or(&Value::Null)
    };
    out.insert(key.to_owned(), map_array(items, item));
    if let Some(c) = v
        .pointer("/meta/nextCursor")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
    {
        out.insert("next_cursor".to_owned(), Value::String(c.to_owned()));
    }
    Value::Object(out)
}

/// An optional id argument, trimmed; empty means absent.
pub fn opt(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Motion's priorities, in any case.
pub fn priority(p: &Option<String>) -> Result<Option<String>, ToolError> {
    let Some(p) = opt(p) else { return Ok(None) };
    let up = p.to_ascii_uppercase();
    if ["ASAP", "HIGH", "MEDIUM", "LOW"].contains(&up.as_str()) {
        Ok(Some(up))
    } else {
        Err(ToolError::invalid_input(format!(
            "`priority` must be one of ASAP, HIGH, MEDIUM, LOW (got `{p}`)"
        )))
    }
}

pub fn user(v: &Value) -> Value {
    pick(v, &["id", "name", "email"])
}

pub fn task(v: &Value) -> Value {
    let mut t = pick(
        v,
        &[
            "id",
            "name",
            "description",
            "status=status.name",
            "priority",
            "completed",
            "dueDate",
            "duration",
            "scheduledStart",
            "scheduledEnd",
            "project_id=project.id",
            "project=project.name",
            "workspace_id=workspace.id",
        ],
    );
    if let Some(a) = v.get("assignees").filter(|a| a.is_array()) {
        t["assignees"] = map_array(a, user);
    }
    if v.get("labels").is_some() {
        t["labels"] = pluck(v, "labels", "name");
    }
    t
}

pub fn project(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "description",
            "status=status.name",
            "priority",
            "dueDate",
            "workspace_id=workspaceId",
            "createdTime",
        ],
    )
}

pub fn comment(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "task_id=taskId",
            "content",
            "createdAt",
            "author=creator.name",
        ],
    )
}
