//! What every LinkedIn tool shares: the `LinkedIn-Version` of the versioned `/rest` APIs,
//! LinkedIn's `{"status","serviceErrorCode","code","message"}` error body, and the escaping
//! of post text in LinkedIn's "little" text format.

use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Method, Request, ToolError, VendorError};
use serde_json::Value;

/// The `LinkedIn-Version` sent when the `linkedin-version` option is not set: the newest
/// version in LinkedIn's versioning docs (July 2026, supported for at least a year).
pub const DEFAULT_VERSION: &str = "202607";

/// An authorised request to a versioned `/rest` endpoint, with `LinkedIn-Version`.
pub fn rest(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    let version = ctx
        .option("linkedin-version")
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .unwrap_or(DEFAULT_VERSION);
    if version.len() != 6 || !version.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "LINKEDIN_API_VERSION must be a LinkedIn version in YYYYMM form, e.g. {DEFAULT_VERSION} (got {version:?})"
        )));
    }
    Ok(ctx
        .authorized(method, &format!("/rest{path}"))?
        .header("linkedin-version", version))
}

/// Reads LinkedIn's error body (`{"status":403,"serviceErrorCode":100,"code":"ACCESS_DENIED",
/// "message":"..."}`), and the OAuth style (`error`, `error_description`) of `/v2/userinfo`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let service_code = body.get("serviceErrorCode").and_then(Value::as_i64);
    let mut code = s("code").or_else(|| s("error"));
    if let Some(n) = service_code {
        code = Some(match code {
            Some(c) => format!("{c} (serviceErrorCode {n})"),
            None => format!("serviceErrorCode {n}"),
        });
    }
    let message = s("message").or_else(|| s("error_description"));
    if code.is_none() && message.is_none() {
        return mcp_shared::default_error_parser(status, headers, body);
    }
    let hint = match status {
        401 => Some(
            "the LinkedIn access token is invalid, expired (they last 60 days) or revoked; sign in again."
                .to_owned(),
        ),
        403 => Some(
            "the token lacks a scope: posting needs `w_member_social`, the profile `openid profile` (and `email` for the address)."
                .to_owned(),
        ),
        426 => Some(format!(
            "LinkedIn no longer supports this LinkedIn-Version; set LINKEDIN_API_VERSION to a current one (YYYYMM, default {DEFAULT_VERSION})."
        )),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        ..VendorError::default()
    }
}

/// Characters that LinkedIn's "little" text format reserves for its elements (mentions,
/// hashtag templates...): outside an element they must be escaped with a backslash, or
/// LinkedIn may cut the post at the first one.
pub const RESERVED: &[char] = &[
    '\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~',
];

/// `text` as plain text in the little format: every reserved character escaped, except a
/// `#` that starts a hashtag (at the start or after whitespace, before a letter or digit),
/// which stays a hashtag element.
pub fn escape_little(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let hashtag = c == '#'
            && prev.is_none_or(char::is_whitespace)
            && chars.peek().is_some_and(|n| n.is_alphanumeric());
        if RESERVED.contains(&c) && !hashtag {
            out.push('\\');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// A hashtag as LinkedIn shows it: `#` and the tag's letters and digits (a leading `#` given
/// by the caller is dropped; LinkedIn hashtags have no spaces or punctuation). None when
/// nothing is left.
pub fn hashtag(tag: &str) -> Option<String> {
    let t: String = tag.chars().filter(|c| c.is_alphanumeric()).collect();
    (!t.is_empty()).then(|| format!("#{t}"))
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
