//! The client every server calls its vendor with: one pooled reqwest client per process,
//! base-URL override, timeouts, retries with backoff and jitter that honour `Retry-After` and
//! rate-limit reset headers, a response-size cap, and vendor errors mapped to [`ToolError`]s.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use backon::BackoffBuilder as _;
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use crate::error::{ErrorKind, ToolError, status_hint};
use crate::secret::Secret;
use crate::vendor_auth::Auth;

/// The vendor's own reading of an error body.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct VendorError {
    pub code: Option<String>,
    pub message: Option<String>,
    /// A hint more precise than the status's (e.g. the missing scope).
    pub hint: Option<String>,
    /// The body says this is a rate limit (e.g. Google's 403 `rateLimitExceeded`): retried
    /// like a 429.
    pub rate_limited: bool,
}

/// Reads a vendor's JSON error body.
pub type ErrorParser = fn(status: u16, headers: &HeaderMap, body: &Value) -> VendorError;

/// The default reading of a JSON error body: the usual `message`/`error`/`code` fields.
pub fn default_error_parser(_status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let str_at = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    let nested = body.get("error").filter(|e| e.is_object());
    let message = str_at(body, "message")
        .or_else(|| nested.and_then(|e| str_at(e, "message")))
        .or_else(|| str_at(body, "error_description"))
        .or_else(|| str_at(body, "error"))
        .or_else(|| str_at(body, "detail"));
    let code = str_at(body, "code")
        .or_else(|| nested.and_then(|e| str_at(e, "status").or_else(|| str_at(e, "code"))))
        .or_else(|| body.get("error").and_then(Value::as_str).map(str::to_owned))
        .filter(|c| Some(c) != message.as_ref());
    VendorError {
        code,
        message,
        ..VendorError::default()
    }
}

/// Retry policy. Defaults: 3 attempts, backoff 500 ms..8 s with jitter, and a rate-limit
/// wait of at most 30 s per attempt (longer waits are reported instead of slept through).
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    pub max_attempts: usize,
    pub min_delay: Duration,
    pub max_delay: Duration,
    pub max_wait: Duration,
    pub jitter: bool,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 3,
            min_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            max_wait: Duration::from_secs(30),
            jitter: true,
        }
    }
}

/// Settings of the upstream client.
#[derive(Debug, Clone)]
pub struct UpstreamConfig {
    /// The vendor API's base URL; `None` for a server that calls no HTTP API (a database
    /// connector) or whose base is derived per tenant ([`Upstream::for_base`]).
    pub base_url: Option<Url>,
    pub vendor: &'static str,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    pub retry: RetryPolicy,
    pub max_body_bytes: usize,
    pub error_parser: ErrorParser,
    /// Headers sent with every request (e.g. an API version header).
    pub default_headers: Vec<(&'static str, &'static str)>,
    /// How this API takes the caller's credentials ([`Ctx::authorized`](crate::Ctx::authorized)).
    pub auth: Auth,
}

impl UpstreamConfig {
    pub fn new(base_url: Url, vendor: &'static str) -> Self {
        Self::with_base(Some(base_url), vendor)
    }

    /// Settings for `vendor` with an optional base URL (none: a connector, or a tenant base
    /// set per call).
    pub fn with_base(base_url: Option<Url>, vendor: &'static str) -> Self {
        Self {
            base_url,
            vendor,
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(10),
            retry: RetryPolicy::default(),
            max_body_bytes: 20 * 1024 * 1024,
            error_parser: default_error_parser,
            default_headers: Vec::new(),
            auth: Auth::BEARER,
        }
    }
}

struct Inner {
    client: reqwest::Client,
    /// The same client without following redirects, built on first use (see
    /// [`Request::no_redirect`]).
    no_redirect: Arc<std::sync::OnceLock<reqwest::Client>>,
    cfg: UpstreamConfig,
    /// Why this client has no base URL, when it has none (a refused tenant host, a missing
    /// tenant field): every request made with it fails with this error, before sending.
    base_error: Option<ToolError>,
}

