//! Terminal server tests: a real process for every rule, in temporary workspaces, through a
//! real MCP client: allowed commands run, everything else is refused before anything runs
//! (commands, runners, flags, operators, shell constructs, paths outside, length); operators,
//! pipelines and redirections when allowed; the cleared environment, the timeout that kills
//! the process group, the output cap; the binary's start-up rules; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod binary;
mod refusals;
mod running;

use std::path::PathBuf;

use mcp_shared::workspace::Workspace;
use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};
use serde_json::json;

/// The standard suite's servers work in a scratch workspace of their own, never in the
/// crate's directory.
fn scratch_workspace(settings: &Settings) -> Result<State, String> {
    let dir = tempfile::Builder::new()
        .prefix("terminal-suite-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .map_err(|e| e.to_string())?
        .keep();
    terminal_mcp_server::state_in(Workspace::open(dir)?, settings)
}

static SUITE: ServerSpec = terminal_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "terminal-mcp-server");

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

    pub fn at(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    pub fn put(&self, rel: &str, content: &str) {
        let p = self.at(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(p, content).unwrap();
    }

    /// A successful call's whole text (its blocks joined by newlines).
    pub async fn run(&self, command: &str) -> String {
        let r = self
            .client
            .call("run_command", json!({ "command": command }))
            .await
            .unwrap_or_else(|e| panic!("{command}: protocol error {e}"));
        let text = mcp_testkit::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{command} failed: {text}");
        text
    }

    /// A refused call's message.
    pub async fn refused(&self, command: &str) -> String {
        self.client
            .call_err("run_command", json!({ "command": command }))
            .await
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

/// Operators on.
pub fn operators(s: &mut Settings) {
    s.flags.push("allow-shell-operators".to_owned());
}

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("ws")).unwrap();
    std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
    std::fs::write(tmp.path().join("outside/secret.txt"), "OUTSIDE SECRET\n").unwrap();
    let root = tmp.path().join("ws");
    let mut settings = Settings::default().with_option("workspace", root.to_str().unwrap());
    adjust(&mut settings);
    let server = TestServer::start(&terminal_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
}

/// The 2 tools of Klavis's `local/terminal`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/terminal`).
#[test]
fn catalog_tools_of_local_terminal() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/terminal", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 2);
}
