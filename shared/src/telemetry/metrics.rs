//! Prometheus metrics of one server process, served on `/metrics` of the HTTP port (OpenMetrics
//! text, which Prometheus scrapes as it is), off the MCP path and without credentials.
//! `MCP_METRICS=0` turns the endpoint off.
//!
//! No label carries a tenant, a credential or an argument value: labels are the tool name (one
//! of the server's own; an unknown name is counted as `unknown`), the outcome class, the vendor
//! API's name and the HTTP status class.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

use crate::error::ErrorKind;

/// How a tool call ended.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, EncodeLabelValue)]
#[allow(non_camel_case_types)]
pub enum Outcome {
    ok,
    /// `isError` results, by class.
    invalid_input,
    missing_credentials,
    upstream_error,
    transport_error,
    rate_limited,
    /// The tool's handler panicked (a bug): the call got an `isError` result, the process
    /// went on.
    internal_error,
    /// A JSON-RPC error instead of a result (unknown or hidden tool, bad credentials header,
    /// shutting down).
    protocol_error,
}

impl Outcome {
    /// The class as the metrics, the log line and the trace spans name it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ok => "ok",
            Self::invalid_input => "invalid_input",
            Self::missing_credentials => "missing_credentials",
            Self::upstream_error => "upstream_error",
            Self::transport_error => "transport_error",
            Self::rate_limited => "rate_limited",
            Self::internal_error => "internal_error",
            Self::protocol_error => "protocol_error",
        }
    }
}

