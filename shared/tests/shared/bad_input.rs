//! Bad input at the MCP layer: malformed JSON-RPC, wrong types, missing arguments, unknown
//! tools and methods, invalid credentials headers. Always the right JSON-RPC error or an
//! `isError` result with a clear message; never a 500, a stack trace or a token.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, auth_data, settings_for};
use serde_json::{Value, json};

use crate::acme::SPEC;

/// POST one JSON-RPC body (stateless, plain JSON answers) and return status and JSON reply.
async fn post(url: &str, headers: &[(&str, &str)], body: &str) -> (u16, Value) {
    let mut req = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-06-18")
        .body(body.to_owned());
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = req.send().await.expect("send");
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, v)
}

async fn stateless_server(fake: &MockServer) -> TestServer {
    mcp_shared::upstream::install_crypto_provider();
    let settings = mcp_shared::Settings {
        stateless: true,
        json_response: true,
        ..settings_for(&fake.uri())
    };
    TestServer::start(&SPEC, settings).await
}

fn call(name: &str, args: Value) -> String {
    json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": name, "arguments": args}}).to_string()
}

#[tokio::test]
async fn protocol_errors_have_the_right_codes() {
    let fake = MockServer::start().await;
    let server = stateless_server(&fake).await;
    let auth = auth_data("tok-secret-123");
    let h = [("x-auth-data", auth.as_str())];

    // Malformed JSON: HTTP 400 with a JSON-RPC parse error.
    let (status, v) = post(&server.url, &h, "{not json").await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"]["code"], -32700, "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("not valid JSON"),
        "{v}"
    );
    // A batch (not part of the current protocol revision): 400, invalid request.
    let (status, v) = post(
        &server.url,
        &h,
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"]["code"], -32600, "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("batches are not part"),
        "{v}"
    );
    // JSON that is not a JSON-RPC message: 400, invalid request, with its id.
    let (status, v) = post(&server.url, &h, r#"{"id":5,"hello":"world"}"#).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"]["code"], -32600, "{v}");
    assert_eq!(v["id"], 5, "{v}");

    // Unknown method.
    let (_, v) = post(
        &server.url,
        &h,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/frobnicate","params":{}}"#,
    )
    .await;
    assert_eq!(v["error"]["code"], -32601, "{v}");

    // Unknown tool: invalid params with a message naming it.
    let (_, v) = post(&server.url, &h, &call("acme_nope", json!({}))).await;
    assert_eq!(v["error"]["code"], -32602, "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("acme_nope"),
        "{v}"
    );

    // Wrong types and missing arguments: an isError result the model can correct.
    for args in [
        json!({"id": "seven"}),
        json!({}),
        json!({"id": -1}),
        json!({"id": 1.5}),
    ] {
        let (status, v) = post(&server.url, &h, &call("acme_get_thing", args.clone())).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["isError"], true, "{args}: {v}");
        let text = v["result"]["content"][0]["text"].as_str().unwrap_or("");
        assert!(
            text.contains("invalid arguments for acme_get_thing"),
            "{text}"
        );
    }
    // Arguments that are not an object: invalid params, saying what `arguments` must be.
    let (status, v) = post(&server.url, &h, r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"acme_get_thing","arguments":[1]}}"#).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], 2, "{v}");
    assert_eq!(v["error"]["code"], -32602, "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("`arguments` must be an object"),
        "{v}"
    );
    assert!(!v.to_string().contains("tok-secret-123"));
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
    server.stop().await;
}

#[tokio::test]
async fn invalid_credential_headers_are_clear_errors_without_the_value() {
    let fake = MockServer::start().await;
    let server = stateless_server(&fake).await;
    let secretish = "c2VjcmV0LXRva2VuLXZhbHVl!!"; // not valid base64
    let huge = "A".repeat(100_000);
    for (name, value) in [
        ("x-auth-data", secretish),
        ("x-auth-data", "WyJhIiwgImIiXQ"), // ["a", "b"]
        ("x-auth-data", "bm90IGpzb24"),    // not json
        ("x-auth-data", huge.as_str()),
        ("authorization", "Token abc"),
    ] {
        let (status, v) = post(
            &server.url,
            &[(name, value)],
            &call("acme_get_thing", json!({"id": 1})),
        )
        .await;
        assert!(status < 500, "{name}: {status} {v}");
        let text = v.to_string();
        if status == 200 {
            assert!(v["error"]["code"].is_number(), "{v}");
            assert!(
                text.contains(if name == "authorization" {
                    "Authorization header"
                } else {
                    "x-auth-data header"
                }),
                "{text}"
            );
        }
        assert!(
            !text.contains(secretish) && !text.contains("abc\""),
            "{text}"
        );
    }
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
    server.stop().await;
}

#[tokio::test]
async fn oversized_bodies_are_refused_with_413() {
    let fake = MockServer::start().await;
    let server = stateless_server(&fake).await;
    let big = call(
        "acme_create_thing",
        json!({"name": "x".repeat(5 * 1024 * 1024)}),
    );
    let (status, _) = post(&server.url, &[], &big).await;
    assert_eq!(status, 413);
    server.stop().await;
}

/// With sessions too (rmcp's session path, an event stream): the same JSON-RPC errors.
#[tokio::test]
async fn session_requests_get_the_same_jsonrpc_errors() {
    use crate::http::{exchange, mcp_headers, open_session};
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let session = open_session(server.port()).await;
    let headers = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("Mcp-Session-Id", session.as_str()),
        ],
    );
    let bad_args = r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"acme_get_thing","arguments":"id=1"}}"#;
    let text = exchange(server.port(), "POST", "/mcp", &headers, bad_args).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(
        text.contains(r#""code":-32602"#) && text.contains("`arguments` must be an object"),
        "{text}"
    );
    for (body, code) in [
        ("{not json", "-32700"),
        (r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, "-32600"),
    ] {
        let text = exchange(server.port(), "POST", "/mcp", &headers, body).await;
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
        assert!(text.contains(&format!(r#""code":{code}"#)), "{text}");
    }
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
    server.stop().await;
}

/// Over stdio, a `tools/call` whose `arguments` is not an object is -32602 with the same
/// message as over HTTP (rmcp hands it to the handler as an unknown request).
#[tokio::test]
async fn stdio_bad_tool_call_is_invalid_params() {
    use rmcp::ServiceExt as _;
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
    let server = mcp_shared::McpServer::new(&SPEC, settings_for("http://127.0.0.1:9")).unwrap();
    let (ours, theirs) = tokio::io::duplex(1 << 16);
    let (r, w) = tokio::io::split(theirs);
    tokio::spawn(async move {
        if let Ok(running) = server.serve((r, w)).await {
            let _ = running.waiting().await;
        }
    });
    let (r, mut w) = tokio::io::split(ours);
    let mut lines = BufReader::new(r).lines();
    let send = |v: Value| format!("{v}\n");
    w.write_all(send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})).as_bytes()).await.unwrap();
    let init: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(init["id"], 1, "{init}");
    w.write_all(send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).as_bytes())
        .await
        .unwrap();
    w.write_all(send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "acme_get_thing", "arguments": [1]}})).as_bytes()).await.unwrap();
    let answer: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(answer["id"], 2, "{answer}");
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let msg = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("`arguments` must be an object"), "{msg}");
}
