//! The exporter itself (feature `otel`): the OpenTelemetry SDK's tracer provider with a batch
//! span processor and the OTLP HTTP/protobuf exporter, sending through our own reqwest client
//! on the server's Tokio runtime.
//!
//! Spans are started with the SDK's `Tracer` directly, not through `tracing-opentelemetry`:
//! the SDK picks the call span's id, and that id becomes the [`TraceContext`] span id that
//! the log lines carry and the vendor requests name, so what is exported, logged and
//! propagated is the same id by construction, without a second span model beside `tracing`.

use std::borrow::Cow;
use std::sync::RwLock;
use std::time::Duration;

use opentelemetry::trace::{
    Span as _, SpanBuilder, SpanContext, SpanId, SpanKind, Status, TraceContextExt as _,
    TraceFlags, TraceId, TraceState, TracerProvider as _,
};
use opentelemetry::{Context, InstrumentationScope, KeyValue};
use opentelemetry_http::{Bytes, HttpClient, HttpError};
use opentelemetry_otlp::{Protocol, WithExportConfig as _, WithHttpConfig as _};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};

use crate::telemetry::metrics::Outcome;
use crate::telemetry::trace::TraceContext;

/// The tracer while an [`Exporter`] is installed; `None` otherwise (then no span is started).
static TRACER: RwLock<Option<SdkTracer>> = RwLock::new(None);

/// Where to export and as what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The full URL spans are POSTed to (`…/v1/traces`).
    pub endpoint: String,
    /// `service.name`: `OTEL_SERVICE_NAME`, else the server's binary name.
    pub service_name: String,
    /// `service.version`: the server's version.
    pub service_version: String,
}

impl Config {
    /// From the environment (`var` reads a variable): `None` unless an endpoint is set and
    /// `OTEL_SDK_DISABLED` is not `true`. `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is used as it
    /// is; `OTEL_EXPORTER_OTLP_ENDPOINT` is a base to which `/v1/traces` is added (the OTLP
    /// rules). Headers (`OTEL_EXPORTER_OTLP_HEADERS`), timeout, compression, sampler and
    /// batch settings are read by the SDK from their standard variables.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
        binary: &str,
        version: &str,
    ) -> Option<Self> {
        let (name, value) = super::configured(var)?;
        let endpoint = if name == "OTEL_EXPORTER_OTLP_ENDPOINT" {
            format!("{}/v1/traces", value.trim_end_matches('/'))
        } else {
            value
        };
        let service_name = var("OTEL_SERVICE_NAME")
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| binary.to_owned());
        Some(Self {
            endpoint,
            service_name,
            service_version: version.to_owned(),
        })
    }

    /// The endpoint's scheme, host and port, for the start-up line (never its path, query or
    /// user info).
    pub(crate) fn endpoint_origin(&self) -> String {
        url::Url::parse(&self.endpoint)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_else(|_| "(invalid URL)".into())
    }
}

/// The installed exporter. [`Exporter::shutdown`] exports what is still queued and stops it.
#[derive(Debug)]
pub struct Exporter {
    provider: SdkTracerProvider,
}

/// Start exporting: from now on tool calls and vendor requests are spans. Needs a Tokio
/// runtime (the exporter's requests run on it); replaces an exporter installed before.
pub fn install(config: Config) -> Result<Exporter, String> {
    let rt = tokio::runtime::Handle::try_current()
        .map_err(|_| "the OTLP exporter needs a Tokio runtime".to_owned())?;
    url::Url::parse(&config.endpoint)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .ok_or_else(|| {
            format!(
                "the OTLP endpoint is not an http(s) URL: {}",
                config.endpoint
            )
        })?;
    crate::tls::install_crypto_provider();
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(10))
        .build()
        .map_err(|e| format!("cannot build the OTLP HTTP client: {e}"))?;
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(config.endpoint.clone())
        .with_http_client(Sender { client, rt })
        .build()
        .map_err(|e| format!("cannot build the OTLP exporter: {e}"))?;
    let resource = Resource::builder()
        .with_service_name(config.service_name)
        .with_attribute(KeyValue::new("service.version", config.service_version))
        .build();
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource)
        .build();
    let tracer = provider.tracer_with_scope(
        InstrumentationScope::builder("mcp-shared")
            .with_version(env!("CARGO_PKG_VERSION"))
            .build(),
    );
    match TRACER.write() {
        Ok(mut t) => *t = Some(tracer),
        Err(poisoned) => *poisoned.into_inner() = Some(tracer),
    }
    Ok(Exporter { provider })
}

