//! What every Dropbox tool shares: RPC calls (`POST https://api.dropboxapi.com/2/<route>` with a
//! JSON body, `null` for routes without arguments), content calls (`POST
//! https://content.dropboxapi.com/2/<route>` with the arguments in the ASCII-only
//! `Dropbox-API-Arg` header and the result in the body or the `Dropbox-API-Result` header),
//! Dropbox's error body (`error_summary` + the `.tag` chain of `error`), paths, the concise
//! shape of a file or folder, and async jobs polled to completion.

use std::time::{Duration, Instant};

use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::reexports::http;
use mcp_shared::{
    Ctx, ErrorKind, Int, Method, Request, Response, ToolError, Upstream, VendorError,
};
use serde_json::{Map, Value, json};

/// The extra API of the content host (uploads, downloads, thumbnails).
pub const CONTENT: &str = "content";
pub const API_DEFAULT: &str = "https://api.dropboxapi.com/2";
pub const CONTENT_DEFAULT: &str = "https://content.dropboxapi.com/2";

/// The `.tag` of a Stone union or polymorphic struct.
pub fn tag(v: &Value) -> Option<&str> {
    v.get(".tag").and_then(Value::as_str)
}

/// The chain of tags of a nested Stone error: `{".tag":"path","path":{".tag":"not_found"}}`
/// is `path/not_found`.
pub fn tag_chain(v: &Value) -> String {
    let mut parts = Vec::new();
    let mut cur = v;
    for _ in 0..8 {
        let Some(t) = tag(cur) else { break };
        parts.push(t.to_owned());
        // A union member's value sits under its tag; a struct's fields are inline (then its
        // tagged field, such as `reason`, carries the chain on).
        let next = cur.get(t).filter(|n| n.is_object()).or_else(|| {
            cur.as_object().and_then(|o| {
                o.iter()
                    .find(|(k, n)| k.as_str() != ".tag" && tag(n).is_some())
                    .map(|(_, n)| n)
            })
        });
        match next {
            Some(n) => cur = n,
            None => break,
        }
    }
    parts.join("/")
}

/// What a Dropbox error tag means, where its name alone does not say what to do.
fn explain(chain: &str) -> Option<&'static str> {
    chain.split('/').find_map(meaning)
}

fn meaning(tag: &str) -> Option<&'static str> {
    Some(match tag {
        "not_found" => {
            "nothing exists at this path (paths start with / and are case-insensitive; check it with dropbox_list_folder)."
        }
        "not_file" => "the path names a folder, not a file.",
        "not_folder" => "the path names a file, not a folder.",
        "conflict" | "file" | "folder" | "file_ancestor" => {
            "something already exists at the destination: pick another path or set autorename."
        }
        "malformed_path" => {
            "the path is malformed: it must start with / (or be id:..., rev:..., ns:...)."
        }
        "restricted_content" => {
            "Dropbox restricts this content (e.g. copyright), so it cannot be used here."
        }
        "insufficient_space" | "insufficient_quota" => "the Dropbox account is out of space.",
        "no_write_permission" => "the token's account may not write there.",
        "disallowed_name" => "Dropbox does not allow this file name.",
        "too_many_write_operations" | "too_many_files" => {
            "Dropbox is busy with other writes to this namespace: retry in a few seconds."
        }
        "shared_link_already_exists" => {
            "a shared link exists already: read it with dropbox_get_shared_links."
        }
        "invalid_async_job_id" => {
            "the async_job_id is unknown or expired (jobs are kept for a limited time)."
        }
        "email_unverified" => "the account's email address must be verified first.",
        "access_denied" | "no_permission" | "insufficient_permissions" => {
            "the account has no permission for this item."
        }
        "unsupported_extension" | "unsupported_image" => {
            "Dropbox cannot make a thumbnail of this file type."
        }
        "locked" | "lock_conflict" => "the file is locked by someone else.",
        _ => return None,
    })
}

