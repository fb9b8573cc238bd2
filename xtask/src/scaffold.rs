//! `cargo xtask new <service> [--kind rest|graphql|connector|local]`: a compiling server crate with
//! one example tool of that kind, its contract and failure tests, the one-line standard suite,
//! README, server.json, smoke.json and generated docs.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::servers::binary_of;

const CARGO_TOML: &str = r#"[package]
name = "{{binary}}"
description = "{{Display}} for AI agents."
version.workspace = true
edition.workspace = true
rust-version.workspace = true
license.workspace = true
repository.workspace = true

[lib]
doctest = false
test = false

[[bin]]
name = "{{binary}}"
path = "src/main.rs"
test = false

[[test]]
name = "{{service}}"
path = "tests/{{service}}/main.rs"

[dependencies]
mcp-shared.workspace = true
serde.workspace = true
serde_json.workspace = true
schemars.workspace = true
{{extra_deps}}
[dev-dependencies]
mcp-testkit.workspace = true
{{extra_dev_deps}}
[lints]
workspace = true
"#;

const MAIN_RS: &str = r#"fn main() -> std::process::ExitCode {
    mcp_shared::run(&{{crate}}::SPEC)
}
"#;

const LIB_RS: &str = r#"//! {{Display}} MCP server.

mod example;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "example",
    description: "Example tools (replace with the vendor's areas).",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    example::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "{{service}}",
    display_name: "{{Display}}",
    binary: "{{binary}}",
    version: env!("CARGO_PKG_VERSION"),
    description: "{{Display}} for AI agents.",
    instructions: "Tools act on {{Display}} with the credentials of the request.",
{{spec_kind}}
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_shared::default_error_parser,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    ..ServerSpec::DEFAULT
};
"#;

const REST_SPEC: &str = r#"    base: mcp_shared::Base::Fixed("{{base_url}}"),
    // How the vendor takes the credential (see MCP_SERVER_GUIDE.md for the other schemes).
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("{{SERVICE}}_ACCESS_TOKEN", "access_token")],"#;

const REST_EXAMPLE: &str = r#"//! An example tool: replace it with the vendor's first real tool.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_get_item", "Get item", Effect::Read, get_item).toolset("example")]
}

/// Get one item by id. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id
    id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &format!("/items/{}", seg(&a.id)))?
        .send_json()
        .await?;
    Ok(pick(&v, &["id", "name"]))
}
"#;

/// The tests of an HTTP vendor's example tool; `{{api}}`, `{{request}}`, `{{ok_body}}`,
/// `{{missing_request}}`, `{{missing_status}}` and `{{missing_body}}` come from the kind.
const HTTP_TESTS: &str = r#"//! {{Display}} server tests: each tool against a fake {{Display}} {{api}} that asserts the
//! exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

const TOKEN: &str = "test-token";

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

#[tokio::test]
async fn get_item_contract() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    {{request}}
        .bearer(TOKEN)
        .respond(&fake, 200, json!({{ok_body}}))
        .await;
    let client = server.client(TOKEN).await;
    let v = client.call_ok("{{service}}_get_item", json!({"id": "a1"})).await;
    assert_eq!(v, json!({"id": "a1", "name": "First"}));
}

#[tokio::test]
async fn get_item_not_found() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    {{missing_request}}
        .bearer(TOKEN)
        .respond(&fake, {{missing_status}}, json!({{missing_body}}))
        .await;
    let client = server.client(TOKEN).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "zz"})).await;
    assert!(err.contains("Item not found"), "{err}");
}
"#;

