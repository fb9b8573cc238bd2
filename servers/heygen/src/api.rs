//! What every HeyGen tool shares: the error bodies of v3 (`{"error":{"code","message",
//! "param","doc_url"}}`), v2 (`{"error":{"code","message"}}`) and v1 (`{"code","message"}`),
//! v3's cursor lists (`limit` + `token`, answered with `has_more` and `next_token`), and
//! optional text arguments.

use mcp_shared::reexports::http;
use mcp_shared::{Count, Ctx, Method, Request, ToolError, VendorError};
use serde_json::{Value, json};

/// Reads HeyGen's error bodies: the code (a v3 name such as `insufficient_credit`, or a
/// legacy number), the message with the offending `param`, and a hint with `doc_url`.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let text = |v: &Value| match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let err = body.get("error").filter(|e| e.is_object()).unwrap_or(body);
    let code = err.get("code").and_then(text);
    let mut message = err
        .get("message")
        .and_then(text)
        .or_else(|| body.get("error").and_then(text));
    if let (Some(m), Some(p)) = (message.as_mut(), err.get("param").and_then(text)) {
        m.push_str(&format!(" (param `{p}`)"));
    }
    let hint = match (status, code.as_deref()) {
        (_, Some("unauthorized" | "40009" | "400112" | "401057" | "401056")) | (401, _) => Some(
            "the HeyGen API key is missing, invalid or revoked: send it as `api_key` in x-auth-data or set HEYGEN_API_KEY (HeyGen: Settings → API).".to_owned(),
        ),
        (_, Some("insufficient_credit")) | (402, _) => Some(
            "the account has too few credits for this: see heygen_get_remaining_credits, or top up the plan.".to_owned(),
        ),
        (_, Some("resource_access_denied" | "forbidden")) => Some(
            "the API key may not use this resource (another workspace's, or an organization-level one with a member key).".to_owned(),
        ),
        _ => err
            .get("doc_url")
            .and_then(text)
            .map(|u| format!("see {u}")),
    };
    VendorError {
        code,
        message,
        hint,
        ..VendorError::default()
    }
}

/// `limit` between 1 and `max` (default `default`).
pub fn limit(limit: Option<Count>, default: u64, max: u64) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and {max} (got {n}); page on with `token`"
        ))),
    }
}

/// A v3 list request: `limit` and the previous page's `next_token` as `token`.
pub fn list(
    ctx: &Ctx,
    path: &str,
    limit: u64,
    token: &Option<String>,
) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(Method::GET, path)?
        .query("limit", limit)
        .query_opt("token", opt(token)))
}

/// A v3 page: its items (each through `item`), `has_more` and `next_token` (null at the end).
pub fn paged(v: &Value, item: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v
        .get("data")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(item).collect())
        .unwrap_or_default();
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    let next = v
        .get("next_token")
        .filter(|t| t.as_str().is_some_and(|s| !s.is_empty()))
        .cloned()
        .unwrap_or(Value::Null);
    json!({ "items": items, "has_more": has_more, "next_token": next })
}

/// The `data` object of a v2/v3 answer (the answer itself when it has none).
pub fn data(v: &Value) -> &Value {
    v.get("data").filter(|d| d.is_object()).unwrap_or(v)
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
