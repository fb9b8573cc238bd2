//! Mailchimp helpers: the data centre (from the API key's suffix or the OAuth metadata) and
//! its host check, the problem+json error body, `count`/`offset` pages behind `limit` +
//! `cursor`, the subscriber hash, and the concise shapes tools return.

use std::future::Future;
use std::pin::Pin;

use mcp_shared::json::pick;
use mcp_shared::tenant::host_matches;
use mcp_shared::{Auth, Count, Ctx, ErrorKind, ExtraApi, Method, Request, TenantUrl, ToolError};
use mcp_shared::{VendorError, reexports::http::HeaderMap};
use md5::{Digest, Md5};
use serde_json::{Map, Value, json};

/// The host pattern of every Mailchimp data centre.
pub const HOSTS: &[&str] = &["*.api.mailchimp.com"];

/// The account's API: `dc` from the credentials, else derived ([`data_centre`]).
pub const BASES: &[TenantUrl] = &[TenantUrl {
    template: "https://{dc}.api.mailchimp.com/3.0",
    hosts: HOSTS,
    derive: Some(data_centre),
    requires: &[],
}];

/// Mailchimp's OAuth metadata endpoint, which names an OAuth token's data centre.
pub const LOGIN: ExtraApi = ExtraApi {
    name: "login",
    display_name: "Mailchimp login",
    default_base_url: "https://login.mailchimp.com",
    base_url_var: "MAILCHIMP_LOGIN_BASE_URL",
    auth: Some(Auth::Header {
        name: "authorization",
        prefix: "OAuth ",
        fields: &["access_token"],
    }),
};

fn refuse(what: &str, source: &str) -> ToolError {
    ToolError::new(
        ErrorKind::InvalidInput,
        format!(
            "Refusing the host `{what}` named by {source}: a Mailchimp data centre is one name such as `us6` (hosts *.api.mailchimp.com). No request was made and no credentials were sent."
        ),
    )
    .with_hint("send the API key as Mailchimp shows it (`…-us6`), or `dc` in x-auth-data.")
}

/// A data centre (`us6`, or its host `us6.api.mailchimp.com`) as the host label it is; any
/// other value is refused before a request.
pub fn check_dc(dc: &str, source: &str) -> Result<String, ToolError> {
    // `us6`, `US6`, `https://us6.api.mailchimp.com/`, `us6.api.mailchimp.com.` are one data centre.
    let lower = mcp_shared::tenant::host_as_written(dc);
    let label = lower.strip_suffix(".api.mailchimp.com").unwrap_or(&lower);
    let ok =
        !label.is_empty() && label.len() <= 16 && label.bytes().all(|b| b.is_ascii_alphanumeric());
    if ok {
        Ok(label.to_owned())
    } else {
        Err(refuse(dc.trim(), source))
    }
}

/// The data centre of an API key: its suffix after the last `-` (`…-us6` is `us6`).
pub fn dc_from_key(key: &str) -> Result<String, ToolError> {
    match key.trim().rsplit_once('-') {
        Some((_, dc)) => check_dc(dc, "the API key's suffix"),
        None => Err(ToolError::invalid_input(
            "The Mailchimp API key has no data-centre suffix (keys end in `-us6` or the like). No request was made.",
        )
        .with_hint("send the whole key as Mailchimp shows it, or the data centre as `dc` in x-auth-data.")),
    }
}

/// The host of an `https://` URL, or `None` when it is not one.
fn https_host(url: &str) -> Option<String> {
    let rest = url.trim().strip_prefix("https://")?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return None;
    }
    let host = authority.split(':').next().unwrap_or_default();
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// What a derive step returns.
type Derived = Pin<Box<dyn Future<Output = Result<Vec<(String, String)>, ToolError>> + Send>>;

