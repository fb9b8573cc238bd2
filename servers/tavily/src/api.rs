//! Tavily helpers: credential fields, the error body, sending with the key kept out of
//! errors, and the vendor-side timeout of long requests.

use mcp_shared::{Ctx, ToolError, VendorError};
use serde_json::Value;

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; a
/// bare token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

/// Tavily's error body: `{"detail": {"error": "..."}}` (FastAPI style; a plain `detail`
/// string or list also occurs).
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let detail = body.get("detail");
    let message = match detail {
        Some(Value::Object(d)) => d.get("error").and_then(Value::as_str).map(str::to_owned),
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .filter_map(|i| {
                    let msg = i.get("msg")?.as_str()?;
                    let field = i
                        .get("loc")
                        .and_then(Value::as_array)
                        .and_then(|l| l.last())
                        .and_then(Value::as_str);
                    Some(match field {
                        Some(f) => format!("{f}: {msg}"),
                        None => msg.to_owned(),
                    })
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        _ => None,
    }
    .or_else(|| {
        body.get("error")
            .and_then(Value::as_str)
            .or_else(|| body.get("message").and_then(Value::as_str))
            .map(str::to_owned)
    });
    let hint = match status {
        401 => Some("the Tavily API key was refused: check it at app.tavily.com.".to_owned()),
        432 => Some(
            "the plan's credit limit is reached: upgrade the plan or wait for the monthly reset."
                .to_owned(),
        ),
        433 => {
            Some("the pay-as-you-go limit is reached: raise it in the Tavily dashboard.".to_owned())
        }
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint,
        rate_limited: false,
        missing_scopes: None,
    }
}

/// The `timeout` (seconds) to ask of Tavily: a little under this server's deadline for the
/// call, within Tavily's range `[min, max]`, so Tavily stops when we would stop waiting.
pub fn vendor_timeout(ctx: &Ctx, min: u64, max: u64) -> u64 {
    let ours = ctx.upstream().config().timeout.as_secs();
    ours.saturating_sub(2).clamp(min, max)
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

/// Keep only the first `max` characters of a page, saying so.
pub fn cut(text: &str, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        Some((i, _)) => (text.get(..i).unwrap_or_default().to_owned(), true),
        None => (text.to_owned(), false),
    }
}
