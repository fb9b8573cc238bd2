//! Brave Search helpers: the credential fields, the error body and rate-limit headers, and
//! snippet clean-up.

use mcp_shared::VendorError;
use mcp_shared::reexports::http;
use serde_json::Value;

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; its
/// MCP-Atlas copy `api_key`, then `BRAVE_API_KEY`; a bare token in `AUTH_DATA` or a Bearer
/// header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "BRAVE_API_KEY", "access_token"];

/// Brave's error body: `{"type": "ErrorResponse", "error": {"id", "status", "code",
/// "detail", "meta": {"errors": [{"loc", "msg"}]}}}`; on 429 the `X-RateLimit-*` headers
/// say which window is exhausted and when it resets.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let err = body.get("error").filter(|e| e.is_object()).unwrap_or(body);
    let s = |k: &str| err.get(k).and_then(Value::as_str).map(str::to_owned);
    let mut message = s("detail").or_else(|| s("message"));
    let problems: Vec<String> = err
        .pointer("/meta/errors")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| {
                    let msg = e.get("msg")?.as_str()?;
                    let loc = e
                        .get("loc")
                        .and_then(Value::as_array)
                        .and_then(|l| l.last());
                    Some(match loc.and_then(Value::as_str) {
                        Some(field) => format!("{field}: {msg}"),
                        None => msg.to_owned(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    if !problems.is_empty() {
        message = Some(format!(
            "{} ({})",
            message.unwrap_or_default(),
            problems.join("; ")
        ));
    }
    let code = s("code");
    let hint = match (status, code.as_deref()) {
        (429, _) | (_, Some("RATE_LIMITED")) => rate_limit_note(headers),
        (401, _) | (_, Some("SUBSCRIPTION_TOKEN_INVALID")) => Some(
            "the Brave Search API key was refused: check the key (X-Subscription-Token) in the Brave Search API dashboard.".to_owned(),
        ),
        _ => None,
    };
    // A 429's hint is the shared rate-limit one; put Brave's window details in the message.
    if status == 429
        && let Some(note) = &hint
    {
        message = Some(match message {
            Some(m) => format!("{m} ({note})"),
            None => note.clone(),
        });
    }
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// What Brave's `X-RateLimit-Remaining` / `X-RateLimit-Reset` say (comma lists: the
/// per-second window first, then the monthly quota).
fn rate_limit_note(headers: &http::HeaderMap) -> Option<String> {
    let list = |name: &str| -> Vec<u64> {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default()
    };
    let remaining = list("x-ratelimit-remaining");
    let reset = list("x-ratelimit-reset");
    let limit = list("x-ratelimit-limit");
    if remaining.is_empty() || reset.is_empty() {
        return None;
    }
    Some(match (remaining.get(1), reset.get(1)) {
        (Some(0), Some(month_reset)) => format!(
            "monthly quota of {} requests used up; it resets in {}",
            limit.get(1).map_or("?".to_owned(), u64::to_string),
            human(*month_reset)
        ),
        _ => format!(
            "per-second limit of {} reached; retry in {} s",
            limit.first().map_or("?".to_owned(), u64::to_string),
            reset.first().copied().unwrap_or(1).max(1)
        ),
    })
}

fn human(secs: u64) -> String {
    match secs {
        s if s >= 86_400 => format!("{} days", s / 86_400),
        s if s >= 3_600 => format!("{} h", s / 3_600),
        s => format!("{s} s"),
    }
}

/// A snippet without Brave's `<strong>` highlighting and with the common HTML entities
/// decoded.
pub fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    [
        ("&quot;", "\""),
        ("&#x27;", "'"),
        ("&#39;", "'"),
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&nbsp;", " "),
        ("&amp;", "&"),
    ]
    .iter()
    .fold(out, |acc, (from, to)| acc.replace(from, to))
}
