//! The fake SQL API, a server pointed at it, and clients sending one tenant's credentials.

use std::time::Duration;

use mcp_shared::reexports::rmcp::model::CallToolResult;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, Setup, TestServer, expect};
use serde_json::{Value, json};

pub const PAT: &str = "pat-secret-0123456789abcdef";
pub const HANDLE: &str = "01b2c3d4-0000-4e5f-8000-0000000000aa";
pub const KEY_PKCS8: &str = include_str!("keys/test_pkcs8.pem");
pub const KEY_PKCS1: &str = include_str!("keys/test_pkcs1.pem");
pub const KEY_ENCRYPTED: &str = include_str!("keys/test_encrypted.pem");
pub const PUBLIC_RSA_DER_B64: &str = include_str!("keys/test_public_rsa.der.b64");
pub const FINGERPRINT: &str = include_str!("keys/test_fingerprint.txt");

/// A programmatic access token with a warehouse and role.
pub fn creds() -> Value {
    json!({
        "SNOWFLAKE_ACCOUNT": "acme",
        "SNOWFLAKE_USER": "bot",
        "SNOWFLAKE_PROGRAMMATIC_ACCESS_TOKEN": PAT,
        "SNOWFLAKE_WAREHOUSE": "COMPUTE_WH",
        "SNOWFLAKE_ROLE": "ANALYST"
    })
}

pub async fn setup() -> Setup {
    setup_with(creds()).await
}

pub async fn setup_with(creds: Value) -> Setup {
    Setup::start_with(&snowflake_mcp_server::SPEC, creds, |s| {
        s.poll_interval = Some(Duration::from_millis(20));
    })
    .await
}

/// The body of a statement with the credentials' context.
pub fn body(sql: &str) -> Value {
    json!({"statement": sql, "timeout": 300, "warehouse": "COMPUTE_WH", "role": "ANALYST"})
}

/// `POST /api/v2/statements?async=true` with the token and the headers the reference names.
pub fn submit(body: Value) -> Expect {
    expect("POST", "/api/v2/statements")
        .query("async", "true")
        .bearer(PAT)
        .header(
            "x-snowflake-authorization-token-type",
            "PROGRAMMATIC_ACCESS_TOKEN",
        )
        .header("accept", "application/json")
        .header(
            "user-agent",
            concat!("mcp-servers-rs/", env!("CARGO_PKG_VERSION")),
        )
        .json_body(body)
}

/// `GET /api/v2/statements/{handle}` (status, or the first partition).
pub fn status(handle: &str) -> Expect {
    expect("GET", format!("/api/v2/statements/{handle}"))
        .bearer(PAT)
        .header(
            "x-snowflake-authorization-token-type",
            "PROGRAMMATIC_ACCESS_TOKEN",
        )
        .header("accept", "application/json")
}

/// A finished statement: `ResultSet` with `resultSetMetaData` and `data`.
pub fn result(handle: &str, cols: &[(&str, &str)], data: Value) -> Value {
    let n = data.as_array().map_or(0, Vec::len);
    json!({
        "code": "090001",
        "sqlState": "00000",
        "message": "Statement executed successfully.",
        "statementHandle": handle,
        "createdOn": 1_714_000_000_000u64,
        "statementStatusUrl": format!("/api/v2/statements/{handle}"),
        "resultSetMetaData": {
            "format": "jsonv2",
            "numRows": n,
            "rowType": cols.iter().map(|(name, ty)| json!({
                "name": name, "type": ty, "length": 0, "precision": 38, "scale": 0, "nullable": true
            })).collect::<Vec<_>>(),
            "partitionInfo": [{"rowCount": n, "uncompressedSize": 100}]
        },
        "data": data
    })
}

/// The fake answers a statement with this body with a finished result of `cols` and `data`.
pub async fn answer(fake: &MockServer, body: Value, cols: &[(&str, &str)], data: Value) {
    submit(body)
        .respond(fake, 200, result(HANDLE, cols, data))
        .await;
}

/// The fake answers a statement with this body with Snowflake's status message `msg`.
pub async fn answer_status(fake: &MockServer, body: Value, msg: &str) {
    answer(fake, body, &[("status", "TEXT")], json!([[msg]])).await;
}

/// A statement still running (202 `QueryStatus`).
pub fn running(handle: &str) -> Value {
    json!({
        "code": "333334",
        "message": "Asynchronous execution in progress. Use provided query id to perform query monitoring and management.",
        "statementHandle": handle,
        "statementStatusUrl": format!("/api/v2/statements/{handle}")
    })
}

/// The embedded resource of a result (`{"type": "resource", "resource": {uri, text}}`).
pub fn embedded(r: &CallToolResult) -> Value {
    let content = serde_json::to_value(&r.content).unwrap();
    content
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "resource")
        .unwrap_or_else(|| panic!("no embedded resource in {content}"))
        .clone()
}

/// The embedded JSON resource of a result (`data://...`), and its URI.
pub fn resource_of(r: &CallToolResult) -> (String, Value) {
    let res = embedded(r);
    let text = res["resource"]["text"].as_str().unwrap();
    (
        res["resource"]["uri"].as_str().unwrap().to_owned(),
        serde_json::from_str(text).unwrap(),
    )
}

/// Call a tool and return its YAML text and its JSON resource.
pub async fn call_data(s: &Setup, tool: &str, args: Value) -> (String, Value) {
    let r = s.client.call(tool, args).await.unwrap();
    let text = mcp_testkit::text_of(&r);
    assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
    let (uri, v) = resource_of(&r);
    assert_eq!(uri, format!("data://{}", v["data_id"].as_str().unwrap()));
    (text, v)
}

/// Call a tool that must fail before any request is sent; its error.
pub async fn refused(s: &Setup, tool: &str, args: Value) -> String {
    let err = s.client.call_err(tool, args).await;
    mcp_testkit::assert_no_requests(&s.fake).await;
    err
}

/// Every request the fake received.
pub async fn requests(fake: &MockServer) -> Vec<mcp_testkit::wiremock::Request> {
    fake.received_requests().await.unwrap_or_default()
}

/// Whether a request `is` is among those the fake received, asked `tries` times 20 ms apart.
pub async fn received(
    fake: &MockServer,
    tries: usize,
    is: impl Fn(&mcp_testkit::wiremock::Request) -> bool,
) -> bool {
    for _ in 0..tries {
        if requests(fake).await.iter().any(&is) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// A client of `server` sending these credentials.
pub async fn client_for(server: &TestServer, creds: &Value) -> Client {
    server.client_as(creds).await
}
