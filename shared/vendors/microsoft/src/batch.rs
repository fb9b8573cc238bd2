//! JSON batching: several Graph requests in one `POST /$batch` (at most [`MAX_BATCH`] each;
//! more are split into several batches, in order), their answers by id.
//!
//! A request may depend on earlier ones (`dependsOn`): within one batch Graph runs it after
//! them; across batches it is sent after them, or answered 424 (Failed Dependency) without
//! being sent when one of them failed, as Graph itself does. Requests Graph throttled inside
//! a batch (429, or 503/504 for reads) are sent again in a later batch after their
//! `Retry-After`, within the server's retry policy (attempts and longest wait).
//!
//! ```ignore
//! let answers = batch(&ctx, vec![
//!     BatchRequest::get("me", "/me?$select=displayName"),
//!     BatchRequest::get("inbox", Query::new().top(5).on("/me/mailFolders/inbox/messages")),
//! ]).await?;
//! let me = answers.result("me")?;      // the body, or the error in Graph's words
//! ```

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

use http::{HeaderMap, HeaderName, HeaderValue};
use serde_json::{Map, Value, json};

use super::paging::check_cursor;
use mcp_shared::error::ToolError;
use mcp_shared::{Ctx, Method};

/// Most requests Graph takes in one batch.
pub const MAX_BATCH: usize = 20;

/// One request of a batch.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchRequest {
    /// Unique within the batch; the answer carries it.
    pub id: String,
    pub method: Method,
    /// Relative to the version (`/me/messages?$top=5`; [`super::Query::on`] builds it). A next
    /// link on the base URL is made relative; any other absolute URL is refused.
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Value>,
    /// Ids of earlier requests of the list this one runs after.
    pub depends_on: Vec<String>,
}

impl BatchRequest {
    pub fn new(id: impl Into<String>, method: Method, url: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            method,
            url: url.into(),
            headers: Vec::new(),
            body: None,
            depends_on: Vec::new(),
        }
    }

    /// A `GET`.
    pub fn get(id: impl Into<String>, url: impl Into<String>) -> Self {
        Self::new(id, Method::GET, url)
    }

    /// A header of this request (`Prefer`, `ConsistencyLevel`).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// A JSON body (sent with `Content-Type: application/json` unless a header says
    /// otherwise).
    pub fn body(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }

    /// Run after the request with this id (which must come earlier in the list).
    pub fn depends_on(mut self, id: impl Into<String>) -> Self {
        self.depends_on.push(id.into());
        self
    }

    fn retryable(&self, status: u16) -> bool {
        status == 429 || (matches!(status, 503 | 504) && self.method == Method::GET)
    }
}

/// Graph's answer to one request of a batch.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchResponse {
    pub id: String,
    pub status: u16,
    /// Header names in lower case.
    pub headers: BTreeMap<String, String>,
    /// The JSON body (a base64 string for binary content); `null` when there is none.
    pub body: Value,
}

impl BatchResponse {
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The body of a success; otherwise the error as a whole Graph response would give it
    /// (status, code, message with the request id, hint). `vendor` names the service in the
    /// message (the server's display name).
    pub fn result(&self, vendor: &str) -> Result<&Value, ToolError> {
        if self.is_success() {
            return Ok(&self.body);
        }
        let mut headers = HeaderMap::new();
        for (k, v) in &self.headers {
            if let (Ok(k), Ok(v)) = (
                HeaderName::from_bytes(k.as_bytes()),
                HeaderValue::from_str(v),
            ) {
                headers.insert(k, v);
            }
        }
        Err(super::error_for(vendor, self.status, &headers, &self.body))
    }

    /// How long Graph asks to wait (`Retry-After` seconds), if it says.
    fn retry_after(&self) -> Option<Duration> {
        self.headers
            .get("retry-after")
            .and_then(|v| mcp_shared::upstream::parse_retry_after(v, std::time::SystemTime::now()))
    }

