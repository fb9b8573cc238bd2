//! The files every kind writes alike: Cargo.toml, main.rs, lib.rs (the kind fills in its
//! spec lines), README.md and server.json.

pub(super) const CARGO_TOML: &str = r#"[package]
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

pub(super) const MAIN_RS: &str = r#"fn main() -> std::process::ExitCode {
    mcp_shared::run(&{{crate}}::SPEC)
}
"#;

pub(super) const LIB_RS: &str = r#"//! {{Display}} MCP server.

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

{{errors_decl}}pub static SPEC: ServerSpec = ServerSpec {
    service: "{{service}}",
    display_name: "{{Display}}",
    binary: "{{binary}}",
    version: env!("CARGO_PKG_VERSION"),
    description: "{{Display}} for AI agents.",
    instructions: "Tools act on {{Display}} with the credentials of the request.",
{{spec_kind}}
    toolsets: TOOLSETS,
    tools,
{{errors}}    default_headers: &[],
    extra_apis: &[],
    flags: &[],
{{spec_tail}}    ..ServerSpec::DEFAULT
};
"#;

pub(super) const README: &str = r#"# {{Display}} MCP server

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

pub(super) const SERVER_JSON: &str = r#"{
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

/// The declared error body of a kind on plain HTTP (before the spec in lib.rs).
pub(super) const ERRORS: &str = r#"/// Where {{Display}}'s error bodies keep their message and code: `ErrorShape::DEFAULT` reads the
/// usual `message`, `error` and `code` fields. Declare the vendor's own places (its API
/// reference's errors section) and the hints to give by status or code.
static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    status_hints: &[(
        401,
        "{{Display}} refused the credentials: check the token and send it again.",
    )],
    ..mcp_shared::ErrorShape::DEFAULT
};

"#;