/// Reads Dropbox's error body: `error_summary` (`path/not_found/..`) and `error` (the tag
/// chain) as the code, `user_message.text` or the meaning of the tag as the message, and a hint
/// for token and scope errors.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let summary = body
        .get("error_summary")
        .and_then(Value::as_str)
        .map(|s| s.trim_end_matches(['.', '/']).to_owned())
        .filter(|s| !s.is_empty());
    let err = body.get("error").unwrap_or(&Value::Null);
    let chain = tag_chain(err);
    // The summary is the error's tag path as Dropbox writes it; the chain read from `error`
    // stands in when there is none.
    let code = summary.or_else(|| (!chain.is_empty()).then_some(chain));
    let user = body
        .pointer("/user_message/text")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let key = code.clone().unwrap_or_default();
    // Dropbox's own words for the user where it gives them; a plain-text-like `error` or
    // `message` otherwise (the chain itself is the code).
    let message = user.or_else(|| {
        body.get("error")
            .and_then(Value::as_str)
            .or_else(|| body.get("message").and_then(Value::as_str))
            .map(str::to_owned)
    });
    let scope = err.get("required_scope").and_then(Value::as_str);
    let hint = match key.split('/').next().unwrap_or("") {
        _ if scope.is_some() => Some(format!(
            "the token lacks the scope `{}`: enable it for the Dropbox app (Permissions tab) and authorize again.",
            scope.unwrap_or_default()
        )),
        "expired_access_token" => {
            Some("the access token has expired: refresh it and send the new one.".to_owned())
        }
        "invalid_access_token" | "invalid_select_user" | "invalid_select_admin" => Some(
            "the access token is invalid or was revoked: send a valid Dropbox OAuth access token as access_token.".to_owned(),
        ),
        "user_suspended" => Some("the Dropbox account is suspended.".to_owned()),
        // What the endpoint error means, where its tags say more than the status.
        _ => explain(&key).map(str::to_owned),
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429 || key.ends_with("too_many_write_operations"),
        missing_scopes: None,
    }
}

/// The content host's client: `DROPBOX_CONTENT_API_BASE_URL` when set; else, when
/// `DROPBOX_API_BASE_URL` moved the RPC host (a proxy, a test fake), the same base; else
/// `https://content.dropboxapi.com/2`.
fn content_api(ctx: &Ctx) -> Result<Upstream, ToolError> {
    let content = ctx.api(CONTENT)?;
    let own = content
        .base_url()
        .map(|u| u.as_str().trim_end_matches('/').to_owned());
    let main = ctx.upstream().base_url();
    let main_moved = main.is_some_and(|u| u.as_str().trim_end_matches('/') != API_DEFAULT);
    if own.as_deref() == Some(CONTENT_DEFAULT)
        && main_moved
        && let Some(m) = main
    {
        return Ok(content.for_base(Ok(m.clone())));
    }
    Ok(content.clone())
}

/// `Dropbox-API-Arg`: the arguments as JSON with every character outside printable ASCII
/// written as `\uXXXX` (UTF-16, surrogate pairs above U+FFFF), as HTTP headers require.
pub fn api_arg(arg: &Value) -> String {
    let json = arg.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if (c as u32) < 0x7f {
            out.push(c);
        } else {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

/// Dropbox's 409 `.../too_many_write_operations`: the write was not done, and Dropbox asks
/// for a retry (its `Retry-After` when it gives one, else half a second).
fn busy(resp: &Response) -> Option<Duration> {
    let summary = || {
        serde_json::from_slice::<Value>(&resp.body)
            .ok()
            .and_then(|v| v.get("error_summary")?.as_str().map(str::to_owned))
    };
    (resp.status.as_u16() == 409
        && summary().is_some_and(|s| s.contains("too_many_write_operations")))
    .then(|| resp.retry_after().unwrap_or(Duration::from_millis(500)))
}

/// An RPC request: `POST /<route>` with this JSON body (`null` for routes without arguments).
/// Reads say `idempotent` so that a gateway error is retried; writes are never retried once
/// they may have run.
pub fn rpc(ctx: &Ctx, route: &str, body: &Value, idempotent: bool) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(Method::POST, &format!("/{route}"))?
        .json(body)
        .idempotent(idempotent)
        .retry_when(busy))
}

/// An RPC call's JSON answer.
pub async fn call(
    ctx: &Ctx,
    route: &str,
    body: Value,
    idempotent: bool,
) -> Result<Value, ToolError> {
    rpc(ctx, route, &body, idempotent)?.send_json().await
}

/// A read RPC call (retried after gateway errors).
pub async fn read(ctx: &Ctx, route: &str, body: Value) -> Result<Value, ToolError> {
    call(ctx, route, body, true).await
}

/// A write RPC call (never retried once it may have run).
pub async fn write(ctx: &Ctx, route: &str, body: Value) -> Result<Value, ToolError> {
    call(ctx, route, body, false).await
}

