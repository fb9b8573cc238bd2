//! Terminal server tests: a real process for every rule, in temporary workspaces, through a
//! real MCP client: allowed commands run, everything else is refused before anything runs
//! (commands, runners, flags, operators, shell constructs, paths outside, length); operators,
//! pipelines and redirections when allowed; the cleared environment, the timeout that kills
//! the process group, the output cap; the binary's start-up rules; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod binary;
mod refusals;
mod running;

use mcp_shared::{McpServer, Settings};
use serde_json::json;

mcp_testkit::standard_suite!(terminal_mcp_server::SPEC, "terminal-mcp-server");

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

/// Operators on.
pub fn operators(s: &mut Settings) {
    s.flags.push("allow-shell-operators".to_owned());
}

/// A temporary workspace with a directory beside it, a server working in it and a client.
pub type Ws = mcp_testkit::LocalServer;

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    Ws::start(&terminal_mcp_server::SPEC, |_| {}, adjust).await
}

/// A successful `run_command`'s whole text (its blocks joined by newlines).
pub async fn run(ws: &Ws, command: &str) -> String {
    ws.ok("run_command", json!({ "command": command })).await
}

/// A refused `run_command`'s message.
pub async fn refused(ws: &Ws, command: &str) -> String {
    ws.err("run_command", json!({ "command": command })).await
}

/// The 2 tools of Klavis's `local/terminal`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/terminal`).
#[test]
fn catalog_tools_of_local_terminal() {
    let server = McpServer::new(&terminal_mcp_server::SPEC, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/terminal", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 2);
}
