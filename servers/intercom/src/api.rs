//! What every Intercom tool shares: the workspace's region (US, EU or AU host), Intercom's
//! `error.list` body, the two pagination styles (`starting_after` cursors and page numbers,
//! both behind `cursor`-like arguments), and the concise shapes tools return.

use mcp_shared::json::pick;
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{Count, Ctx, Method, Request, ToolError, VendorError, seg_id};
use serde_json::{Map, Value, json};

/// The API version every request pins (`Intercom-Version`), the one Intercom's own SDKs use.
pub const VERSION: &str = "2.14";

/// Intercom's hosts, one per data-hosting region.
pub const US: &str = "https://api.intercom.io";
pub const EU: &str = "https://api.eu.intercom.io";
pub const AU: &str = "https://api.au.intercom.io";

/// Where the workspace's data is hosted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Us,
    Eu,
    Au,
}

impl Region {
    /// `us`, `eu` or `au` (any case); nothing else.
    pub fn parse(v: &str) -> Option<Self> {
        match v.trim().to_ascii_lowercase().as_str() {
            "us" => Some(Region::Us),
            "eu" => Some(Region::Eu),
            "au" => Some(Region::Au),
            _ => None,
        }
    }

    /// The region's host (the default base URL; operators may override each).
    pub fn host(self) -> &'static str {
        match self {
            Region::Us => US,
            Region::Eu => EU,
            Region::Au => AU,
        }
    }
}

/// This call's region: the credential field `region`, else the operator's `--region`
/// (`INTERCOM_REGION`), else the US. An unknown value is an error before any request.
pub fn region(ctx: &Ctx) -> Result<Region, ToolError> {
    let from_creds = ctx.credentials().and_then(|c| c.field("region")).map(|v| {
        v.as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| v.to_string())
    });
    let (value, origin) = match from_creds {
        Some(v) => (v, "The credential field `region`"),
        None => match ctx.option("region") {
            Some(v) => (v.to_owned(), "INTERCOM_REGION (--region)"),
            None => return Ok(Region::Us),
        },
    };
    Region::parse(&value).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "{origin} is `{}`; it must be us, eu or au (where the Intercom workspace is hosted). No request was made.",
            mcp_shared::text::ellipsis(value.trim(), 40)
        ))
    })
}

/// An authorised request to `path` on the host of this call's region.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    match region(ctx)? {
        Region::Us => ctx.authorized(method, path),
        Region::Eu => ctx.api_authorized("eu", method, path),
        Region::Au => ctx.api_authorized("au", method, path),
    }
}

/// `GET path` decoded.
pub async fn get(ctx: &Ctx, path: &str) -> Result<Value, ToolError> {
    req(ctx, Method::GET, path)?.send_json().await
}

/// `method path` with a JSON body, decoded.
pub async fn send(ctx: &Ctx, method: Method, path: &str, body: &Value) -> Result<Value, ToolError> {
    req(ctx, method, path)?.json(body).send_json().await
}

/// `DELETE path` decoded (`Value::Null` for an empty answer).
pub async fn delete(ctx: &Ctx, path: &str) -> Result<Value, ToolError> {
    req(ctx, Method::DELETE, path)?.send_json().await
}

/// An id as one path segment (`what` names the argument in errors).
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    let s = seg_id(v, what)?;
    if s == "." || s == ".." {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be an Intercom id, not `{s}`"
        )));
    }
    Ok(s)
}