/// The shared upstream client. Clone it freely: clones share one connection pool.
#[derive(Clone)]
pub struct Upstream {
    inner: Arc<Inner>,
}

/// The settings every client of a server shares (redirect policy aside).
fn client_builder(cfg: &UpstreamConfig) -> reqwest::ClientBuilder {
    let mut headers = HeaderMap::new();
    for (k, v) in &cfg.default_headers {
        headers.insert(HeaderName::from_static(k), HeaderValue::from_static(v));
    }
    reqwest::Client::builder()
        .user_agent(concat!("mcp-servers-rs/", env!("CARGO_PKG_VERSION")))
        .default_headers(headers)
        .timeout(cfg.timeout)
        .connect_timeout(cfg.connect_timeout)
        .pool_idle_timeout(Duration::from_secs(90))
}

/// Install the process's rustls crypto provider (ring). Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

impl Upstream {
    pub fn new(cfg: UpstreamConfig) -> Result<Self, String> {
        install_crypto_provider();
        let client = client_builder(&cfg)
            .redirect(reqwest::redirect::Policy::limited(5))
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                no_redirect: Arc::default(),
                cfg,
                base_error: None,
            }),
        })
    }

    /// The client for [`Request::no_redirect`] requests.
    fn no_redirect_client(&self) -> &reqwest::Client {
        self.inner.no_redirect.get_or_init(|| {
            client_builder(&self.inner.cfg)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                // The same settings built the main client; should this ever fail, a
                // redirect is followed rather than the call failing.
                .unwrap_or_else(|_| self.inner.client.clone())
        })
    }

    /// Another API (another base URL and vendor name) on this client's connection pool.
    pub fn sibling(&self, cfg: UpstreamConfig) -> Self {
        Self {
            inner: Arc::new(Inner {
                client: self.inner.client.clone(),
                no_redirect: self.inner.no_redirect.clone(),
                cfg,
                base_error: None,
            }),
        }
    }

    /// This client with another base URL (one tenant's host), or with none and the reason,
    /// which every request made with it then fails with before anything is sent.
    pub fn for_base(&self, base: Result<Url, ToolError>) -> Self {
        let mut cfg = self.inner.cfg.clone();
        let base_error = match base {
            Ok(url) => {
                cfg.base_url = Some(url);
                None
            }
            Err(e) => {
                cfg.base_url = None;
                Some(e)
            }
        };
        Self {
            inner: Arc::new(Inner {
                client: self.inner.client.clone(),
                no_redirect: self.inner.no_redirect.clone(),
                cfg,
                base_error,
            }),
        }
    }

    pub fn config(&self) -> &UpstreamConfig {
        &self.inner.cfg
    }

    /// The base URL requests are relative to (`None` for a server without an HTTP API).
    pub fn base_url(&self) -> Option<&Url> {
        self.inner.cfg.base_url.as_ref()
    }

    /// A request to `path` relative to the base URL (`/repos/a/b` or `repos/a/b`). An absolute
    /// URL is accepted only on the base URL's origin (e.g. a `Link: rel="next"` URL), so
    /// credentials never go to another host.
    pub fn request(&self, method: Method, path: &str) -> Request {
        let url = self.resolve(path);
        Request {
            up: self.clone(),
            method,
            url,
            headers: HeaderMap::new(),
            body: None,
            idempotent: None,
            follow_redirects: true,
            external: false,
            retry_when: None,
        }
    }

    /// A request to an absolute URL on another origin that needs no credentials, such as a
    /// pre-signed upload URL the vendor handed out. Credentials cannot be added to it.
    pub fn external(&self, method: Method, url: &str) -> Request {
        let url = Url::parse(url)
            .map_err(|e| ToolError::transport(format!("the vendor gave an invalid URL ({e})")))
            .and_then(|u| {
                if matches!(u.scheme(), "http" | "https") {
                    Ok(u)
                } else {
                    Err(ToolError::transport(format!(
                        "the vendor gave a non-HTTP URL: {u}"
                    )))
                }
            });
        Request {
            up: self.clone(),
            method,
            url,
            headers: HeaderMap::new(),
            body: None,
            idempotent: None,
            follow_redirects: true,
            external: true,
            retry_when: None,
        }
    }

    fn resolve(&self, path: &str) -> Result<Url, ToolError> {
        if let Some(e) = &self.inner.base_error {
            return Err(e.clone());
        }
        let base = self.inner.cfg.base_url.as_ref().ok_or_else(|| {
            ToolError::transport(format!(
                "this server calls no HTTP API of {}; the tool cannot make a request",
                self.inner.cfg.vendor
            ))
        })?;
        if path.starts_with("http://") || path.starts_with("https://") {
            let url = Url::parse(path)
                .map_err(|e| ToolError::invalid_input(format!("invalid URL {path}: {e}")))?;
            if url.origin() != base.origin() {
                return Err(ToolError::invalid_input(format!(
                    "refusing to send credentials to {}, which is not the configured API origin",
                    url.origin().ascii_serialization()
                )));
            }
            return Ok(url);
        }
        let route = path.split('?').next().unwrap_or(path);
        if route.split('/').any(is_dot_segment) {
            // `/repos/../user` would be normalised into another endpoint than the tool meant.
            return Err(ToolError::invalid_input(format!(
                "`.` and `..` are not valid names in a request path ({route})"
            )));
        }
        let mut url = base.clone();
        let joined = format!(
            "{}/{}",
            base.path().trim_end_matches('/'),
            path.trim_start_matches('/')
        );
        let (p, q) = match joined.split_once('?') {
            Some((p, q)) => (p.to_owned(), Some(q.to_owned())),
            None => (joined, None),
        };
        url.set_path(&p);
        url.set_query(q.as_deref());
        Ok(url)
    }
}

