//! The `connector` kind: no HTTP API; a database or TCP backend reached through the server's
//! state, one backend handle per tenant credential.

pub(super) const SPEC: &str = r#"    // A connector: no HTTP API; the tools reach the backend through the server's state.
    base: mcp_shared::Base::None,
    auth: mcp_shared::Auth::Connection(&["connection_string"]),
    credential_env: &[("{{SERVICE}}_CONNECTION_STRING", "connection_string")],
    state: Some(example::make_state),"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool of a connector: replace the backend handle with the driver's connection
//! pool and `ping` with the backend's first real tool.

use std::sync::Arc;
use std::time::Duration;

use mcp_shared::{Ctx, Effect, Pools, Settings, State, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// The server's process state: one backend handle per tenant credential, never shared
/// between different credentials, closed when idle.
pub struct Backends {
    pools: Arc<Pools<Arc<Backend>>>,
}

/// One tenant's backend (a driver's connection pool in a real connector).
struct Backend {
    /// `host:port`, without the credentials of the connection string.
    address: String,
}

pub fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Backends {
        pools: Pools::new(64, Duration::from_secs(300)),
    }))
}

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_ping", "Ping", Effect::Read, ping).toolset("example")]
}

/// Check that the backend of the connection string accepts connections. Returns its address.
#[derive(Deserialize, JsonSchema)]
pub struct Ping {}

fn address_of(connection_string: &str) -> Result<String, ToolError> {
    let url = url::Url::parse(connection_string).map_err(|e| {
        ToolError::invalid_input(format!(
            "The connection string is not a URL ({e}): send `tcp://user:password@host:port`."
        ))
    })?;
    match (url.host_str(), url.port()) {
        (Some(host), Some(port)) => Ok(format!("{host}:{port}")),
        _ => Err(ToolError::invalid_input(
            "The connection string needs a host and a port: `tcp://user:password@host:port`.",
        )),
    }
}

async fn ping(ctx: Ctx, _a: Ping) -> Result<Value, ToolError> {
    let secret = ctx.connection()?;
    let backends = ctx.state::<Backends>()?;
    let backend = backends
        .pools
        .get(&secret, || async {
            let address = address_of(secret.expose())?;
            Ok::<_, ToolError>(Arc::new(Backend { address }))
        })
        .await?;
    let address = &backend.address;
    let connect = tokio::net::TcpStream::connect(address.as_str());
    match tokio::time::timeout(Duration::from_secs(5), connect).await {
        Ok(Ok(_)) => Ok(json!({ "address": address, "reachable": true })),
        Ok(Err(e)) => Err(ToolError::transport(format!(
            "Cannot connect to {{Display}} at {address}: {e}."
        ))
        .with_hint("check the host and port of the connection string and that the server runs.")),
        Err(_) => Err(ToolError::transport(format!(
            "{{Display}} at {address} did not accept a connection within 5 s."
        ))),
    }
}
"#;

pub(super) const TESTS: &str = r#"//! {{Display}} server tests: each tool against a real backend listening on 127.0.0.1,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_shared::Settings;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::TestServer;
use serde_json::json;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

fn tenant(connection_string: &str) -> String {
    encode_auth_data(&json!({ "connection_string": connection_string }))
}

#[tokio::test]
async fn ping_connects_to_the_tenants_backend() {
    let backend = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = backend.local_addr().unwrap().to_string();
    let accepted = tokio::spawn(async move { backend.accept().await.is_ok() });
    let server = TestServer::start(&{{crate}}::SPEC, Settings::default()).await;
    let auth = tenant(&format!("tcp://user:pw-1234@{address}"));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client.call_ok("{{service}}_ping", json!({})).await;
    assert_eq!(v, json!({"address": address, "reachable": true}));
    assert!(accepted.await.unwrap(), "the backend saw the connection");
}

#[tokio::test]
async fn ping_without_a_backend_fails_clearly_and_keeps_the_password() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let server = TestServer::start(&{{crate}}::SPEC, Settings::default()).await;
    let auth = tenant(&format!("tcp://user:pw-secret-99@{address}"));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("{{service}}_ping", json!({})).await;
    assert!(err.contains("Cannot connect") && err.contains(&address), "{err}");
    assert!(!err.contains("pw-secret-99"), "{err}");
    let bad = server.client_with(&[("x-auth-data", &tenant("no url"))]).await;
    let err = bad.call_err("{{service}}_ping", json!({})).await;
    assert!(err.contains("not a URL"), "{err}");
}
"#;

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_ping",
  "arguments": {},
  "upstream": "connector",
  "credentials": {"connection_string": "tcp://user:{secret}@{unreachable}"}
}
"#;

pub(super) const CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"connection_string\":\"tcp://user:password@host:port\"}`),\n`AUTH_DATA`, or `{{SERVICE}}_CONNECTION_STRING`. One backend handle per distinct connection string.";
