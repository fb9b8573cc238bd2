//! Memory server tests: every tool on a real memory file in a temporary workspace, through a
//! real MCP client; the file format (written and read, seeded as the reference writes it),
//! `MEMORY_FILE_PATH` inside and outside the workspace, atomic writes, concurrent calls that
//! lose nothing, read-only mode; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod file;
mod graph;

use mcp_shared::{McpServer, Settings};
use mcp_testkit::Client;
use serde_json::Value;

mcp_testkit::standard_suite!(memory_mcp_server::SPEC, "memory-mcp-server");

/// A temporary workspace with a directory beside it, a server keeping its memory in the
/// workspace, and a client.
pub type Ws = mcp_testkit::LocalServer;

pub async fn ok_on(client: &Client, tool: &str, args: Value) -> String {
    let r = client
        .call(tool, args)
        .await
        .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
    let text = mcp_testkit::text_of(&r);
    assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
    text
}

pub async fn ws() -> Ws {
    ws_with(|_| {}, |_| {}).await
}

/// A workspace prepared by `prepare` (given its root) before the server starts with the
/// settings `adjust` makes.
pub async fn ws_with(
    prepare: impl FnOnce(&std::path::Path),
    adjust: impl FnOnce(&mut Settings),
) -> Ws {
    Ws::start(&memory_mcp_server::SPEC, prepare, adjust).await
}

/// The names the server lists, in order.
pub fn names(server: &McpServer) -> Vec<String> {
    server.tools().iter().map(|t| t.name.to_string()).collect()
}

/// The 9 tools of Klavis's `local/memory`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/memory`, not by its service).
#[test]
fn catalog_tools_of_local_memory() {
    let server = McpServer::new(&memory_mcp_server::SPEC, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/memory", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 9);
}