impl Exporter {
    /// Export every span ended so far (waits for the collector's answer).
    pub async fn flush(&self) {
        let provider = self.provider.clone();
        match tokio::task::spawn_blocking(move || provider.force_flush()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "could not export the last spans"),
            Err(e) => tracing::warn!(error = %e, "could not export the last spans"),
        }
    }

    /// Stop starting spans, export what is queued, stop the exporter.
    pub async fn shutdown(self) {
        match TRACER.write() {
            Ok(mut t) => *t = None,
            Err(poisoned) => *poisoned.into_inner() = None,
        }
        let provider = self.provider;
        // The SDK blocks until its batch thread is done; that thread's requests run on this
        // runtime, so block elsewhere.
        match tokio::task::spawn_blocking(move || provider.shutdown()).await {
            Ok(Ok(())) => tracing::debug!("OTLP exporter stopped"),
            Ok(Err(e)) => tracing::warn!(error = %e, "OTLP exporter shutdown"),
            Err(e) => tracing::warn!(error = %e, "OTLP exporter shutdown"),
        }
    }
}

/// The exporter's HTTP client: our reqwest (the workspace's one major version, its rustls
/// provider and proxy settings), each request run on the server's runtime, since the SDK's
/// batch thread is not a Tokio thread.
#[derive(Debug)]
struct Sender {
    client: reqwest::Client,
    rt: tokio::runtime::Handle,
}

/// The most of a collector's answer read (it is a few bytes of protobuf).
const MAX_ANSWER: usize = 1024 * 1024;

#[async_trait::async_trait]
impl HttpClient for Sender {
    async fn send_bytes(
        &self,
        request: http::Request<Bytes>,
    ) -> Result<http::Response<Bytes>, HttpError> {
        let request = reqwest::Request::try_from(request)?;
        let client = self.client.clone();
        let answer = self.rt.spawn(async move {
            let mut resp = client.execute(request).await?;
            let status = resp.status();
            let headers = std::mem::take(resp.headers_mut());
            let mut body = Vec::new();
            while let Some(chunk) = resp.chunk().await? {
                if body.len() + chunk.len() > MAX_ANSWER {
                    break;
                }
                body.extend_from_slice(&chunk);
            }
            Ok::<_, reqwest::Error>((status, headers, body))
        });
        let (status, headers, body) = answer.await??;
        let mut out = http::Response::new(Bytes::from(body));
        *out.status_mut() = status;
        *out.headers_mut() = headers;
        Ok(out)
    }
}

fn flags_hex(f: TraceFlags) -> String {
    format!("{:02x}", f.to_u8())
}

fn flags_of(trace: &TraceContext) -> TraceFlags {
    TraceFlags::new(u8::from_str_radix(trace.flags(), 16).unwrap_or(0))
}

/// A tool call's SERVER span.
pub(crate) struct CallSpan(opentelemetry_sdk::trace::Span);

impl CallSpan {
    /// End the span with the call's outcome: status error and `error.type` unless `ok`.
    pub(crate) fn end(mut self, outcome: Outcome) {
        if outcome != Outcome::ok {
            self.0
                .set_attribute(KeyValue::new("error.type", outcome.as_str()));
            self.0.set_status(Status::error(outcome.as_str()));
        }
        self.0.end();
    }
}

/// Start the SERVER span of a tool call, child of the caller's span, or the root of a new
/// trace when the caller sent none; the call's trace carries the span's id from then on.
/// Without an exporter, `trace` as it came and no span.
pub(crate) fn call_span(
    tool: &str,
    known: bool,
    wire: crate::telemetry::Wire<'_>,
    trace: Option<TraceContext>,
) -> (Option<TraceContext>, Option<CallSpan>) {
    let Ok(guard) = TRACER.read() else {
        return (trace, None);
    };
    let Some(tracer) = guard.as_ref() else {
        return (trace, None);
    };
    let parent =
        match &trace {
            Some(t) => match (
                TraceId::from_hex(t.trace_id()),
                t.parent_id().map(SpanId::from_hex),
            ) {
                (Ok(tid), Some(Ok(pid))) => Context::new().with_remote_span_context(
                    SpanContext::new(tid, pid, flags_of(t), true, TraceState::default()),
                ),
                _ => Context::new(),
            },
            None => Context::new(),
        };
    // A name the server lacks is the caller's text: not a span name or an attribute.
    let name: Cow<'static, str> = if known {
        format!("tools/call {tool}").into()
    } else {
        "tools/call".into()
    };
    let mut attributes = vec![
        KeyValue::new("mcp.method.name", "tools/call"),
        KeyValue::new("gen_ai.operation.name", "execute_tool"),
    ];
    if known {
        attributes.push(KeyValue::new("gen_ai.tool.name", tool.to_owned()));
    }
    match wire {
        crate::telemetry::Wire::Http {
            session,
            protocol_version,
        } => {
            attributes.push(KeyValue::new("network.transport", "tcp"));
            attributes.push(KeyValue::new("network.protocol.name", "http"));
            if let Some(id) = session {
                attributes.push(KeyValue::new("mcp.session.id", id.to_owned()));
            }
            if let Some(v) = protocol_version {
                attributes.push(KeyValue::new("mcp.protocol.version", v.to_owned()));
            }
        }
        crate::telemetry::Wire::Pipe => attributes.push(KeyValue::new("network.transport", "pipe")),
    }
    let span = SpanBuilder::from_name(name)
        .with_kind(SpanKind::Server)
        .with_attributes(attributes)
        .start_with_context(tracer, &parent);
    let sc = span.span_context().clone();
    if !sc.is_valid() {
        return (trace, None);
    }
    let (span_id, flags) = (sc.span_id().to_string(), flags_hex(sc.trace_flags()));
    let trace = match trace {
        Some(t) if t.trace_id() == sc.trace_id().to_string() => t.with_span(span_id, flags),
        _ => TraceContext::root(sc.trace_id().to_string(), span_id, flags),
    };
    (Some(trace), Some(CallSpan(span)))
}

