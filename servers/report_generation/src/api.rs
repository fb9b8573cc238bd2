//! Credential fields and the error bodies of the three APIs.

use mcp_shared::VendorError;
use serde_json::Value;

pub const FIRECRAWL_KEY: &[&str] = &["firecrawl_api_key"];
pub const ANTHROPIC_KEY: &[&str] = &["anthropic_api_key"];
pub const SUPABASE_KEY: &[&str] = &["supabase_api_key"];

/// Firecrawl `{"success": false, "error": "..."}`, Anthropic `{"type": "error", "error":
/// {"type", "message"}}` and PostgREST `{"code", "message", "details", "hint"}`.
pub fn parse_error(
    _status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    let (code, mut message) = match body.get("error") {
        Some(e @ Value::Object(_)) => (s(e, "type"), s(e, "message")),
        Some(Value::String(m)) => (None, Some(m.clone())),
        _ => (s(body, "code"), s(body, "message")),
    };
    if let (Some(m), Some(d)) = (&message, s(body, "details")) {
        message = Some(format!("{m} ({d})"));
    }
    VendorError {
        code,
        message,
        hint: s(body, "hint"),
        rate_limited: false,
        missing_scopes: None,
    }
}
