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

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mcp_shared::workspace::Workspace;
use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};

/// The standard suite's servers work in a scratch workspace of their own (its hostile calls
/// write files), never in the crate's directory.
fn scratch_workspace(_: &Settings) -> Result<State, String> {
    let dir = tempfile::Builder::new()
        .prefix("filesystem-suite-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .map_err(|e| e.to_string())?
        .keep();
    Workspace::open(dir).map(|w| Arc::new(w) as State)
}

static SUITE: ServerSpec = filesystem_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "filesystem-mcp-server");

/// A temporary workspace (`ws`) with a directory beside it (`outside`), a server working in
/// the workspace and a client.
pub struct Ws {
    tmp: tempfile::TempDir,
    pub client: Client,
    server: TestServer,
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

    /// Write a file of the workspace (its parents created).
    pub fn put(&self, rel: &str, content: impl AsRef<[u8]>) {
        let p = self.at(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(p, content).unwrap();
    }

    pub fn get(&self, rel: &str) -> String {
        std::fs::read_to_string(self.at(rel)).unwrap()
    }

    /// A successful call's text, as it is.
    pub async fn ok(&self, tool: &str, args: serde_json::Value) -> String {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = mcp_testkit::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        text
    }

    pub async fn err(&self, tool: &str, args: serde_json::Value) -> String {
        self.client.call_err(tool, args).await
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("ws")).unwrap();
    std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
    std::fs::write(tmp.path().join("outside/secret.txt"), "OUTSIDE SECRET\n").unwrap();
    let root = tmp.path().join("ws");
    let mut settings = Settings::default().with_option("workspace", root.to_str().unwrap());
    adjust(&mut settings);
    let server = TestServer::start(&filesystem_mcp_server::SPEC, settings).await;
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

pub fn exists(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok()
}

/// The 14 tools of Klavis's `local/filesystem`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/filesystem`, not by its service).
#[test]
fn catalog_tools_of_local_filesystem() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/filesystem", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 14);
}
