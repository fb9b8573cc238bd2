//! Streamable HTTP: paths, health, Host/Origin validation, body limit, JSON responses,
//! graceful shutdown.

use std::net::IpAddr;
use std::time::Duration;

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, connect_http, settings_for};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::acme::{SPEC, thing};

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;

/// One raw HTTP/1.1 request; returns the whole response (head and body) as text.
pub(crate) async fn exchange(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> String {
    let mut sock = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    sock.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), sock.read_to_end(&mut buf)).await;
    String::from_utf8_lossy(&buf).into_owned()
}

/// One raw HTTP/1.1 request; returns the status code and the body text.
pub(crate) async fn raw(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let text = exchange(port, method, path, headers, body).await;
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

pub(crate) fn mcp_headers<'a>(
    host: &'a str,
    extra: &[(&'a str, &'a str)],
) -> Vec<(&'a str, &'a str)> {
    let mut h = vec![
        ("Host", host),
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    h.extend_from_slice(extra);
    h
}

#[tokio::test]
async fn health_paths_and_trailing_slash() {
    let server = TestServer::start(&SPEC, settings_for("http://127.0.0.1:9")).await;
    let (status, body) = raw(
        server.port(),
        "GET",
        "/healthz",
        &[("Host", "localhost")],
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        body.contains("\"status\":\"ok\"") && body.contains("acme-mcp-server"),
        "{body}"
    );
    let (status, body) = raw(server.port(), "GET", "/nope", &[("Host", "localhost")], "").await;
    assert_eq!(status, 404);
    assert!(body.contains("/mcp"), "{body}");
    for path in ["/mcp", "/mcp/"] {
        let (status, body) = raw(
            server.port(),
            "POST",
            path,
            &mcp_headers("localhost", &[]),
            INIT,
        )
        .await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(body.contains("acme-mcp-server"), "{body}");
    }
    // A real client on the trailing-slash path, as Klavis clients call it.
    let url = format!("http://127.0.0.1:{}/mcp/", server.port());
    let client = connect_http(&url, &[]).await;
    assert_eq!(client.list_tools().await.len(), 4);
    server.stop().await;
}

#[tokio::test]
async fn container_host_names_work_when_bound_to_all_interfaces() {
    let server = TestServer::start_on(
        &SPEC,
        settings_for("http://127.0.0.1:9"),
        IpAddr::from([0, 0, 0, 0]),
    )
    .await;
    let (status, body) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("github-mcp-server:5000", &[]),
        INIT,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Without an allow-list any Origin from a browser is refused.
    let (status, _) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers(
            "github-mcp-server:5000",
            &[("Origin", "https://evil.example")],
        ),
        INIT,
    )
    .await;
    assert_eq!(status, 403);
    server.stop().await;
}

#[tokio::test]
async fn allowed_hosts_and_origins_are_configurable() {
    let settings = mcp_shared::Settings {
        allowed_hosts: Some(vec!["mcp.internal".into()]),
        allowed_origins: Some(vec!["https://app.example.com".into()]),
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start_on(&SPEC, settings, IpAddr::from([0, 0, 0, 0])).await;
    let ok = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers(
            "mcp.internal:5000",
            &[("Origin", "https://app.example.com")],
        ),
        INIT,
    )
    .await;
    assert_eq!(ok.0, 200, "{}", ok.1);
    let bad_host = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("other:5000", &[]),
        INIT,
    )
    .await;
    assert_eq!(bad_host.0, 403);
    server.stop().await;
}

#[tokio::test]
async fn loopback_binding_rejects_foreign_hosts_and_origins() {
    let server = TestServer::start(&SPEC, settings_for("http://127.0.0.1:9")).await;
    let (status, _) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &[("Origin", "https://evil.example")]),
        INIT,
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("evil.example", &[]),
        INIT,
    )
    .await;
    assert_eq!(status, 403);
    let (status, body) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("127.0.0.1:5000", &[("Origin", "http://localhost:3000")]),
        INIT,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    server.stop().await;
}

#[tokio::test]
async fn oversized_request_body_is_refused() {
    let settings = mcp_shared::Settings {
        max_body_bytes: 64 * 1024,
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(100 * 1024)
    );
    let (status, _) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &[]),
        &big,
    )
    .await;
    assert_eq!(status, 413);
    server.stop().await;
}