/// A content request: `POST /<route>` on the content host with `Dropbox-API-Arg`.
pub fn content(
    ctx: &Ctx,
    route: &str,
    arg: &Value,
    idempotent: bool,
) -> Result<Request, ToolError> {
    let up = content_api(ctx)?;
    Ok(ctx
        .authorized_on(&up, Method::POST, &format!("/{route}"))?
        .header("Dropbox-API-Arg", &api_arg(arg))
        .idempotent(idempotent)
        .retry_when(busy))
}

/// A path argument as Dropbox takes it: trimmed; `id:`, `rev:` and `ns:` references as they
/// are; other paths with a leading `/`. Empty is refused.
pub fn path(p: &str, arg: &str) -> Result<String, ToolError> {
    let p = p.trim();
    if p.is_empty() || p == "/" {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must name a file or folder (e.g. /Documents/report.pdf or id:...)"
        )));
    }
    Ok(normalize(p))
}

/// A folder argument where the root is allowed: empty or `/` is the root (`""`).
pub fn folder(p: Option<&str>) -> String {
    match p.map(str::trim) {
        None | Some("") | Some("/") => String::new(),
        Some(p) => normalize(p),
    }
}

fn normalize(p: &str) -> String {
    if p.starts_with('/') || ["id:", "rev:", "ns:"].iter().any(|r| p.starts_with(r)) {
        p.trim_end_matches('/').to_owned()
    } else {
        format!("/{}", p.trim_end_matches('/'))
    }
}

/// A required text argument, trimmed.
pub fn text<'a>(s: &'a str, arg: &str) -> Result<&'a str, ToolError> {
    mcp_shared::non_empty(s, arg)
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A `limit` within the route's range, or its default.
pub fn limit(l: Option<Int>, default: u64, max: u64) -> Result<u64, ToolError> {
    match l.map(Int::get) {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and {max} (got {n})"
        ))),
    }
}

/// A member selector: an email address, or a Dropbox account id (`dbid:...`).
pub fn member(m: &str, arg: &str) -> Result<Value, ToolError> {
    let m = text(m, arg)?;
    Ok(if m.contains('@') {
        json!({".tag": "email", "email": m})
    } else {
        json!({".tag": "dropbox_id", "dropbox_id": m})
    })
}

/// A file or folder as an agent needs it: kind, name, paths, id, and for files size, rev and
/// times.
pub fn metadata(v: &Value) -> Value {
    let mut out = Map::new();
    if let Some(t) = tag(v) {
        out.insert("type".into(), json!(t));
    }
    for k in [
        "name",
        "path_display",
        "path_lower",
        "id",
        "size",
        "rev",
        "server_modified",
        "client_modified",
        "content_hash",
        "is_downloadable",
        "has_explicit_shared_members",
        "preview_url",
    ] {
        if let Some(x) = v.get(k).filter(|x| !x.is_null()) {
            out.insert(k.into(), x.clone());
        }
    }
    if let Some(id) = v
        .pointer("/sharing_info/shared_folder_id")
        .or_else(|| v.get("shared_folder_id"))
        .filter(|x| !x.is_null())
    {
        out.insert("shared_folder_id".into(), id.clone());
    }
    if let Some(lock) = v.get("file_lock_info").filter(|x| !x.is_null()) {
        out.insert("file_lock_info".into(), lock.clone());
    }
    if let Some(m) = v.get("media_info").filter(|x| !x.is_null()) {
        out.insert("media_info".into(), m.clone());
    }
    Value::Object(out)
}

/// The items of a list answer through `item`.
pub fn items(v: &Value, key: &str, item: fn(&Value) -> Value) -> Value {
    Value::Array(
        v.get(key)
            .and_then(Value::as_array)
            .map(|a| a.iter().map(item).collect())
            .unwrap_or_default(),
    )
}

/// A cursor page: items, `has_more` and `cursor` (for the `/continue` route).
pub fn page(v: &Value, key: &str, item: fn(&Value) -> Value) -> Value {
    let cursor = v.get("cursor").cloned().unwrap_or(Value::Null);
    let has_more = v
        .get("has_more")
        .and_then(Value::as_bool)
        .unwrap_or(!cursor.is_null());
    json!({
        key: items(v, key, item),
        "has_more": has_more,
        "cursor": if has_more { cursor } else { Value::Null },
    })
}

