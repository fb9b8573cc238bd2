//! A stateful connector (a server that is not one HTTP API): process state built at start-up,
//! reached through `Ctx`, with one pool per tenant credential. Two tenants under concurrent
//! load each only ever reach their own pool; a connector has no base URL to call.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use mcp_shared::auth::encode_auth_data;
use mcp_shared::{
    Auth, Base, Ctx, Effect, Method, Pools, ServerSpec, Settings, State, ToolDef, ToolError,
    Toolset, tool,
};
use mcp_testkit::TestServer;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// A "database connection pool": which database it is connected to, and its serial number.
struct Db {
    name: String,
    serial: usize,
}

struct Vault {
    pools: Arc<Pools<Arc<Db>>>,
    opened: AtomicUsize,
}

fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Vault {
        pools: Pools::new(16, Duration::from_secs(60)),
        opened: AtomicUsize::new(0),
    }))
}

/// Read which database this tenant's pool is connected to.
#[derive(Deserialize, JsonSchema)]
struct WhoAmI {}

async fn whoami(ctx: Ctx, _a: WhoAmI) -> Result<Value, ToolError> {
    let dsn = ctx.connection()?;
    let vault = ctx.state::<Vault>()?;
    let db = vault
        .pools
        .get(&dsn, || async {
            // Connecting takes a while, so concurrent first calls overlap.
            tokio::time::sleep(Duration::from_millis(20)).await;
            let name = dsn
                .expose()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned();
            let serial = vault.opened.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ToolError>(Arc::new(Db { name, serial }))
        })
        .await?;
    tokio::task::yield_now().await;
    Ok(json!({"database": db.name, "pool": db.serial, "pools": vault.pools.len()}))
}

/// Try an HTTP request from a server that has no HTTP API.
#[derive(Deserialize, JsonSchema)]
struct Http {}

async fn http(ctx: Ctx, _a: Http) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, "/anything")?.send_json().await
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("vault_whoami", "Who am I", Effect::Read, whoami).toolset("db"),
        tool("vault_http", "HTTP", Effect::Read, http).toolset("db"),
    ]
}

static SPEC: ServerSpec = ServerSpec {
    service: "vault",
    display_name: "Vault",
    binary: "vault-mcp-server",
    version: "0",
    base: Base::None,
    auth: Auth::Connection(&["connection_string", "database_url"]),
    state: Some(make_state),
    toolsets: &[Toolset {
        name: "db",
        description: "The database.",
        default: true,
    }],
    tools,
    ..ServerSpec::DEFAULT
};

fn tenant(dsn: &str) -> String {
    encode_auth_data(&json!({ "connection_string": dsn }))
}

#[tokio::test]
async fn two_tenants_under_concurrent_load_only_reach_their_own_pool() {
    let server = TestServer::start(&SPEC, Settings::default()).await;
    let a = Arc::new(
        server
            .client_with(&[("x-auth-data", &tenant("postgres://alice:pw@db/alpha"))])
            .await,
    );
    let b = Arc::new(
        server
            .client_with(&[("x-auth-data", &tenant("postgres://bob:pw@db/beta"))])
            .await,
    );
    let mut tasks = Vec::new();
    for i in 0..200 {
        let (client, want) = if i % 2 == 0 {
            (a.clone(), "alpha")
        } else {
            (b.clone(), "beta")
        };
        tasks.push(tokio::spawn(async move {
            let v = client.call_ok("vault_whoami", json!({})).await;
            (want, v)
        }));
    }
    let mut pools = std::collections::HashMap::new();
    for t in tasks {
        let (want, v) = t.await.expect("task");
        assert_eq!(v["database"], want, "{v}");
        let serial = v["pool"].as_u64().expect("serial");
        assert_eq!(
            *pools.entry(want).or_insert(serial),
            serial,
            "one pool per tenant"
        );
    }
    assert_eq!(pools.len(), 2);
    assert_ne!(pools["alpha"], pools["beta"]);
}

#[tokio::test]
async fn the_same_database_with_other_credentials_gets_its_own_pool() {
    let server = TestServer::start(&SPEC, Settings::default()).await;
    let a = server
        .client_with(&[("x-auth-data", &tenant("postgres://alice:pw@db/shared"))])
        .await;
    let b = server
        .client_with(&[("x-auth-data", &tenant("postgres://mallory:guess@db/shared"))])
        .await;
    let pa = a.call_ok("vault_whoami", json!({})).await["pool"].clone();
    let pb = b.call_ok("vault_whoami", json!({})).await["pool"].clone();
    assert_ne!(
        pa, pb,
        "a pool is never shared across different credentials"
    );
}

#[tokio::test]
async fn a_connector_has_no_http_api_and_says_so() {
    let server = TestServer::start(&SPEC, Settings::default()).await;
    let c = server
        .client_with(&[("x-auth-data", &tenant("postgres://a@db/x"))])
        .await;
    let err = c.call_err("vault_http", json!({})).await;
    assert!(err.contains("calls no HTTP API"), "{err}");
    // The other accepted field name reaches the same pool key.
    let c = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"database_url": "postgres://a@db/x"})),
        )])
        .await;
    assert_eq!(c.call_ok("vault_whoami", json!({})).await["database"], "x");
    let c = server.client_with(&[]).await;
    let err = c.call_err("vault_whoami", json!({})).await;
    assert!(err.contains("`connection_string` is missing"), "{err}");
    assert!(
        err.contains("`database_url`"),
        "the other accepted name: {err}"
    );
}