#[tokio::test]
async fn json_response_mode_answers_plain_json() {
    let settings = mcp_shared::Settings {
        json_response: true,
        stateless: true,
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#;
    let (status, body) = raw(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &[("MCP-Protocol-Version", "2025-06-18")]),
        list,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(body.trim())
        .unwrap_or_else(|e| panic!("not plain JSON ({e}): {body}"));
    assert_eq!(v["result"]["tools"].as_array().map(Vec::len), Some(4));
    server.stop().await;
}

/// `--json-response` with sessions: `initialize` and a session's requests are answered
/// with plain JSON (the session id in its header), on rmcp's path and the direct one, and a
/// real client works against it.
#[tokio::test]
async fn json_response_mode_answers_plain_json_with_sessions() {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(1)))
        .mount(&fake)
        .await;
    for direct in [true, false] {
        let settings = mcp_shared::Settings {
            json_response: true,
            direct,
            ..settings_for(&fake.uri())
        };
        let server = TestServer::start(&SPEC, settings).await;
        let text = exchange(
            server.port(),
            "POST",
            "/mcp",
            &mcp_headers("localhost", &[("MCP-Protocol-Version", "2025-06-18")]),
            INIT,
        )
        .await;
        let lower = text.to_ascii_lowercase();
        assert!(lower.contains("content-type: application/json"), "{text}");
        let session = lower
            .lines()
            .find_map(|l| l.strip_prefix("mcp-session-id:"))
            .map(|v| v.trim().to_owned())
            .unwrap_or_else(|| panic!("no session id: {text}"));
        let body = text.split("\r\n\r\n").nth(1).unwrap_or_default();
        let v: serde_json::Value = serde_json::from_str(body.trim())
            .unwrap_or_else(|e| panic!("not plain JSON ({e}): {text}"));
        assert_eq!(v["id"], 1);
        assert!(v["result"]["protocolVersion"].is_string(), "{v}");
        let headers = mcp_headers(
            "localhost",
            &[
                ("MCP-Protocol-Version", "2025-06-18"),
                ("Mcp-Session-Id", session.as_str()),
            ],
        );
        let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
        let call = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"acme_get_thing","arguments":{"id":1}}}"#;
        for body in [ping, call] {
            let (status, reply) = raw(server.port(), "POST", "/mcp", &headers, body).await;
            assert_eq!(status, 200, "{reply}");
            let v: serde_json::Value = serde_json::from_str(reply.trim())
                .unwrap_or_else(|e| panic!("direct {direct}: not plain JSON ({e}): {reply}"));
            assert!(v["result"].is_object(), "{v}");
        }
        let client = server.client("t").await;
        assert_eq!(
            client.call_ok("acme_get_thing", json!({"id": 1})).await["id"],
            1
        );
        client.close().await;
        server.stop().await;
    }
}

#[tokio::test]
async fn graceful_shutdown_lets_running_calls_finish() {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/slow"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(thing(5))
                .set_delay(Duration::from_millis(800)),
        )
        .mount(&fake)
        .await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server.client("t").await;
    let call = tokio::spawn(async move { client.call_ok("acme_slow", json!({})).await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.stop().await;
    let v = tokio::time::timeout(Duration::from_secs(5), call)
        .await
        .expect("call finished")
        .expect("join");
    assert_eq!(v["id"], 5);
}

/// Open an MCP session with a raw `initialize`; its id.
pub(crate) async fn open_session(port: u16) -> String {
    let headers = mcp_headers("localhost", &[("MCP-Protocol-Version", "2025-06-18")]);
    let text = exchange(port, "POST", "/mcp", &headers, INIT)
        .await
        .to_lowercase();
    let session = text
        .lines()
        .find_map(|l| l.strip_prefix("mcp-session-id:"))
        .map(|v| v.trim().to_owned())
        .expect("a session id");
    let with_session = [
        ("MCP-Protocol-Version", "2025-06-18"),
        ("Mcp-Session-Id", session.as_str()),
    ];
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let (status, body) = raw(
        port,
        "POST",
        "/mcp",
        &mcp_headers("localhost", &with_session),
        initialized,
    )
    .await;
    assert_eq!(status, 202, "{body}");
    session
}

/// A fast call's event stream ends with its response event (the chunked terminator right
/// after it); a slow call's head and first event reach the client before its response.
/// Stateless requests and session requests (which rmcp does not run: see `sessions.rs`)
/// alike.
async fn event_streams_end_with_the_response_and_slow_calls_get_their_head_first(stateless: bool) {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(1)))
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/slow"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"ok": true}))
                .set_delay(Duration::from_secs(2)),
        )
        .mount(&fake)
        .await;
    let settings = mcp_shared::Settings {
        stateless,
        ..settings_for(&fake.uri())
    };
    let server = TestServer::start(&SPEC, settings).await;
    let session = if stateless {
        None
    } else {
        Some(open_session(server.port()).await)
    };
    let token = mcp_testkit::auth_data("tok");
    let call = |tool: &str, id: u32| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{tool}","arguments":{{"id":1}}}}}}"#
        )
    };
    let mut extra = vec![
        ("MCP-Protocol-Version", "2025-06-18"),
        ("x-auth-data", token.as_str()),
    ];
    if let Some(s) = &session {
        extra.push(("Mcp-Session-Id", s.as_str()));
    }
    let headers = mcp_headers("localhost", &extra);
    // Fast: the whole stream, ended by the response event (chunked terminator right after).
    let (status, body) = raw(
        server.port(),
        "POST",
        "/mcp",
        &headers,
        &call("acme_get_thing", 2),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let result = body.find("\"result\"").expect("a response event");
    assert!(body.contains("\"id\":2"), "{body}");
    assert!(
        body.get(result..)
            .unwrap_or_default()
            .trim_end()
            .ends_with("0"),
        "{body}"
    );

    // Slow: read incrementally; the head comes before the response.
    let mut sock = tokio::net::TcpStream::connect(("127.0.0.1", server.port()))
        .await
        .unwrap();
    let body = call("acme_slow", 3);
    let mut req = format!(
        "POST /mcp HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in &headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    sock.write_all(req.as_bytes()).await.unwrap();
    let mut first = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(1), sock.read(&mut first))
        .await
        .expect("the head is not held back until the response")
        .unwrap();
    let first = String::from_utf8_lossy(&first[..n]).into_owned();
    assert!(first.starts_with("HTTP/1.1 200"), "{first}");
    assert!(first.contains("text/event-stream"), "{first}");
    assert!(!first.contains("\"result\""), "{first}");
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), sock.read_to_end(&mut rest))
        .await
        .unwrap()
        .unwrap();
    let rest = String::from_utf8_lossy(&rest);
    assert!(
        rest.contains("\"result\"") && rest.contains("ok") && rest.contains("\"id\":3"),
        "{rest}"
    );
}

