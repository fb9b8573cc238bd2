//! OTLP trace export (feature `otel`) against a loopback collector: a wiremock server on
//! 127.0.0.1 answering `POST /v1/traces`, whose protobuf bodies are decoded and checked.
//! The exporter is process-wide, so these tests live in their own binary and take a lock.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use mcp_shared::otel::{Config, Exporter};
use mcp_shared::{Ctx, Effect, Int, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_testkit::wiremock::{Mock, MockServer, Request, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value as Any;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use opentelemetry_proto::tonic::trace::v1::status::StatusCode;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, Span};
use prost::Message as _;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

static LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT: &str = "00f067aa0ba902b7";
const CALLER: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const TOKEN: &str = "otel-secret-token-5d2a";

/// Search items.
#[derive(Deserialize, JsonSchema)]
struct Search {
    /// Query
    q: String,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    ctx.request(Method::GET, "/search")
        .query("q", a.q)
        .bearer(&ctx.token()?)
        .send_json()
        .await
}

/// Create an item.
#[derive(Deserialize, JsonSchema)]
struct Create {
    /// Name
    name: String,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    ctx.request(Method::POST, "/items")
        .bearer(&ctx.token()?)
        .json(&json!({"name": a.name}))
        .send_json()
        .await
}

/// Get an item.
#[derive(Deserialize, JsonSchema)]
struct Get {
    /// Id
    id: Int,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    ctx.request(Method::GET, &format!("/items/{}", a.id))
        .bearer(&ctx.token()?)
        .send_json()
        .await
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("probe_search", "Search", Effect::Read, search).toolset("items"),
        tool("probe_create", "Create", Effect::Write, create).toolset("items"),
        tool("probe_get", "Get", Effect::Read, get).toolset("items"),
    ]
}

static SPEC: ServerSpec = ServerSpec {
    service: "probe",
    display_name: "Probe",
    binary: "probe-mcp-server",
    version: "1.2.3",
    description: "Test service",
    instructions: "Test service.",
    base: mcp_shared::Base::Fixed("https://api.probe.invalid"),
    toolsets: &[Toolset {
        name: "items",
        description: "Items.",
        default: true,
    }],
    tools,
    ..ServerSpec::DEFAULT
};

/// A collector on 127.0.0.1 that accepts every export.
async fn collector() -> MockServer {
    let c = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/v1/traces"))
        .respond_with(ResponseTemplate::new(200))
        .mount(&c)
        .await;
    c
}

