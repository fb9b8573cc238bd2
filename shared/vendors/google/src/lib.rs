//! What every Google API server shares: Google's JSON error format and its rate limits; and
//! the pieces of Google's APIs several servers use (Gmail messages read, service-account and
//! refresh-token credentials, Cloud Storage signed URLs, multipart uploads, Drive and People
//! listings).
//!
//! `{"error": {"code": 403, "message": "...", "status": "PERMISSION_DENIED",
//!   "errors": [{"domain": "global", "reason": "insufficientPermissions", "message": "..."}],
//!   "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT", ...}]}}`

pub mod contacts;
pub mod drive;
pub mod gmail;
pub mod refresh;
pub mod service_account;
pub mod signed_url;
pub mod upload;

pub use contacts::search_contacts_tool;

#[cfg(feature = "testkit")]
pub mod testkit;
use http::HeaderMap;
use serde_json::Value;

use mcp_shared::server::spec::{ExtraApi, OAuthMetadata, OAuthServer};
use mcp_shared::upstream::VendorError;

/// Google's authorization server (OpenID Connect discovery at
/// `https://accounts.google.com/.well-known/openid-configuration`), with a Google server's
/// scopes (full `https://www.googleapis.com/auth/...` URLs) and the anchor of its API on
/// Google's scope list (`"gmail"`, `"drive"`: developers.google.com/identity/protocols/oauth2/scopes).
pub const fn oauth(
    scopes: &'static [&'static str],
    more_scopes: &'static [&'static str],
    docs: &'static str,
) -> OAuthServer {
    OAuthServer {
        issuer: "https://accounts.google.com",
        metadata: OAuthMetadata::OpenId,
        scopes,
        more_scopes,
        docs,
    }
}

/// The People API (contacts and the directory), as an extra API of a Google server.
pub const PEOPLE_API: ExtraApi = ExtraApi {
    name: "people",
    display_name: "Google People",
    default_base_url: "https://people.googleapis.com",
    base_url_var: "PEOPLE_API_BASE_URL",
    auth: None,
};

/// The Drive API (listing Docs, Sheets, Slides files), as an extra API of a Google server.
pub const DRIVE_API: ExtraApi = ExtraApi {
    name: "drive",
    display_name: "Google Drive",
    default_base_url: "https://www.googleapis.com",
    base_url_var: "GOOGLE_DRIVE_API_BASE_URL",
    auth: None,
};

/// Reasons Google uses for rate limits, in `errors[].reason`, `status` or `details[].reason`.
const RATE_LIMIT_REASONS: [&str; 6] = [
    "rateLimitExceeded",
    "userRateLimitExceeded",
    "RATE_LIMIT_EXCEEDED",
    "RESOURCE_EXHAUSTED",
    "quotaExceeded",
    "dailyLimitExceeded",
];

/// The scope Google names in `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."`.
fn required_scope(headers: &HeaderMap) -> Option<String> {
    let v = headers.get("www-authenticate")?.to_str().ok()?;
    let (_, rest) = v.split_once("scope=\"")?;
    let (scope, _) = rest.split_once('"')?;
    Some(scope.to_owned()).filter(|s| !s.is_empty())
}

