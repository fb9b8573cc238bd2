//! Twilio helpers: the account SID of a call, authorised requests below
//! `/Accounts/{AccountSid}`, form bodies, `PageSize`/`next_page_uri` lists, the error body and
//! the concise shapes tools return.

use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Method, Request, ToolError, VendorError};
use serde_json::{Map, Value};

/// Credential fields of the account SID (user of HTTP Basic with the auth token, and the
/// account in every path).
pub const ACCOUNT_SID_FIELDS: &[&str] = &["account_sid", "accountSid"];
/// Credential fields of the auth token (`x-auth-token` fills `auth_token`).
pub const TOKEN_FIELDS: &[&str] = &["auth_token", "authToken", "access_token"];
/// Credential fields of an API key's SID (SK…) and its secret.
pub const KEY_SID_FIELDS: &[&str] = &["api_key_sid", "api_key"];
pub const KEY_SECRET_FIELDS: &[&str] = &["api_key_secret", "api_secret"];
/// The server option (`TWILIO_ACCOUNT_SID`) naming the account for callers whose credentials
/// name none.
pub const SID_OPTION: &str = "account-sid";

/// Twilio's largest page.
const MAX_PAGE: u64 = 1000;

fn field(ctx: &Ctx, names: &[&str]) -> Option<String> {
    let c = ctx.credentials()?;
    names.iter().find_map(|n| {
        c.field(n)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    })
}

/// Whether `s` is a Twilio SID: two capital letters of `prefix` and 32 hex digits.
pub fn is_sid(s: &str, prefix: &str) -> bool {
    s.len() == 34 && s.starts_with(prefix) && s.bytes().skip(2).all(|b| b.is_ascii_hexdigit())
}

/// The account this call acts on: the credential `account_sid`, else the server's
/// `TWILIO_ACCOUNT_SID`. Checked to be an account SID, so it is one safe path segment.
pub fn account_sid(ctx: &Ctx) -> Result<String, ToolError> {
    let sid = field(ctx, ACCOUNT_SID_FIELDS)
        .or_else(|| ctx.option(SID_OPTION).map(|s| s.trim().to_owned()))
        .filter(|s| !s.is_empty());
    let Some(sid) = sid else {
        return Err(ctx.missing_field("account_sid", ACCOUNT_SID_FIELDS).with_hint(
            "send `account_sid` (AC…) with `auth_token` in the x-auth-data header, or set TWILIO_ACCOUNT_SID in the server's environment.",
        ));
    };
    // Lenient on the length (Twilio answers a wrong SID itself), strict on what makes it one
    // safe path segment.
    let ok = sid.len() <= 34
        && sid
            .strip_prefix("AC")
            .is_some_and(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_alphanumeric()));
    if !ok {
        return Err(ToolError::invalid_input(
            "The Twilio account SID is not usable: it must be `AC` followed by letters and digits (34 characters, Console > Account info). No request was made.",
        ));
    }
    Ok(sid)
}

/// A request to `rel` below `/Accounts/{AccountSid}` (`rel` empty: the account itself,
/// `/Accounts/{AccountSid}.json`), with the call's credentials as HTTP Basic.
pub fn request(ctx: &Ctx, method: Method, rel: &str) -> Result<Request, ToolError> {
    let sid = account_sid(ctx)?;
    let path = if rel.is_empty() {
        format!("/Accounts/{sid}.json")
    } else {
        format!("/Accounts/{sid}{rel}")
    };
    authorized(ctx, method, &path, &sid)
}

fn authorized(ctx: &Ctx, method: Method, path: &str, sid: &str) -> Result<Request, ToolError> {
    let declared = field(ctx, KEY_SID_FIELDS).is_some() || field(ctx, ACCOUNT_SID_FIELDS).is_some();
    if !declared
        && let Some(token) = mcp_shared::vendor_auth::first(ctx.credentials(), TOKEN_FIELDS)
    {
        // Klavis's use: the auth token alone (x-auth-token), the account from
        // TWILIO_ACCOUNT_SID. The declared scheme cannot name a server option as the Basic
        // user, so this one case goes through the shared Basic helper with that SID.
        return Ok(ctx.request(method, path).basic(sid, token.expose()));
    }
    ctx.authorized(method, path)
}

/// GET `rel` with query pairs; the decoded answer.
pub async fn get(ctx: &Ctx, rel: &str, query: &[(String, String)]) -> Result<Value, ToolError> {
    let mut r = request(ctx, Method::GET, rel)?;
    for (k, v) in query {
        r = r.query(k, v);
    }
    r.send_json().await
}

