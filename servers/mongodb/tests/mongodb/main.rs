//! MongoDB server tests, through a real MCP client: the database tools (`read.rs`,
//! `write.rs`, `metadata.rs`, `connect.rs`) against a loopback fake that speaks the wire
//! protocol and asserts each command document (`wire.rs`), the Atlas tools against a fake Atlas Administration API, and, when `MONGODB_URI` is set, the
//! database tools against a real server (`real.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod connect;
mod metadata;
mod read;
mod real;
mod tenancy;
mod wire;
mod write;

use mcp_shared::Settings;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::{Client, TestServer};
use serde_json::{Value, json};

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(
    mongodb_mcp_server::SPEC,
    "mongodb-mcp-server",
    catalog_not_required: &[]
);

pub fn settings() -> Settings {
    Settings::default().with_option("server-selection-timeout-ms", "3000")
}

pub fn tenant(connection_string: &str) -> String {
    encode_auth_data(&json!({ "connection_string": connection_string }))
}

pub async fn server() -> TestServer {
    TestServer::start(&mongodb_mcp_server::SPEC, settings()).await
}

pub async fn client_for(server: &TestServer, uri: &str) -> Client {
    server.client_with(&[("x-auth-data", &tenant(uri))]).await
}

/// Call `tool` with `args` as the tenant of `fake` on a fresh server and return the result.
pub async fn call_ok(fake: &wire::Fake, tool: &str, args: Value) -> Value {
    let server = server().await;
    let client = client_for(&server, &fake.uri()).await;
    let v = client.call_ok(tool, args).await;
    fake.assert_done();
    v
}

pub async fn call_err(fake: &wire::Fake, tool: &str, args: Value) -> String {
    let server = server().await;
    let client = client_for(&server, &fake.uri()).await;
    client.call_err(tool, args).await
}

#[test]
fn tools_beyond_the_catalog() {
    let server =
        mcp_shared::McpServer::new(&mongodb_mcp_server::SPEC, Settings::default()).unwrap();
    let extra = mcp_testkit::tools_beyond_catalog(server.tools(), "mongodb");
    assert!(extra.is_empty(), "{extra:?}");
}
