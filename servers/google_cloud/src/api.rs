//! What every tool shares: the project of the call, requests to each Google Cloud API under
//! its discovery document's service path, listings read page by page, jobs and operations
//! waited for, and small readers of Google's resources.

use mcp_shared::pagination::{Pages, Stop};
use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use serde_json::Value;

/// The project of this call: the credentials' `project_id` (or their service-account key's),
/// else `--project-id` / `GOOGLE_CLOUD_PROJECT`, else `PROJECT_ID`.
pub fn project(ctx: &Ctx) -> Result<String, ToolError> {
    let from_creds = ctx.credentials().and_then(|c| {
        c.field("project_id")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .or_else(|| {
                let k = c.field("service_account_key")?;
                let k: Value = match k {
                    Value::String(s) => serde_json::from_str(s).ok()?,
                    other => other.clone(),
                };
                k.get("project_id")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
    });
    let env = || {
        std::env::var("PROJECT_ID")
            .ok()
            .filter(|s| !s.trim().is_empty())
    };
    let p = from_creds
        .filter(|s| !s.trim().is_empty())
        .or_else(|| ctx.option(crate::PROJECT_OPTION.name).map(str::to_owned))
        .or_else(env)
        .ok_or_else(|| {
            ToolError::invalid_input(
                "No Google Cloud project for this call: send `project_id` in the credentials (x-auth-data), or set --project-id / GOOGLE_CLOUD_PROJECT / PROJECT_ID on the server. No request was made.",
            )
        })?;
    let p = p.trim();
    if !p
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':' | '_'))
    {
        return Err(ToolError::invalid_input(format!(
            "project_id `{p}` is not a Google Cloud project id (letters, digits, -, . and :)."
        )));
    }
    Ok(p.to_owned())
}

/// An argument that names a Google resource (a dataset, bucket, zone...): trimmed, not
/// empty, one path segment.
pub fn name(v: &str, arg: &str) -> Result<String, ToolError> {
    let v = v.trim();
    if v.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not be empty"
        )));
    }
    if v.contains('/') || v.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {v:?} is not a name: no `/` or control characters"
        )));
    }
    Ok(v.to_owned())
}

/// An object name (may hold `/`): not empty, no control characters but tab.
pub fn object_name(v: &str, arg: &str) -> Result<String, ToolError> {
    if v.is_empty() || v.chars().any(|c| c.is_control() && c != '\t') {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must be a non-empty object name without control characters"
        )));
    }
    Ok(v.to_owned())
}

/// A request to BigQuery: `/bigquery/v2/projects/{project}/{rest}`.
pub fn bq(ctx: &Ctx, method: Method, project: &str, rest: &str) -> Result<Request, ToolError> {
    ctx.authorized(
        method,
        &format!("/bigquery/v2/projects/{}/{rest}", seg(project)),
    )
}

/// A request to Cloud Storage's JSON API: `/storage/v1/{rest}`.
pub fn gcs(ctx: &Ctx, method: Method, rest: &str) -> Result<Request, ToolError> {
    ctx.api_authorized("storage", method, &format!("/storage/v1/{rest}"))
}

/// `b/{bucket}/o/{object}` with both encoded as one segment each (`/` in names as `%2F`).
pub fn object_path(bucket: &str, object: &str) -> String {
    format!("b/{}/o/{}", seg(bucket), seg(object))
}

/// A request to Cloud Logging: `/v2/{rest}`.
pub fn logging(ctx: &Ctx, method: Method, rest: &str) -> Result<Request, ToolError> {
    ctx.api_authorized("logging", method, &format!("/v2/{rest}"))
}

/// A request to Compute Engine: `/compute/v1/projects/{project}/{rest}`.
pub fn compute(ctx: &Ctx, method: Method, project: &str, rest: &str) -> Result<Request, ToolError> {
    ctx.api_authorized(
        "compute",
        method,
        &format!("/compute/v1/projects/{}/{rest}", seg(project)),
    )
}

/// A string field, or `""`.
pub fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or_default()
}