/// Intercom's `{"type":"error.list","request_id","errors":[{"code","message","field"}]}`
/// (older answers: `{"type":"error","code","message"}`): the first error's code, every
/// error's message, and the request id for Intercom's support.
pub fn parse_error(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let errors: Vec<&Value> = body
        .get("errors")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    if errors.is_empty() && s(body, "code").is_none() {
        return mcp_shared::default_error_parser(status, headers, body);
    }
    let first = errors.first().copied().unwrap_or(body);
    let code = s(first, "code");
    let mut messages: Vec<String> = if errors.is_empty() {
        s(body, "message").into_iter().collect()
    } else {
        errors
            .iter()
            .filter_map(|e| {
                let m = s(e, "message")?;
                Some(match (s(e, "field"), errors.len() > 1) {
                    (Some(f), _) => format!("{f}: {m}"),
                    (None, true) => match s(e, "code") {
                        Some(c) => format!("{c}: {m}"),
                        None => m,
                    },
                    (None, false) => m,
                })
            })
            .collect()
    };
    if let Some(id) = s(body, "request_id") {
        messages.push(format!("(request id {id})"));
    }
    let message =
        (!messages.is_empty()).then(|| messages.join("; ").replace("; (request", " (request"));
    let hint = match code.as_deref() {
        Some("unauthorized" | "token_unauthorized" | "token_not_found" | "token_revoked") => Some(
            "Intercom refused the access token: send a valid one (x-auth-token, x-auth-data `access_token`, or INTERCOM_ACCESS_TOKEN); a workspace outside the US also needs `region` eu or au.",
        ),
        Some("api_plan_restricted") => {
            Some("the workspace's Intercom plan does not include this API.")
        }
        Some("intercom_version_invalid") => {
            Some("this server pins Intercom-Version 2.14; the workspace rejected it.")
        }
        Some("rate_limit_exceeded") => Some(
            "Intercom's rate limit is per app and workspace over 10-second windows; wait and retry.",
        ),
        Some("admin_not_found") => Some("check the admin id with intercom_list_admins."),
        Some("not_found" | "company_not_found" | "conversation_not_found" | "tag_not_found") => {
            Some(
                "the id does not exist in this workspace (or the token's workspace is in another region).",
            )
        }
        _ => None,
    };
    VendorError {
        code,
        message,
        hint: hint.map(str::to_owned),
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// `per_page` checked against Intercom's bounds (1-150), or the default when not given.
pub fn per_page(n: Option<Count>, default: u64) -> Result<u64, ToolError> {
    match n.map(Count::get) {
        None => Ok(default),
        Some(n) if (1..=150).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "per_page must be between 1 and 150 (got {n})"
        ))),
    }
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A cursor list (`GET path?per_page&starting_after`).
pub fn cursor_list(
    ctx: &Ctx,
    path: &str,
    n: Option<Count>,
    default: u64,
    starting_after: &Option<String>,
) -> Result<Request, ToolError> {
    Ok(req(ctx, Method::GET, path)?
        .query("per_page", per_page(n, default)?)
        .query_opt("starting_after", opt(starting_after)))
}

/// The page number a page-numbered list starts at: `starting_after` is the `next_cursor` an
/// earlier call returned (a page number).
pub fn page_of(starting_after: &Option<String>) -> Result<u64, ToolError> {
    match opt(starting_after) {
        None => Ok(1),
        Some(s) => s.parse::<u64>().ok().filter(|p| *p >= 1).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "starting_after must be the next_cursor of an earlier call of this tool (a page number), not `{}`",
                mcp_shared::text::ellipsis(s, 40)
            ))
        }),
    }
}

/// The next cursor of an answer: `pages.next.starting_after` (cursor lists and searches), or
/// the next page number while `pages.page < pages.total_pages` (page-numbered lists).
pub fn next_cursor(v: &Value) -> Value {
    let pages = v.get("pages");
    if let Some(c) = pages
        .and_then(|p| p.get("next"))
        .and_then(|n| n.get("starting_after"))
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
    {
        return json!(c);
    }
    let num = |k: &str| pages.and_then(|p| p.get(k)).and_then(Value::as_u64);
    match (num("page"), num("total_pages")) {
        (Some(p), Some(t)) if p < t => json!((p + 1).to_string()),
        _ => Value::Null,
    }
}

