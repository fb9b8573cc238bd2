//! Gong helpers: the error body, dates, request filters and the concise shapes tools return.

use mcp_shared::json::pick;
use mcp_shared::{ToolError, VendorError};
use serde_json::{Map, Value};

/// Gong's error body: `{"requestId": "...", "errors": ["..."]}`.
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let errors: Vec<String> = body
        .get("errors")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|e| e.as_str().map_or_else(|| e.to_string(), str::to_owned))
                .take(5)
                .collect()
        })
        .unwrap_or_default();
    let mut message = if errors.is_empty() {
        body.get("message")
            .or_else(|| body.get("error"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    } else {
        Some(errors.join("; "))
    };
    if let Some(id) = body.get("requestId").and_then(Value::as_str) {
        message = Some(format!(
            "{} (Gong request id {id})",
            message.unwrap_or_else(|| "no error text".into())
        ));
    }
    let hint = match status {
        401 => Some(
            "Gong refused the access key and secret: create them under Company settings > Ecosystem > API (technical administrator), or renew the OAuth token.",
        ),
        403 => Some(
            "the Gong credentials lack the scope or permission this call needs (e.g. api:calls:read:transcript).",
        ),
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint: hint.map(str::to_owned),
        rate_limited: false,
        missing_scopes: None,
    }
}

/// An ISO-8601 date-time for Gong: a bare date `2024-05-01` becomes midnight UTC (for the end
/// of a range, the end of that day).
pub fn datetime(s: &str, what: &str, end: bool) -> Result<String, ToolError> {
    let s = s.trim();
    let is_date = s.len() == 10
        && s.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if is_date {
        return Ok(if end {
            format!("{s}T23:59:59Z")
        } else {
            format!("{s}T00:00:00Z")
        });
    }
    let ok = s.len() >= 19
        && s.as_bytes().get(10) == Some(&b'T')
        && s.get(..4)
            .is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T00:00:00Z (got `{s}`)"
        )));
    }
    Ok(s.to_owned())
}

/// A call filter (`fromDateTime`, `toDateTime`, `workspaceId`, `callIds`, `primaryUserIds`)
/// with only the parts given.
pub fn call_filter(
    from: Option<&str>,
    to: Option<&str>,
    workspace_id: Option<&str>,
    call_ids: Option<&[String]>,
    user_ids: Option<&[String]>,
) -> Result<Map<String, Value>, ToolError> {
    let mut f = Map::new();
    if let Some(v) = from.filter(|v| !v.trim().is_empty()) {
        f.insert(
            "fromDateTime".into(),
            datetime(v, "from_date", false)?.into(),
        );
    }
    if let Some(v) = to.filter(|v| !v.trim().is_empty()) {
        f.insert("toDateTime".into(), datetime(v, "to_date", true)?.into());
    }
    if let Some(v) = workspace_id.map(str::trim).filter(|v| !v.is_empty()) {
        f.insert("workspaceId".into(), v.into());
    }
    if let Some(ids) = call_ids.filter(|v| !v.is_empty()) {
        f.insert("callIds".into(), ids.into());
    }
    if let Some(ids) = user_ids.filter(|v| !v.is_empty()) {
        f.insert("primaryUserIds".into(), ids.into());
    }
    Ok(f)
}

/// The cursor of the next page (`records.cursor`), if there is one.
pub fn next_cursor(v: &Value) -> Value {
    v.pointer("/records/cursor")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .map_or(Value::Null, |c| Value::String(c.to_owned()))
}

/// The records counts and next cursor of a list answer.
pub fn page(v: &Value, key: &str, items: Value) -> Value {
    let mut out = Map::new();
    out.insert(key.into(), items);
    if let Some(total) = v.pointer("/records/totalRecords") {
        out.insert("total".into(), total.clone());
    }
    let next = next_cursor(v);
    if !next.is_null() {
        out.insert("next_cursor".into(), next);
    }
    Value::Object(out)
}

/// A call's basic data (`/v2/calls` and `/v2/calls/{id}`).
pub fn call(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "title",
            "url",
            "started",
            "scheduled",
            "duration",
            "primaryUserId",
            "direction",
            "scope",
            "system",
            "media",
            "language",
            "workspaceId",
            "purpose",
            "meetingUrl",
            "isPrivate",
            "clientUniqueId",
            "customData",
        ],
    )
}

/// A user's profile (`/v2/users`).
pub fn user(u: &Value) -> Value {
    pick(
        u,
        &[
            "id",
            "emailAddress",
            "firstName",
            "lastName",
            "title",
            "active",
            "managerId",
            "phoneNumber",
            "created",
            "emailAliases",
            "spokenLanguages",
        ],
    )
}

/// One call's transcript, each monologue as speaker, topic and its sentences joined.
pub fn transcript(t: &Value) -> Value {
    let parts: Vec<Value> = t
        .get("transcript")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|m| {
                    let text: Vec<&str> = m
                        .get("sentences")
                        .and_then(Value::as_array)
                        .map(|s| s.iter().filter_map(|x| x.get("text")?.as_str()).collect())
                        .unwrap_or_default();
                    let mut o = pick(m, &["speakerId", "topic"]);
                    if let (Value::Object(o), Some(start)) =
                        (&mut o, m.pointer("/sentences/0/start").cloned())
                    {
                        o.insert("start_ms".into(), start);
                    }
                    if let Value::Object(o) = &mut o {
                        o.insert("text".into(), text.join(" ").into());
                    }
                    o
                })
                .collect()
        })
        .unwrap_or_default();
    serde_json::json!({ "callId": t.get("callId"), "monologues": parts })
}

pub use mcp_shared::Count;