/// One attempt of a vendor request: a CLIENT span.
pub(crate) struct ClientSpan(opentelemetry_sdk::trace::Span);

impl ClientSpan {
    /// The `traceparent` of this attempt: this span is the vendor's parent.
    pub(crate) fn traceparent(&self, trace: &TraceContext) -> String {
        trace.traceparent_for(&self.0.span_context().span_id().to_string())
    }

    /// End the attempt: the vendor's status, or `error` (a class, e.g. `timeout`) when no
    /// answer came. A status of 400 or more is an error, as the HTTP conventions say for
    /// client spans.
    pub(crate) fn end(mut self, status: Option<u16>, error: Option<&'static str>) {
        if let Some(s) = status {
            self.0
                .set_attribute(KeyValue::new("http.response.status_code", i64::from(s)));
            if s >= 400 {
                self.0
                    .set_attribute(KeyValue::new("error.type", s.to_string()));
                self.0.set_status(Status::error(""));
            }
        } else {
            let class = error.unwrap_or("_OTHER");
            self.0.set_attribute(KeyValue::new("error.type", class));
            self.0.set_status(Status::error(class));
        }
        self.0.end();
    }
}

/// Start the CLIENT span of one attempt of a vendor request, child of the call's span.
pub(crate) fn client_span(
    trace: &TraceContext,
    method: &http::Method,
    url: &url::Url,
    tenant_base: Option<&url::Url>,
    attempt: usize,
) -> Option<ClientSpan> {
    let guard = TRACER.read().ok()?;
    let tracer = guard.as_ref()?;
    let parent = SpanContext::new(
        TraceId::from_hex(trace.trace_id()).ok()?,
        SpanId::from_hex(trace.span_id()).ok()?,
        flags_of(trace),
        false,
        TraceState::default(),
    );
    // The path only: a query string can carry keys. Below a tenant's base (whose host or
    // path names the tenant: `acme.freshdesk.com`, `/ex/jira/<cloud id>`), neither the host
    // nor the base's path.
    let path = span_path(url, tenant_base);
    let mut attributes = vec![
        KeyValue::new("http.request.method", method.as_str().to_owned()),
        KeyValue::new("url.scheme", url.scheme().to_owned()),
        KeyValue::new("url.path", path),
    ];
    if tenant_base.is_none() {
        if let Some(host) = url.host_str() {
            attributes.push(KeyValue::new("server.address", host.to_owned()));
        }
        if let Some(port) = url.port_or_known_default() {
            attributes.push(KeyValue::new("server.port", i64::from(port)));
        }
    }
    if attempt > 1 {
        attributes.push(KeyValue::new(
            "http.request.resend_count",
            i64::try_from(attempt - 1).unwrap_or(i64::MAX),
        ));
    }
    let span = SpanBuilder::from_name(method.as_str().to_owned())
        .with_kind(SpanKind::Client)
        .with_attributes(attributes)
        .start_with_context(tracer, &Context::new().with_remote_span_context(parent));
    span.span_context().is_valid().then_some(ClientSpan(span))
}

/// `url.path` of a vendor request (see [`client_span`]).
fn span_path(url: &url::Url, tenant_base: Option<&url::Url>) -> String {
    match tenant_base {
        Some(base) if url.host_str() == base.host_str() => {
            let prefix = base.path().trim_end_matches('/');
            match url.path().strip_prefix(prefix) {
                Some(rest) if rest.starts_with('/') => rest.to_owned(),
                _ => "/".to_owned(),
            }
        }
        Some(_) => "/".to_owned(),
        None => url.path().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tenants_host_and_base_path_stay_out_of_url_path() {
        let u = |s: &str| url::Url::parse(s).unwrap();
        let plain = u("https://api.github.com/repos/o/r?per_page=5&key=k");
        assert_eq!(span_path(&plain, None), "/repos/o/r");
        let base = u("https://api.atlassian.com/ex/jira/0f1e2d3c/");
        let call = u("https://api.atlassian.com/ex/jira/0f1e2d3c/rest/api/3/issue/X-1?x=y");
        assert_eq!(span_path(&call, Some(&base)), "/rest/api/3/issue/X-1");
        assert_eq!(span_path(&base, Some(&base)), "/");
        let host = u("https://acme.freshdesk.com");
        let call = u("https://acme.freshdesk.com/api/v2/tickets");
        assert_eq!(span_path(&call, Some(&host)), "/api/v2/tickets");
        let elsewhere = u("https://files.example.com/signed/acme/x.pdf");
        assert_eq!(span_path(&elsewhere, Some(&host)), "/");
    }
}
