//! What a server tells its operator: Prometheus metrics, trace context (W3C `traceparent`) and
//! the OpenTelemetry exporter. Nothing here carries a tenant, a credential or an argument.

pub mod metrics;
pub mod otel;
pub mod trace;

/// The transport of a request, as telemetry names it (read by the OTLP exporter).
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "otel"), allow(dead_code))]
pub(crate) enum Wire<'a> {
    /// stdio.
    Pipe,
    /// Streamable HTTP, with the request's session id and protocol revision if it sent them.
    Http {
        session: Option<&'a str>,
        protocol_version: Option<&'a str>,
    },
}