/// (`{{api}}`, `{{request}}`, `{{ok_body}}`, `{{missing_request}}`, `{{missing_status}}`,
/// `{{missing_body}}`) of the REST example's tests.
const REST_TEST_PARTS: [(&str, &str); 6] = [
    ("api", "API"),
    ("request", r#"expect("GET", "/items/a1")"#),
    ("ok_body", r#"{"id": "a1", "name": "First", "extra": true}"#),
    ("missing_request", r#"expect("GET", "/items/zz")"#),
    ("missing_status", "404"),
    ("missing_body", r#"{"message": "Item not found"}"#),
];

const REST_SMOKE: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"id": "a1", "name": "First"}
}
"#;

const GRAPHQL_EXAMPLE: &str = r#"//! An example tool: replace it with the vendor's first real query.

use mcp_shared::graphql::execute;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_get_item", "Get item", Effect::Read, get_item).toolset("example")]
}

const GET_ITEM: &str = "query GetItem($id: ID!) { item(id: $id) { id name } }";

/// Get one item by id. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id
    id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let req = ctx.authorized(Method::POST, "/graphql")?;
    let data = execute(req, "GetItem", GET_ITEM, json!({ "id": a.id })).await?;
    match data.get("item") {
        Some(item) if !item.is_null() => Ok(item.clone()),
        _ => Err(ToolError::invalid_input(format!(
            "No {{Display}} item with id {}.",
            a.id
        ))),
    }
}
"#;

/// The same for the GraphQL example: a 200 whose `errors[]` says what went wrong.
const GRAPHQL_TEST_PARTS: [(&str, &str); 6] = [
    ("api", "GraphQL API"),
    (
        "request",
        r#"expect("POST", "/graphql").graphql("GetItem", json!({"id": "a1"}))"#,
    ),
    (
        "ok_body",
        r#"{"data": {"item": {"id": "a1", "name": "First"}}}"#,
    ),
    (
        "missing_request",
        r#"expect("POST", "/graphql").graphql("GetItem", json!({"id": "zz"}))"#,
    ),
    ("missing_status", "200"),
    (
        "missing_body",
        r#"{"data": {"item": null}, "errors": [{"message": "Item not found", "path": ["item"]}]}"#,
    ),
];

const GRAPHQL_SMOKE: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"data": {"item": {"id": "a1", "name": "First"}}}
}
"#;

const CONNECTOR_SPEC: &str = r#"    // A connector: no HTTP API; the tools reach the backend through the server's state.
    base: mcp_shared::Base::None,
    auth: mcp_shared::Auth::Connection(&["connection_string"]),
    credential_env: &[("{{SERVICE}}_CONNECTION_STRING", "connection_string")],
    state: Some(example::make_state),"#;

const CONNECTOR_EXAMPLE: &str = r#"//! An example tool of a connector: replace the backend handle with the driver's connection
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

const CONNECTOR_TESTS: &str = r#"//! {{Display}} server tests: each tool against a real backend listening on 127.0.0.1,
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

const CONNECTOR_SMOKE: &str = r#"{
  "tool": "{{service}}_ping",
  "arguments": {},
  "upstream": "connector",
  "credentials": {"connection_string": "tcp://user:{secret}@{unreachable}"}
}
"#;

const LOCAL_SPEC: &str = r#"    // A local server: no vendor; every path an agent gives goes through the workspace jail
    // (`--workspace DIR` / `MCP_WORKSPACE`).
    base: mcp_shared::Base::None,
    auth: mcp_shared::Auth::None,
    state: Some(mcp_shared::workspace::make_state),
    options: &[mcp_shared::workspace::OPTION],"#;

const LOCAL_EXAMPLE: &str = r#"//! An example tool of a local server: replace it with the server's first real tool. Every
//! path goes through the workspace (`Workspace::path`), never `std::fs` on a caller's path.

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_read_text", "Read a text file", Effect::Read, read_text).toolset("example")]
}

/// Read a text file of the workspace. Returns its text.
#[derive(Deserialize, JsonSchema)]
pub struct ReadText {
    /// The file's path, relative to the workspace (e.g. `notes/today.md`)
    path: String,
}

async fn read_text(ctx: Ctx, a: ReadText) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            ws.read_text("path", &p)
        })
        .await
}
"#;

const LOCAL_TESTS: &str = r#"//! {{Display}} server tests: each tool on real files in a temporary workspace, through a
//! real MCP client, and the jail's refusals.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::LocalServer;
use serde_json::json;

// Docs freshness, schemas, the binary over stdio and HTTP, hostile arguments (in a scratch
// workspace of their own).
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

#[tokio::test]
async fn read_text_reads_a_file_of_the_workspace() {
    let ws = LocalServer::start(&{{crate}}::SPEC, |_| {}, |_| {}).await;
    ws.put("notes/today.md", "first line\nsecond line\n");
    let text = ws.ok("{{service}}_read_text", json!({"path": "notes/today.md"})).await;
    assert_eq!(text, "first line\nsecond line\n");
    ws.stop().await;
}

