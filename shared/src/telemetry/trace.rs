//! W3C Trace Context: a caller's `traceparent` (the HTTP request's header, or the request's
//! `_meta` as protocol revision 2026-07-28 carries it) continues into every vendor request the
//! tool call makes, as the parent of a span of our own, with `tracestate` passed along; the
//! call's log lines carry the trace and span ids. Without a caller's trace nothing is added.

use std::future::Future;

use http::HeaderMap;

/// A caller's trace, and the span id of this server's tool call inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceContext {
    trace_id: String,
    span_id: String,
    /// The caller's span (the parent of ours); `None` for a trace this server started.
    parent_id: Option<String>,
    flags: String,
    state: Option<String>,
}

fn hex(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl TraceContext {
    /// The caller's `traceparent` (and `tracestate`), or `None` when it is not a valid one
    /// (W3C Trace Context level 1: `00-<trace id>-<parent id>-<flags>`, lower-case hex, ids not
    /// all zero; a later version's extra fields are ignored).
    pub fn parse(traceparent: &str, tracestate: Option<&str>) -> Option<Self> {
        let mut parts = traceparent.trim().split('-');
        let version = parts.next()?;
        let (trace_id, parent, flags) = (parts.next()?, parts.next()?, parts.next()?);
        let rest = parts.next();
        let valid = hex(version, 2)
            && version != "ff"
            && (version != "00" || rest.is_none())
            && hex(trace_id, 32)
            && trace_id.bytes().any(|b| b != b'0')
            && hex(parent, 16)
            && parent.bytes().any(|b| b != b'0')
            && hex(flags, 2);
        if !valid {
            return None;
        }
        let state = tracestate
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= 512 && s.is_ascii())
            .map(str::to_owned);
        Some(Self {
            trace_id: trace_id.to_owned(),
            span_id: format!("{:016x}", fastrand::u64(1..)),
            parent_id: Some(parent.to_owned()),
            flags: flags.to_owned(),
            state,
        })
    }

    /// A trace this server starts (no caller's trace), with these ids and flags.
    #[cfg_attr(not(feature = "otel"), allow(dead_code))]
    pub(crate) fn root(trace_id: String, span_id: String, flags: String) -> Self {
        Self {
            trace_id,
            span_id,
            parent_id: None,
            flags,
            state: None,
        }
    }

    /// The same trace with the span id and flags of the span the exporter started for the
    /// call (so that what is exported and what is propagated agree).
    #[cfg_attr(not(feature = "otel"), allow(dead_code))]
    pub(crate) fn with_span(mut self, span_id: String, flags: String) -> Self {
        self.span_id = span_id;
        self.flags = flags;
        self
    }

    /// From an HTTP request's `traceparent` and `tracestate` headers.
    pub fn from_headers(headers: &HeaderMap) -> Option<Self> {
        let get = |n: &str| headers.get(n).and_then(|v| v.to_str().ok());
        Self::parse(get("traceparent")?, get("tracestate"))
    }

    /// From a request's `_meta` (`traceparent`, `tracestate`).
    pub fn from_meta(meta: &rmcp::model::MetaObject) -> Option<Self> {
        Self::parse(meta.get_traceparent()?, meta.get_tracestate())
    }

    pub fn trace_id(&self) -> &str {
        &self.trace_id
    }

    /// The span id of this server's tool call: the parent of its vendor requests.
    pub fn span_id(&self) -> &str {
        &self.span_id
    }

    /// The caller's span id (the parent of the call's span), if a caller sent a trace.
    pub fn parent_id(&self) -> Option<&str> {
        self.parent_id.as_deref()
    }

    /// The trace flags (`01`: sampled).
    pub fn flags(&self) -> &str {
        &self.flags
    }

    /// The `traceparent` a vendor request sends.
    pub fn traceparent(&self) -> String {
        self.traceparent_for(&self.span_id)
    }

    /// The `traceparent` naming `span_id` (a span inside this call) as the parent.
    pub(crate) fn traceparent_for(&self, span_id: &str) -> String {
        format!("00-{}-{}-{}", self.trace_id, span_id, self.flags)
    }

    pub fn tracestate(&self) -> Option<&str> {
        self.state.as_deref()
    }
}

tokio::task_local! {
    static CURRENT: TraceContext;
}

/// Run `fut` (a tool call) inside `trace`.
pub(crate) async fn scope<F: Future>(trace: Option<TraceContext>, fut: F) -> F::Output {
    match trace {
        Some(t) => CURRENT.scope(t, fut).await,
        None => fut.await,
    }
}

/// The trace of the tool call running on this task, if its caller sent one.
pub(crate) fn current() -> Option<TraceContext> {
    CURRENT.try_with(Clone::clone).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARENT: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    #[test]
    fn a_valid_traceparent_continues_with_a_span_of_our_own() {
        let t = TraceContext::parse(PARENT, Some("congo=t61rcWkgMzE")).expect("valid");
        assert_eq!(t.trace_id(), "4bf92f3577b34da6a3ce929d0e0e4736");
        let out = t.traceparent();
        assert!(out.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-") && out.ends_with("-01"));
        assert_ne!(t.span_id(), "00f067aa0ba902b7");
        assert!(hex(t.span_id(), 16) && t.span_id() != "0000000000000000");
        assert_eq!(t.tracestate(), Some("congo=t61rcWkgMzE"));
        assert_eq!(t.parent_id(), Some("00f067aa0ba902b7"));
    }

    #[test]
    fn invalid_traceparents_are_ignored() {
        for bad in [
            "",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1",
        ] {
            assert_eq!(TraceContext::parse(bad, None), None, "{bad}");
        }
        // A later version may carry more fields.
        assert!(
            TraceContext::parse(
                "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-later",
                None
            )
            .is_some()
        );
    }
}
