//! Sending a request: attempts within one deadline, backoff and jitter that honour
//! `Retry-After` and rate-limit resets, a response-size cap, and transport failures turned
//! into tool errors.

use std::time::{Duration, Instant};

use backon::BackoffBuilder as _;
use http::Method;
use url::Url;

use super::response::Replay;
use super::{Body, Request, Response, UpstreamConfig};
use crate::error::ToolError;

impl Request {
    /// Send with retries and return the final response whatever its status (a redirect to
    /// another origin included: see `redirect.rs`).
    ///
    /// The whole call, retries and waits included, ends by the client's timeout
    /// (`MCP_UPSTREAM_TIMEOUT_SECS`): each attempt gets what is left of it, and a wait that
    /// would end after it is not started.
    pub(super) async fn send_attempts(self) -> Result<Response, ToolError> {
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
            carries_credentials: _,
            off_origin_ok: _,
            idempotency_key,
        } = self;
        let url = url?;
        let cfg = &up.inner.cfg;
        let idempotent = idempotent.unwrap_or(matches!(
            method,
            Method::GET | Method::HEAD | Method::PUT | Method::DELETE | Method::OPTIONS
        ));
        let replay = match idempotency_key {
            Some((carrier, key)) => Replay::Keyed { carrier, key },
            None if idempotent => Replay::Safe,
            None => Replay::Unsafe,
        };
        let mut backoff = {
            let b = backon::ExponentialBuilder::default()
                .with_min_delay(cfg.retry.min_delay)
                .with_max_delay(cfg.retry.max_delay)
                .with_max_times(cfg.retry.max_attempts.saturating_sub(1));
            if cfg.retry.jitter { b.with_jitter() } else { b }
        }
        .build();
        // The caller's trace continues into the vendor's (unless the tool set its own).
        let mut headers = headers;
        let trace =
            crate::telemetry::trace::current().filter(|_| !headers.contains_key("traceparent"));
        if let Some(t) = &trace
            && let Ok(v) = http::HeaderValue::from_str(&t.traceparent())
        {
            headers.insert("traceparent", v);
            if let Some(state) = t
                .tracestate()
                .and_then(|s| http::HeaderValue::from_str(s).ok())
            {
                headers.insert("tracestate", state);
            }
        }
        let deadline = Instant::now() + cfg.timeout;
        let mut attempt = 0usize;
        loop {
            attempt += 1;
            let remaining = deadline.saturating_duration_since(Instant::now());
            let client = if follow_redirects {
                up.client()?
            } else {
                up.no_redirect_client()?
            };
            // With the OTLP exporter on, each attempt is a CLIENT span and the vendor's parent.
            let span = trace.as_ref().and_then(|t| {
                // A tenant's base names the tenant: the span shows the path below it only.
                let tenant_base = cfg.tenant_base.then_some(cfg.base_url.as_ref()).flatten();
                crate::telemetry::otel::client_span(t, &method, &url, tenant_base, attempt)
            });
            let mut attempt_headers = headers.clone();
            if let (Some(s), Some(t)) = (&span, &trace)
                && let Ok(v) = http::HeaderValue::from_str(&s.traceparent(t))
            {
                attempt_headers.insert("traceparent", v);
            }
            let mut rb = client
                .request(method.clone(), url.clone())
                .headers(attempt_headers)
                .timeout(remaining.max(Duration::from_millis(1)));
            rb = match &body {
                Some(Body::Json(v)) => rb.json(v),
                Some(Body::Form(pairs)) => rb.form(pairs),
                Some(Body::Bytes(b, ct)) => rb
                    .header(http::header::CONTENT_TYPE, ct.as_str())
                    .body(b.clone()),
                Some(Body::Multipart(parts)) => rb.multipart(
                    parts
                        .iter()
                        .fold(reqwest::multipart::Form::new(), |form, p| {
                            form.part(p.name.clone(), p.to_reqwest())
                        }),
                ),
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
            if let Some(s) = span {
                match &result {
                    Ok(r) => s.end(Some(r.status.as_u16()), None),
                    Err(e) => s.end(None, Some(e.class())),
                }
            }
            let last = attempt >= cfg.retry.max_attempts;
            let metrics = crate::telemetry::metrics::recording();
            if let Some(m) = metrics {
                m.upstream(cfg.vendor, result.as_ref().ok().map(|r| r.status.as_u16()));
            }
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
                        return Ok(resp.with_attempts(attempt).with_replay(replay));
                    }
                    let next = backoff.next().unwrap_or(cfg.retry.max_delay);
                    let wait = resp
                        .retry_after()
                        .or(asked)
                        .map(|w| w.max(next))
                        .unwrap_or(next);
                    if wait > cfg.retry.max_wait || Instant::now() + wait >= deadline {
                        return Ok(resp.with_attempts(attempt).with_replay(replay));
                    }
                    tracing::info!(
                        vendor = cfg.vendor,
                        status = resp.status.as_u16(),
                        wait_ms = wait.as_millis() as u64,
                        attempt,
                        "retrying upstream call"
                    );
                    // The vendor asked for the wait (429, a rate-limit 403, throttling in
                    // the body), or a server error is being retried.
                    let rate_limited = asked.is_some() || resp.status.as_u16() < 500;
                    if let Some(m) = metrics {
                        m.retry(cfg.vendor, rate_limited, wait);
                    }
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
                    if let Some(m) = metrics {
                        m.retry(cfg.vendor, false, wait);
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

    /// What kind of failure, for a trace span's `error.type`.
    #[cfg_attr(not(feature = "otel"), allow(dead_code))]
    fn class(&self) -> &'static str {
        if self.too_large.is_some() {
            "response_too_large"
        } else if self.timeout {
            "timeout"
        } else if self.connect {
            "connect_error"
        } else {
            "transport_error"
        }
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
        shape: cfg.error_shape,
        replay: Replay::Safe,
    })
}
