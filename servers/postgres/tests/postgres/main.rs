//! PostgreSQL server tests against a real PostgreSQL (Debian's `postgresql` package, started
//! by [`pg`] on 127.0.0.1 and shared by the test processes), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod health;
mod pg;
mod safety;
mod schema;
mod sql;
mod tuning;

use mcp_shared::Settings;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::{Client, TestServer};
use serde_json::json;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(postgres_mcp_server::SPEC, "postgres-mcp-server");

pub fn auth(dsn: &str) -> String {
    encode_auth_data(&json!({ "api_key": dsn }))
}

/// The server with `settings`, and a client whose `x-auth-data` carries `dsn`.
pub async fn start(settings: Settings, dsn: &str) -> (TestServer, Client) {
    let server = TestServer::start(&postgres_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[("x-auth-data", &auth(dsn))]).await;
    (server, client)
}

/// The server with its defaults and a client for `dsn`.
pub async fn client(dsn: &str) -> (TestServer, Client) {
    start(Settings::default(), dsn).await
}

/// The catalog's nine tools, nothing more; execute_sql stays offered in read-only mode.
#[tokio::test]
async fn tools_are_the_catalogs_and_execute_sql_stays_in_read_only_mode() {
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    let tools = server.client_with(&[]).await.list_tools().await;
    assert_eq!(tools.len(), 9);
    assert!(mcp_testkit::tools_beyond_catalog(&tools, "postgres").is_empty());
    let ro = Settings {
        read_only: true,
        ..Settings::default()
    };
    let server = TestServer::start(&postgres_mcp_server::SPEC, ro).await;
    let tools = server.client_with(&[]).await.list_tools().await;
    assert_eq!(tools.len(), 9, "every tool is offered read-only");
    let exec = tools.iter().find(|t| t.name == "execute_sql").unwrap();
    let ann = exec.annotations.as_ref().unwrap();
    assert_eq!(
        ann.read_only_hint,
        Some(false),
        "it can write when not read-only"
    );
}
