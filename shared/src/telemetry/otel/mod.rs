//! OpenTelemetry trace export over OTLP (HTTP with protobuf), behind the `otel` feature.
//!
//! Exporting is on only when the binary was built with the feature **and** the environment
//! names a collector (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`)
//! **and** `OTEL_SDK_DISABLED` is not `true`. Then every tool call is a SERVER span
//! `tools/call <tool>` whose id is the span id the call propagates ([`TraceContext`]), child
//! of the caller's span (or the root of a new trace when the caller sent none), and every
//! attempt of a vendor request is a CLIENT span under it whose id is the parent id of the
//! `traceparent` that request carries. Spans are exported in batches from a thread of the
//! SDK's, off the request path, and flushed when the server shuts down.
//!
//! Without the feature, a configured endpoint is reported once at start-up (this build has no
//! exporter) and nothing else changes. With the feature and no endpoint, nothing changes
//! either: the functions below answer `None` and the call path is the one without it.
//!
//! Attributes never carry argument values, credentials, tenant ids or result content: the
//! tool name, the MCP method and session id, the outcome class, and for vendor requests the
//! method, host, port, path (never the query, which can carry keys) and status.

#[cfg(not(feature = "otel"))]
use crate::telemetry::trace::TraceContext;

#[cfg(feature = "otel")]
mod export;
#[cfg(feature = "otel")]
pub use export::{Config, Exporter, install};
#[cfg(feature = "otel")]
pub(crate) use export::{call_span, client_span};

/// The variables that name a collector, the per-signal one first.
pub const ENDPOINT_VARS: [&str; 2] = [
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
];

/// The collector endpoint the environment names (`var` reads a variable), unless
/// `OTEL_SDK_DISABLED=true`: the variable's name and its value.
fn configured(var: &dyn Fn(&str) -> Option<String>) -> Option<(&'static str, String)> {
    if var("OTEL_SDK_DISABLED").is_some_and(|v| v.trim().eq_ignore_ascii_case("true")) {
        return None;
    }
    ENDPOINT_VARS.iter().find_map(|&name| {
        let v = var(name)?;
        let v = v.trim();
        (!v.is_empty()).then(|| (name, v.to_owned()))
    })
}

/// Start exporting if the environment asks for it (see the module documentation); inside
/// the server's Tokio runtime. An endpoint that is not a valid URL fails start-up.
pub(crate) fn start_from_env(binary: &str, version: &str) -> Result<Option<Exporter>, String> {
    let var = |name: &str| std::env::var(name).ok();
    start_from(&var, binary, version)
}

#[cfg(feature = "otel")]
fn start_from(
    var: &dyn Fn(&str) -> Option<String>,
    binary: &str,
    version: &str,
) -> Result<Option<Exporter>, String> {
    let Some(config) = Config::from_vars(var, binary, version) else {
        return Ok(None);
    };
    for name in [
        "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
        "OTEL_EXPORTER_OTLP_PROTOCOL",
    ] {
        if let Some(p) = var(name).filter(|p| p.trim() != "http/protobuf") {
            tracing::warn!(
                "{name}={p} is not supported: this server exports OTLP over http/protobuf only"
            );
        }
    }
    let where_to = config.endpoint_origin();
    let exporter = install(config)?;
    tracing::info!(
        endpoint = %where_to,
        "exporting traces over OTLP (http/protobuf)"
    );
    Ok(Some(exporter))
}

#[cfg(not(feature = "otel"))]
fn start_from(
    var: &dyn Fn(&str) -> Option<String>,
    _binary: &str,
    _version: &str,
) -> Result<Option<Exporter>, String> {
    if let Some((name, _)) = configured(var) {
        tracing::warn!(
            "{name} is set, but this build has no OTLP exporter: traces are not exported \
             (build with `--features mcp-shared/otel`)"
        );
    }
    Ok(None)
}

/// Without the feature there is never an exporter, a call span or a vendor span: these types
/// have no values, and the call path compiles to what it was without them.
#[cfg(not(feature = "otel"))]
pub enum Exporter {}

#[cfg(not(feature = "otel"))]
impl Exporter {
    pub async fn shutdown(self) {
        match self {}
    }
}

#[cfg(not(feature = "otel"))]
pub(crate) enum CallSpan {}

#[cfg(not(feature = "otel"))]
impl CallSpan {
    pub(crate) fn end(self, _outcome: crate::telemetry::metrics::Outcome) {
        match self {}
    }
}

#[cfg(not(feature = "otel"))]
pub(crate) enum ClientSpan {}

#[cfg(not(feature = "otel"))]
impl ClientSpan {
    pub(crate) fn traceparent(&self, _trace: &TraceContext) -> String {
        match *self {}
    }

    pub(crate) fn end(self, _status: Option<u16>, _error: Option<&'static str>) {
        match self {}
    }
}

/// The call's trace and its SERVER span: without an exporter, `trace` as it came.
#[cfg(not(feature = "otel"))]
#[inline]
pub(crate) fn call_span(
    _tool: &str,
    _known: bool,
    _wire: crate::telemetry::Wire<'_>,
    trace: Option<TraceContext>,
) -> (Option<TraceContext>, Option<CallSpan>) {
    (trace, None)
}

/// A CLIENT span for one attempt of a vendor request: without an exporter, none.
#[cfg(not(feature = "otel"))]
#[inline]
pub(crate) fn client_span(
    _trace: &TraceContext,
    _method: &http::Method,
    _url: &url::Url,
    _tenant_base: Option<&url::Url>,
    _attempt: usize,
) -> Option<ClientSpan> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |n| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn an_endpoint_switches_export_on_unless_the_sdk_is_disabled() {
        assert_eq!(configured(&vars(&[])), None);
        assert_eq!(
            configured(&vars(&[("OTEL_EXPORTER_OTLP_ENDPOINT", " ")])),
            None
        );
        assert_eq!(
            configured(&vars(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318")])),
            Some(("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318".into()))
        );
        assert_eq!(
            configured(&vars(&[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
                (
                    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                    "http://t:4318/v1/traces"
                ),
            ])),
            Some((
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                "http://t:4318/v1/traces".into()
            ))
        );
        for off in ["true", "TRUE", " true "] {
            assert_eq!(
                configured(&vars(&[
                    ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
                    ("OTEL_SDK_DISABLED", off),
                ])),
                None
            );
        }
        assert!(
            configured(&vars(&[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
                ("OTEL_SDK_DISABLED", "false"),
            ]))
            .is_some()
        );
    }

    #[cfg(not(feature = "otel"))]
    #[test]
    fn without_the_feature_an_endpoint_only_warns() {
        let r = start_from(
            &vars(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")]),
            "acme-mcp-server",
            "0.0.0",
        );
        assert!(matches!(r, Ok(None)));
    }
}
