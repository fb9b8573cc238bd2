//! What every Resend tool shares: Resend's `{"statusCode","name","message"}` error body,
//! cursor pages (`limit` + `after`, `has_more`; returned as `next_cursor`), sends with an
//! `Idempotency-Key`, and recipient lists.

use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Int, Method, Request, ToolError, VendorError};
use serde_json::{Value, json};

/// Reads Resend's error body: `name` (`validation_error`, `missing_api_key`, `not_found`...)
/// as the code, `message`, and a hint where the name says more than the status.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let name = s("name");
    let hint = match (status, name.as_deref()) {
        (_, Some("missing_api_key")) => Some(
            "send the Resend API key (`re_...`) as `api_key` (or `token`) in x-auth-data, or set RESEND_API_KEY.",
        ),
        (_, Some("invalid_api_key")) | (403, None) => Some(
            "the Resend API key is invalid or was revoked; create one under API Keys in Resend.",
        ),
        (_, Some("restricted_api_key")) => {
            Some("this API key may only send emails; this call needs a key with full access.")
        }
        (_, Some("invalid_from_address")) => Some(
            "send from an address on a domain verified in Resend (see resend_list_domains), e.g. `Name <you@your-domain.com>`.",
        ),
        (_, Some("invalid_idempotent_request" | "concurrent_idempotent_requests")) => Some(
            "this send's idempotency key was already used; check with resend_list_emails before sending again.",
        ),
        (_, Some("daily_quota_exceeded" | "monthly_quota_exceeded")) => {
            Some("the team's sending quota is used up; wait for it to reset or upgrade the plan.")
        }
        _ => None,
    };
    VendorError {
        code: name,
        message: s("message").or_else(|| s("error")),
        hint: hint.map(str::to_owned),
        ..VendorError::default()
    }
}

/// A list request: `limit` (1-100, default 20) and `after` from `cursor` (the `next_cursor`
/// of the previous page).
pub fn list(
    ctx: &Ctx,
    path: &str,
    limit: Option<Int>,
    cursor: &Option<String>,
) -> Result<Request, ToolError> {
    let limit = match limit.map(Int::get) {
        None => 20,
        Some(n) if (1..=100).contains(&n) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "limit must be between 1 and 100 (got {n})"
            )));
        }
    };
    Ok(ctx
        .authorized(Method::GET, path)?
        .query("limit", limit)
        .query_opt("after", opt(cursor)))
}

/// A page of a list answer: its items (each through `item`), `has_more`, and the next cursor
/// (the last item's id, which Resend takes as `after`; null on the last page).
pub fn paged(v: &Value, item: fn(&Value) -> Value) -> Value {
    let data = v.get("data").and_then(Value::as_array);
    let items: Vec<Value> = data
        .map(|a| a.iter().map(item).collect())
        .unwrap_or_default();
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    let next = data
        .and_then(|a| a.last())
        .and_then(|last| last.get("id"))
        .filter(|_| has_more)
        .cloned()
        .unwrap_or(Value::Null);
    json!({ "items": items, "has_more": has_more, "next_cursor": next })
}

/// A send (`POST /emails`, `POST /emails/batch`) with a fresh `Idempotency-Key`: Resend
/// answers a repeat of the key with the first answer instead of sending again, so the client
/// may retry it after a gateway error or a lost connection.
pub fn send(ctx: &Ctx, path: &str) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(Method::POST, path)?
        .idempotency_key("Idempotency-Key"))
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Addresses from a list, each trimmed, blanks left out; absent when none is left.
pub fn addresses(list: &Option<Vec<String>>) -> Option<Vec<&str>> {
    let v: Vec<&str> = list
        .iter()
        .flatten()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    (!v.is_empty()).then_some(v)
}

/// `to` as Resend takes it: one address as a string, several (comma-separated, at most 50)
/// as an array.
pub fn recipients(to: &str, what: &str) -> Result<Value, ToolError> {
    let list: Vec<&str> = split_addresses(to)
        .into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    match list.as_slice() {
        [] => Err(ToolError::invalid_input(format!(
            "`{what}` must name at least one address"
        ))),
        [one] => Ok(json!(one)),
        many if many.len() > 50 => Err(ToolError::invalid_input(format!(
            "`{what}` names {} addresses; Resend takes at most 50 per email",
            many.len()
        ))),
        many => Ok(json!(many)),
    }
}

/// Split at the commas that separate addresses, not those inside a quoted display name
/// (`"Doe, Jane" <jane@example.com>`) or angle brackets.
fn split_addresses(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut quoted, mut angle, mut start) = (false, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '<' if !quoted => angle = true,
            '>' if !quoted => angle = false,
            ',' if !quoted && !angle => {
                out.extend(s.get(start..i));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.extend(s.get(start..));
    out
}
