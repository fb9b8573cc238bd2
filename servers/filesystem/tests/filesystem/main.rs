//! Filesystem server tests: every tool on real files in a temporary workspace, through a real
//! MCP client; every refusal of the jail (`..`, absolute paths, symbolic links out, NUL, `~`,
//! URLs, Windows paths, hard links, pipes), caps and read-only mode; the binary with
//! `--workspace` and `MCP_WORKSPACE`; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod binary;
mod listing;
mod reading;
mod refusals;
mod writing;

use std::path::Path;

use mcp_shared::{McpServer, Settings};

mcp_testkit::standard_suite!(filesystem_mcp_server::SPEC, "filesystem-mcp-server");

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

/// A temporary workspace with a directory beside it, a server working in it and a client.
pub type Ws = mcp_testkit::LocalServer;

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    Ws::start(&filesystem_mcp_server::SPEC, |_| {}, adjust).await
}

/// The names the server lists, in order.
pub fn names(server: &McpServer) -> Vec<String> {
    server.tools().iter().map(|t| t.name.to_string()).collect()
}

pub fn exists(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok()
}

/// The 14 tools of Klavis's `local/filesystem`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/filesystem`, not by its service).
#[test]
fn catalog_tools_of_local_filesystem() {
    let server = McpServer::new(&filesystem_mcp_server::SPEC, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/filesystem", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 14);
}
