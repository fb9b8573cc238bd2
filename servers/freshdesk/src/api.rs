//! Freshdesk helpers: the account's host (`{domain}.freshdesk.com`) and its guard, the error
//! body, `page`/`per_page` lists with the `Link` header, the search API (quoted queries, 30
//! results a page, 10 pages), JSON or multipart bodies with attachments, and result shapes.

use mcp_shared::json::pick;
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{
    Count, Ctx, ErrorKind, FormPart, Method, Request, TenantUrl, ToolError, VendorError,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// The host pattern of every Freshdesk account.
pub const HOSTS: &[&str] = &["*.freshdesk.com"];

/// The account's API: `https://{domain}.freshdesk.com/api/v2`.
pub const BASES: &[TenantUrl] = &[TenantUrl {
    template: "https://{domain}.freshdesk.com/api/v2",
    hosts: HOSTS,
    derive: None,
    requires: &[],
}];

fn refuse(what: &str) -> ToolError {
    ToolError::new(
        ErrorKind::InvalidInput,
        format!(
            "Refusing the host `{what}` named by the credential `domain`: a Freshdesk account is `<subdomain>.freshdesk.com` (custom CNAME domains do not serve the API). No request was made and no credentials were sent."
        ),
    )
    .with_hint("send `domain` as `acme`, `acme.freshdesk.com` or `https://acme.freshdesk.com`.")
}

/// The account's subdomain from a `domain` credential: a bare subdomain (`acme`), the full
/// host (`acme.freshdesk.com`) or its URL (`https://acme.freshdesk.com/`). Any other host,
/// a port, a user name or a path is refused before a request.
pub fn tenant_label(domain: &str) -> Result<String, ToolError> {
    // Written as people write hosts (any case, a scheme, a trailing slash or dot), the form
    // the shared host guard compares.
    let written = mcp_shared::tenant::host_as_written(domain);
    let host = written.as_str();
    let label = host.strip_suffix(".freshdesk.com").unwrap_or(host);
    let ok = !label.is_empty()
        && label.len() <= 63
        && label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-');
    if ok {
        Ok(label.to_owned())
    } else {
        Err(refuse(host))
    }
}

/// An authorised request to `path` below the account's API, after checking the `domain`
/// credential names a Freshdesk account.
pub fn request(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    if let Some(d) = ctx.credentials().and_then(|c| c.field("domain")) {
        match d {
            Value::String(s) => {
                tenant_label(s)?;
            }
            other => return Err(refuse(&other.to_string())),
        }
    }
    ctx.authorized(method, path)
}

/// GET `path` and decode the JSON answer.
pub async fn get(ctx: &Ctx, path: &str) -> Result<Value, ToolError> {
    request(ctx, Method::GET, path)?.send_json().await
}

/// Send a request whose success answer has no body (204) or one we do not need.
pub async fn send_empty(req: Request) -> Result<(), ToolError> {
    req.send().await.map(|_| ())
}

/// Freshdesk's error body: `{"description", "errors": [{"field", "message", "code"}]}` for
/// validation failures, `{"code", "message"}` for the others.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let errors: Vec<&Value> = body
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .collect();
    let code = s(body, "code").or_else(|| errors.iter().find_map(|e| s(e, "code")));
    let mut message = s(body, "description").or_else(|| s(body, "message"));
    let fields: Vec<String> = errors
        .iter()
        .filter_map(|e| {
            let msg = s(e, "message")?;
            let mut one = match s(e, "field") {
                Some(f) => format!("{f}: {msg}"),
                None => msg,
            };
            if let Some(c) = s(e, "code") {
                one.push_str(&format!(" ({c})"));
            }
            Some(one)
        })
        .collect();
    if !fields.is_empty() {
        let list = fields.join("; ");
        message = Some(match message {
            Some(m) => format!("{m}: {list}"),
            None => list,
        });
    }
    let hint = match (status, code.as_deref()) {
        (401, _) | (_, Some("invalid_credentials")) => Some(
            "Freshdesk refused the API key: send the key from Profile settings as `api_key` together with the account's `domain`.".to_owned(),
        ),
        (403, _) | (_, Some("access_denied")) => Some(
            "the key's agent lacks the role or plan feature this call needs.".to_owned(),
        ),
        (_, Some("invalid_field")) => Some(
            "a field is not known to this account: read the ticket fields with freshdesk_list_ticket_fields.".to_owned(),
        ),
        (429, _) => Some(
            "Freshdesk's per-minute API limit for this plan is used up: wait and retry.".to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// A page number (1 or more) and page size (1-100).
pub fn page_args(
    page: Option<Count>,
    per_page: Option<Count>,
) -> Result<Vec<(&'static str, u64)>, ToolError> {
    let mut q = Vec::new();
    if let Some(p) = page {
        if p.get() == 0 {
            return Err(ToolError::invalid_input("`page` starts at 1"));
        }
        q.push(("page", p.get()));
    }
    if let Some(n) = per_page {
        if !(1..=100).contains(&n.get()) {
            return Err(ToolError::invalid_input(format!(
                "`per_page` must be 1 to 100 (Freshdesk's page size), got {}",
                n.get()
            )));
        }
        q.push(("per_page", n.get()));
    }
    Ok(q)
}

/// A list endpoint answering a JSON array, with `page`/`per_page` and the `Link` header's
/// next page: `{"<key>": [...], "page": n, "next_page": n+1}` (no `next_page` on the last).
pub async fn list(
    ctx: &Ctx,
    path: &str,
    filters: Vec<(&'static str, String)>,
    page: Option<Count>,
    per_page: Option<Count>,
    key: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let pages = page_args(page, per_page)?;
    let mut req = request(ctx, Method::GET, path)?;
    for (k, v) in filters {
        req = req.query(k, v);
    }
    for (k, v) in pages {
        req = req.query(k, v);
    }
    let resp = req.send().await?;
    let v: Value = resp.json()?;
    let items: Vec<Value> = v.as_array().into_iter().flatten().map(shape).collect();
    let mut out = Map::new();
    out.insert(key.into(), Value::Array(items));
    out.insert("page".into(), json!(page.map_or(1, Count::get)));
    if let Some(next) = resp
        .link_param("next", "page")
        .and_then(|p| p.parse::<u64>().ok())
    {
        out.insert("next_page".into(), json!(next));
    }
    Ok(Value::Object(out))
}

/// Freshdesk's search pages: 30 results each, pages 1 to 10.
pub const SEARCH_PAGE: u64 = 30;
pub const SEARCH_MAX_PAGES: u64 = 10;

/// A search query as Freshdesk takes it: enclosed in double quotes (added when missing),
/// strings inside in single quotes, at most 512 characters.
pub fn quoted(query: &str) -> Result<String, ToolError> {
    let q = mcp_shared::non_empty(query, "query")?;
    let inner = q
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(q)
        .trim();
    if inner.is_empty() {
        return Err(ToolError::invalid_input("`query` must not be empty"));
    }
    if inner.contains('"') {
        return Err(ToolError::invalid_input(
            "`query` may not contain double quotes inside: write strings in single quotes, e.g. tag:'vip' AND status:2",
        ));
    }
    let out = format!("\"{inner}\"");
    if out.chars().count() > 512 {
        return Err(ToolError::invalid_input(
            "`query` is over Freshdesk's 512-character limit: narrow it",
        ));
    }
    Ok(out)
}

/// `GET /search/{kind}?query="..."&page=N`: `{"<key>": [...], "total", "page", "next_page"}`,
/// with the 30-a-page and 10-page limits said in the result.
pub async fn search(
    ctx: &Ctx,
    kind: &str,
    query: &str,
    page: Option<Count>,
    per_page: Option<Count>,
    key: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let q = quoted(query)?;
    let p = page.map_or(1, Count::get);
    if !(1..=SEARCH_MAX_PAGES).contains(&p) {
        return Err(ToolError::invalid_input(format!(
            "`page` must be 1 to 10: Freshdesk's search reads at most 10 pages of 30 results (the first 300 matches); narrow the query to reach the rest, got {p}"
        )));
    }
    let mut req = request(ctx, Method::GET, &format!("/search/{kind}"))?.query("query", &q);
    if page.is_some() {
        req = req.query("page", p);
    }
    let v: Value = req.send_json().await?;
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(shape)
        .collect();
    let total = v.get("total").and_then(Value::as_u64).unwrap_or(0);
    let mut out = Map::new();
    out.insert(key.into(), Value::Array(items));
    out.insert("total".into(), json!(total));
    out.insert("page".into(), json!(p));
    if p < SEARCH_MAX_PAGES && p * SEARCH_PAGE < total {
        out.insert("next_page".into(), json!(p + 1));
    }
    let mut note = "Freshdesk search: 30 results a page, at most 10 pages.".to_owned();
    if total > SEARCH_PAGE * SEARCH_MAX_PAGES {
        note.push_str(&format!(
            " Only the first 300 of {total} matches can be read: narrow the query for the rest."
        ));
    }
    if per_page.is_some_and(|n| n.get() != SEARCH_PAGE) {
        note.push_str(" `per_page` is not used: search pages are always 30.");
    }
    out.insert("note".into(), json!(note));
    Ok(Value::Object(out))
}

/// One file to attach: its name and exactly one of `content_base64`, `content` or `url`.
#[derive(Deserialize, JsonSchema)]
pub struct Attachment {
    /// File name, e.g. `report.pdf`
    pub name: String,
    /// The file's bytes, base64
    pub content_base64: Option<String>,
    /// The file's text
    pub content: Option<String>,
    /// A public http(s) URL to download it from
    pub url: Option<String>,
    /// MIME type; guessed from `name` when absent
    pub content_type: Option<String>,
}

/// Freshdesk's limit for a request's attachments together.
const MAX_ATTACHMENTS_BYTES: usize = 20 * 1024 * 1024;

/// The files as multipart parts named `attachments[]`.
async fn attachment_parts(ctx: &Ctx, files: &[Attachment]) -> Result<Vec<FormPart>, ToolError> {
    use base64::Engine as _;
    let mut parts = Vec::new();
    let mut total = 0usize;
    for (i, f) in files.iter().enumerate() {
        let name = mcp_shared::non_empty(&f.name, &format!("attachments[{i}].name"))?;
        let given = [
            f.content_base64.is_some(),
            f.content.is_some(),
            f.url.is_some(),
        ]
        .iter()
        .filter(|g| **g)
        .count();
        if given != 1 {
            return Err(ToolError::invalid_input(format!(
                "attachments[{i}] (`{name}`): give exactly one of content_base64, content or url"
            )));
        }
        let mut fetched_type = None;
        let data = if let Some(b) = &f.content_base64 {
            let compact: String = b.split_whitespace().collect();
            base64::engine::general_purpose::STANDARD
                .decode(compact.as_bytes())
                .map_err(|e| {
                    ToolError::invalid_input(format!(
                        "attachments[{i}].content_base64 is not valid base64 ({e})"
                    ))
                })?
        } else if let Some(t) = &f.content {
            t.clone().into_bytes()
        } else {
            let url = f.url.as_deref().unwrap_or_default().trim();
            let got = ctx
                .fetch(url)
                .await
                .map_err(|e| e.context(format!("Downloading attachments[{i}] ({name})")))?;
            if !(200..300).contains(&got.status) {
                return Err(ToolError::invalid_input(format!(
                    "Downloading attachments[{i}] ({name}) got HTTP {}",
                    got.status
                )));
            }
            fetched_type = got.content_type.clone();
            got.body.to_vec()
        };
        total += data.len();
        if total > MAX_ATTACHMENTS_BYTES {
            return Err(ToolError::invalid_input(
                "the attachments are over Freshdesk's 20 MB limit for one request",
            ));
        }
        let ct = f
            .content_type
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .or_else(|| {
                fetched_type
                    .and_then(|c| c.split(';').next().map(|s| s.trim().to_owned()))
                    .filter(|c| !c.is_empty())
            })
            .unwrap_or_else(|| {
                mime_guess::from_path(name)
                    .first_or_octet_stream()
                    .essence_str()
                    .to_owned()
            });
        parts.push(FormPart::file("attachments[]", name, ct, data));
    }
    Ok(parts)
}

/// A scalar as multipart text.
fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// A JSON body as Freshdesk's form fields: arrays as `name[]`, objects (`custom_fields`) as
/// `name[key]`, in the order of the field names (whatever order the map keeps its keys in).
pub fn form_fields(body: &Map<String, Value>) -> Vec<FormPart> {
    let mut parts = Vec::new();
    let mut fields: Vec<_> = body.iter().collect();
    fields.sort_by(|a, b| a.0.cmp(b.0));
    for (k, v) in fields {
        match v {
            Value::Array(items) => {
                for it in items {
                    if let Some(s) = scalar(it) {
                        parts.push(FormPart::text(format!("{k}[]"), s));
                    }
                }
            }
            Value::Object(m) => {
                let mut sub: Vec<_> = m.iter().collect();
                sub.sort_by(|a, b| a.0.cmp(b.0));
                for (ck, cv) in sub {
                    if let Some(s) = scalar(cv) {
                        parts.push(FormPart::text(format!("{k}[{ck}]"), s));
                    }
                }
            }
            other => {
                if let Some(s) = scalar(other) {
                    parts.push(FormPart::text(k.clone(), s));
                }
            }
        }
    }
    parts
}

/// The request with `body` as JSON, or, with attachments, as `multipart/form-data` (the
/// only way Freshdesk takes files).
pub async fn with_body(
    ctx: &Ctx,
    req: Request,
    body: Map<String, Value>,
    attachments: &Option<Vec<Attachment>>,
) -> Result<Request, ToolError> {
    match attachments.as_deref() {
        Some(files) if !files.is_empty() => {
            let mut parts = form_fields(&body);
            parts.extend(attachment_parts(ctx, files).await?);
            Ok(req.multipart(parts))
        }
        _ => Ok(req.json(&body)),
    }
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Optional addresses without blanks, absent when none is left.
pub fn emails(v: &Option<Vec<String>>) -> Option<Vec<&str>> {
    let list: Vec<&str> = v
        .iter()
        .flatten()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    (!list.is_empty()).then_some(list)
}

/// A date or date-time argument as the `yyyy-mm-dd` the search language takes.
pub fn search_date(v: &str, what: &str) -> Result<String, ToolError> {
    let d: String = v.trim().chars().take(10).collect();
    let ok = d.len() == 10
        && d.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if ok {
        Ok(d)
    } else {
        Err(ToolError::invalid_input(format!(
            "`{what}` must be a date (yyyy-mm-dd) or ISO 8601 date-time, got {v:?}"
        )))
    }
}

fn attachments_of(v: &Value) -> Option<Value> {
    let list: Vec<Value> = v
        .get("attachments")?
        .as_array()?
        .iter()
        .map(|a| pick(a, &["id", "name", "content_type", "size", "attachment_url"]))
        .collect();
    (!list.is_empty()).then_some(Value::Array(list))
}

fn with_attachments(mut out: Value, v: &Value) -> Value {
    if let (Value::Object(m), Some(a)) = (&mut out, attachments_of(v)) {
        m.insert("attachments".into(), a);
    }
    out
}

const TICKET_FIELDS: &[&str] = &[
    "id",
    "subject",
    "status",
    "priority",
    "source",
    "type",
    "requester_id",
    "responder_id",
    "group_id",
    "company_id",
    "product_id",
    "email_config_id",
    "tags",
    "cc_emails",
    "fwd_emails",
    "to_emails",
    "due_by",
    "fr_due_by",
    "is_escalated",
    "spam",
    "deleted",
    "custom_fields",
    "created_at",
    "updated_at",
    "requester",
    "company",
    "stats",
];

/// A ticket as listed.
pub fn ticket_brief(t: &Value) -> Value {
    pick(t, TICKET_FIELDS)
}

/// A ticket with its text, attachments and embedded conversations.
pub fn ticket(t: &Value) -> Value {
    let mut out = pick(t, TICKET_FIELDS);
    if let Value::Object(m) = &mut out {
        for k in ["description_text", "association_type", "parent_id"] {
            if let Some(x) = t.get(k).filter(|x| !x.is_null()) {
                m.insert(k.into(), x.clone());
            }
        }
        if let Some(c) = t.get("conversations").and_then(Value::as_array) {
            m.insert(
                "conversations".into(),
                Value::Array(c.iter().map(conversation).collect()),
            );
        }
    }
    with_attachments(out, t)
}

/// A note, reply or forward.
pub fn conversation(c: &Value) -> Value {
    let out = pick(
        c,
        &[
            "id",
            "ticket_id",
            "user_id",
            "body_text",
            "incoming",
            "private",
            "source",
            "from_email",
            "to_emails",
            "cc_emails",
            "bcc_emails",
            "support_email",
            "created_at",
            "updated_at",
        ],
    );
    with_attachments(out, c)
}

pub fn contact(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "name",
            "email",
            "other_emails",
            "phone",
            "mobile",
            "twitter_id",
            "unique_external_id",
            "company_id",
            "other_companies",
            "job_title",
            "description",
            "address",
            "language",
            "time_zone",
            "tags",
            "active",
            "deleted",
            "view_all_tickets",
            "custom_fields",
            "created_at",
            "updated_at",
        ],
    )
}

pub fn company(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "name",
            "description",
            "note",
            "domains",
            "health_score",
            "account_tier",
            "renewal_date",
            "industry",
            "custom_fields",
            "created_at",
            "updated_at",
        ],
    )
}

pub fn agent(a: &Value) -> Value {
    pick(
        a,
        &[
            "id",
            "name=contact.name",
            "email=contact.email",
            "phone=contact.phone",
            "mobile=contact.mobile",
            "job_title=contact.job_title",
            "language=contact.language",
            "time_zone=contact.time_zone",
            "active=contact.active",
            "last_login_at=contact.last_login_at",
            "available",
            "occasional",
            "type",
            "agent_type",
            "ticket_scope",
            "signature",
            "group_ids",
            "role_ids",
            "skill_ids",
            "focus_mode",
            "created_at",
            "updated_at",
        ],
    )
}
