//! The local servers' test scaffolding: a scratch workspace for the standard suite's
//! in-process servers (whose hostile calls write files) and [`LocalServer`], a temporary
//! workspace with a directory beside it that must stay out of reach, a server working in the
//! workspace and a client.

use std::path::{Path, PathBuf};

use mcp_shared::workspace::Workspace;
use mcp_shared::{ServerSpec, Settings};
use serde_json::Value;

use crate::{Client, TestServer};

/// A new directory `<prefix>-suite-*` under `tmp` (a test crate's `CARGO_TARGET_TMPDIR`),
/// kept after the test, opened as a workspace: where the standard suite's servers work,
/// never the crate's own directory.
pub fn scratch_workspace(tmp: &str, prefix: &str) -> Result<Workspace, String> {
    let dir = tempfile::Builder::new()
        .prefix(&format!("{prefix}-suite-"))
        .tempdir_in(tmp)
        .map_err(|e| e.to_string())?
        .keep();
    Workspace::open(dir)
}

/// A temporary directory holding the workspace (`ws`) and a directory beside it (`outside`,
/// with `secret.txt`: what no tool may read), a server of a local kind working in the
/// workspace, and a client.
pub struct LocalServer {
    tmp: tempfile::TempDir,
    pub client: Client,
    pub server: TestServer,
}

impl LocalServer {
    /// `spec` working in a new workspace (`--workspace`), prepared by `prepare` (given the
    /// workspace's root) before the server starts, with `adjust` applied to its settings.
    pub async fn start(
        spec: &'static ServerSpec,
        prepare: impl FnOnce(&Path),
        adjust: impl FnOnce(&mut Settings),
    ) -> Self {
        let tmp = tempfile::tempdir().expect("temporary directory");
        let root = tmp.path().join("ws");
        std::fs::create_dir_all(&root).expect("workspace");
        std::fs::create_dir_all(tmp.path().join("outside")).expect("outside");
        std::fs::write(tmp.path().join("outside/secret.txt"), "OUTSIDE SECRET\n")
            .expect("outside file");
        prepare(&root);
        let mut settings =
            Settings::default().with_option("workspace", root.to_str().expect("UTF-8 path"));
        adjust(&mut settings);
        let server = TestServer::start(spec, settings).await;
        let client = server.client_with(&[]).await;
        Self {
            tmp,
            client,
            server,
        }
    }

    /// The workspace's root.
    pub fn root(&self) -> PathBuf {
        self.tmp.path().join("ws")
    }

    /// The directory beside the workspace.
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
            std::fs::create_dir_all(parent).expect("parent directories");
        }
        std::fs::write(&p, content).unwrap_or_else(|e| panic!("write {}: {e}", p.display()));
    }

    /// A file of the workspace, as text.
    pub fn read(&self, rel: &str) -> String {
        let p = self.at(rel);
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
    }

    /// A successful call's text, as it is.
    pub async fn ok(&self, tool: &str, args: Value) -> String {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = crate::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        text
    }

    /// A successful call's text read as JSON; where the result has `structuredContent`, it is
    /// the same object.
    pub async fn json(&self, tool: &str, args: Value) -> Value {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = crate::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        let v: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{tool}: not JSON ({e}): {text}"));
        if let Some(s) = &r.structured_content {
            assert_eq!(s, &v, "{tool}: structuredContent differs from the text");
        }
        v
    }

    /// A failed call's message.
    pub async fn err(&self, tool: &str, args: Value) -> String {
        self.client.call_err(tool, args).await
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}
