//! What every Cal.com tool shares: the per-endpoint `cal-api-version` header, the
//! `{"status":"success","data":...}` envelope, `take` + `skip` pages (returned as
//! `next_cursor`) and Cal.com's `{"status":"error","error":{"code","message","details"}}`
//! error body.

use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Int, Method, Request, ToolError, VendorError};
use serde_json::{Value, json};

/// `cal-api-version` of the schedules endpoints.
pub const SCHEDULES: &str = "2024-06-11";
/// `cal-api-version` of the bookings endpoints.
pub const BOOKINGS: &str = "2024-08-13";
/// `cal-api-version` of the event types endpoints.
pub const EVENT_TYPES: &str = "2024-06-14";
/// `cal-api-version` of the slots endpoints.
pub const SLOTS: &str = "2024-09-04";

/// An authorised request with the endpoint's `cal-api-version` (without it Cal.com answers
/// with an older version of the endpoint).
pub fn call(ctx: &Ctx, method: Method, path: &str, version: &str) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(method, path)?
        .header("cal-api-version", version))
}

/// Reads Cal.com's error body: `error.code` (`NotFoundException`, `BadRequestException`...),
/// `error.message`, and the validation messages in `error.details`.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let err = body.get("error").filter(|e| e.is_object()).unwrap_or(body);
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let mut message = s(err, "message");
    if let Some(d) = err.get("details").and_then(details) {
        message = Some(match message {
            Some(m) if !m.contains(&d) => format!("{m} ({d})"),
            Some(m) => m,
            None => d,
        });
    }
    let hint = match status {
        401 => Some(
            "the Cal.com API key or access token is invalid or expired; send the key (`cal_live_...`, with or without `Bearer `)."
                .to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code: s(err, "code"),
        message,
        hint,
        ..VendorError::default()
    }
}

/// The readable part of `error.details`: its validation messages, or a short JSON text.
fn details(d: &Value) -> Option<String> {
    let text = match d {
        Value::Null => return None,
        Value::String(s) => s.trim().to_owned(),
        Value::Array(a) if a.iter().all(Value::is_string) => a
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("; "),
        Value::Object(m) => match m.get("message") {
            Some(inner) if !inner.is_object() => return details(inner),
            _ if m.is_empty() => return None,
            _ => d.to_string(),
        },
        other => other.to_string(),
    };
    let text: String = text.chars().take(300).collect();
    (!text.is_empty()).then_some(text)
}

/// The `data` member of an answer.
pub fn data(mut v: Value) -> Value {
    match v.get_mut("data") {
        Some(d) => d.take(),
        None => v,
    }
}

/// The page: `limit` (1..=max, `default` when not given) and the offset from `cursor` (the
/// `next_cursor` of the previous page).
pub fn page(
    limit: Option<Int>,
    cursor: Option<&str>,
    default: u64,
    max: u64,
) -> Result<(u64, u64), ToolError> {
    let limit = mcp_shared::pagination::page_size(limit.map(Int::get), default, max, "limit")?;
    let skip = mcp_shared::pagination::offset_cursor(cursor)?.unwrap_or(0);
    Ok((limit, skip))
}

/// The items and the next cursor, from Cal.com's `pagination.hasNextPage` (null on the last
/// page).
pub fn paged(items: Vec<Value>, pagination: Option<&Value>, skip: u64, limit: u64) -> Value {
    let more = pagination
        .and_then(|p| p.get("hasNextPage"))
        .and_then(Value::as_bool)
        .unwrap_or(items.len() as u64 >= limit);
    let returned = pagination
        .and_then(|p| p.get("returnedItems"))
        .and_then(Value::as_u64)
        .unwrap_or(items.len() as u64);
    let next = if more && returned > 0 {
        json!((skip + returned).to_string())
    } else {
        Value::Null
    };
    json!({ "items": items, "next_cursor": next })
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
