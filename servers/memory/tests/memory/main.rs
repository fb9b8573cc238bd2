//! Memory server tests: every tool on a real memory file in a temporary workspace, through a
//! real MCP client; the file format (written and read, seeded as the reference writes it),
//! `MEMORY_FILE_PATH` inside and outside the workspace, atomic writes, concurrent calls that
//! lose nothing, read-only mode; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod file;
mod graph;

use std::path::PathBuf;

use mcp_shared::workspace::Workspace;
use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};
use serde_json::Value;

/// The standard suite's servers keep their memory in a scratch workspace of their own (its
/// hostile calls write the file), never in the crate's directory.
fn scratch_workspace(settings: &Settings) -> Result<State, String> {
    let dir = tempfile::Builder::new()
        .prefix("memory-suite-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .map_err(|e| e.to_string())?
        .keep();
    memory_mcp_server::state_in(Workspace::open(dir)?, settings)
}

static SUITE: ServerSpec = memory_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "memory-mcp-server");

/// A temporary workspace (`ws`) with a directory beside it (`outside`), a server keeping its
/// memory in the workspace, and a client.
pub struct Ws {
    tmp: tempfile::TempDir,
    pub client: Client,
    pub server: TestServer,
}

impl Ws {
    pub fn root(&self) -> PathBuf {
        self.tmp.path().join("ws")
    }

    pub fn outside(&self) -> PathBuf {
        self.tmp.path().join("outside")
    }

    /// A path in the workspace.
    pub fn at(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    /// The memory file's text (`memory.jsonl` unless told).
    pub fn file(&self, rel: &str) -> String {
        std::fs::read_to_string(self.at(rel)).unwrap()
    }

    /// A successful call's text.
    pub async fn ok(&self, tool: &str, args: Value) -> String {
        ok_on(&self.client, tool, args).await
    }

    /// A successful call's text, read as JSON.
    pub async fn json(&self, tool: &str, args: Value) -> Value {
        let text = self.ok(tool, args).await;
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{tool}: not JSON ({e}): {text}"))
    }

    pub async fn err(&self, tool: &str, args: Value) -> String {
        self.client.call_err(tool, args).await
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}

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
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("ws");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
    prepare(&root);
    let mut settings = Settings::default().with_option("workspace", root.to_str().unwrap());
    adjust(&mut settings);
    let server = TestServer::start(&memory_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
}

/// The names the server lists, in order.
pub fn names(server: &McpServer) -> Vec<String> {
    server.tools().iter().map(|t| t.name.to_string()).collect()
}

/// The 9 tools of Klavis's `local/memory`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/memory`, not by its service).
#[test]
fn catalog_tools_of_local_memory() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/memory", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 9);
}
