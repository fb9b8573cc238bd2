//! PowerPoint server tests: every tool through a real MCP client on real files in a temporary
//! workspace; what the server writes read back by an independent reader (python-pptx) and
//! checked on its XML parts; files python-pptx writes opened, edited and saved without losing
//! the parts not edited; every refusal (jail, bad input, corrupt and encrypted files); the
//! standard suite and catalog parity.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod content;
mod design;
mod media;
mod presentations;
mod roundtrip;
mod structure;

use std::io::Read;
use std::path::PathBuf;

use mcp_shared::{McpServer, Settings};
use mcp_testkit::{Client, TestServer};
use serde_json::Value;

mcp_testkit::standard_suite!(pptx_mcp_server::SPEC, "pptx-mcp-server");

/// The 37 tools of Klavis's `local/powerpoint`, with the catalog's parameter names, types and
/// required flags, and nothing beyond them.
#[test]
fn catalog_tools_of_local_powerpoint() {
    let server = McpServer::new(&pptx_mcp_server::SPEC, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/powerpoint", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 37);
}

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

    pub fn at(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    pub fn put(&self, rel: &str, content: impl AsRef<[u8]>) {
        let p = self.at(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(p, content).unwrap();
    }

    /// A successful call's result, as JSON.
    pub async fn ok(&self, tool: &str, args: Value) -> Value {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = mcp_testkit::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    }

    pub async fn err(&self, tool: &str, args: Value) -> String {
        self.client.call_err(tool, args).await
    }

    /// Run a python-pptx script in the workspace; its standard output.
    pub fn py(&self, script: &str, args: &[&str]) -> String {
        mcp_testkit::python::run_python(&["pptx"], &self.root(), script, args)
    }

    /// Run a python-pptx script whose output is JSON.
    pub fn py_json(&self, script: &str, args: &[&str]) -> Value {
        let out = self.py(script, args);
        serde_json::from_str(out.trim())
            .unwrap_or_else(|e| panic!("python output is not JSON ({e}): {out}"))
    }

    /// A part of a file of the workspace, as text.
    pub fn part(&self, file: &str, part: &str) -> String {
        String::from_utf8(self.part_bytes(file, part)).unwrap()
    }

    pub fn part_bytes(&self, file: &str, part: &str) -> Vec<u8> {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let mut z = zip::ZipArchive::new(f).unwrap();
        let mut e = z
            .by_name(part)
            .unwrap_or_else(|_| panic!("{file} has no part {part}"));
        let mut out = Vec::new();
        e.read_to_end(&mut out).unwrap();
        out
    }

    pub fn part_names(&self, file: &str) -> Vec<String> {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let mut z = zip::ZipArchive::new(f).unwrap();
        (0..z.len())
            .map(|i| z.by_index(i).unwrap().name().unwrap().into_owned())
            .collect()
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}

pub async fn ws() -> Ws {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("ws")).unwrap();
    std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
    let root = tmp.path().join("ws");
    let settings = Settings::default().with_option("workspace", root.to_str().unwrap());
    let server = TestServer::start(&pptx_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
}

/// A 1 x 1 PNG.
pub const PNG_1X1: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

pub fn png_1x1() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(PNG_1X1)
        .unwrap()
}