/// POST a form body to `rel`. `idempotent`: the POST only sets fields (an update), so it may
/// be retried after a gateway error; a create (a message, a call, a purchase) never is.
pub async fn post(
    ctx: &Ctx,
    rel: &str,
    form: Vec<(String, String)>,
    idempotent: bool,
) -> Result<Value, ToolError> {
    request(ctx, Method::POST, rel)?
        .idempotent(idempotent)
        .form(form)
        .send_json()
        .await
}

/// DELETE `rel` (Twilio answers 204 without a body).
pub async fn delete(ctx: &Ctx, rel: &str) -> Result<(), ToolError> {
    request(ctx, Method::DELETE, rel)?.send().await?;
    Ok(())
}

/// Form pairs with Twilio's parameter names; blank and absent values are left out.
#[derive(Default)]
pub struct Form(pub Vec<(String, String)>);

impl Form {
    pub fn opt(&mut self, name: &str, v: Option<&str>) -> &mut Self {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.0.push((name.to_owned(), v.to_owned()));
        }
        self
    }

    pub fn set(&mut self, name: &str, v: impl ToString) -> &mut Self {
        self.0.push((name.to_owned(), v.to_string()));
        self
    }
}

/// A required SID argument: trimmed, and checked to be a SID of `prefix`es (`SM`/`MM` for
/// messages), so it is one safe path segment.
pub fn sid(v: &str, what: &str, prefixes: &[&str]) -> Result<String, ToolError> {
    let s = mcp_shared::non_empty(v, what)?;
    if prefixes.iter().any(|p| is_sid(s, p)) {
        return Ok(s.to_owned());
    }
    Err(ToolError::invalid_input(format!(
        "`{what}` must be a Twilio SID: {} followed by 32 hex digits, got `{}`.",
        prefixes.join(" or "),
        s.chars().take(40).collect::<String>()
    )))
}

/// The page size, 1 to 1000.
pub fn page_size(limit: Option<Count>, default: u64) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(default),
        Some(n @ 1..=MAX_PAGE) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`limit` must be 1 to 1000 (Twilio's PageSize), got {n}; use `cursor` for more."
        ))),
    }
}

/// What a list call's `cursor` is.
#[derive(Debug, PartialEq)]
pub enum Cursor {
    /// A `next_page_uri` of this list: its query, sent as it is (it carries the filters,
    /// `PageSize`, `Page` and `PageToken`).
    Uri(Vec<(String, String)>),
    /// A bare `PageToken`.
    Token(String),
}

/// Reads a list call's cursor. A URI is accepted only when it is `list_path` (the list's path
/// below the base, `/Accounts/AC…/Messages.json`) under `base_url`, as a path
/// (`/2010-04-01/Accounts/…`) or a URL on the same base: the credentials never go anywhere else.
pub fn cursor_query(cursor: &str, base_url: &str, list_path: &str) -> Result<Cursor, String> {
    let c = cursor.trim();
    let base = base_url.trim_end_matches('/');
    let base_path = base
        .split_once("://")
        .map(|(_, rest)| rest.find('/').and_then(|i| rest.get(i..)).unwrap_or(""))
        .unwrap_or("");
    let rest = if c.starts_with("https://") || c.starts_with("http://") {
        c.strip_prefix(base).filter(|r| r.starts_with('/'))
    } else if c.starts_with('/') {
        c.strip_prefix(base_path).filter(|r| r.starts_with('/'))
    } else {
        let ok = !c.is_empty()
            && c.len() <= 512
            && c.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b));
        return if ok {
            Ok(Cursor::Token(c.to_owned()))
        } else {
            Err("`cursor` must be the next_cursor of the previous page (a next_page_uri or a PageToken).".into())
        };
    };
    let refused = || {
        format!(
            "`cursor` is not a next page of this list (expected a next_page_uri of {list_path} on this account). No request was made."
        )
    };
    let rest = rest.ok_or_else(refused)?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path != list_path || query.contains('#') {
        return Err(refused());
    }
    let pairs = url::form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    Ok(Cursor::Uri(pairs))
}

/// One page of a list: `GET rel` with `filters` and `PageSize`, or the page `cursor` names.
/// Returns `{<key>: [shape(...)], "next_cursor"?}`.
pub async fn list(
    ctx: &Ctx,
    rel: &str,
    filters: Vec<(String, String)>,
    size: u64,
    cursor: Option<&str>,
    key: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let mut query = filters;
    match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        None => query.push(("PageSize".into(), size.to_string())),
        Some(c) => {
            let sid = account_sid(ctx)?;
            let base = ctx
                .upstream()
                .base_url()
                .map(|u| u.as_str().to_owned())
                .unwrap_or_default();
            match cursor_query(c, &base, &format!("/Accounts/{sid}{rel}"))
                .map_err(ToolError::invalid_input)?
            {
                Cursor::Uri(pairs) => query = pairs,
                Cursor::Token(t) => {
                    query.push(("PageSize".into(), size.to_string()));
                    query.push(("PageToken".into(), t));
                }
            }
        }
    }
    let v = get(ctx, rel, &query).await?;
    let items: Vec<Value> = v
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(shape)
        .collect();
    let mut out = Map::new();
    out.insert(key.into(), Value::Array(items));
    if let Some(next) = v
        .get("next_page_uri")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
    {
        out.insert("next_cursor".into(), next.into());
    }
    Ok(Value::Object(out))
}