    fn failed_dependency(id: &str, dep: &str) -> Self {
        Self {
            id: id.to_owned(),
            status: 424,
            headers: BTreeMap::new(),
            body: json!({"error": {"code": "FailedDependency", "message": format!("request `{dep}`, which this one depends on, failed")}}),
        }
    }
}

/// The answers of a batch, by request id, in the order the requests were given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BatchResponses {
    vendor: String,
    responses: Vec<BatchResponse>,
}

impl BatchResponses {
    pub fn get(&self, id: &str) -> Option<&BatchResponse> {
        self.responses.iter().find(|r| r.id == id)
    }

    /// The body of request `id` when it succeeded, else its error (see
    /// [`BatchResponse::result`]).
    pub fn result(&self, id: &str) -> Result<&Value, ToolError> {
        self.get(id)
            .ok_or_else(|| {
                ToolError::transport(format!("the batch has no request with id `{id}`"))
            })?
            .result(&self.vendor)
    }

    pub fn iter(&self) -> impl Iterator<Item = &BatchResponse> {
        self.responses.iter()
    }

    pub fn len(&self) -> usize {
        self.responses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.responses.is_empty()
    }

    pub fn into_vec(self) -> Vec<BatchResponse> {
        self.responses
    }
}

/// The request's `url` relative to the version, or why it cannot be sent.
fn relative_url(ctx: &Ctx, url: &str) -> Result<String, ToolError> {
    let url = url.trim();
    if url.starts_with("http://") || url.starts_with("https://") {
        let base = ctx.upstream().base_url().ok_or_else(|| {
            ToolError::transport("this server has no Microsoft Graph base URL configured")
        })?;
        let abs = check_cursor(base, url)?;
        let rest = abs
            .path()
            .strip_prefix(base.path().trim_end_matches('/'))
            .unwrap_or(abs.path())
            .to_owned();
        return Ok(match abs.query() {
            Some(q) => format!("{rest}?{q}"),
            None => rest,
        });
    }
    if url.is_empty() {
        return Err(ToolError::invalid_input("a batch request needs a url"));
    }
    Ok(if url.starts_with('/') {
        url.to_owned()
    } else {
        format!("/{url}")
    })
}

fn check(requests: &[BatchRequest]) -> Result<(), ToolError> {
    let mut seen = HashSet::new();
    for r in requests {
        if r.id.trim().is_empty() {
            return Err(ToolError::invalid_input(
                "every batch request needs a non-empty id",
            ));
        }
        for d in &r.depends_on {
            if !seen.contains(d.as_str()) {
                return Err(ToolError::invalid_input(format!(
                    "batch request `{}` depends on `{d}`, which is not an earlier request of the batch",
                    r.id
                )));
            }
        }
        if !seen.insert(r.id.as_str()) {
            return Err(ToolError::invalid_input(format!(
                "two batch requests have the id `{}`",
                r.id
            )));
        }
    }
    Ok(())
}