#[tokio::test]
async fn stateless_event_streams_end_with_the_response_and_slow_calls_get_their_head_first() {
    event_streams_end_with_the_response_and_slow_calls_get_their_head_first(true).await;
}

#[tokio::test]
async fn session_event_streams_end_with_the_response_and_slow_calls_get_their_head_first() {
    event_streams_end_with_the_response_and_slow_calls_get_their_head_first(false).await;
}

/// `tools/list` in a session.
async fn list_in(port: u16, session: &str) -> (u16, String) {
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#;
    let headers = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", session),
        ],
    );
    raw(port, "POST", "/mcp", &headers, list).await
}

/// A session is closed after the idle timeout without requests (404 after it), and kept
/// while requests come, tool calls included (rmcp does not see those: `sessions.rs`).
#[tokio::test]
async fn idle_sessions_are_closed_and_busy_ones_kept() {
    let settings = mcp_shared::Settings {
        session_idle_timeout: Duration::from_millis(400),
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let busy = open_session(server.port()).await;
    let idle = open_session(server.port()).await;
    // Twelve lists 100 ms apart: 1.2 s, three times the timeout.
    for _ in 0..12 {
        let (status, body) = list_in(server.port(), &busy).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("acme_get_thing"), "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, _) = list_in(server.port(), &idle).await;
    assert_eq!(status, 404, "the idle session was closed");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (status, _) = list_in(server.port(), &busy).await;
    assert_eq!(status, 404, "the session was closed once it went idle");
}

/// Ending a session: 200 (not rmcp's 202, which the Python SDK logs as a failure); the session
/// is gone afterwards (404).
#[tokio::test]
async fn delete_ends_the_session_with_200() {
    let server = TestServer::start(&SPEC, settings_for("http://127.0.0.1:9")).await;
    let session = open_session(server.port()).await;
    let with_session = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", session.as_str()),
        ],
    );
    let (status, body) = raw(server.port(), "DELETE", "/mcp", &with_session, "").await;
    assert_eq!(status, 200, "{body}");
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#;
    let (status, _) = raw(server.port(), "POST", "/mcp", &with_session, list).await;
    assert_eq!(status, 404);
}

/// DELETE session `id`; the status.
async fn delete(port: u16, id: &str) -> u16 {
    let headers = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", id),
        ],
    );
    raw(port, "DELETE", "/mcp", &headers, "").await.0
}