/// Fills `dc`: from the API key's suffix, or (OAuth tokens) from
/// `GET https://login.mailchimp.com/oauth2/metadata` with `Authorization: OAuth <token>`,
/// whose `dc` and `api_endpoint` must name a Mailchimp host. The resolver caches the answer
/// per credential set, so a token's metadata is asked once.
pub fn data_centre(ctx: Ctx) -> Derived {
    Box::pin(async move {
        let key = ctx
            .credentials()
            .and_then(|c| c.field("api_key"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        if let Some(key) = key {
            return Ok(vec![("dc".to_owned(), dc_from_key(&key)?)]);
        }
        let meta: Value = ctx
            .api_authorized(LOGIN.name, Method::GET, "/oauth2/metadata")?
            .send_json()
            .await
            .map_err(|e| {
                e.context("Looking up the data centre of this OAuth token (oauth2/metadata)")
            })?;
        let dc = meta.get("dc").and_then(Value::as_str).unwrap_or_default();
        let dc = check_dc(dc, "the OAuth metadata's `dc`")?;
        if let Some(endpoint) = meta.get("api_endpoint").and_then(Value::as_str) {
            match https_host(endpoint) {
                Some(h) if HOSTS.iter().any(|p| host_matches(p, &h)) => {}
                Some(h) => return Err(refuse(&h, "the OAuth metadata's `api_endpoint`")),
                None => return Err(refuse(endpoint, "the OAuth metadata's `api_endpoint`")),
            }
        }
        Ok(vec![("dc".to_owned(), dc)])
    })
}

/// An authorised request to `path` below the account's API, after checking a `dc` given in
/// the credentials (a derived one was checked when it was derived).
pub fn request(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    if let Some(dc) = ctx
        .credentials()
        .and_then(|c| c.field("dc"))
        .and_then(Value::as_str)
    {
        check_dc(dc, "the credential `dc`")?;
    }
    ctx.authorized(method, path)
}

/// GET `path` without the `_links` Mailchimp adds to every object (`exclude` names them).
pub fn get(ctx: &Ctx, path: &str, exclude: &str) -> Result<Request, ToolError> {
    Ok(request(ctx, Method::GET, path)?.query("exclude_fields", exclude))
}

/// Mailchimp's problem+json error: `{"type", "title", "status", "detail", "instance",
/// "errors": [{"field", "message"}]}`; the field errors are part of the message.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let title = s(body, "title");
    let mut message = s(body, "detail").or_else(|| title.clone());
    let fields: Vec<String> = body
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let msg = s(e, "message")?;
            Some(match s(e, "field") {
                Some(f) => format!("{f}: {msg}"),
                None => msg,
            })
        })
        .collect();
    if !fields.is_empty() {
        let list = fields.join("; ");
        message = Some(match message {
            Some(m) => format!("{m} Field errors: {list}"),
            None => format!("Field errors: {list}"),
        });
    }
    if let (Some(m), Some(i)) = (&mut message, s(body, "instance")) {
        m.push_str(&format!(" (instance {i})"));
    }
    let hint = match (status, title.as_deref()) {
        (_, Some("Member Exists")) => Some(
            "the address is already a member of this audience: change it with mailchimp_update_member.".to_owned(),
        ),
        (_, Some("Forgotten Email Not Subscribed")) => Some(
            "this address was permanently deleted: it can only be re-added by the contact signing up through a Mailchimp form.".to_owned(),
        ),
        (_, Some("Member In Compliance State")) => Some(
            "the contact unsubscribed, bounced or was cleaned: Mailchimp will not resubscribe it through the API; use status `pending` to send a confirmation e-mail.".to_owned(),
        ),
        (401, _) => Some(
            "Mailchimp refused the credentials: send the API key (`…-us6`) as `api_key`, or an OAuth token as `access_token`.".to_owned(),
        ),
        (403, _) => Some(
            "the key's user lacks permission for this call, or the account is disabled.".to_owned(),
        ),
        (429, _) => Some(
            "Mailchimp allows 10 simultaneous connections per key: wait for other calls to finish and retry.".to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code: title,
        message,
        hint,
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// The page: `count` (1-1000, default 10) and `offset` from `limit`/`count` and
/// `cursor`/`offset` (ours first).
pub fn page(
    limit: Option<Count>,
    count: Option<Count>,
    cursor: Option<&str>,
    offset: Option<Count>,
) -> Result<(u64, u64), ToolError> {
    let n = match limit.or(count).map(Count::get) {
        None => 10,
        Some(n @ 1..=1000) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "`limit` (or `count`) must be 1 to 1000 (Mailchimp's page size), got {n}."
            )));
        }
    };
    let skip = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse::<u64>().map_err(|_| {
            ToolError::invalid_input(format!(
                "`cursor` must be the `next_cursor` of a previous page (a number), got {c:?}."
            ))
        })?,
        None => offset.map_or(0, Count::get),
    };
    Ok((n, skip))
}

