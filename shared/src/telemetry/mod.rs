//! What a server tells its operator: Prometheus metrics, trace context (W3C `traceparent`) and
//! the OpenTelemetry exporter. Nothing here carries a tenant, a credential or an argument.

pub mod metrics;
pub mod otel;
pub mod trace;
