//! xlsx server tests: every tool on real workbooks in a temporary workspace, through a real MCP
//! client; files our server writes opened by openpyxl (an independent reader), files openpyxl
//! writes (with charts, validation, conditional formats, merges, styles) read and edited by
//! ours without losing what we did not touch; assertions on the XML parts themselves; every
//! refusal of the jail; the catalog parity and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod editing;
mod keeping;
mod refusals;
mod roundtrip;

use std::io::Read as _;
use std::path::PathBuf;
use std::sync::Arc;

use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};
use serde_json::Value;

/// The smoke call's workbook (`smoke.json`, written by openpyxl): committed in the crate for
/// the binary, which works in the crate's directory, and copied into the scratch workspace.
pub const SAMPLE: &str = "tests/fixtures/sample.xlsx";
const SAMPLE_BYTES: &[u8] = include_bytes!("../fixtures/sample.xlsx");

fn scratch_workspace(_: &Settings) -> Result<State, String> {
    let ws = mcp_testkit::scratch_workspace(env!("CARGO_TARGET_TMPDIR"), "xlsx")?;
    let sample = ws.root().join(SAMPLE);
    std::fs::create_dir_all(sample.parent().unwrap()).map_err(|e| e.to_string())?;
    std::fs::write(&sample, SAMPLE_BYTES).map_err(|e| e.to_string())?;
    Ok(Arc::new(ws) as State)
}

static SUITE: ServerSpec = xlsx_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "xlsx-mcp-server");

/// The 25 tools of Klavis's `local/excel`, with the catalog's parameter names, types and
/// required flags.
#[test]
fn catalog_tools_of_local_excel() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/excel", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 25);
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

    pub fn outside(&self) -> PathBuf {
        self.tmp.path().join("outside")
    }

    pub fn at(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    pub async fn ok(&self, tool: &str, args: Value) -> String {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = mcp_testkit::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        text
    }

    pub async fn json(&self, tool: &str, args: Value) -> Value {
        let text = self.ok(tool, args).await;
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{tool}: not JSON ({e}): {text}"))
    }

    pub async fn err(&self, tool: &str, args: Value) -> String {
        self.client.call_err(tool, args).await
    }

    /// Run a Python script with openpyxl in the workspace; its output.
    pub fn py(&self, script: &str) -> String {
        mcp_testkit::python::run_python(&["openpyxl"], &self.root(), script, &[])
    }

    /// One part of a package in the workspace, as text.
    pub fn part(&self, file: &str, name: &str) -> String {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let mut z = zip::ZipArchive::new(f).unwrap();
        let mut p = z
            .by_name(name)
            .unwrap_or_else(|_| panic!("no part {name} in {file}"));
        let mut s = String::new();
        p.read_to_string(&mut s).unwrap();
        s
    }

    /// The names of the parts of a package in the workspace.
    pub fn parts(&self, file: &str) -> Vec<String> {
        let f = std::fs::File::open(self.at(file)).unwrap();
        let z = zip::ZipArchive::new(f).unwrap();
        z.file_names().map(|n| n.unwrap().into_owned()).collect()
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
    let server = TestServer::start(&xlsx_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
}