/// The fake vendor: search and create answer, item 404 is missing, `/items/7` fails once.
async fn vendor() -> MockServer {
    let v = MockServer::start().await;
    Mock::given(matchers::path("/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"items": []})))
        .mount(&v)
        .await;
    Mock::given(matchers::path("/items"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"id": 1})))
        .mount(&v)
        .await;
    Mock::given(matchers::path("/items/404"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({"message": "no such item"})))
        .mount(&v)
        .await;
    Mock::given(matchers::path("/items/7"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&v)
        .await;
    Mock::given(matchers::path("/items/7"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": 7})))
        .mount(&v)
        .await;
    v
}

fn install(c: &MockServer) -> Exporter {
    mcp_shared::otel::install(Config {
        endpoint: format!("{}/v1/traces", c.uri()),
        service_name: "probe-mcp-server".into(),
        service_version: "1.2.3".into(),
    })
    .expect("exporter")
}

/// What the collector received: the raw bodies and the decoded requests.
async fn exported(c: &MockServer) -> (Vec<u8>, Vec<ResourceSpans>) {
    let mut raw = Vec::new();
    let mut all = Vec::new();
    for r in c.received_requests().await.unwrap_or_default() {
        assert_eq!(r.url.path(), "/v1/traces");
        assert_eq!(
            r.headers.get("content-type").and_then(|v| v.to_str().ok()),
            Some("application/x-protobuf")
        );
        raw.extend_from_slice(&r.body);
        all.extend(
            ExportTraceServiceRequest::decode(&r.body[..])
                .expect("an OTLP protobuf body")
                .resource_spans,
        );
    }
    (raw, all)
}

fn spans(all: &[ResourceSpans]) -> Vec<Span> {
    all.iter()
        .flat_map(|r| &r.scope_spans)
        .flat_map(|s| s.spans.clone())
        .collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn attr(s: &Span, key: &str) -> Option<Any> {
    s.attributes
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.clone()?.value)
}

fn text(s: &Span, key: &str) -> Option<String> {
    match attr(s, key)? {
        Any::StringValue(v) => Some(v),
        _ => None,
    }
}

fn int(s: &Span, key: &str) -> Option<i64> {
    match attr(s, key)? {
        Any::IntValue(v) => Some(v),
        _ => None,
    }
}

/// The `traceparent` of each request the vendor got at `path`, split in its four fields.
async fn traceparents(v: &MockServer, path: &str) -> Vec<Option<Vec<String>>> {
    let tp = |r: &Request| {
        r.headers
            .get("traceparent")
            .and_then(|v| v.to_str().ok())
            .map(|s| s.split('-').map(str::to_owned).collect::<Vec<_>>())
    };
    v.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|r| r.url.path() == path)
        .map(tp)
        .collect()
}

fn one<'a>(spans: &'a [Span], kind: SpanKind, name: &str) -> &'a Span {
    let found: Vec<&Span> = spans
        .iter()
        .filter(|s| s.kind == kind as i32 && s.name == name)
        .collect();
    assert_eq!(found.len(), 1, "one {kind:?} span {name} in {spans:#?}");
    found[0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spans_continue_the_callers_trace_and_name_the_vendors_parent() {
    let _serial = LOCK.lock().await;
    let c = collector().await;
    let exporter = install(&c);
    let v = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&v.uri())).await;
    let client = server
        .client_with(&[
            ("authorization", &format!("Bearer {TOKEN}")),
            ("traceparent", CALLER),
        ])
        .await;
    client
        .call_ok("probe_search", json!({"q": "query-value-41f0"}))
        .await;
    client
        .call_ok("probe_create", json!({"name": "body-value-93ac"}))
        .await;
    exporter.flush().await;
    let (raw, all) = exported(&c).await;
    let spans = spans(&all);

    // The resource: our service name and version.
    let resource = &all[0].resource.as_ref().expect("a resource").attributes;
    let service = resource
        .iter()
        .find(|kv| kv.key == "service.name")
        .and_then(|kv| kv.value.clone()?.value);
    assert_eq!(service, Some(Any::StringValue("probe-mcp-server".into())));

    for (tool, method, path, status) in [
        ("probe_search", "GET", "/search", 200),
        ("probe_create", "POST", "/items", 201),
    ] {
        let call = one(&spans, SpanKind::Server, &format!("tools/call {tool}"));
        assert_eq!(hex(&call.trace_id), TRACE, "the caller's trace");
        assert_eq!(hex(&call.parent_span_id), PARENT, "the caller's span");
        assert_eq!(text(call, "mcp.method.name").as_deref(), Some("tools/call"));
        assert_eq!(text(call, "gen_ai.tool.name").as_deref(), Some(tool));
        assert_eq!(
            text(call, "gen_ai.operation.name").as_deref(),
            Some("execute_tool")
        );
        assert!(text(call, "mcp.session.id").is_some_and(|s| !s.is_empty()));
        assert_eq!(text(call, "error.type"), None);
        assert_ne!(
            call.status.as_ref().map(|s| s.code),
            Some(StatusCode::Error as i32)
        );

        let vendor_got = traceparents(&v, path).await;
        assert_eq!(vendor_got.len(), 1);
        let tp = vendor_got[0].clone().expect("a traceparent");
        assert_eq!(
            (tp[0].as_str(), tp[1].as_str(), tp[3].as_str()),
            ("00", TRACE, "01")
        );
        let client_span = one(&spans, SpanKind::Client, method);
        assert_eq!(
            hex(&client_span.span_id),
            tp[2],
            "the vendor's parent is exported"
        );
        assert_eq!(hex(&client_span.trace_id), TRACE);
        assert_eq!(
            client_span.parent_span_id, call.span_id,
            "child of the call"
        );
        assert_eq!(
            text(client_span, "http.request.method").as_deref(),
            Some(method)
        );
        assert_eq!(
            text(client_span, "server.address").as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(
            int(client_span, "server.port"),
            Some(i64::from(v.address().port()))
        );
        assert_eq!(text(client_span, "url.path").as_deref(), Some(path));
        assert_eq!(int(client_span, "http.response.status_code"), Some(status));
    }
    assert_eq!(spans.len(), 4, "{spans:#?}");
    // No argument value, token or query string anywhere in what was exported.
    let body = String::from_utf8_lossy(&raw);
    for secret in ["query-value-41f0", "body-value-93ac", TOKEN, "q="] {
        assert!(!body.contains(secret), "{secret} exported");
    }
    server.stop().await;
    exporter.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_error_sets_status_error_and_each_retry_is_a_client_span() {
    let _serial = LOCK.lock().await;
    let c = collector().await;
    let exporter = install(&c);
    let v = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&v.uri())).await;
    let client = server.client(TOKEN).await;
    client.call_err("probe_get", json!({"id": 404})).await;
    client.call_ok("probe_get", json!({"id": 7})).await;
    // Shutdown exports what is still queued.
    server.stop().await;
    exporter.shutdown().await;
    let (_, all) = exported(&c).await;
    let spans = spans(&all);

    let calls: Vec<&Span> = spans
        .iter()
        .filter(|s| s.kind == SpanKind::Server as i32)
        .collect();
    assert_eq!(calls.len(), 2, "{spans:#?}");
    let children = |call: &Span| -> Vec<Span> {
        spans
            .iter()
            .filter(|s| s.parent_span_id == call.span_id)
            .cloned()
            .collect()
    };
    let (failed, retried) = if children(calls[0]).len() == 1 {
        (calls[0], calls[1])
    } else {
        (calls[1], calls[0])
    };

    let status = failed.status.as_ref().expect("a status");
    assert_eq!(status.code, StatusCode::Error as i32);
    assert_eq!(
        text(failed, "error.type").as_deref(),
        Some("upstream_error")
    );
    let attempt = &children(failed)[0];
    assert_eq!(int(attempt, "http.response.status_code"), Some(404));
    assert_eq!(text(attempt, "error.type").as_deref(), Some("404"));
    assert_eq!(
        attempt.status.as_ref().map(|s| s.code),
        Some(StatusCode::Error as i32)
    );

    // The retried call: two attempts, two CLIENT spans, each the parent the vendor got.
    assert_ne!(
        retried.status.as_ref().map(|s| s.code),
        Some(StatusCode::Error as i32)
    );
    let mut attempts = children(retried);
    attempts.sort_by_key(|s| s.start_time_unix_nano);
    assert_eq!(attempts.len(), 2, "{attempts:#?}");
    assert_eq!(int(&attempts[0], "http.response.status_code"), Some(503));
    assert_eq!(int(&attempts[1], "http.response.status_code"), Some(200));
    assert_eq!(int(&attempts[1], "http.request.resend_count"), Some(1));
    let got: Vec<String> = traceparents(&v, "/items/7")
        .await
        .into_iter()
        .map(|tp| tp.expect("a traceparent")[2].clone())
        .collect();
    let ids: Vec<String> = attempts.iter().map(|s| hex(&s.span_id)).collect();
    assert_eq!(got, ids);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_caller_trace_a_sampled_root_trace_starts() {
    let _serial = LOCK.lock().await;
    let c = collector().await;
    let exporter = install(&c);
    let v = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&v.uri())).await;
    let client = server.client(TOKEN).await;
    client.call_ok("probe_search", json!({"q": "x"})).await;
    exporter.flush().await;
    let (_, all) = exported(&c).await;
    let spans = spans(&all);
    let call = one(&spans, SpanKind::Server, "tools/call probe_search");
    assert!(call.parent_span_id.is_empty(), "a root span");
    let tp = traceparents(&v, "/search").await[0]
        .clone()
        .expect("a traceparent without a caller's");
    assert_eq!(tp[0], "00");
    assert_eq!(tp[1], hex(&call.trace_id));
    assert_eq!(tp[3], "01", "sampled");
    let client_span = one(&spans, SpanKind::Client, "GET");
    assert_eq!(tp[2], hex(&client_span.span_id));
    assert_eq!(client_span.parent_span_id, call.span_id);
    server.stop().await;
    exporter.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_endpoint_nothing_is_exported_and_nothing_propagated() {
    let _serial = LOCK.lock().await;
    // The switch: no endpoint, or the SDK disabled, is no exporter.
    let vars = |pairs: &'static [(&'static str, &'static str)]| {
        move |n: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    assert_eq!(Config::from_vars(&vars(&[]), "probe-mcp-server", "1"), None);
    assert_eq!(
        Config::from_vars(
            &vars(&[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"),
                ("OTEL_SDK_DISABLED", "true"),
            ]),
            "probe-mcp-server",
            "1"
        ),
        None
    );
    let base = Config::from_vars(
        &vars(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318/")]),
        "probe-mcp-server",
        "1",
    )
    .expect("on");
    assert_eq!(base.endpoint, "http://127.0.0.1:4318/v1/traces");
    assert_eq!(base.service_name, "probe-mcp-server");
    let named = Config::from_vars(
        &vars(&[
            (
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                "http://127.0.0.1:4318/traces",
            ),
            ("OTEL_SERVICE_NAME", "tools-gateway"),
        ]),
        "probe-mcp-server",
        "1",
    )
    .expect("on");
    assert_eq!(named.endpoint, "http://127.0.0.1:4318/traces");
    assert_eq!(named.service_name, "tools-gateway");

    // A collector that an exporter, once stopped, used to send to; with none installed, a
    // call sends nothing there and its vendor request has no traceparent.
    let c = collector().await;
    install(&c).shutdown().await;
    let v = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&v.uri())).await;
    let client = server.client(TOKEN).await;
    client.call_ok("probe_search", json!({"q": "x"})).await;
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(traceparents(&v, "/search").await, vec![None]);
    let (_, all) = exported(&c).await;
    assert!(spans(&all).is_empty(), "{all:#?}");
}