/// A list answer: `items` (each through `shape`) from the array at `key`, `total_count`
/// where Intercom gives it, and `next_cursor` (null on the last page).
pub fn page(v: &Value, key: &str, shape: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = mcp_shared::json::at(v, key)
        .and_then(Value::as_array)
        .map(|a| a.iter().map(shape).collect())
        .unwrap_or_default();
    let mut out = Map::new();
    out.insert("items".into(), json!(items));
    if let Some(t) = v.get("total_count").filter(|t| !t.is_null()) {
        out.insert("total_count".into(), t.clone());
    }
    out.insert("next_cursor".into(), next_cursor(v));
    Value::Object(out)
}

/// The body of a search (`POST .../search`): `query` as given, `pagination` as given.
pub fn search_body(
    query: &Map<String, Value>,
    pagination: &Option<Map<String, Value>>,
) -> Result<Value, ToolError> {
    if query.is_empty() {
        return Err(ToolError::invalid_input(
            "query must be a filter such as {\"field\":\"email\",\"operator\":\"=\",\"value\":\"a@b.com\"} or {\"operator\":\"AND\",\"value\":[...]}",
        ));
    }
    let mut body = Map::new();
    body.insert("query".into(), Value::Object(query.clone()));
    if let Some(p) = pagination.as_ref().filter(|p| !p.is_empty()) {
        if let Some(n) = p.get("per_page").and_then(Value::as_u64)
            && !(1..=150).contains(&n)
        {
            return Err(ToolError::invalid_input(format!(
                "pagination.per_page must be between 1 and 150 (got {n})"
            )));
        }
        body.insert("pagination".into(), Value::Object(p.clone()));
    }
    Ok(Value::Object(body))
}

/// Tag names of a `tag.list` (`{"tags":[...]}`) or list (`{"data":[...]}`) object.
fn tag_names(v: &Value) -> Value {
    let list = v
        .get("tags")
        .or_else(|| v.get("data"))
        .and_then(Value::as_array);
    match list {
        Some(a) => json!(
            a.iter()
                .map(|t| pick(t, &["id", "name"]))
                .collect::<Vec<_>>()
        ),
        None => Value::Null,
    }
}

pub fn contact(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "external_id",
            "role",
            "email",
            "phone",
            "name",
            "owner_id",
            "unsubscribed_from_emails",
            "created_at",
            "updated_at",
            "signed_up_at",
            "last_seen_at",
            "last_replied_at",
            "country=location.country",
            "city=location.city",
            "custom_attributes",
        ],
    )
}

pub fn company(c: &Value) -> Value {
    let mut v = pick(
        c,
        &[
            "id",
            "company_id",
            "name",
            "plan=plan.name",
            "size",
            "website",
            "industry",
            "monthly_spend",
            "user_count",
            "session_count",
            "remote_created_at",
            "created_at",
            "updated_at",
            "custom_attributes",
        ],
    );
    if let (Some(o), Some(t)) = (v.as_object_mut(), c.get("tags")) {
        o.insert("tags".into(), tag_names(t));
    }
    v
}

/// `out` with `key` set to these fields of `v[key]` (left out when `v` has none of them).
fn with_sub(mut out: Value, v: &Value, key: &str, fields: &[&str]) -> Value {
    if let (Some(o), Some(inner)) = (out.as_object_mut(), v.get(key)) {
        let sub = pick(inner, fields);
        if sub.as_object().is_some_and(|m| !m.is_empty()) {
            o.insert(key.to_owned(), sub);
        }
    }
    out
}

const PERSON: &[&str] = &["type", "id", "name"];

fn part(p: &Value) -> Value {
    let v = pick(p, &["id", "part_type", "body", "created_at"]);
    let v = with_sub(v, p, "author", PERSON);
    with_sub(v, p, "assigned_to", &["type", "id"])
}

