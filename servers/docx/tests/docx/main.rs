//! Word server tests: every tool on real documents in a temporary workspace, through a real
//! MCP client; round trips with python-docx as an independent reader and writer; contract
//! assertions on the XML parts; refusals of the jail; the standard suite; catalog parity.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod content;
mod python;
mod refusals;
mod tables;

use std::path::PathBuf;
use std::sync::Arc;

use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};

fn scratch_workspace(_: &Settings) -> Result<State, String> {
    let ws = mcp_testkit::scratch_workspace(env!("CARGO_TARGET_TMPDIR"), "docx")?;
    // Small reads: the hostile calls grow the scratch document (a 100,000-character text
    // replacing every match...), and a debug build re-parsing megabytes per call would take
    // minutes; past the cap every call is refused at once, naming it.
    let limits = mcp_shared::workspace::Limits {
        max_read_bytes: 16 * 1024,
        ..Default::default()
    };
    Ok(Arc::new(ws.with_limits(limits)) as State)
}

static SUITE: ServerSpec = docx_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "docx-mcp-server");

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

    pub async fn json(&self, tool: &str, args: serde_json::Value) -> serde_json::Value {
        let t = self.ok(tool, args).await;
        serde_json::from_str(&t).unwrap_or_else(|e| panic!("{tool}: not JSON ({e}): {t}"))
    }

    pub async fn err(&self, tool: &str, args: serde_json::Value) -> String {
        self.client.call_err(tool, args).await
    }

    /// A part of a document of the workspace, as text.
    pub fn part(&self, file: &str, part: &str) -> String {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let mut z = zip::ZipArchive::new(f).unwrap();
        let mut e = z.by_name(part).unwrap_or_else(|_| panic!("no part {part}"));
        let mut s = String::new();
        std::io::Read::read_to_string(&mut e, &mut s).unwrap();
        s
    }

    /// Every part of a document, name and bytes.
    pub fn parts(&self, file: &str) -> Vec<(String, Vec<u8>)> {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let mut z = zip::ZipArchive::new(f).unwrap();
        (0..z.len())
            .map(|i| {
                let mut e = z.by_index(i).unwrap();
                let mut b = Vec::new();
                std::io::Read::read_to_end(&mut e, &mut b).unwrap();
                (e.name().unwrap().to_string(), b)
            })
            .collect()
    }

    /// Run a python-docx script in the workspace; its output.
    pub fn py(&self, script: &str) -> String {
        mcp_testkit::python::run_python(&["docx"], &self.root(), script, &[])
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
    let server = TestServer::start(&docx_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
}

/// A 3x2 PNG (red pixels), with a 72 dpi pHYs chunk.
pub fn png() -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    b.extend_from_slice(&[0, 0, 0, 13]);
    b.extend_from_slice(b"IHDR");
    b.extend_from_slice(&300u32.to_be_bytes());
    b.extend_from_slice(&150u32.to_be_bytes());
    b.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    b.extend_from_slice(&[0, 0, 0, 9]);
    b.extend_from_slice(b"pHYs");
    b.extend_from_slice(&2835u32.to_be_bytes());
    b.extend_from_slice(&2835u32.to_be_bytes());
    b.extend_from_slice(&[1, 0, 0, 0, 0]);
    b.extend_from_slice(&[0, 0, 0, 0]);
    b.extend_from_slice(b"IEND");
    b.extend_from_slice(&[0xAE, 0x42, 0x60, 0x82]);
    b
}

/// The 54 tools of Klavis's `local/word`, with the catalog's parameter names, types and
/// required flags.
#[test]
fn catalog_tools_of_local_word() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/word", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 54);
}