/// One entry of a batch result: `{".tag":"success", ...}` with the item's metadata, or the
/// failure's tag chain.
pub fn batch_entry(e: &Value) -> Value {
    match tag(e) {
        Some("success") => {
            let m = e.get("success").or_else(|| e.get("metadata")).unwrap_or(e);
            let mut out = json!({"status": "success", "metadata": metadata(m)});
            if let Some(lock) = e.get("lock").or_else(|| m.get("lock")) {
                out["lock"] = lock.clone();
            }
            out
        }
        Some(t) => json!({
            "status": t,
            "error": tag_chain(e.get(t).unwrap_or(&Value::Null)),
        }),
        None => metadata(e),
    }
}

/// How often an async job is asked about.
const EVERY: Duration = Duration::from_secs(1);

/// What a finished job is turned into.
pub type Finish = fn(&Value) -> Value;

/// An async job's launch answer (`{".tag":"async_job_id","async_job_id":...}` or
/// `{".tag":"complete",...}`): when launched, poll `check_route` until done (MCP progress on
/// the way) within what is left of the call's deadline (`MCP_UPSTREAM_TIMEOUT_SECS`); a job
/// still running then is answered with its id and the tool that checks it.
pub async fn finish_job(
    ctx: &Ctx,
    started: Instant,
    launched: Value,
    check_route: &str,
    check_tool: &str,
    done: Finish,
) -> Result<Value, ToolError> {
    let id = match tag(&launched) {
        Some("async_job_id") => launched
            .get("async_job_id")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| {
                ToolError::new(
                    ErrorKind::Upstream,
                    "Dropbox launched a job without an async_job_id",
                )
            })?,
        Some("complete") => return Ok(done(&launched)),
        _ => return job_status(&launched, None, done),
    };
    let budget = ctx.upstream().config().timeout;
    let left = budget.saturating_sub(started.elapsed());
    let outcome = poll::until_done(ctx, Poll::every(EVERY).at_most(left), |_| async {
        let s = read(ctx, check_route, json!({"async_job_id": id})).await?;
        Ok(match tag(&s) {
            Some("in_progress") => Step::Pending(Progress::status("in_progress")),
            _ => Step::Done(s),
        })
    })
    .await?;
    match outcome {
        Outcome::Done(s) => job_status(&s, Some(&id), done),
        Outcome::StillRunning { waited, .. } => Ok(json!({
            "status": "in_progress",
            "async_job_id": id,
            "note": format!(
                "still running after {} s: call {check_tool} with this async_job_id later",
                waited.as_secs()
            ),
        })),
    }
}

/// A job status answer: complete (through `done`), still in progress, or failed (an error
/// naming the failure's tag chain).
pub fn job_status(s: &Value, id: Option<&str>, done: Finish) -> Result<Value, ToolError> {
    match tag(s) {
        Some("complete") => {
            let mut out = done(s);
            if let (Some(o), Some(id)) = (out.as_object_mut(), id) {
                o.insert("async_job_id".into(), json!(id));
            }
            Ok(out)
        }
        Some("in_progress") => Ok(json!({"status": "in_progress", "async_job_id": id})),
        Some("failed") => {
            let why = tag_chain(s.get("failed").unwrap_or(&Value::Null));
            let why = if why.is_empty() {
                "no reason given".to_owned()
            } else {
                why
            };
            let meaning = explain(&why).map(|m| format!(" ({m})")).unwrap_or_default();
            Err(ToolError::new(
                ErrorKind::Upstream,
                format!("the Dropbox job failed: {why}{meaning}"),
            )
            .with_code(why))
        }
        other => Ok(json!({"status": other.unwrap_or("unknown"), "result": s})),
    }
}

/// The status answer of a job checked once by a check tool.
pub async fn check_once(
    ctx: &Ctx,
    route: &str,
    async_job_id: &str,
    done: Finish,
) -> Result<Value, ToolError> {
    let id = text(async_job_id, "async_job_id")?;
    let s = read(ctx, route, json!({"async_job_id": id})).await?;
    job_status(&s, Some(id), done)
}

/// A finished job with no result of its own.
pub fn complete(_: &Value) -> Value {
    json!({"status": "complete"})
}

/// A finished batch: each entry's outcome.
pub fn batch_done(v: &Value) -> Value {
    json!({"status": "complete", "entries": items(v, "entries", batch_entry)})
}