impl From<ErrorKind> for Outcome {
    fn from(k: ErrorKind) -> Self {
        match k {
            ErrorKind::InvalidInput => Self::invalid_input,
            ErrorKind::MissingCredentials => Self::missing_credentials,
            ErrorKind::Upstream => Self::upstream_error,
            ErrorKind::Transport => Self::transport_error,
            ErrorKind::RateLimited => Self::rate_limited,
            ErrorKind::Internal => Self::internal_error,
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CallLabels {
    tool: String,
    outcome: Outcome,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ToolLabel {
    tool: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct UpstreamLabels {
    api: String,
    /// `2xx` … `5xx`, or `error` when no answer came (connection failure, timeout).
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ApiLabel {
    api: String,
}

/// The process's metrics (see the module documentation).
pub struct Metrics {
    registry: Registry,
    calls: Family<CallLabels, Counter>,
    latency: Family<ToolLabel, Histogram, fn() -> Histogram>,
    upstream: Family<UpstreamLabels, Counter>,
    retries: Family<ApiLabel, Counter>,
    rate_limit_waits: Family<ApiLabel, Counter>,
    rate_limit_wait_seconds: Family<ApiLabel, Counter<f64>>,
    in_flight: Gauge,
    sessions: Gauge,
}

fn latency_histogram() -> Histogram {
    // 1 ms to 60 s.
    Histogram::new([
        0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
    ])
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("mcp");
        let calls = Family::<CallLabels, Counter>::default();
        registry.register(
            "tool_calls",
            "Tool calls by tool and outcome",
            calls.clone(),
        );
        let latency = Family::<ToolLabel, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register_with_unit(
            "tool_call_duration",
            "Tool call latency by tool",
            Unit::Seconds,
            latency.clone(),
        );
        let upstream = Family::<UpstreamLabels, Counter>::default();
        registry.register(
            "upstream_requests",
            "Vendor requests (each attempt) by API and status class",
            upstream.clone(),
        );
        let retries = Family::<ApiLabel, Counter>::default();
        registry.register(
            "upstream_retries",
            "Vendor requests repeated after a failure or a rate limit",
            retries.clone(),
        );
        let rate_limit_waits = Family::<ApiLabel, Counter>::default();
        registry.register(
            "upstream_rate_limit_waits",
            "Waits for a vendor's rate limit (429, Retry-After, reset headers, throttling in the body)",
            rate_limit_waits.clone(),
        );
        let rate_limit_wait_seconds = Family::<ApiLabel, Counter<f64>>::default();
        registry.register_with_unit(
            "upstream_rate_limit_wait",
            "Time spent waiting for vendors' rate limits",
            Unit::Seconds,
            rate_limit_wait_seconds.clone(),
        );
        let in_flight = Gauge::default();
        registry.register(
            "tool_calls_in_flight",
            "Tool calls running now",
            in_flight.clone(),
        );
        let sessions = Gauge::default();
        registry.register(
            "sessions_open",
            "Open MCP sessions (HTTP)",
            sessions.clone(),
        );
        Self {
            registry,
            calls,
            latency,
            upstream,
            retries,
            rate_limit_waits,
            rate_limit_wait_seconds,
            in_flight,
            sessions,
        }
    }

    /// A tool call that ended after `elapsed`.
    pub(crate) fn call(&self, tool: &str, outcome: Outcome, elapsed: Duration) {
        let tool = tool.to_owned();
        self.latency
            .get_or_create(&ToolLabel { tool: tool.clone() })
            .observe(elapsed.as_secs_f64());
        self.calls
            .get_or_create(&CallLabels { tool, outcome })
            .inc();
    }

    /// A JSON-RPC error for a tool call; `known` is false for a name the server lacks (counted
    /// as `unknown`, so that callers cannot make labels up).
    pub(crate) fn protocol_error(&self, tool: &str, known: bool) {
        let tool = if known { tool } else { "unknown" };
        self.calls
            .get_or_create(&CallLabels {
                tool: tool.to_owned(),
                outcome: Outcome::protocol_error,
            })
            .inc();
    }

    /// A tool call started; the guard marks its end.
    pub(crate) fn in_flight(&self) -> InFlight<'_> {
        self.in_flight.inc();
        InFlight(&self.in_flight)
    }

    /// One attempt of a vendor request: its status, or `None` when no answer came.
    pub(crate) fn upstream(&self, api: &str, status: Option<u16>) {
        let status = match status {
            Some(100..=199) => "1xx",
            Some(200..=299) => "2xx",
            Some(300..=399) => "3xx",
            Some(400..=499) => "4xx",
            Some(_) => "5xx",
            None => "error",
        };
        self.upstream
            .get_or_create(&UpstreamLabels {
                api: api.to_owned(),
                status,
            })
            .inc();
    }

    /// A vendor request about to be repeated after `wait`; `rate_limited` when the vendor
    /// asked for the wait.
    pub(crate) fn retry(&self, api: &str, rate_limited: bool, wait: Duration) {
        let label = ApiLabel {
            api: api.to_owned(),
        };
        self.retries.get_or_create(&label).inc();
        if rate_limited {
            self.rate_limit_waits.get_or_create(&label).inc();
            self.rate_limit_wait_seconds
                .get_or_create(&label)
                .inc_by(wait.as_secs_f64());
        }
    }

    /// The OpenMetrics text of every metric, with `sessions` open now.
    pub fn encode(&self, sessions: usize) -> String {
        self.sessions
            .set(i64::try_from(sessions).unwrap_or(i64::MAX));
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// Decrements the in-flight gauge when a call ends, however it ends.
pub(crate) struct InFlight<'a>(&'a Gauge);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The content type of [`Metrics::encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The process's metrics: one server per process, so one set (tests run each test in its own
/// process under nextest).
pub fn global() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

/// Off with `MCP_METRICS=0`: then nothing is recorded either.
static ENABLED: AtomicBool = AtomicBool::new(true);

pub(crate) fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// The metrics to record into, unless they are off.
pub(crate) fn recording() -> Option<&'static Metrics> {
    ENABLED.load(Ordering::Relaxed).then(global)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_calls_outcomes_and_status_classes_without_arguments() {
        let m = Metrics::new();
        m.call("acme_get_thing", Outcome::ok, Duration::from_millis(3));
        m.call(
            "acme_get_thing",
            ErrorKind::Upstream.into(),
            Duration::from_millis(40),
        );
        m.protocol_error("made_up_tool_name", false);
        m.upstream("Acme", Some(404));
        m.upstream("Acme", None);
        m.retry("Acme", true, Duration::from_millis(1500));
        let text = m.encode(2);
        for line in [
            r#"mcp_tool_calls_total{tool="acme_get_thing",outcome="ok"} 1"#,
            r#"mcp_tool_calls_total{tool="acme_get_thing",outcome="upstream_error"} 1"#,
            r#"mcp_tool_calls_total{tool="unknown",outcome="protocol_error"} 1"#,
            r#"mcp_tool_call_duration_seconds_count{tool="acme_get_thing"} 2"#,
            r#"mcp_tool_call_duration_seconds_bucket{le="0.005",tool="acme_get_thing"} 1"#,
            r#"mcp_upstream_requests_total{api="Acme",status="4xx"} 1"#,
            r#"mcp_upstream_requests_total{api="Acme",status="error"} 1"#,
            r#"mcp_upstream_rate_limit_waits_total{api="Acme"} 1"#,
            r#"mcp_upstream_rate_limit_wait_seconds_total{api="Acme"} 1.5"#,
            "mcp_sessions_open 2",
            "mcp_tool_calls_in_flight 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing in\n{text}");
        }
        assert!(!text.contains("made_up_tool_name"));
    }
}