/// A conversation: state, assignees, source message, contacts, tags, and its parts when the
/// answer has them.
pub fn conversation(c: &Value) -> Value {
    let mut v = pick(
        c,
        &[
            "id",
            "title",
            "state",
            "open",
            "read",
            "priority",
            "created_at",
            "updated_at",
            "waiting_since",
            "snoozed_until",
            "admin_assignee_id",
            "team_assignee_id",
            "custom_attributes",
            "ticket_id=ticket.id",
        ],
    );
    if let Some(src) = c.get("source") {
        let s = pick(src, &["type", "id", "delivered_as", "subject", "body"]);
        let s = with_sub(s, src, "author", PERSON);
        if let Some(o) = v.as_object_mut() {
            o.insert("source".into(), s);
        }
    }
    let Some(o) = v.as_object_mut() else {
        return v;
    };
    if let Some(list) = c.pointer("/contacts/contacts").and_then(Value::as_array) {
        let ids: Vec<Value> = list
            .iter()
            .map(|x| pick(x, &["id", "external_id"]))
            .collect();
        o.insert("contacts".into(), json!(ids));
    }
    if let Some(t) = c.get("tags") {
        o.insert("tags".into(), tag_names(t));
    }
    if let Some(parts) = c.get("conversation_parts") {
        let list: Vec<Value> = parts
            .get("conversation_parts")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(part).collect())
            .unwrap_or_default();
        o.insert("parts".into(), json!(list));
        if let Some(n) = parts.get("total_count") {
            o.insert("parts_total".into(), n.clone());
        }
    }
    v
}

pub fn article(a: &Value) -> Value {
    pick(
        a,
        &[
            "id",
            "title",
            "description",
            "body",
            "author_id",
            "state",
            "parent_id",
            "parent_type",
            "url",
            "created_at",
            "updated_at",
        ],
    )
}

pub fn collection(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "name",
            "description",
            "url",
            "parent_id",
            "help_center_id",
            "order",
            "created_at",
            "updated_at",
        ],
    )
}

pub fn admin(a: &Value) -> Value {
    let v = pick(
        a,
        &[
            "id",
            "type",
            "name",
            "email",
            "job_title",
            "away_mode_enabled",
            "away_mode_reassign",
            "away_status_reason_id",
            "has_inbox_seat",
            "team_ids",
        ],
    );
    with_sub(v, a, "app", &["id_code", "name", "region"])
}

pub fn team(t: &Value) -> Value {
    pick(t, &["id", "name", "admin_ids"])
}

pub fn tag(t: &Value) -> Value {
    let v = pick(t, &["id", "name", "applied_at"]);
    with_sub(v, t, "applied_by", &["type", "id"])
}

pub fn segment(s: &Value) -> Value {
    pick(
        s,
        &[
            "id",
            "name",
            "person_type",
            "count",
            "created_at",
            "updated_at",
        ],
    )
}

pub fn note(n: &Value) -> Value {
    let v = pick(n, &["id", "body", "created_at", "contact_id=contact.id"]);
    with_sub(v, n, "author", PERSON)
}

pub fn message(m: &Value) -> Value {
    pick(
        m,
        &[
            "type",
            "id",
            "created_at",
            "subject",
            "body",
            "message_type",
            "conversation_id",
        ],
    )
}

/// A conversation's first message (`source`), as `intercom_list_messages` shows it.
pub fn source_message(c: &Value) -> Value {
    let src = c.get("source").cloned().unwrap_or(Value::Null);
    let mut v = pick(&src, &["id", "type", "delivered_as", "subject", "body"]);
    v = with_sub(v, &src, "author", PERSON);
    if let Some(o) = v.as_object_mut() {
        for (k, path) in [("created_at", "created_at"), ("conversation_id", "id")] {
            if let Some(x) = mcp_shared::json::at(c, path) {
                o.insert(k.into(), x.clone());
            }
        }
    }
    v
}

/// What a delete answers (`{"id","object","deleted"}`), or `deleted: true` with the id for
/// an empty answer.
pub fn deleted(v: &Value, id: &str) -> Value {
    if v.is_object() {
        pick(v, &["id", "object", "deleted"])
    } else {
        json!({"id": id, "deleted": true})
    }
}