/// A string or number field as text (Google sends 64-bit integers as strings), or `""`.
pub fn num(v: &Value, k: &str) -> String {
    match v.get(k) {
        Some(Value::String(x)) => x.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The last path segment of a URL or resource name (`zones/us-central1-a` -> `us-central1-a`).
pub fn last_segment(v: &str) -> &str {
    v.rsplit('/').next().unwrap_or(v)
}

/// At most this many pages are read by one listing tool.
pub const MAX_PAGES: usize = 20;

/// Read a listing page by page, at most [`MAX_PAGES`]: `page(state, token)` is the request of
/// one page (`token`: the `pageToken` to send, none for the first page), and `take(state,
/// answer)` keeps what it needs of each answer and says whether to read on. Stops on a
/// `nextPageToken` Google already gave (it would loop forever) and at the cap; the returned
/// guard says whether and why the listing was cut short ([`Pages::stopped`]).
pub async fn each_page<S>(
    state: &mut S,
    page: impl Fn(&S, Option<&str>) -> Result<Request, ToolError>,
    mut take: impl FnMut(&mut S, &Value) -> bool,
) -> Result<Pages, ToolError> {
    let mut pages = Pages::with_cap(MAX_PAGES);
    let mut token: Option<String> = None;
    loop {
        let v: Value = page(state, token.as_deref())?.send_json().await?;
        if !take(state, &v) {
            break;
        }
        token = pages.next(v.get("nextPageToken").and_then(Value::as_str));
        if token.is_none() {
            break;
        }
    }
    Ok(pages)
}

/// The items of a listing's pages (the array under `key` of each answer; see [`each_page`]),
/// and the guard that says whether the listing was cut short.
pub async fn all_items(
    page: impl Fn(Option<&str>) -> Result<Request, ToolError>,
    key: &str,
) -> Result<(Vec<Value>, Pages), ToolError> {
    let mut all = Vec::new();
    let pages = each_page(
        &mut all,
        |_, token| page(token),
        |all, v| {
            all.extend(
                v.get(key)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .cloned(),
            );
            true
        },
    )
    .await?;
    Ok((all, pages))
}

/// A line for a listing's text when Google repeated a page token (so the rest could not be
/// read), or `""`.
pub fn repeated_note(pages: &Pages) -> String {
    match pages.stopped() {
        Some(Stop::RepeatedCursor) => pages.note().map(|n| format!("\n({n})")).unwrap_or_default(),
        _ => String::new(),
    }
}

/// Send `request` until `step` finds the job or operation in its answer done, as `poll`
/// says (how often, for how long at most, reporting progress meanwhile).
pub async fn wait_done(
    ctx: &Ctx,
    poll: Poll,
    request: impl Fn() -> Result<Request, ToolError>,
    step: impl Fn(Value) -> Result<Step<Value>, ToolError>,
) -> Result<Outcome<Value>, ToolError> {
    poll::until_done(ctx, poll, |_| {
        let (request, step) = (&request, &step);
        async move { step(request()?.send_json().await?) }
    })
    .await
}

/// A poll step from a Google resource whose `state` (the text at that JSON pointer) is DONE
/// once it has finished: done, or pending as `"{what} {state}"`; an answer without a state
/// is the error `missing` makes.
pub fn done_at(
    v: Value,
    state: &str,
    what: &str,
    missing: impl FnOnce() -> ToolError,
) -> Result<Step<Value>, ToolError> {
    match v.pointer(state).and_then(Value::as_str) {
        Some("DONE") => Ok(Step::Done(v)),
        Some(st) => Ok(Step::Pending(Progress::status(format!("{what} {st}")))),
        None => Err(missing()),
    }
}

/// A fresh job id (BigQuery job ids: letters, digits, `_` and `-`).
pub fn job_id(prefix: &str) -> String {
    format!("{prefix}_{}", uuid::Uuid::new_v4().simple())
}

/// Text of at most `max` characters, cut at a character boundary, with a note when cut.
pub fn capped(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max).collect();
    format!("{cut}\n... (output truncated at {max} characters)")
}

/// A MIME type from a file name's extension.
pub fn mime_of(path: &str) -> &'static str {
    let ext = path
        .rsplit('.')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    match ext.as_str() {
        "csv" => "text/csv",
        "txt" | "log" => "text/plain",
        "json" => "application/json",
        "jsonl" | "ndjson" => "application/x-ndjson",
        "html" | "htm" => "text/html",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "zip" => "application/zip",
        "gz" => "application/gzip",
        "parquet" => "application/vnd.apache.parquet",
        "avro" => "application/avro",
        _ => "application/octet-stream",
    }
}

/// An optional argument trimmed; blank is the same as absent.
pub fn given(v: Option<&str>) -> Option<&str> {
    v.map(str::trim).filter(|v| !v.is_empty())
}

/// Whether `value` passes the operator's allow-list `option` (a comma list; unset: all).
pub fn is_allowed(ctx: &Ctx, option: &str, value: &str) -> bool {
    match given(ctx.option(option)) {
        None => true,
        Some(list) => list.split(',').map(str::trim).any(|x| x == value),
    }
}

/// Refuse `value` (a `what`: bucket, dataset...) outside the allow-list `option`.
pub fn check_allowed(ctx: &Ctx, option: &str, value: &str, what: &str) -> Result<(), ToolError> {
    if is_allowed(ctx, option, value) {
        return Ok(());
    }
    Err(ToolError::invalid_input(format!(
        "Access denied: {what} `{value}` is not in the allowed {what}s list of this server (--{option}). No request was made."
    )))
}

/// The allow-list options' names.
pub const BUCKETS: &str = "allowed-buckets";
pub const DATASETS: &str = "allowed-datasets";
pub const LOG_BUCKETS: &str = "allowed-log-buckets";
pub const INSTANCES: &str = "allowed-instances";
