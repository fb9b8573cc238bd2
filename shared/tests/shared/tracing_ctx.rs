//! W3C trace context: the caller's `traceparent` (HTTP header, or `_meta`) continues into
//! the vendor requests of the call, with a span id of ours as the parent and `tracestate`
//! passed along; without one, vendor requests carry none.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::acme::{SPEC, thing};
use crate::http::{mcp_headers, open_session, raw};

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

async fn vendor() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(1)))
        .mount(&fake)
        .await;
    fake
}

fn call(meta: Option<serde_json::Value>) -> String {
    let mut params = json!({"name": "acme_get_thing", "arguments": {"id": 1}});
    if let Some(m) = meta {
        params["_meta"] = m;
    }
    json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": params}).to_string()
}

/// The trace headers the fake vendor got.
async fn sent(fake: &MockServer) -> Vec<(Option<String>, Option<String>)> {
    let header = |r: &mcp_testkit::wiremock::Request, n: &str| {
        r.headers
            .get(n)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    fake.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| (header(r, "traceparent"), header(r, "tracestate")))
        .collect()
}

fn continues(traceparent: &str) {
    let parts: Vec<&str> = traceparent.split('-').collect();
    assert_eq!(parts.len(), 4, "{traceparent}");
    assert_eq!(
        (parts[0], parts[1], parts[3]),
        ("00", TRACE, "01"),
        "{traceparent}"
    );
    // Our span is the parent, not the caller's.
    assert!(
        parts[2].len() == 16 && parts[2] != "00f067aa0ba902b7",
        "{traceparent}"
    );
}

#[tokio::test]
async fn the_http_traceparent_continues_into_vendor_requests() {
    let fake = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let session = open_session(server.port()).await;
    let headers = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", session.as_str()),
            ("Authorization", "Bearer tok"),
            ("traceparent", CALLER),
            ("tracestate", "congo=t61rcWkgMzE"),
        ],
    );
    let (status, body) = raw(server.port(), "POST", "/mcp", &headers, &call(None)).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"result\""), "{body}");
    let got = sent(&fake).await;
    assert_eq!(got.len(), 1);
    continues(got[0].0.as_deref().expect("a traceparent"));
    assert_eq!(got[0].1.as_deref(), Some("congo=t61rcWkgMzE"));
    server.stop().await;
}

#[tokio::test]
async fn a_traceparent_in_meta_continues_and_none_adds_none() {
    let fake = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let session = open_session(server.port()).await;
    let headers = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", session.as_str()),
            ("Authorization", "Bearer tok"),
        ],
    );
    let meta = json!({"traceparent": CALLER});
    let (status, body) = raw(server.port(), "POST", "/mcp", &headers, &call(Some(meta))).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = raw(server.port(), "POST", "/mcp", &headers, &call(None)).await;
    assert_eq!(status, 200, "{body}");
    let got = sent(&fake).await;
    assert_eq!(got.len(), 2);
    continues(got[0].0.as_deref().expect("a traceparent from _meta"));
    assert_eq!(got[1], (None, None), "a call without a trace sends none");
    server.stop().await;
}

/// Where the test's log lines go.
#[derive(Clone, Default)]
struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'w> tracing_subscriber::fmt::MakeWriter<'w> for Buffer {
    type Writer = Buffer;

    fn make_writer(&'w self) -> Self::Writer {
        self.clone()
    }
}

/// The JSON log (the servers' own `--log-format json` output) of a call with a caller's
/// trace: its lines carry the caller's trace id and our span id, the one the vendor got as
/// the parent; the line of the finished call names the tool, its outcome class and duration,
/// and no argument value.
///
/// A current-thread runtime (tokio::test's default) with a scoped subscriber: the server,
/// the client and the fake vendor run on this thread, so every line they log is captured.
#[tokio::test]
async fn the_calls_json_log_lines_carry_its_trace_and_span_ids() {
    let logs = Buffer::default();
    let _scoped = tracing::subscriber::set_default(mcp_shared::runner::log_subscriber(
        mcp_shared::runner::LogFormat::Json,
        tracing_subscriber::EnvFilter::new("info"),
        logs.clone(),
    ));
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things"))
        .respond_with(ResponseTemplate::new(201).set_body_json(thing(5)))
        .mount(&fake)
        .await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[
            ("authorization", "Bearer log-secret-token"),
            ("traceparent", CALLER),
        ])
        .await;
    client
        .call_ok(
            "acme_create_thing",
            json!({"name": "argument-value-7c1e", "colour": "teal"}),
        )
        .await;
    let got = sent(&fake).await;
    assert_eq!(got.len(), 1);
    let traceparent = got[0].0.clone().expect("a traceparent");
    continues(&traceparent);
    let ours = traceparent.split('-').nth(2).unwrap().to_owned();
    server.stop().await;

    let text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let done: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["message"] == "tool call")
        .collect();
    assert_eq!(done.len(), 1, "one line per finished call in\n{text}");
    let line = done[0];
    assert_eq!(line["level"], "INFO", "{line}");
    assert_eq!(line["tool"], "acme_create_thing", "{line}");
    assert_eq!(line["outcome"], "ok", "{line}");
    assert_eq!(line["is_error"], false, "{line}");
    assert!(line["elapsed_ms"].is_u64(), "{line}");
    assert_eq!(line["span"]["name"], "call", "{line}");
    assert_eq!(line["span"]["trace_id"], TRACE, "{line}");
    assert_eq!(line["span"]["span_id"], ours.as_str(), "{line}");
    for secret in ["argument-value-7c1e", "teal", "log-secret-token"] {
        assert!(!text.contains(secret), "{secret} in the log:\n{text}");
    }
}
