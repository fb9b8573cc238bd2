//! Every request: the company path on the production or sandbox host, the token and the
//! pinned `minorversion`, and Intuit's `Fault` bodies (also inside HTTP 200 answers).

use std::fmt::Write as _;

use mcp_shared::reexports::http;
use mcp_shared::{Ctx, ErrorKind, Method, Request, ToolError, VendorError, seg_id};
use serde_json::Value;

/// The minor version every request pins (Intuit's floor since 2025-08-01).
pub const MINOR_VERSION: &str = "75";

/// The name of the extra API that is Intuit's sandbox host.
pub const SANDBOX: &str = "sandbox";

fn field_str(ctx: &Ctx, name: &str) -> Option<String> {
    ctx.credentials()
        .and_then(|c| c.field(name))
        .and_then(|v| match v {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// Whether this call's credentials name the sandbox (`environment: "sandbox"`).
fn sandbox(ctx: &Ctx) -> Result<bool, ToolError> {
    match field_str(ctx, "environment").map(|s| s.to_ascii_lowercase()) {
        None => Ok(false),
        Some(e) if e == "production" => Ok(false),
        Some(e) if e == "sandbox" => Ok(true),
        Some(e) => Err(ToolError::invalid_input(format!(
            "the credential field `environment` must be `sandbox` or `production` (got `{e}`); no request was made"
        ))),
    }
}

/// The company (realm) id from the credentials, as a path segment.
pub fn realm(ctx: &Ctx) -> Result<String, ToolError> {
    let raw = match field_str(ctx, "realm_id") {
        Some(r) => r,
        None => {
            return Err(ctx.missing_field("realm_id", &["realm_id"]).with_hint(
                "send the QuickBooks company id (realmId) as `realm_id` in x-auth-data, or set QB_REALM_ID.",
            ));
        }
    };
    if !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "the credential field `realm_id` must be the QuickBooks company id, digits only (got `{raw}`)"
        )));
    }
    seg_id(&raw, "realm_id")
}

/// `method /v3/company/{realm}{rest}` on the tenant's host, with the token and `minorversion`.
pub fn request(ctx: &Ctx, method: Method, rest: &str) -> Result<Request, ToolError> {
    ctx.token()?;
    let path = format!("/v3/company/{}{rest}", realm(ctx)?);
    let req = if sandbox(ctx)? {
        ctx.api_authorized(SANDBOX, method, &path)?
    } else {
        ctx.authorized(method, &path)?
    };
    let minor = ctx.option("minor-version").unwrap_or(MINOR_VERSION);
    if minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "the server's --minor-version must be a number such as 75 (got `{minor}`); ask its operator to fix it"
        )));
    }
    Ok(req.query("minorversion", minor))
}

/// Send, and turn a `Fault` inside a success answer into a tool error.
pub async fn send(req: Request) -> Result<Value, ToolError> {
    let resp = req.send().await?;
    let v: Value = resp.json()?;
    if let Some(f) = fault(&v) {
        let e = read_fault(f, resp.header("intuit_tid"));
        let mut err = ToolError::new(
            if e.rate_limited {
                ErrorKind::RateLimited
            } else {
                ErrorKind::Upstream
            },
            match &e.code {
                Some(c) => format!(
                    "QuickBooks API error ({c}): {}.",
                    e.message.unwrap_or_default()
                ),
                None => format!("QuickBooks API error: {}.", e.message.unwrap_or_default()),
            },
        );
        err.code = e.code;
        if let Some(h) = e.hint {
            err = err.with_hint(h);
        }
        return Err(err);
    }
    Ok(v)
}

/// A key of an object, in either case (Intuit answers `Fault` and, on 401, `fault`).
fn get_ci<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.as_object()?
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v)
        .filter(|v| !v.is_null())
}

fn fault(v: &Value) -> Option<&Value> {
    get_ci(v, "Fault").filter(|f| f.is_object())
}

fn text_ci(v: &Value, key: &str) -> Option<String> {
    get_ci(v, key)
        .and_then(|x| match x {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// Intuit's `Fault`: `{"Error":[{"Message","Detail","code","element"}],"type"}`.
fn read_fault(f: &Value, tid: Option<&str>) -> VendorError {
    let errors: Vec<&Value> = get_ci(f, "Error")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let mut parts = Vec::new();
    let mut code = None;
    for e in errors.iter().take(3) {
        let msg = text_ci(e, "Message");
        let detail = text_ci(e, "Detail");
        let mut s = match (msg, detail) {
            (Some(m), Some(d)) if d.contains(&m) => d,
            (Some(m), Some(d)) => format!("{m}: {d}"),
            (Some(m), None) => m,
            (None, Some(d)) => d,
            (None, None) => continue,
        };
        if let Some(el) = text_ci(e, "element") {
            let _ = write!(s, " (element {el})");
        }
        if code.is_none() {
            code = text_ci(e, "code");
        }
        parts.push(s);
    }
    let mut message = parts.join("; ");
    if let Some(t) = text_ci(f, "type") {
        let _ = write!(message, " [{t}]");
    }
    if let Some(t) = tid.map(str::trim).filter(|t| !t.is_empty()) {
        let _ = write!(message, " [intuit_tid {t}]");
    }
    let numeric = code.as_deref().map(|c| c.trim_start_matches('0'));
    let rate_limited = numeric == Some("3001") || message.contains("ThrottleExceeded");
    let hint = match numeric {
        Some("5010") => Some("the record changed since its SyncToken was read: read it again (or leave out sync_token) and retry."),
        Some("610") => Some("the object was not found, was deleted, or is inactive: check the id (list or search tools find ids)."),
        Some("6240") => Some("the name is already used by another customer, vendor, employee or account: choose another name."),
        Some("4000" | "4001") => Some("QuickBooks could not parse the query built from the filters: check the filter values."),
        Some("3200" | "3100" | "3202") => Some("the access token is invalid or expired (tokens last one hour): refresh it and retry."),
        Some("2500" | "2020" | "2010" | "6000") => Some("QuickBooks rejected a field value: check the arguments against the message."),
        _ => None,
    }
    .map(str::to_owned);
    VendorError {
        code,
        message: Some(message.trim().to_owned()).filter(|m| !m.is_empty()),
        hint,
        rate_limited,
        missing_scopes: None,
    }
}

/// Reads Intuit's error bodies (`Fault`, any status) and keeps the `intuit_tid` header, which
/// Intuit support asks for.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let tid = headers.get("intuit_tid").and_then(|v| v.to_str().ok());
    match fault(body) {
        Some(f) => {
            let mut e = read_fault(f, tid);
            e.rate_limited |= status == 429;
            e
        }
        None => {
            let mut e = mcp_shared::default_error_parser(status, headers, body);
            if let Some(t) = tid {
                e.message = Some(
                    format!("{} [intuit_tid {t}]", e.message.unwrap_or_default())
                        .trim()
                        .to_owned(),
                );
            }
            e
        }
    }
}
