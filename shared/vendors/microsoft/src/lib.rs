//! Microsoft Graph, shared by the Microsoft 365 servers (Outlook, OneDrive, Excel, Teams):
//! one API (`https://graph.microsoft.com/v1.0`, overridden by each server's
//! `<SERVICE>_API_BASE_URL` for national clouds, proxies and tests) taking the caller's
//! delegated OAuth token as Bearer.
//!
//! - [`parse_error`]: Graph's `{"error": {"code", "message", "innerError": {"request-id",
//!   "date"}}}` as a clear message that keeps the request id (put it in the spec's
//!   `error_parser`); throttling (429, 503 with `Retry-After`) goes through the shared retry
//!   policy, which honours `Retry-After`.
//! - [`odata`]: `$select`, `$filter`, `$orderby`, `$top`, `$search`, `$expand` built by
//!   [`Query`] and [`Filter`], encoded once, string literals escaped.
//! - [`paging`]: `@odata.nextLink` pages behind `limit` + `cursor` ([`List`]); a cursor is
//!   accepted only on the configured base, so the token never goes to another host.
//! - [`batch`]: JSON batching (`POST /$batch`, 20 requests a batch, `dependsOn`), answers by id,
//!   throttled requests of a batch sent again after their `Retry-After`.
//! - [`download`]: file content through the pre-authenticated URL Graph redirects to, fetched
//!   without credentials.
//! - [`upload`]: one `PUT` for small files, upload sessions in 320 KiB multiples for large
//!   ones, the chunks sent without credentials to the session's `uploadUrl`.

pub mod batch;
pub mod download;
pub mod odata;
pub mod paging;
pub mod upload;

pub use batch::{BatchRequest, BatchResponse, BatchResponses, MAX_BATCH, batch};
pub use download::{Download, download};
pub use odata::{Filter, Lit, Query, literal};
pub use paging::{List, Page, check_cursor, page_size};

/// The Microsoft identity platform (v2.0, multi-tenant `common`; its OpenID document states
/// the tenant-templated issuer `https://login.microsoftonline.com/{tenantid}/v2.0`), with a
/// Graph server's delegated permissions (`https://graph.microsoft.com/Mail.ReadWrite`).
pub const fn oauth(
    scopes: &'static [&'static str],
    more_scopes: &'static [&'static str],
) -> OAuthServer {
    OAuthServer {
        issuer: "https://login.microsoftonline.com/common/v2.0",
        metadata: OAuthMetadata::OpenId,
        scopes,
        more_scopes,
        docs: "https://learn.microsoft.com/en-us/graph/permissions-reference",
    }
}
pub use upload::{
    CHUNK_UNIT, DEFAULT_CHUNK, MAX_CHUNK, SIMPLE_UPLOAD_MAX, UploadSession, put_content, upload,
};

use http::HeaderMap;
use serde_json::Value;

use mcp_shared::call::tenant::Base;
use mcp_shared::credentials::vendor_auth::Auth;
use mcp_shared::error::{ErrorKind, ToolError, status_hint};
use mcp_shared::server::spec::{OAuthMetadata, OAuthServer};
use mcp_shared::upstream::{VendorError, default_error_parser};

/// Microsoft Graph v1.0 in the global cloud.
pub const GRAPH_V1: &str = "https://graph.microsoft.com/v1.0";

/// The spec's `base` of a Graph server.
pub const BASE: Base = Base::Fixed(GRAPH_V1);

/// The spec's `auth` of a Graph server: the delegated token of `access_token`, as Bearer.
pub const AUTH: Auth = Auth::BEARER;

/// Graph's error codes for throttling (besides the 429 status itself).
const THROTTLE_CODES: [&str; 5] = [
    "TooManyRequests",
    "ApplicationThrottled",
    "activityLimitReached",
    "throttledRequest",
    "ErrorServerBusy",
];

/// A field of an object in any case (`innerError`, `innererror`, `Date`, `date`).
fn field<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    v.as_object()?
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