#[derive(Clone)]
enum Body {
    Json(Value),
    Form(Vec<(String, String)>),
    Bytes(Vec<u8>, String),
}

/// Reads a response the status alone would not retry (a GraphQL 200 whose `errors[]` say
/// "throttled"): `Some(wait)` when the vendor did not process the request and asks to wait.
/// Such a response is retried whatever the method, within the same attempts and deadline.
pub type RetryWhen = fn(&Response) -> Option<Duration>;

/// One upstream request being built. Nothing is sent until [`Request::send`].
#[derive(Clone)]
pub struct Request {
    up: Upstream,
    method: Method,
    url: Result<Url, ToolError>,
    headers: HeaderMap,
    body: Option<Body>,
    idempotent: Option<bool>,
    follow_redirects: bool,
    /// Built by [`Upstream::external`]: never carries credentials.
    external: bool,
    retry_when: Option<RetryWhen>,
}

/// Percent-encode one path segment (owner, repo, file path pieces...).
pub fn seg(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, SEGMENT).to_string()
}

/// One path segment for an id argument, encoded; a clear error naming the argument when it is
/// empty (an empty id would silently address the collection instead of the item).
pub fn seg_id(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(seg(id))
}

/// A slash-separated path argument (a file path, a branch name with `/`) encoded segment by
/// segment, keeping the `/` between them. Leading and trailing slashes are dropped; empty,
/// `.` and `..` segments are refused. `what` names the argument in the error.
pub fn seg_path(p: &str, what: &str) -> Result<String, ToolError> {
    let p = p.trim_matches('/');
    let mut out = Vec::new();
    for s in p.split('/').filter(|_| !p.is_empty()) {
        if s.is_empty() || is_dot_segment(s) {
            return Err(ToolError::invalid_input(format!(
                "invalid {what} `{p}`: empty, `.` and `..` path segments are not allowed"
            )));
        }
        out.push(seg(s));
    }
    Ok(out.join("/"))
}

fn is_dot_segment(s: &str) -> bool {
    let s = s.to_ascii_lowercase().replace("%2e", ".");
    s == "." || s == ".."
}

const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

impl Request {
    /// `Authorization: Bearer <token>`.
    pub fn bearer(self, token: &Secret) -> Self {
        let v = format!("Bearer {}", token.expose());
        self.sensitive_header(http::header::AUTHORIZATION, &v)
    }

