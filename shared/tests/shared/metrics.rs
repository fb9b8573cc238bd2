//! `/metrics`: tool calls by tool and outcome, latency, vendor requests by status class,
//! retries and rate-limit waits, sessions and calls in flight; no argument or credential in
//! any label; off with `MCP_METRICS=0`.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::acme::{SPEC, thing};
use crate::http::raw;

async fn vendor() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(1)))
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/things/2"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({"message": "no such thing"})))
        .mount(&fake)
        .await;
    // Rate-limited once, then answered.
    Mock::given(matchers::path("/things/3"))
        .respond_with(ResponseTemplate::new(429).insert_header("Retry-After", "0"))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/things/3"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(3)))
        .mount(&fake)
        .await;
    fake
}

fn value(text: &str, line_start: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(line_start))
        .and_then(|rest| rest.trim().parse().ok())
}

#[tokio::test]
async fn metrics_count_calls_outcomes_vendor_requests_and_retries() {
    let fake = vendor().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server.client("secret-token-value").await;
    client.call_ok("acme_get_thing", json!({"id": 1})).await;
    client.call_ok("acme_get_thing", json!({"id": 1})).await;
    client.call_err("acme_get_thing", json!({"id": 2})).await;
    client.call_ok("acme_get_thing", json!({"id": 3})).await;
    assert!(
        client
            .call("no_such_tool_7f3a", json!({"id": 1}))
            .await
            .is_err()
    );
    let (status, text) = raw(
        server.port(),
        "GET",
        "/metrics",
        &[("Host", "localhost")],
        "",
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let calls = r#"mcp_tool_calls_total{tool="acme_get_thing",outcome="#;
    assert_eq!(
        value(&text, &format!("{calls}\"ok\"}}")),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        value(&text, &format!("{calls}\"upstream_error\"}}")),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(
            &text,
            r#"mcp_tool_calls_total{tool="unknown",outcome="protocol_error"}"#
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(
            &text,
            r#"mcp_tool_call_duration_seconds_count{tool="acme_get_thing"}"#
        ),
        Some(4.0),
        "{text}"
    );
    // Three answered 200s, one 404, one 429.
    assert_eq!(
        value(
            &text,
            r#"mcp_upstream_requests_total{api="Acme",status="2xx"}"#
        ),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        value(
            &text,
            r#"mcp_upstream_requests_total{api="Acme",status="4xx"}"#
        ),
        Some(2.0),
        "{text}"
    );
    assert_eq!(
        value(&text, r#"mcp_upstream_retries_total{api="Acme"}"#),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(&text, r#"mcp_upstream_rate_limit_waits_total{api="Acme"}"#),
        Some(1.0),
        "{text}"
    );
    assert!(
        value(&text, "mcp_sessions_open ").is_some_and(|n| n >= 1.0),
        "{text}"
    );
    assert_eq!(
        value(&text, "mcp_tool_calls_in_flight "),
        Some(0.0),
        "{text}"
    );
    // Labels name tools and classes only.
    for leak in ["secret-token-value", "no_such_tool_7f3a", "no such thing"] {
        assert!(!text.contains(leak), "{leak} in\n{text}");
    }
    server.stop().await;
}

#[tokio::test]
async fn metrics_can_be_turned_off() {
    let mut settings = settings_for("http://127.0.0.1:9");
    settings.metrics = false;
    let server = TestServer::start(&SPEC, settings).await;
    let (status, _) = raw(
        server.port(),
        "GET",
        "/metrics",
        &[("Host", "localhost")],
        "",
    )
    .await;
    assert_eq!(status, 404);
    server.stop().await;
}