/// Query pairs of a list's filters; blank and absent values are left out.
pub fn filters(pairs: &[(&str, Option<&str>)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .filter_map(|(k, v)| {
            v.map(str::trim)
                .filter(|v| !v.is_empty())
                .map(|v| ((*k).to_owned(), v.to_owned()))
        })
        .collect()
}

/// Twilio's error body: `{"code": 21211, "message", "more_info", "status"}`.
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let code = body.get("code").and_then(|c| match c {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ => None,
    });
    let text = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let more_info = text("more_info").filter(|u| u.starts_with("https://"));
    let message = match (text("message"), more_info) {
        (Some(m), Some(u)) => Some(format!("{m} (see {u})")),
        (Some(m), None) => Some(m.to_owned()),
        (None, Some(u)) => Some(format!("see {u}")),
        (None, None) => None,
    };
    let hint = match (status, code.as_deref()) {
        (_, Some("20429")) | (429, _) => None,
        (401, _) | (_, Some("20003")) => Some(
            "Twilio refused the credentials: send `account_sid` (AC…) and its `auth_token`, or an API key pair `api_key_sid` (SK…) + `api_key_secret` with `account_sid`.".to_owned(),
        ),
        (_, Some("21608")) => Some(
            "a trial account can only send to verified numbers: verify the recipient in the Console or upgrade the account.".to_owned(),
        ),
        (_, Some("21606" | "21659" | "21212")) => Some(
            "`from_` must be a phone number of this account that can send (twilio_list_phone_numbers), or a messaging service SID (MG…).".to_owned(),
        ),
        (_, Some("21211" | "21614" | "13223" | "13224")) => {
            Some("`to` must be a valid phone number in E.164 form (+14155550100).".to_owned())
        }
        (_, Some("21610")) => Some(
            "the recipient replied STOP: Twilio will not message them until they reply START.".to_owned(),
        ),
        (_, Some("20404")) | (404, _) => Some(
            "no such resource on this account: check the SID (and that it belongs to the account in the path).".to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429 || body.get("code").and_then(Value::as_u64) == Some(20429),
        missing_scopes: None,
    }
}

pub fn message(m: &Value) -> Value {
    pick(
        m,
        &[
            "sid",
            "status",
            "direction",
            "from",
            "to",
            "body",
            "num_segments",
            "num_media",
            "messaging_service_sid",
            "price",
            "price_unit",
            "error_code",
            "error_message",
            "date_created",
            "date_sent",
            "date_updated",
        ],
    )
}

pub fn call(c: &Value) -> Value {
    pick(
        c,
        &[
            "sid",
            "status",
            "direction",
            "from",
            "to",
            "start_time",
            "end_time",
            "duration",
            "answered_by",
            "caller_name",
            "parent_call_sid",
            "price",
            "price_unit",
            "date_created",
        ],
    )
}

pub fn recording(r: &Value) -> Value {
    pick(
        r,
        &[
            "sid",
            "call_sid",
            "conference_sid",
            "status",
            "source",
            "channels",
            "duration",
            "start_time",
            "date_created",
            "price",
            "price_unit",
            "error_code",
            "media_url",
        ],
    )
}

pub fn available_number(n: &Value) -> Value {
    pick(
        n,
        &[
            "phone_number",
            "friendly_name",
            "locality",
            "region",
            "postal_code",
            "iso_country",
            "rate_center",
            "capabilities",
            "address_requirements",
            "beta",
        ],
    )
}

pub fn incoming_number(n: &Value) -> Value {
    pick(
        n,
        &[
            "sid",
            "phone_number",
            "friendly_name",
            "status",
            "capabilities",
            "voice_url",
            "voice_method",
            "sms_url",
            "sms_method",
            "status_callback",
            "address_requirements",
            "origin",
            "date_created",
            "date_updated",
        ],
    )
}

/// The account, without the `auth_token` Twilio's answer carries.
pub fn account(a: &Value) -> Value {
    pick(
        a,
        &[
            "sid",
            "friendly_name",
            "status",
            "type",
            "owner_account_sid",
            "date_created",
            "date_updated",
        ],
    )
}

pub fn usage_record(u: &Value) -> Value {
    pick(
        u,
        &[
            "category",
            "description",
            "start_date",
            "end_date",
            "count",
            "count_unit",
            "usage",
            "usage_unit",
            "price",
            "price_unit",
            "as_of",
        ],
    )
}