    /// `Authorization: Basic base64(user:password)`.
    pub fn basic(self, user: &str, password: &str) -> Self {
        use base64::Engine as _;
        let v = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
        );
        self.sensitive_header(http::header::AUTHORIZATION, &v)
    }

    /// A query parameter whose value is a secret (an API key the vendor takes in the URL).
    /// Only the path of a URL is ever logged, and error messages never carry the URL.
    pub fn secret_query(mut self, key: &str, value: &Secret) -> Self {
        if self.refuse_credentials() {
            return self;
        }
        if let Ok(url) = &mut self.url {
            url.query_pairs_mut().append_pair(key, value.expose());
        }
        self
    }

    /// Requests built by [`Upstream::external`] never carry credentials: mark the request
    /// failed instead.
    fn refuse_credentials(&mut self) -> bool {
        if self.external {
            self.url = Err(ToolError::transport(
                "refusing to send credentials to a URL outside the configured API",
            ));
        }
        self.external
    }

    /// Also retry a response that [`RetryWhen`] reads as "not processed, wait" (GraphQL
    /// throttling inside a 200).
    pub fn retry_when(mut self, f: RetryWhen) -> Self {
        self.retry_when = Some(f);
        self
    }

    /// A header whose value is a secret (marked sensitive, never logged).
    pub fn sensitive_header(mut self, name: HeaderName, value: &str) -> Self {
        if self.refuse_credentials() {
            return self;
        }
        match HeaderValue::from_str(value) {
            Ok(mut v) => {
                v.set_sensitive(true);
                self.headers.insert(name, v);
            }
            Err(_) => {
                self.url = Err(ToolError::invalid_input(
                    "the credential contains characters that cannot be sent in an HTTP header",
                ));
            }
        }
        self
    }

    pub fn header(mut self, name: &'static str, value: &str) -> Self {
        match HeaderValue::from_str(value) {
            Ok(v) => {
                self.headers.insert(HeaderName::from_static(name), v);
            }
            Err(_) => {
                self.url = Err(ToolError::invalid_input(format!(
                    "the value for header {name} contains characters that cannot be sent"
                )));
            }
        }
        self
    }

    /// Add a query parameter.
    pub fn query(mut self, key: &str, value: impl ToString) -> Self {
        if let Ok(url) = &mut self.url {
            url.query_pairs_mut().append_pair(key, &value.to_string());
        }
        self
    }

    /// Add a query parameter when it has a value.
    pub fn query_opt<T: ToString>(self, key: &str, value: Option<T>) -> Self {
        match value {
            Some(v) => self.query(key, v),
            None => self,
        }
    }

    pub fn json<T: Serialize + ?Sized>(mut self, body: &T) -> Self {
        match serde_json::to_value(body) {
            Ok(v) => self.body = Some(Body::Json(v)),
            Err(e) => {
                self.url = Err(ToolError::invalid_input(format!(
                    "cannot encode the request body: {e}"
                )))
            }
        }
        self
    }

    pub fn form(mut self, pairs: Vec<(String, String)>) -> Self {
        self.body = Some(Body::Form(pairs));
        self
    }

    pub fn bytes(mut self, data: Vec<u8>, content_type: &str) -> Self {
        self.body = Some(Body::Bytes(data, content_type.to_owned()));
        self
    }

    /// Override whether the request may be retried after it may have reached the vendor
    /// (default: by method; GET, HEAD, PUT, DELETE, OPTIONS are idempotent).
    /// Do not follow redirects: a 3xx is the response (read its target with
    /// [`Response::location`]). For endpoints that answer with a pre-signed URL to hand out
    /// rather than download (archives, logs).
    pub fn no_redirect(mut self) -> Self {
        self.follow_redirects = false;
        self
    }

    pub fn idempotent(mut self, yes: bool) -> Self {
        self.idempotent = Some(yes);
        self
    }

    /// Send and decode a JSON success body.
    pub async fn send_json<T: DeserializeOwned>(self) -> Result<T, ToolError> {
        self.send().await?.json()
    }

    /// Send with retries; a non-success status becomes a [`ToolError`].
    pub async fn send(self) -> Result<Response, ToolError> {
        let resp = self.send_raw().await?;
        if resp.status.is_success() {
            return Ok(resp);
        }
        Err(resp.error())
    }

    /// Send with retries and return the final response whatever its status.
    ///
    /// The whole call, retries and waits included, ends by the client's timeout
    /// (`MCP_UPSTREAM_TIMEOUT_SECS`): each attempt gets what is left of it, and a wait that
    /// would end after it is not started.
    pub async fn send_raw(self) -> Result<Response, ToolError> {
        let Request {
            up,
            method,
            url,
            headers,
            body,
            idempotent,
            external: _,
            follow_redirects,
            retry_when,
        } = self;
        let url = url?;
        let cfg = &up.inner.cfg;
        let idempotent = idempotent.unwrap_or(matches!(
            method,
            Method::GET | Method::HEAD | Method::PUT | Method::DELETE | Method::OPTIONS
        ));
        let mut backoff = {
            let b = backon::ExponentialBuilder::default()
                .with_min_delay(cfg.retry.min_delay)
                .with_max_delay(cfg.retry.max_delay)
                .with_max_times(cfg.retry.max_attempts.saturating_sub(1));
            if cfg.retry.jitter { b.with_jitter() } else { b }
        }
        .build();
        let deadline = Instant::now() + cfg.timeout;
        let mut attempt = 0usize;
        loop {
            attempt += 1;
            let remaining = deadline.saturating_duration_since(Instant::now());
            let client = if follow_redirects {
                &up.inner.client
            } else {
                up.no_redirect_client()
            };
            let mut rb = client
                .request(method.clone(), url.clone())
                .headers(headers.clone())
                .timeout(remaining.max(Duration::from_millis(1)));
            rb = match &body {
                Some(Body::Json(v)) => rb.json(v),
                Some(Body::Form(pairs)) => rb.form(pairs),
                Some(Body::Bytes(b, ct)) => rb
                    .header(http::header::CONTENT_TYPE, ct.as_str())
                    .body(b.clone()),
                // Some front ends (Google's) answer 411 to a bodiless POST/PUT/PATCH without
                // `Content-Length: 0`, and hyper sends none for an empty body.
                None if matches!(method, Method::POST | Method::PUT | Method::PATCH) => {
                    rb.header(http::header::CONTENT_LENGTH, "0")
                }
                None => rb,
            };
            let started = Instant::now();
            let result = match rb.send().await {
                Ok(resp) => read_capped(resp, cfg).await,
                Err(e) => Err(e.into()),
            };
            let last = attempt >= cfg.retry.max_attempts;
            match result {
                Ok(resp) => {
                    tracing::debug!(
                        vendor = cfg.vendor,
                        method = %method,
                        path = url.path(),
                        status = resp.status.as_u16(),
                        attempt,
                        elapsed_ms = started.elapsed().as_millis() as u64,
                        "upstream call"
                    );
                    let by_status = match resp.status.as_u16() {
                        429 => true,
                        403 => resp.rate_limit_exhausted() || resp.parsed_error().rate_limited,
                        500 | 502..=504 => idempotent,
                        _ => false,
                    };
                    // A vendor-specific "not processed, wait" (GraphQL throttling).
                    let asked = if by_status {
                        None
                    } else {
                        retry_when.and_then(|f| f(&resp))
                    };
                    if !(by_status || asked.is_some()) || last {
                        return Ok(resp.with_attempts(attempt));
                    }
                    let next = backoff.next().unwrap_or(cfg.retry.max_delay);
                    let wait = resp
                        .retry_after()
                        .or(asked)
                        .map(|w| w.max(next))
                        .unwrap_or(next);
                    if wait > cfg.retry.max_wait || Instant::now() + wait >= deadline {
                        return Ok(resp.with_attempts(attempt));
                    }
                    tracing::info!(
                        vendor = cfg.vendor,
                        status = resp.status.as_u16(),
                        wait_ms = wait.as_millis() as u64,
                        attempt,
                        "retrying upstream call"
                    );
                    tokio::time::sleep(wait).await;
                }
                Err(err) => {
                    tracing::debug!(vendor = cfg.vendor, method = %method, path = url.path(), attempt, error = %err.describe(), "upstream call failed");
                    let wait = backoff.next().unwrap_or(cfg.retry.max_delay);
                    let retry = !last
                        && (err.connect || idempotent)
                        && err.too_large.is_none()
                        && Instant::now() + wait < deadline;
                    if !retry {
                        return Err(err.into_tool_error(cfg, &url, &method, idempotent, attempt));
                    }
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }
}

struct SendError {
    connect: bool,
    timeout: bool,
    too_large: Option<usize>,
    detail: String,
}

impl From<reqwest::Error> for SendError {
    fn from(e: reqwest::Error) -> Self {
        // Walk the source chain for the root cause, without the URL (which is ours anyway).
        let (connect, timeout) = (e.is_connect(), e.is_timeout());
        let e = e.without_url();
        let mut detail = e.to_string();
        let mut src = std::error::Error::source(&e);
        while let Some(s) = src {
            detail = format!("{detail}: {s}");
            src = s.source();
        }
        Self {
            connect,
            timeout,
            too_large: None,
            detail,
        }
    }
}

impl SendError {
    fn describe(&self) -> &str {
        &self.detail
    }

    fn into_tool_error(
        self,
        cfg: &UpstreamConfig,
        url: &Url,
        method: &Method,
        idempotent: bool,
        attempts: usize,
    ) -> ToolError {
        let vendor = cfg.vendor;
        let over = if attempts == 1 {
            "1 attempt".to_owned()
        } else {
            format!("{attempts} attempts")
        };
        if let Some(limit) = self.too_large {
            return ToolError::transport(format!(
                "The {vendor} response is larger than {} MiB and was not read.",
                limit / (1024 * 1024)
            ))
            .with_hint("ask for less: a smaller page size, a narrower query or a single item.");
        }
        let not_retried = if idempotent {
            ""
        } else {
            " It was not retried because the request may already have been processed; check before repeating it."
        };
        if self.timeout {
            return ToolError::transport(format!(
                "{vendor} gave no answer in {} over {over} ({method} request timed out).{not_retried}",
                human(cfg.timeout)
            ))
            .with_hint("retry later; if it persists the vendor may be degraded.");
        }
        if self.connect {
            // The origin of the URL that failed (a pre-signed download's host is not the API's),
            // never its query, which may carry a signature or a key.
            return ToolError::transport(format!(
                "Cannot connect to {vendor} at {} ({over}): {}.",
                url.origin().ascii_serialization(),
                self.detail
            ))
            .with_hint("check the network, proxy settings and the API base URL.");
        }
        ToolError::transport(format!(
            "The connection to {vendor} failed: {}.{not_retried}",
            self.detail
        ))
        .with_hint("retry later.")
    }
}

/// `30 s`, or `300 ms` below a second.
fn human(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{} s", d.as_secs())
    }
}

async fn read_capped(resp: reqwest::Response, cfg: &UpstreamConfig) -> Result<Response, SendError> {
    let max = cfg.max_body_bytes;
    let too_large = || SendError {
        connect: false,
        timeout: false,
        too_large: Some(max),
        detail: "response too large".into(),
    };
    if resp.content_length().is_some_and(|l| l as usize > max) {
        return Err(too_large());
    }
    // As an `http::Response` (reqwest's timeouts stay on the body), whose head can be taken
    // apart instead of cloned.
    let (head, mut body) = http::Response::from(resp).into_parts();
    let mut buf = Vec::new();
    while let Some(frame) =
        std::future::poll_fn(|cx| http_body::Body::poll_frame(std::pin::Pin::new(&mut body), cx))
            .await
    {
        let Ok(chunk) = frame?.into_data() else {
            continue;
        };
        if buf.len() + chunk.len() > max {
            return Err(too_large());
        }
        if buf.is_empty() {
            buf = Vec::from(chunk);
        } else {
            buf.extend_from_slice(&chunk);
        }
    }
    Ok(Response {
        status: head.status,
        headers: head.headers,
        body: buf,
        attempts: 1,
        vendor: cfg.vendor.to_owned(),
        parser: cfg.error_parser,
    })
}

/// A vendor response, read whole (within the size cap).
#[derive(Debug, Clone)]
pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// How many attempts it took.
    pub attempts: usize,
    vendor: String,
    parser: ErrorParser,
}