#[tokio::test]
async fn read_text_refuses_paths_outside_the_workspace() {
    let ws = LocalServer::start(&{{crate}}::SPEC, |_| {}, |_| {}).await;
    let outside = ws.outside().join("secret.txt");
    for path in ["../outside/secret.txt", outside.to_str().unwrap()] {
        let err = ws.err("{{service}}_read_text", json!({ "path": path })).await;
        assert!(err.contains("path"), "{path}: {err}");
        assert!(!err.contains("OUTSIDE SECRET"), "{path}: {err}");
    }
    let err = ws.err("{{service}}_read_text", json!({"path": "missing.txt"})).await;
    assert!(err.contains("missing.txt"), "{err}");
    ws.stop().await;
}
"#;

const LOCAL_SMOKE: &str = r#"{
  "tool": "{{service}}_read_text",
  "arguments": {"path": "README.md"},
  "upstream": "none",
  "credentials": {}
}
"#;

/// What kind of server `new` scaffolds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A REST API on a fixed host with a bearer token.
    Rest,
    /// A GraphQL API (the shared GraphQL client).
    Graphql,
    /// Not an HTTP API: a database or TCP backend reached through the server's state.
    Connector,
    /// No vendor: files in a workspace directory, every path through the shared jail.
    Local,
}

impl Kind {
    /// The tests' main.rs.
    fn tests(self) -> String {
        match self {
            Kind::Rest => fill(HTTP_TESTS, &REST_TEST_PARTS),
            Kind::Graphql => fill(HTTP_TESTS, &GRAPHQL_TEST_PARTS),
            Kind::Connector => CONNECTOR_TESTS.to_owned(),
            Kind::Local => LOCAL_TESTS.to_owned(),
        }
    }

    /// (spec lines, example.rs, smoke.json, dependencies, credentials line)
    fn parts(self) -> [&'static str; 5] {
        match self {
            Kind::Rest => [REST_SPEC, REST_EXAMPLE, REST_SMOKE, "", REST_CREDENTIALS],
            Kind::Graphql => [
                REST_SPEC,
                GRAPHQL_EXAMPLE,
                GRAPHQL_SMOKE,
                "",
                REST_CREDENTIALS,
            ],
            Kind::Connector => [
                CONNECTOR_SPEC,
                CONNECTOR_EXAMPLE,
                CONNECTOR_SMOKE,
                "tokio.workspace = true\nurl.workspace = true\n",
                CONNECTOR_CREDENTIALS,
            ],
            Kind::Local => [
                LOCAL_SPEC,
                LOCAL_EXAMPLE,
                LOCAL_SMOKE,
                "",
                LOCAL_CREDENTIALS,
            ],
        }
    }
}

const REST_CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"access_token\":\"...\"}`), `Authorization: Bearer <token>`,\n`AUTH_DATA`, or `{{SERVICE}}_ACCESS_TOKEN`. `{{SERVICE}}_API_BASE_URL` overrides `{{base_url}}`.";

const CONNECTOR_CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"connection_string\":\"tcp://user:password@host:port\"}`),\n`AUTH_DATA`, or `{{SERVICE}}_CONNECTION_STRING`. One backend handle per distinct connection string.";

const LOCAL_CREDENTIALS: &str = "None: the server works in one directory, `--workspace DIR` or `MCP_WORKSPACE` (default: the\ncurrent directory). Every path is taken relative to it; nothing outside it is read, listed or written.";

const README: &str = r#"# {{Display}} MCP server

`{{binary}}` gives AI agents {{Display}}'s tools over MCP (stdio or streamable HTTP), acting
with the credentials of each request.

## Run

```sh
{{run_example}}
```

## Credentials

{{credentials}}

## Tools

<!-- tools:start -->
<!-- tools:end -->
"#;

