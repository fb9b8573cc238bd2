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
