//! A tool whose handler panics fails that call only: over stdio, over HTTP with sessions and
//! stateless, the call gets a clear `isError` result, the next call (the same tenant's and
//! another's) is served, the panic is counted in `/metrics`, and nothing the caller sent or
//! its credential is logged or answered.

use mcp_shared::{Ctx, Effect, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for, text_of};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::http::raw;

/// Cut a text at a byte index (the bug this guards against: a caller's multibyte text).
#[derive(Deserialize, JsonSchema)]
pub struct Cut {
    text: String,
}

#[allow(clippy::string_slice)] // the panic on purpose
async fn cut(_ctx: Ctx, a: Cut) -> Result<Value, ToolError> {
    Ok(Value::String(a.text[..5].to_owned()))
}

/// Panic after an await point, inside the future.
#[derive(Deserialize, JsonSchema)]
pub struct Later {}

async fn later(_ctx: Ctx, _a: Later) -> Result<Value, ToolError> {
    tokio::task::yield_now().await;
    let empty: Vec<u8> = Vec::new();
    #[allow(clippy::indexing_slicing)]
    Ok(Value::from(empty[3]))
}

/// Read the caller's thing from the fake vendor (the call after the panic).
#[derive(Deserialize, JsonSchema)]
pub struct Get {}

async fn get(ctx: Ctx, _a: Get) -> Result<Value, ToolError> {
    ctx.request(Method::GET, "/me")
        .bearer(&ctx.token()?)
        .send_json()
        .await
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("boom_cut", "Cut", Effect::Read, cut),
        tool("boom_later", "Later", Effect::Read, later),
        tool("boom_get", "Get", Effect::Read, get),
    ]
}

static SPEC: ServerSpec = ServerSpec {
    service: "boom",
    display_name: "Boom",
    binary: "boom-mcp-server",
    version: "0.0.0",
    description: "Test service with tools that panic",
    instructions: "Test service.",
    base: mcp_shared::Base::Fixed("https://api.boom.invalid"),
    credential_env: &[],
    toolsets: &[Toolset {
        name: "default",
        description: "Everything.",
        default: true,
    }],
    tools,
    error_parser: mcp_shared::default_error_parser,
    ..ServerSpec::DEFAULT
};

/// A fake vendor that answers `/me` with the caller's token, so a mixed-up tenant shows.
async fn vendor() -> MockServer {
    let fake = MockServer::start().await;
    for who in ["alice", "bob"] {
        Mock::given(matchers::path("/me"))
            .and(matchers::header(
                "authorization",
                format!("Bearer {who}-token").as_str(),
            ))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"user": who})))
            .mount(&fake)
            .await;
    }
    fake
}

const HOSTILE: &str = "ééé-alice-token-x";

fn assert_internal(text: &str, tool: &str) {
    assert!(
        text.contains(&format!(
            "internal error in {tool}; the server is still running"
        )),
        "{text}"
    );
    assert!(!text.contains("alice-token"), "the argument leaked: {text}");
    assert!(
        !text.contains("char boundary"),
        "the panic message leaked: {text}"
    );
}

async fn over_http(stateless: bool) {
    let fake = vendor().await;
    let mut settings = settings_for(&fake.uri());
    settings.stateless = stateless;
    let server = TestServer::start(&SPEC, settings).await;
    let alice = server.client("alice-token").await;
    let bob = server.client("bob-token").await;
    for _ in 0..2 {
        let r = alice
            .call("boom_cut", json!({"text": HOSTILE}))
            .await
            .expect("a reply, not a dropped connection");
        assert_eq!(r.is_error, Some(true), "{r:?}");
        assert_internal(&text_of(&r), "boom_cut");
        assert_internal(&alice.call_err("boom_later", json!({})).await, "boom_later");
        assert_eq!(
            alice.call_ok("boom_get", json!({})).await,
            json!({"user": "alice"})
        );
        assert_eq!(
            bob.call_ok("boom_get", json!({})).await,
            json!({"user": "bob"})
        );
    }
    // A client that connects after the panics is served too.
    let late = server.client("bob-token").await;
    assert_eq!(
        late.call_ok("boom_get", json!({})).await,
        json!({"user": "bob"})
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
    let line = r#"mcp_tool_calls_total{tool="boom_cut",outcome="internal_error"}"#;
    let count: Option<f64> = text
        .lines()
        .find_map(|l| l.strip_prefix(line))
        .and_then(|v| v.trim().parse().ok());
    assert!(count.is_some_and(|c| c >= 2.0), "{line} in {text}");
    server.stop().await;
}

#[tokio::test]
async fn a_panicking_tool_fails_its_call_only_over_http_with_sessions() {
    over_http(false).await;
}

#[tokio::test]
async fn a_panicking_tool_fails_its_call_only_over_stateless_http() {
    over_http(true).await;
}

#[tokio::test]
async fn a_panicking_tool_fails_its_call_only_over_stdio() {
    use rmcp::ServiceExt as _;
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
    let fake = vendor().await;
    // stdio has one tenant: the process's own credentials (`AUTH_DATA`).
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = mcp_shared::EnvCredentials::from_lookup(
        |k| (k == "AUTH_DATA").then(|| "alice-token".to_owned()),
        &[],
    )
    .unwrap();
    let server = mcp_shared::McpServer::new(&SPEC, settings).unwrap();
    let (ours, theirs) = tokio::io::duplex(1 << 16);
    let (r, w) = tokio::io::split(theirs);
    let serving = tokio::spawn(async move {
        if let Ok(running) = server.serve((r, w)).await {
            let _ = running.waiting().await;
        }
    });
    let (r, mut w) = tokio::io::split(ours);
    let mut lines = BufReader::new(r).lines();
    let mut send = async |v: Value| {
        w.write_all(format!("{v}\n").as_bytes()).await.unwrap();
    };
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})).await;
    let init: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(init["id"], 1, "{init}");
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    let mut id = 1;
    for tool in ["boom_cut", "boom_later", "boom_cut"] {
        id += 1;
        send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": {"text": HOSTILE}}})).await;
        let answer: Value =
            serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        assert_internal(&answer["result"]["content"][0]["text"].to_string(), tool);
    }
    // The same session goes on: tools/list, and a call that reaches the vendor.
    id += 1;
    send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"})).await;
    let list: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(
        list["result"]["tools"].as_array().map(Vec::len),
        Some(3),
        "{list}"
    );
    id += 1;
    send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "boom_get", "arguments": {}}})).await;
    let answer: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(answer["id"], id, "{answer}");
    assert_eq!(
        answer["result"]["structuredContent"]
            .as_object()
            .map(|_| answer["result"]["structuredContent"].clone())
            .unwrap_or_else(|| {
                serde_json::from_str(
                    answer["result"]["content"][0]["text"]
                        .as_str()
                        .unwrap_or(""),
                )
                .unwrap_or(Value::Null)
            }),
        json!({"user": "alice"}),
        "{answer}"
    );
    assert!(!serving.is_finished());
}