/// Send `requests` as JSON batches of at most [`MAX_BATCH`], in order, and return every
/// answer by id. A batch of reads only is retried like a GET; one with writes is not
/// retried after it may have run. Throttled requests inside a batch are sent again (see the
/// module's documentation).
pub async fn batch(ctx: &Ctx, requests: Vec<BatchRequest>) -> Result<BatchResponses, ToolError> {
    check(&requests)?;
    let cfg = ctx.upstream().config();
    let vendor = cfg.vendor.to_owned();
    let policy = cfg.retry.clone();
    let deadline = Instant::now() + cfg.timeout;
    let mut urls = HashMap::new();
    for r in &requests {
        urls.insert(r.id.clone(), relative_url(ctx, &r.url)?);
    }
    let mut done: HashMap<String, BatchResponse> = HashMap::new();
    let mut pending: Vec<&BatchRequest> = requests.iter().collect();
    let mut round = 0usize;
    while !pending.is_empty() {
        round += 1;
        for chunk in pending.chunks(MAX_BATCH) {
            let in_chunk: HashSet<&str> = chunk.iter().map(|r| r.id.as_str()).collect();
            let mut body = Vec::new();
            for r in chunk {
                let mut deps = Vec::new();
                let mut failed = None;
                for d in &r.depends_on {
                    if in_chunk.contains(d.as_str()) {
                        deps.push(d.clone());
                    } else if let Some(prev) = done.get(d)
                        && !prev.is_success()
                    {
                        failed = Some(d.clone());
                    }
                }
                if let Some(d) = failed {
                    done.insert(r.id.clone(), BatchResponse::failed_dependency(&r.id, &d));
                    continue;
                }
                let mut o = Map::new();
                o.insert("id".into(), json!(r.id));
                o.insert("method".into(), json!(r.method.as_str()));
                o.insert("url".into(), json!(urls.get(&r.id)));
                let mut headers = Map::new();
                for (k, v) in &r.headers {
                    headers.insert(k.clone(), json!(v));
                }
                if let Some(b) = &r.body {
                    if !r
                        .headers
                        .iter()
                        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
                    {
                        headers.insert("Content-Type".into(), json!("application/json"));
                    }
                    o.insert("body".into(), b.clone());
                }
                if !headers.is_empty() {
                    o.insert("headers".into(), Value::Object(headers));
                }
                if !deps.is_empty() {
                    o.insert("dependsOn".into(), json!(deps));
                }
                body.push(Value::Object(o));
            }
            if body.is_empty() {
                continue;
            }
            let reads_only = chunk.iter().all(|r| r.method == Method::GET);
            let answer: Value = ctx
                .authorized(Method::POST, "/$batch")?
                .json(&json!({ "requests": body }))
                .idempotent(reads_only)
                .send_json()
                .await?;
            for r in answer
                .get("responses")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let Some(id) = r.get("id").and_then(Value::as_str) else {
                    continue;
                };
                let headers = r
                    .get("headers")
                    .and_then(Value::as_object)
                    .map(|h| {
                        h.iter()
                            .map(|(k, v)| {
                                let v = match v {
                                    Value::String(s) => s.clone(),
                                    other => other.to_string(),
                                };
                                (k.to_ascii_lowercase(), v)
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let status = r
                    .get("status")
                    .and_then(Value::as_u64)
                    .and_then(|s| u16::try_from(s).ok())
                    .unwrap_or(0);
                done.insert(
                    id.to_owned(),
                    BatchResponse {
                        id: id.to_owned(),
                        status,
                        headers,
                        body: r.get("body").cloned().unwrap_or(Value::Null),
                    },
                );
            }
            if let Some(missing) = chunk.iter().find(|r| !done.contains_key(&r.id)) {
                return Err(ToolError::transport(format!(
                    "{vendor} answered a batch without an answer to request `{}`",
                    missing.id
                ))
                .with_hint("retry later."));
            }
        }
        // Throttled requests, and those Graph failed because one of them was, go again.
        let mut again: Vec<&BatchRequest> = Vec::new();
        let mut wait = policy.min_delay;
        for r in &pending {
            let Some(resp) = done.get(&r.id) else {
                continue;
            };
            let retry = r.retryable(resp.status)
                || (resp.status == 424
                    && r.depends_on
                        .iter()
                        .any(|d| again.iter().any(|a| &a.id == d)));
            if retry {
                if let Some(w) = resp.retry_after() {
                    wait = wait.max(w);
                }
                again.push(r);
            }
        }
        if again.is_empty()
            || round >= policy.max_attempts
            || wait > policy.max_wait
            || Instant::now() + wait >= deadline
        {
            break;
        }
        tracing::info!(vendor = %vendor, requests = again.len(), wait_ms = wait.as_millis() as u64, "retrying throttled batch requests");
        tokio::time::sleep(wait).await;
        pending = again;
    }
    let responses = requests.iter().filter_map(|r| done.remove(&r.id)).collect();
    Ok(BatchResponses { vendor, responses })
}
