//! PDF tools tests: PDFs generated here with lopdf, written as real files in a temporary
//! workspace, read back through a real MCP client; the new PDF of `pdf_tools_extract_pages`
//! opened again with lopdf on its own; every refusal (paths out of the workspace, symbolic
//! links out, files that are not PDFs, bad page numbers); and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod reading;
mod refusals;
mod writing;

use std::path::PathBuf;
use std::sync::Arc;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, StringFormat, dictionary};
use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::Client;

/// The smoke call's PDF (`smoke.json`): committed in the crate for the binary, which works in
/// the crate's directory, and written into the scratch workspace of the in-process suite.
pub const SAMPLE: &str = "tests/fixtures/sample.pdf";

/// The standard suite's servers work in a scratch workspace of their own (its hostile calls
/// write files) holding the sample PDF, never in the crate's directory.
fn scratch_workspace(_: &Settings) -> Result<State, String> {
    let ws = mcp_testkit::scratch_workspace(env!("CARGO_TARGET_TMPDIR"), "pdf-tools")?;
    let sample = ws.root().join(SAMPLE);
    std::fs::create_dir_all(sample.parent().unwrap()).map_err(|e| e.to_string())?;
    std::fs::write(&sample, sample_pdf()).map_err(|e| e.to_string())?;
    Ok(Arc::new(ws.with_limits(pdf_tools_mcp_server::limits())) as State)
}

static SUITE: ServerSpec = pdf_tools_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "pdf-tools-mcp-server");

/// The 3 tools of Klavis's `local/pdf-tools`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/pdf-tools`, not by its service).
#[test]
fn catalog_tools_of_local_pdf_tools() {
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/pdf-tools", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 3);
}

/// The committed smoke PDF is the generator's (regenerated with `MCP_UPDATE_DOCS=1`).
#[test]
fn sample_fixture_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SAMPLE);
    if std::env::var_os("MCP_UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, sample_pdf()).unwrap();
    }
    let doc = Document::load(&path).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
    assert!(doc.extract_text(&[2]).unwrap().contains("Second page"));
}

/// The smoke call's PDF: two pages.
pub fn sample_pdf() -> Vec<u8> {
    make_pdf(&["First page", "Second page"], Meta::default())
}

/// The document information of a generated PDF.
#[derive(Default)]
pub struct Meta {
    /// Written as UTF-16BE with its byte order mark
    pub title: Option<&'static str>,
    /// Written as a literal (PDFDocEncoding) string
    pub author: Option<&'static str>,
    pub creation_date: Option<&'static str>,
}

fn utf16(s: &str) -> Object {
    let mut bytes = vec![0xFE, 0xFF];
    for u in s.encode_utf16() {
        bytes.extend(u.to_be_bytes());
    }
    Object::String(bytes, StringFormat::Hexadecimal)
}

/// A PDF with one page per text (Helvetica, WinAnsiEncoding). Its page tree is nested when it
/// has three pages or more: the first two pages sit under an intermediate node that gives them
/// a US Letter media box and the font (inherited); the others inherit A4 and the font from
/// the root, except a third page, which is 200 x 100 and rotated a quarter turn.
pub fn make_pdf(texts: &[&str], meta: Meta) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font_id },
    });
    let nested = texts.len() >= 3;
    let middle_id = doc.new_object_id();
    let mut root_kids = Vec::new();
    let mut middle_kids = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let content = Content {
            operations: vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 12.into()]),
                Operation::new("Td", vec![50.into(), 50.into()]),
                Operation::new("Tj", vec![Object::string_literal(*text)]),
                Operation::new("ET", vec![]),
            ],
        };
        let content_id = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
        let under_middle = nested && i < 2;
        let mut page = dictionary! {
            "Type" => "Page",
            "Parent" => if under_middle { middle_id } else { pages_id },
            "Contents" => content_id,
        };
        if nested && i == 2 {
            page.set("MediaBox", vec![0.into(), 0.into(), 200.into(), 100.into()]);
            page.set("Rotate", 90);
        }
        let page_id = doc.add_object(page);
        if under_middle {
            middle_kids.push(page_id.into());
        } else {
            root_kids.push(page_id.into());
        }
    }
    if nested {
        doc.objects.insert(
            middle_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages",
                "Parent" => pages_id,
                "Kids" => middle_kids,
                "Count" => 2,
                "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
            }),
        );
        root_kids.insert(0, middle_id.into());
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => root_kids,
            "Count" => i64::try_from(texts.len()).unwrap(),
            "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! {
        "Type" => "Catalog",
        "Pages" => pages_id,
    });
    doc.trailer.set("Root", catalog_id);
    let mut info = dictionary! { "Producer" => Object::string_literal("pdf-tools tests") };
    if let Some(t) = meta.title {
        info.set("Title", utf16(t));
    }
    if let Some(a) = meta.author {
        info.set("Author", Object::string_literal(a));
    }
    if let Some(d) = meta.creation_date {
        info.set("CreationDate", Object::string_literal(d));
    }
    let info_id = doc.add_object(info);
    doc.trailer.set("Info", info_id);
    doc.compress();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

/// A temporary workspace with a directory beside it, a server working in it and a client.
pub type Ws = mcp_testkit::LocalServer;

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    Ws::start(&pdf_tools_mcp_server::SPEC, |_| {}, adjust).await
}

/// The names a client is listed, in order.
pub async fn names_of(client: &Client) -> Vec<String> {
    client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}