impl Response {
    fn with_attempts(mut self, attempts: usize) -> Self {
        self.attempts = attempts;
        self
    }

    /// Decode the JSON body.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, ToolError> {
        let body: &[u8] = if self.body.is_empty() {
            b"null"
        } else {
            &self.body
        };
        serde_json::from_slice(body).map_err(|e| {
            ToolError::transport(format!(
                "{} answered {} with a body that is not the expected JSON ({e}).",
                self.vendor,
                self.status.as_u16()
            ))
            .with_hint("the API may have changed or a proxy answered instead; retry later.")
        })
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The vendor's display name (for messages).
    pub fn vendor(&self) -> &str {
        &self.vendor
    }

    /// The `Location` of a redirect (a [`Request::no_redirect`] request), when the status is
    /// 3xx and the header is an absolute URL.
    pub fn location(&self) -> Option<String> {
        if !self.status.is_redirection() {
            return None;
        }
        let loc = self.header("location")?;
        Url::parse(loc).ok().map(|u| u.to_string())
    }

    /// The URL of the `Link` header's `rel="next"` (GitHub-style pagination).
    pub fn next_link(&self) -> Option<String> {
        parse_link_header(self.header("link")?, "next")
    }

    /// A query parameter of a `Link` header URL: the cursor or page number of the `rel`
    /// (`next`, `prev`, `last`) page, e.g. `link_param("next", "after")`. Empty values are
    /// `None`.
    pub fn link_param(&self, rel: &str, key: &str) -> Option<String> {
        parse_link_header(self.header("link")?, rel)
            .and_then(|u| query_param(&u, key))
            .filter(|v| !v.is_empty())
    }

