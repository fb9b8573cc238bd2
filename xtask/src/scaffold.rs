//! `cargo xtask new <service>`: a compiling server crate with one example tool, its contract
//! and failure tests, README, server.json and generated docs.

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

[dev-dependencies]
mcp-testkit.workspace = true
tokio.workspace = true

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
    base: mcp_shared::Base::Fixed("{{base_url}}"),
    // How the vendor takes the credential (see MCP_SERVER_GUIDE.md for the other schemes).
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("{{SERVICE}}_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_shared::default_error_parser,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    ..ServerSpec::DEFAULT
};
"#;

const EXAMPLE_RS: &str = r#"//! An example tool: replace it with the vendor's first real tool.

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

const TEST_MAIN: &str = r#"//! {{Display}} server tests: each tool against a fake {{Display}} API that asserts the exact
//! request, through a real MCP client.
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
    expect("GET", "/items/a1")
        .bearer(TOKEN)
        .respond(&fake, 200, json!({"id": "a1", "name": "First", "extra": true}))
        .await;
    let client = server.client(TOKEN).await;
    let v = client.call_ok("{{service}}_get_item", json!({"id": "a1"})).await;
    assert_eq!(v, json!({"id": "a1", "name": "First"}));
}

#[tokio::test]
async fn get_item_not_found() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings_for(&fake.uri())).await;
    expect("GET", "/items/zz")
        .bearer(TOKEN)
        .respond(&fake, 404, json!({"message": "Item not found"}))
        .await;
    let client = server.client(TOKEN).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "zz"})).await;
    assert!(err.contains("404") && err.contains("Item not found"), "{err}");
}
"#;

const README: &str = r#"# {{Display}} MCP server

`{{binary}}` gives AI agents {{Display}}'s tools over MCP (stdio or streamable HTTP), acting
with the credentials of each request.

## Run

```sh
AUTH_DATA='{"access_token":"..."}' cargo run -p {{binary}} -- --transport http
```

## Credentials

`x-auth-data` header (base64 of `{"access_token":"..."}`), `Authorization: Bearer <token>`,
`AUTH_DATA`, or `{{SERVICE}}_ACCESS_TOKEN`. `{{SERVICE}}_API_BASE_URL` overrides `{{base_url}}`.

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

const SMOKE_JSON: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"id": "a1", "name": "First"}
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

pub fn new_server(root: &Path, service: &str, display: Option<&str>, base_url: &str) -> Result<()> {
    let valid = service
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase())
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
    let upper = service.to_ascii_uppercase();
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
        ("src/example.rs", EXAMPLE_RS),
        (&format!("tests/{service}/main.rs") as &str, TEST_MAIN),
        ("README.md", README),
        ("server.json", SERVER_JSON),
        ("tools.json", "[]\n"),
        ("smoke.json", SMOKE_JSON),
    ];
    for (path, template) in files {
        let p = dir.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&p, fill(template, &vars))
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