/// Wait (up to 2 s) until `server` has `n` session handlers; the count then.
async fn handlers_become(server: &TestServer, n: usize) -> usize {
    for _ in 0..100 {
        if server.server.session_handlers() == n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.server.session_handlers()
}

/// An idle session is parked: rmcp's worker and the session's handler are dropped, and only
/// its handshake stays; its next request restores it and is answered as before. Its GET
/// stream stays open meanwhile, until the session is closed. A DELETEd session is dropped,
/// parked or not, and so is an expired one.
#[tokio::test]
async fn idle_sessions_are_parked_and_closed_ones_dropped() {
    let settings = mcp_shared::Settings {
        session_park_after: Some(Duration::from_millis(300)),
        session_idle_timeout: Duration::from_secs(4),
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let port = server.port();
    let (a, b, c, d) = (
        open_session(port).await,
        open_session(port).await,
        open_session(port).await,
        open_session(port).await,
    );
    assert_eq!(server.server.session_handlers(), 4);
    // d opens its GET stream.
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let get = format!(
        "GET /mcp HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAccept: text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nMcp-Session-Id: {d}\r\n\r\n"
    );
    stream.write_all(get.as_bytes()).await.unwrap();
    let mut head = vec![0u8; 1024];
    let n = stream.read(&mut head).await.unwrap();
    let head = String::from_utf8_lossy(&head[..n]).into_owned();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(handlers_become(&server, 0).await, 0, "all four are parked");
    // d's GET stream is still open (whatever comes on it, it does not end).
    let mut byte = [0u8; 1];
    match tokio::time::timeout(Duration::from_millis(300), stream.read(&mut byte)).await {
        Err(_) | Ok(Ok(1)) => {}
        other => panic!("d's GET stream ended when it was parked: {other:?}"),
    }

    // A parked session answers, restored.
    let (status, body) = list_in(port, &a).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("acme_get_thing"), "{body}");
    assert_eq!(server.server.session_handlers(), 1, "a is restored");
    // And is parked again once idle.
    assert_eq!(handlers_become(&server, 0).await, 0);
    let (status, body) = list_in(port, &a).await;
    assert_eq!(status, 200, "restored twice: {body}");

    // DELETE: a (live) and b (parked) are gone.
    assert_eq!(delete(port, &a).await, 200);
    assert_eq!(delete(port, &b).await, 200);
    assert_eq!(handlers_become(&server, 0).await, 0);
    assert_eq!(list_in(port, &a).await.0, 404);
    assert_eq!(list_in(port, &b).await.0, 404);
    assert_eq!(
        server.server.session_handlers(),
        0,
        "a 404 restores nothing"
    );

    // d, restored, keeps its first GET stream; a DELETE ends the session and the stream.
    let (status, body) = list_in(port, &d).await;
    assert_eq!(status, 200, "d was parked, not closed: {body}");
    assert_eq!(delete(port, &d).await, 200);
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest))
        .await
        .expect("d's GET stream ends with the session")
        .unwrap();

    // c, parked, expires with the idle timeout (4 s).
    tokio::time::sleep(Duration::from_millis(4500)).await;
    assert_eq!(list_in(port, &c).await.0, 404, "c expired");
    assert_eq!(handlers_become(&server, 0).await, 0);
    server.stop().await;
}

/// Sessions parked and restored over and over (requests just before, at and after each
/// parking) answer every request.
#[tokio::test]
async fn sessions_parked_and_restored_over_and_over_answer_every_request() {
    let settings = mcp_shared::Settings {
        session_park_after: Some(Duration::from_millis(100)),
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let port = server.port();
    let mut sessions = Vec::new();
    for _ in 0..4 {
        sessions.push(open_session(port).await);
    }
    let mut tasks = Vec::new();
    for (k, id) in sessions.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            for round in 0..25u64 {
                let (status, body) = list_in(port, &id).await;
                assert_eq!(status, 200, "session {k}, round {round}: {body}");
                assert!(body.contains("acme_get_thing"), "{body}");
                // 0 to 200 ms apart: some requests find the session live, some parked.
                tokio::time::sleep(Duration::from_millis((round * 37 + k as u64 * 53) % 200)).await;
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    server.stop().await;
}

/// rmcp's own client (which keeps a GET stream open): its idle session is parked, and its
/// calls go on.
#[tokio::test]
async fn a_client_with_a_get_stream_is_parked_too() {
    let settings = mcp_shared::Settings {
        session_park_after: Some(Duration::from_millis(300)),
        ..settings_for("http://127.0.0.1:9")
    };
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client("tok").await;
    assert!(!client.list_tools().await.is_empty());
    assert_eq!(handlers_become(&server, 0).await, 0, "parked");
    assert!(!client.list_tools().await.is_empty());
    assert_eq!(handlers_become(&server, 0).await, 0, "parked again");
    assert!(!client.list_tools().await.is_empty());
    client.close().await;
    server.stop().await;
}