    fn rate_limit_exhausted(&self) -> bool {
        self.header("x-ratelimit-remaining").map(str::trim) == Some("0")
    }

    /// How long the vendor asks us to wait: `Retry-After` (seconds or HTTP date), else a
    /// rate-limit reset header (epoch seconds or delta seconds).
    pub fn retry_after(&self) -> Option<Duration> {
        if let Some(v) = self.header("retry-after") {
            return parse_retry_after(v, SystemTime::now());
        }
        for h in ["x-ratelimit-reset", "ratelimit-reset", "x-rate-limit-reset"] {
            if let Some(v) = self.header(h).and_then(|v| v.trim().parse::<f64>().ok()) {
                return Some(reset_to_wait(v, SystemTime::now()));
            }
        }
        None
    }

    /// The vendor's reading of this response's error body.
    pub fn parsed_error(&self) -> VendorError {
        let status = self.status.as_u16();
        serde_json::from_slice::<Value>(&self.body)
            .ok()
            .map(|v| (self.parser)(status, &self.headers, &v))
            .unwrap_or_else(|| VendorError {
                message: Some(snippet(&self.text())).filter(|s| !s.is_empty()),
                ..VendorError::default()
            })
    }

    /// This (non-success) response as a tool error, read with the vendor's error parser.
    pub fn error(&self) -> ToolError {
        let status = self.status.as_u16();
        let parsed = self.parsed_error();
        let reason = self.status.canonical_reason().unwrap_or("");
        let mut message = format!("{} API error {status} {reason}", self.vendor);
        if let Some(code) = &parsed.code {
            message.push_str(&format!(" ({code})"));
        }
        match &parsed.message {
            Some(m) => message.push_str(&format!(": {m}.")),
            None => message.push('.'),
        }
        let kind = if status == 429
            || (status == 403 && self.rate_limit_exhausted())
            || parsed.rate_limited
        {
            ErrorKind::RateLimited
        } else {
            ErrorKind::Upstream
        };
        let hint = if kind == ErrorKind::RateLimited {
            Some(match self.retry_after() {
                Some(d) => format!(
                    "rate limited by {}: retry after {} s.",
                    self.vendor,
                    d.as_secs().max(1)
                ),
                None => format!("rate limited by {}: wait and retry later.", self.vendor),
            })
        } else {
            parsed
                .hint
                .clone()
                .or_else(|| status_hint(status).map(str::to_owned))
        };
        let mut err = ToolError::new(kind, message).with_status(status);
        err.code = parsed.code;
        err.generic_hint = kind != ErrorKind::RateLimited && parsed.hint.is_none();
        err.hint = hint;
        err
    }
}