/// A list answer `{"<key>": [...], "total_items": N}` as `{"<key>": [shape(...)],
/// "total_items": N, "next_cursor": "<offset>"}` (no cursor on the last page).
pub fn paged(v: &Value, key: &str, shape: fn(&Value) -> Value, offset: u64) -> Value {
    let items: Vec<Value> = v
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(shape)
        .collect();
    let total = v.get("total_items").and_then(Value::as_u64);
    let next = offset + items.len() as u64;
    let mut out = Map::new();
    out.insert(key.into(), Value::Array(items.clone()));
    if let Some(t) = total {
        out.insert("total_items".into(), json!(t));
        if !items.is_empty() && next < t {
            out.insert("next_cursor".into(), json!(next.to_string()));
        }
    }
    Value::Object(out)
}

/// A required id argument, trimmed and encoded as one path segment.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    mcp_shared::seg_id(mcp_shared::non_empty(v, what)?, what)
}

/// The subscriber hash of an e-mail address: the MD5 of its lower-case form, in hex. A value
/// that already is a hash (32 hex digits) is kept.
pub fn subscriber_hash(email: &str) -> String {
    let e = email.trim().to_lowercase();
    if e.len() == 32 && e.bytes().all(|b| b.is_ascii_hexdigit()) {
        return e;
    }
    Md5::digest(e.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The path of a member: `/lists/{list_id}/members/{subscriber_hash}`.
pub fn member_path(list_id: &str, email: &str) -> Result<String, ToolError> {
    let list = id(list_id, "list_id")?;
    let email = mcp_shared::non_empty(email, "email_address")?;
    Ok(format!("/lists/{list}/members/{}", subscriber_hash(email)))
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

pub fn audience(l: &Value) -> Value {
    pick(
        l,
        &[
            "id",
            "web_id",
            "name",
            "date_created",
            "visibility",
            "permission_reminder",
            "email_type_option",
            "double_optin",
            "has_welcome",
            "marketing_permissions",
            "list_rating",
            "subscribe_url_short",
            "contact",
            "campaign_defaults",
            "member_count=stats.member_count",
            "total_contacts=stats.total_contacts",
            "unsubscribe_count=stats.unsubscribe_count",
            "cleaned_count=stats.cleaned_count",
            "open_rate=stats.open_rate",
            "click_rate=stats.click_rate",
            "campaign_count=stats.campaign_count",
            "campaign_last_sent=stats.campaign_last_sent",
            "last_sub_date=stats.last_sub_date",
        ],
    )
}

pub fn member(m: &Value) -> Value {
    let mut o = pick(
        m,
        &[
            "id",
            "email_address",
            "unique_email_id",
            "contact_id",
            "full_name",
            "email_type",
            "status",
            "merge_fields",
            "interests",
            "language",
            "vip",
            "member_rating",
            "source",
            "ip_signup",
            "timestamp_signup",
            "ip_opt",
            "timestamp_opt",
            "last_changed",
            "avg_open_rate=stats.avg_open_rate",
            "avg_click_rate=stats.avg_click_rate",
            "list_id",
        ],
    );
    let tags: Vec<Value> = m
        .get("tags")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("name").cloned())
        .collect();
    if let Value::Object(map) = &mut o
        && m.get("tags").is_some()
    {
        map.insert("tags".into(), Value::Array(tags));
    }
    o
}

pub fn campaign(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "web_id",
            "type",
            "status",
            "create_time",
            "send_time",
            "emails_sent",
            "content_type",
            "archive_url",
            "list_id=recipients.list_id",
            "list_name=recipients.list_name",
            "segment_text=recipients.segment_text",
            "recipient_count=recipients.recipient_count",
            "subject_line=settings.subject_line",
            "preview_text=settings.preview_text",
            "title=settings.title",
            "from_name=settings.from_name",
            "reply_to=settings.reply_to",
            "folder_id=settings.folder_id",
            "template_id=settings.template_id",
            "opens=report_summary.opens",
            "unique_opens=report_summary.unique_opens",
            "open_rate=report_summary.open_rate",
            "clicks=report_summary.clicks",
            "click_rate=report_summary.click_rate",
        ],
    )
}
