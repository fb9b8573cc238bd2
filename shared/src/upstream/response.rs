//! A vendor response read whole, and what it says: JSON, errors in the vendor's words,
//! `Retry-After` and rate-limit resets, `Link` pagination.

use std::time::{Duration, SystemTime};

use http::{HeaderMap, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use super::{ErrorParser, VendorError};
use crate::error::{ErrorKind, ToolError, status_hint};

/// A vendor response, read whole (within the size cap).
#[derive(Debug, Clone)]
pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// How many attempts it took.
    pub attempts: usize,
    pub(super) vendor: String,
    pub(super) parser: ErrorParser,
    pub(super) shape: Option<&'static super::ErrorShape>,
    /// Whether the request may be sent again after this answer.
    pub(super) replay: Replay,
}

/// Whether a request is safe to send again after it may have been processed.
#[derive(Debug, Clone)]
pub(super) enum Replay {
    /// By its method, or marked so by the tool.
    Safe,
    /// A write the vendor may have done: never repeated blindly.
    Unsafe,
    /// A write the vendor runs at most once per idempotency key: where it was sent (`the
    /// Idempotency-Key header`) and the key.
    Keyed { carrier: String, key: String },
}

impl Response {
    pub(super) fn with_attempts(mut self, attempts: usize) -> Self {
        self.attempts = attempts;
        self
    }

    pub(super) fn with_replay(mut self, replay: Replay) -> Self {
        self.replay = replay;
        self
    }

    /// The hint for a server-side failure (5xx) of a request that is not safe to repeat: a
    /// gateway's 502 or 504 often comes after the vendor did the work.
    fn replay_hint(&self) -> Option<String> {
        let vendor = &self.vendor;
        match &self.replay {
            Replay::Safe => None,
            Replay::Unsafe => Some(format!(
                "{vendor} had a server-side problem, but the request may already have been processed (a gateway's error often comes after the work was done). It was not retried; check whether it took effect before repeating it."
            )),
            Replay::Keyed { carrier, key } => Some(format!(
                "{vendor} had a server-side problem, and the request may already have been processed. It carried the idempotency key `{key}` (in {carrier}), which {vendor} runs at most once: repeating the request with that key is safe. A new call of this tool sends a new key, so check whether it took effect before calling it again."
            )),
        }
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

    pub(super) fn rate_limit_exhausted(&self) -> bool {
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
            .map(|v| match self.shape {
                Some(shape) => shape.read(status, &self.headers, &v),
                None => (self.parser)(status, &self.headers, &v),
            })
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
        } else if let Some(replay) = (status >= 500).then(|| self.replay_hint()).flatten() {
            // The vendor's own words first, then what repeating the request would do.
            Some(match &parsed.hint {
                Some(h) => format!("{h} {replay}"),
                None => replay,
            })
        } else {
            parsed
                .hint
                .clone()
                .or_else(|| status_hint(status).map(str::to_owned))
        };
        let mut err = ToolError::new(kind, message).with_status(status);
        err.code = parsed.code;
        if let Some(m) = parsed.missing_scopes {
            err = err.with_missing_scopes(m);
        }
        // A hint that says a write may have run is never replaced by a tool's generic one.
        let caveat = status >= 500 && !matches!(self.replay, Replay::Safe);
        err.generic_hint = kind != ErrorKind::RateLimited && parsed.hint.is_none() && !caveat;
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

pub(super) fn reset_to_wait(v: f64, now: SystemTime) -> Duration {
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
