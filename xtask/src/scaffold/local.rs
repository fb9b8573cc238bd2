//! The `local` kind: no vendor; files in a workspace directory, every path through the shared
//! jail.

pub(super) const SPEC: &str = r#"    // A local server: no vendor; every path an agent gives goes through the workspace jail
    // (`--workspace DIR` / `MCP_WORKSPACE`).
    base: mcp_shared::Base::None,
    auth: mcp_shared::Auth::None,
    state: Some(mcp_shared::workspace::make_state),
    options: &[mcp_shared::workspace::OPTION],"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool of a local server: replace it with the server's first real tool. Every
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

pub(super) const TESTS: &str = r#"//! {{Display}} server tests: each tool on real files in a temporary workspace, through a
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

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_read_text",
  "arguments": {"path": "README.md"},
  "upstream": "none",
  "credentials": {}
}
"#;

pub(super) const CREDENTIALS: &str = "None: the server works in one directory, `--workspace DIR` or `MCP_WORKSPACE` (default: the\ncurrent directory). Every path is taken relative to it; nothing outside it is read, listed or written.";