fn snippet(text: &str) -> String {
    let t: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.starts_with('<') {
        return String::new(); // an HTML error page says nothing useful
    }
    t.chars().take(300).collect()
}

/// Parse `Retry-After`: delta seconds or an HTTP date.
pub fn parse_retry_after(v: &str, now: SystemTime) -> Option<Duration> {
    let v = v.trim();
    if let Ok(secs) = v.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0)
            .then(|| Duration::from_secs_f64(secs.min(86_400.0)));
    }
    let at = httpdate::parse_http_date(v).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

fn reset_to_wait(v: f64, now: SystemTime) -> Duration {
    if !v.is_finite() || v < 0.0 {
        return Duration::ZERO;
    }
    if v > 1_000_000_000.0 {
        let now = now
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0);
        Duration::from_secs_f64((v - now).clamp(0.0, 86_400.0))
    } else {
        Duration::from_secs_f64(v.min(86_400.0))
    }
}

/// The URL of relation `rel` in an RFC 8288 `Link` header.
pub fn parse_link_header(header: &str, rel: &str) -> Option<String> {
    header.split(',').find_map(|part| {
        let mut pieces = part.split(';');
        let url = pieces.next()?.trim().strip_prefix('<')?.strip_suffix('>')?;
        pieces
            .any(|p| {
                let p = p.trim();
                p.strip_prefix("rel=")
                    .map(|r| r.trim_matches('"').split_whitespace().any(|r| r == rel))
                    .unwrap_or(false)
            })
            .then(|| url.to_owned())
    })
}