fn text_of(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// Read a Microsoft Graph error body: the code and message of `error`, the messages of its
/// `details`, and the request id and date of `innerError` (or the `request-id` response
/// header), which Microsoft support asks for. 429, Graph's throttling codes and a 503 with
/// `Retry-After` are rate limits; 401, 403 and 404 get hints in Graph's terms.
pub fn parse_error(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let Some(err) = body.get("error").filter(|e| e.is_object()) else {
        // Not Graph's shape (an OAuth error, a proxy): the usual fields.
        let mut v = default_error_parser(status, headers, body);
        v.rate_limited = status == 429 || (status == 503 && headers.contains_key("retry-after"));
        v.hint = hint_for(status, v.code.as_deref());
        return v;
    };
    let code = text_of(field(err, "code"));
    let mut message = text_of(field(err, "message")).unwrap_or_default();
    let details = field(err, "details").and_then(Value::as_array);
    for d in details.into_iter().flatten().take(3) {
        if let Some(m) = text_of(field(d, "message"))
            && !message.contains(&m)
        {
            message = if message.is_empty() {
                m
            } else {
                format!("{}; {m}", message.trim_end_matches('.'))
            };
        }
    }
    let inner = field(err, "innerError");
    let header = |k: &str| {
        headers
            .get(k)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let request_id = inner
        .and_then(|i| text_of(field(i, "request-id")))
        .or_else(|| header("request-id"));
    let date = inner.and_then(|i| text_of(field(i, "date")));
    let mut ids = Vec::new();
    if let Some(r) = request_id {
        ids.push(format!("request-id {r}"));
    }
    if let Some(d) = date {
        ids.push(format!("date {d}"));
    }
    if !ids.is_empty() {
        message = format!("{} [{}]", message.trim_end_matches('.'), ids.join(", "));
    }
    let rate_limited = status == 429
        || (status == 503 && headers.contains_key("retry-after"))
        || code
            .as_deref()
            .is_some_and(|c| THROTTLE_CODES.iter().any(|t| t.eq_ignore_ascii_case(c)));
    VendorError {
        hint: if rate_limited {
            None // the upstream client states the wait
        } else {
            hint_for(status, code.as_deref())
        },
        code,
        message: Some(message.trim().to_owned()).filter(|m| !m.is_empty()),
        rate_limited,
        missing_scopes: None,
    }
}

/// A hint in Graph's terms, where the status or code says more than the generic one.
fn hint_for(status: u16, code: Option<&str>) -> Option<String> {
    let code = code.unwrap_or("").to_ascii_lowercase();
    let h = match (status, code.as_str()) {
        (401, _) | (_, "invalidauthenticationtoken") => {
            "the access token is invalid or expired: get a new delegated token for the user and send it in x-auth-data (`access_token`)."
        }
        (403, _) | (_, "erroraccessdenied" | "authorization_requestdenied" | "accessdenied") => {
            "the token lacks a delegated permission (scope) this call needs, or the user cannot access the item: grant the scope (the server's README names it per tool) and get a new token."
        }
        (404, _) | (_, "erroritemnotfound" | "itemnotfound" | "request_resourcenotfound") => {
            "not found, or not visible to the signed-in user: check the id (Graph ids are long opaque strings; pass them unchanged)."
        }
        _ => return None,
    };
    Some(h.to_owned())
}

/// Name the delegated permissions a call needs in the hint of its 403 (Graph's own message,
/// "Access is denied", does not say which): `with_scopes(err, "Mail.ReadWrite")`.
pub fn with_scopes(err: ToolError, scopes: &str) -> ToolError {
    if err.status == Some(403) && err.kind == ErrorKind::Upstream {
        // `Mail.ReadWrite`, `Files.Read or Files.ReadWrite`: the permission names in it.
        let needed = scopes
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
            .filter(|w| w.contains('.'));
        err.with_hint(format!(
            "this call needs the delegated permission {scopes}: consent to it for the app and send a new token; otherwise the user has no access to the item."
        ))
        .with_missing_scopes(mcp_shared::error::MissingScopes::new(needed, std::iter::empty()))
    } else {
        err
    }
}

/// The error for a Graph answer (one request of a batch) in the words [`parse_error`] gives a
/// whole response: status, Graph's code and message with the request id, and a hint.
pub(crate) fn error_for(vendor: &str, status: u16, headers: &HeaderMap, body: &Value) -> ToolError {
    let parsed = parse_error(status, headers, body);
    let reason = http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    let mut message = format!("{vendor} API error {status} {reason}");
    if let Some(code) = &parsed.code {
        message.push_str(&format!(" ({code})"));
    }
    match &parsed.message {
        Some(m) => message.push_str(&format!(": {m}.")),
        None => message.push('.'),
    }
    let kind = if parsed.rate_limited {
        ErrorKind::RateLimited
    } else {
        ErrorKind::Upstream
    };
    let hint = if parsed.rate_limited {
        let wait = headers
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| mcp_shared::upstream::parse_retry_after(v, std::time::SystemTime::now()));
        Some(match wait {
            Some(d) => format!(
                "rate limited by {vendor}: retry after {} s.",
                d.as_secs().max(1)
            ),
            None => format!("rate limited by {vendor}: wait and retry later."),
        })
    } else {
        parsed
            .hint
            .clone()
            .or_else(|| status_hint(status).map(str::to_owned))
    };
    let mut err = ToolError::new(kind, message).with_status(status);
    err.code = parsed.code;
    err.generic_hint = !parsed.rate_limited && parsed.hint.is_none();
    err.hint = hint;
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_403_names_the_tools_permissions_as_missing_scopes() {
        let denied =
            ToolError::new(ErrorKind::Upstream, "Microsoft Graph API error 403").with_status(403);
        let err = with_scopes(denied, "Files.Read or Files.ReadWrite");
        let missing = err.missing_scopes.as_deref().cloned().unwrap_or_default();
        assert_eq!(missing.needed, ["Files.Read", "Files.ReadWrite"]);
        assert!(err.to_string().contains("Files.Read or Files.ReadWrite"));
        // Not a 403: left as it was.
        let gone = ToolError::new(ErrorKind::Upstream, "gone").with_status(404);
        assert_eq!(with_scopes(gone, "Files.Read").missing_scopes, None);
    }
}