/// Read a Google API error body (any Google REST API: Gmail, Calendar, Drive, Docs, Sheets...).
pub fn parse_error(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let err = body.get("error").unwrap_or(body);
    let str_at = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    let message = str_at(err, "message").or_else(|| str_at(body, "error_description"));
    let reasons: Vec<String> = err
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .chain(
            err.get("details")
                .and_then(Value::as_array)
                .into_iter()
                .flatten(),
        )
        .filter_map(|e| str_at(e, "reason"))
        .collect();
    let status_name = str_at(err, "status").or_else(|| err.as_str().map(str::to_owned)); // OAuth errors: {"error": "invalid_grant"}
    let is = |r: &str| reasons.iter().any(|x| x == r) || status_name.as_deref() == Some(r);
    let rate_limited = status == 429 || RATE_LIMIT_REASONS.iter().any(|r| is(r));
    let code = reasons.first().cloned().or(status_name.clone());
    let hint = if rate_limited {
        None // the upstream client states the wait
    } else if is("insufficientPermissions")
        || is("ACCESS_TOKEN_SCOPE_INSUFFICIENT")
        || required_scope(headers).is_some()
    {
        Some(match required_scope(headers) {
            Some(scope) => format!("the access token lacks the OAuth scope this call needs ({scope}): authorize again with it."),
            None => "the access token lacks an OAuth scope this call needs: authorize again with the API's scopes.".to_owned(),
        })
    } else if status == 401 || is("UNAUTHENTICATED") || is("authError") {
        Some("the access token is invalid or expired: refresh it and send the new one.".to_owned())
    } else if is("PERMISSION_DENIED") || is("forbidden") {
        Some("the account has no permission for this resource, or the API is not enabled for the OAuth client's project.".to_owned())
    } else if status == 404 || is("notFound") || is("NOT_FOUND") {
        Some("not found, or not shared with this account: check the id.".to_owned())
    } else if status == 400 || is("invalidArgument") || is("INVALID_ARGUMENT") || is("badRequest") {
        Some(
            "Google rejected an argument: check the values against the tool's description."
                .to_owned(),
        )
    } else {
        None
    };
    // A 403 for a missing scope; the header names the scopes the method accepts.
    let missing_scopes = (!rate_limited
        && (is("ACCESS_TOKEN_SCOPE_INSUFFICIENT")
            || (status == 403 && is("insufficientPermissions"))
            || required_scope(headers).is_some()))
    .then(|| {
        let needed = required_scope(headers).unwrap_or_default();
        mcp_shared::error::MissingScopes::new(needed.split_whitespace(), std::iter::empty())
    });
    VendorError {
        code,
        message,
        hint,
        rate_limited,
        missing_scopes,
    }
}

/// The id of a Docs editor file from a bare id or its URL
/// (`https://docs.google.com/<kind>/d/<id>/edit`); a clear error naming the argument `arg` when
/// it is empty or has characters no file id has. `product` names the editor in messages
/// (`Google Docs`).
pub fn editor_file_id(
    raw: &str,
    arg: &str,
    kind: &str,
    product: &str,
) -> Result<String, mcp_shared::ToolError> {
    let raw = raw.trim();
    let id = match raw.find("/d/") {
        Some(i) if raw.contains("docs.google.com") => raw
            .get(i + 3..)
            .and_then(|r| r.split(['/', '?', '#']).next())
            .unwrap_or(""),
        _ => raw,
    };
    if id.is_empty() {
        return Err(mcp_shared::ToolError::invalid_input(format!(
            "`{arg}` must not be empty: give the id from the {kind}'s URL (the part after /{kind}/d/)"
        )));
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(mcp_shared::ToolError::invalid_input(format!(
            "`{arg}` {id:?} is not a {product} id: give the part of the URL after /{kind}/d/ (letters, digits, - and _)"
        )));
    }
    Ok(id.to_owned())
}

/// A Google list's `nextPageToken`, or null on the last page.
pub fn next_page_token(v: &Value) -> Value {
    v.get("nextPageToken")
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
        .map_or(Value::Null, |t| Value::String(t.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_googles_error_shapes() {
        let h = HeaderMap::new();
        let v = parse_error(
            403,
            &h,
            &json!({"error": {"code": 403, "message": "User Rate Limit Exceeded", "errors": [{"domain": "usageLimits", "reason": "userRateLimitExceeded", "message": "User Rate Limit Exceeded"}]}}),
        );
        assert!(v.rate_limited);
        assert_eq!(v.missing_scopes, None);
        assert_eq!(v.code.as_deref(), Some("userRateLimitExceeded"));
        let mut h = HeaderMap::new();
        h.insert("www-authenticate", http::HeaderValue::from_static("Bearer realm=\"https://accounts.google.com/\", error=\"insufficient_scope\", scope=\"https://www.googleapis.com/auth/gmail.send\""));
        let v = parse_error(
            403,
            &h,
            &json!({"error": {"code": 403, "message": "Request had insufficient authentication scopes.", "status": "PERMISSION_DENIED", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT"}]}}),
        );
        assert!(!v.rate_limited);
        assert_eq!(
            v.missing_scopes.as_ref().map(|m| m.needed.clone()),
            Some(vec![
                "https://www.googleapis.com/auth/gmail.send".to_owned()
            ])
        );
        assert!(v.hint.unwrap_or_default().contains("gmail.send"));
        let v = parse_error(
            401,
            &HeaderMap::new(),
            &json!({"error": {"code": 401, "message": "Invalid Credentials", "status": "UNAUTHENTICATED"}}),
        );
        assert!(v.hint.unwrap_or_default().contains("expired"));
        assert_eq!(v.message.as_deref(), Some("Invalid Credentials"));
    }
}