const SERVER_JSON: &str = r#"{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.mcp-servers-rs/{{service}}",
  "description": "{{Display}} for AI agents.",
  "version": "0.1.0",
  "repository": {
    "url": "https://github.com/mcp-servers-rs/mcp-servers",
    "source": "github",
    "subfolder": "servers/{{service}}"
  },
  "packages": [
    {
      "registryType": "oci",
      "identifier": "ghcr.io/mcp-servers-rs/{{binary}}:0.1.0",
      "transport": {
        "type": "streamable-http",
        "url": "http://localhost:5000/mcp",
        "headers": [
          {
            "name": "x-auth-data",
            "description": "Base64 of a JSON object with the caller's credentials, e.g. {\"access_token\":\"...\"}",
            "isRequired": false,
            "isSecret": true
          }
        ]
      },
      "environmentVariables": [
        {
          "name": "AUTH_DATA",
          "description": "Credentials for single-tenant use: a JSON object like {\"access_token\":\"...\"} or a bare token",
          "isRequired": false,
          "isSecret": true
        }
      ]
    }
  ]
}
"#;

fn fill(t: &str, vars: &[(&str, &str)]) -> String {
    vars.iter().fold(t.to_owned(), |acc, (k, v)| {
        acc.replace(&format!("{{{{{k}}}}}"), v)
    })
}

fn title_case(service: &str) -> String {
    service
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn new_server(
    root: &Path,
    service: &str,
    display: Option<&str>,
    base_url: &str,
    kind: Kind,
) -> Result<()> {
    let valid = service
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && service
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        bail!("the service name must be snake_case like the catalog's (e.g. google_calendar)");
    }
    let dir = root.join("servers").join(service);
    if dir.exists() {
        bail!("{} already exists", dir.display());
    }
    let binary = binary_of(service);
    let krate = binary.replace('-', "_");
    let display = display
        .map(str::to_owned)
        .unwrap_or_else(|| title_case(service));
    let upper = match service.to_ascii_uppercase() {
        u if u.starts_with(|c: char| c.is_ascii_digit()) => format!("MCP_{u}"),
        u => u,
    };
    let [spec_kind, example, smoke, deps, credentials] = kind.parts();
    let tests = kind.tests();
    let run_example = match kind {
        Kind::Connector => format!(
            r#"AUTH_DATA='{{"connection_string":"tcp://user:password@host:port"}}' cargo run -p {binary} -- --transport http"#
        ),
        Kind::Local => format!("cargo run -p {binary} -- --transport http --workspace ./data"),
        Kind::Rest | Kind::Graphql => format!(
            r#"AUTH_DATA='{{"access_token":"..."}}' cargo run -p {binary} -- --transport http"#
        ),
    };
    // The parts first: they hold the names below.
    let pre = [
        ("spec_kind", spec_kind),
        ("extra_deps", deps),
        (
            "extra_dev_deps",
            if kind == Kind::Connector {
                ""
            } else {
                "tokio.workspace = true\n"
            },
        ),
        ("credentials", credentials),
        ("run_example", run_example.as_str()),
    ];
    let vars = [
        ("service", service),
        ("SERVICE", upper.as_str()),
        ("binary", binary.as_str()),
        ("crate", krate.as_str()),
        ("Display", display.as_str()),
        ("base_url", base_url),
    ];
    let files = [
        ("Cargo.toml", CARGO_TOML),
        ("src/main.rs", MAIN_RS),
        ("src/lib.rs", LIB_RS),
        ("src/example.rs", example),
        (&format!("tests/{service}/main.rs") as &str, tests.as_str()),
        ("README.md", README),
        ("server.json", SERVER_JSON),
        ("tools.json", "[]\n"),
        ("smoke.json", smoke),
    ];
    for (path, template) in files {
        let p = dir.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&p, fill(&fill(template, &pre), &vars))
            .with_context(|| format!("write {}", p.display()))?;
    }
    println!("created servers/{service}; formatting it, generating its docs, running its tests");
    // Formatted by rustfmt itself, so that the result is fmt-clean whatever the names' lengths.
    crate::run(
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(root)
            .args(["fmt", "-p", &binary]),
    )?;
    crate::run(
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(root)
            .env("MCP_UPDATE_DOCS", "1")
            .args(["test", "-p", &binary, "--quiet"]),
    )?;
    // The root README's catalog table gains the new row.
    crate::docs(root, true)?;
    println!("next: replace src/example.rs with real tools, then `cargo xtask docs`");
    Ok(())
}