/// The value of query parameter `key` in a URL (e.g. `page` of a `Link` URL).
pub fn query_param(url: &str, key: &str) -> Option<String> {
    Url::parse(url)
        .ok()?
        .query_pairs()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_forms() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(parse_retry_after("3", now), Some(Duration::from_secs(3)));
        let later = httpdate::fmt_http_date(now + Duration::from_secs(7));
        assert_eq!(parse_retry_after(&later, now), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(reset_to_wait(1_700_000_010.0, now), Duration::from_secs(10));
        assert_eq!(reset_to_wait(12.0, now), Duration::from_secs(12));
    }

    #[test]
    fn link_header() {
        let h = r#"<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=9>; rel="last""#;
        assert_eq!(
            parse_link_header(h, "next").as_deref(),
            Some("https://api.github.com/x?page=2")
        );
        assert_eq!(
            parse_link_header(h, "last")
                .and_then(|u| query_param(&u, "page"))
                .as_deref(),
            Some("9")
        );
        assert_eq!(parse_link_header(h, "prev"), None);
    }

    #[test]
    fn dot_segments_never_reach_the_vendor() {
        let up = Upstream::new(UpstreamConfig::new(
            Url::parse("https://api.example.com/v3").unwrap(),
            "X",
        ))
        .unwrap();
        for bad in ["/repos/../user", "/a/%2E%2e/b", "/a/./b?x=1"] {
            assert!(up.resolve(bad).is_err(), "{bad}");
        }
        assert_eq!(
            up.resolve("/repos/a/b?x=1").unwrap().as_str(),
            "https://api.example.com/v3/repos/a/b?x=1"
        );
        assert_eq!(
            seg_path("/docs/a b/c.md", "path").unwrap(),
            "docs/a%20b/c.md"
        );
        assert!(seg_path("a/../b", "path").is_err());
        assert_eq!(seg_path("", "path").unwrap(), "");
    }

    #[test]
    fn segments_are_encoded() {
        assert_eq!(seg("a b/c"), "a%20b%2Fc");
        assert_eq!(seg("my-repo_1.x"), "my-repo_1.x");
    }
}
