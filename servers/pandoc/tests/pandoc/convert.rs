use std::io::Read;

use base64::Engine as _;
use mcp_shared::Settings;
use mcp_testkit::{Client, TestServer, tools_beyond_catalog};
use serde_json::{Value, json};

const MD: &str = "# Quarterly report\n\nSales grew **12 %** in *Q3*, see `sales.csv`.\n\n## Next steps\n\n- hire two engineers\n- ship v2\n  1. beta\n  2. launch\n\n```\nfn main() {}\n```\n\n> Quoted words\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nCafé déjà vu.\n";

pub async fn client() -> (TestServer, Client) {
    let server = TestServer::start(&pandoc_mcp_server::SPEC, Settings::default()).await;
    let client = server.client_with(&[]).await;
    (server, client)
}

/// The call's summary JSON and its embedded resource (uri, mime, bytes).
pub async fn convert(client: &Client, format: &str) -> (Value, String, String, Vec<u8>) {
    let r = client
        .call(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": format}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{r:?}");
    let blocks: Vec<Value> = r
        .content
        .iter()
        .map(|b| serde_json::to_value(b).unwrap())
        .collect();
    assert_eq!(blocks[0]["type"], "text", "{blocks:?}");
    let summary: Value = serde_json::from_str(blocks[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(blocks[1]["type"], "resource", "{blocks:?}");
    let res = &blocks[1]["resource"];
    let bytes = match (res["blob"].as_str(), res["text"].as_str()) {
        (Some(b), _) => base64::engine::general_purpose::STANDARD.decode(b).unwrap(),
        (None, Some(t)) => t.as_bytes().to_vec(),
        _ => panic!("{res}"),
    };
    (
        summary,
        res["uri"].as_str().unwrap().to_owned(),
        res["mimeType"].as_str().unwrap().to_owned(),
        bytes,
    )
}

#[tokio::test]
async fn the_catalog_tool_only() {
    let (_s, c) = client().await;
    assert_eq!(
        tools_beyond_catalog(&c.list_tools().await, "pandoc"),
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn docx_holds_the_text_with_styles() {
    let (_s, c) = client().await;
    let (summary, uri, mime, bytes) = convert(&c, "docx").await;
    assert_eq!(
        mime,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    );
    assert!(
        uri.starts_with("file:///document-") && uri.ends_with(".docx"),
        "{uri}"
    );
    assert_eq!(summary["size"], bytes.len());
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    for part in [
        "[Content_Types].xml",
        "_rels/.rels",
        "word/_rels/document.xml.rels",
        "word/styles.xml",
    ] {
        assert!(zip.by_name(part).is_ok(), "{part} missing");
    }
    let mut xml = String::new();
    zip.by_name("word/document.xml")
        .unwrap()
        .read_to_string(&mut xml)
        .unwrap();
    assert!(xml.contains(r#"<w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Quarterly report</w:t>"#), "{xml}");
    assert!(xml.contains(r#"<w:pStyle w:val="Heading2"/>"#));
    assert!(
        xml.contains(r#"<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">12 %</w:t></w:r>"#),
        "{xml}"
    );
    assert!(xml.contains(r#"<w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Q3</w:t>"#));
    assert!(xml.contains(r#"<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/></w:rPr><w:t xml:space="preserve">sales.csv</w:t>"#));
    assert!(
        xml.contains("•</w:t><w:tab/></w:r><w:r><w:t xml:space=\"preserve\">hire two engineers"),
        "{xml}"
    );
    assert!(
        xml.contains("1.</w:t><w:tab/></w:r><w:r><w:t xml:space=\"preserve\">beta"),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<w:pStyle w:val="SourceCode"/></w:pPr><w:r><w:rFonts"#)
            || xml.contains("fn main() {}")
    );
    assert!(xml.contains(r#"<w:pStyle w:val="BlockText"/>"#) && xml.contains("Quoted words"));
    assert!(
        xml.contains("1 | 2") && xml.contains("Café déjà vu."),
        "{xml}"
    );
}

#[tokio::test]
async fn pdf_holds_the_text() {
    let (_s, c) = client().await;
    let (_summary, uri, mime, bytes) = convert(&c, "pdf").await;
    assert_eq!(mime, "application/pdf");
    assert!(uri.ends_with(".pdf"));
    assert!(bytes.starts_with(b"%PDF-1.5"));
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    let text = doc.extract_text(&[1]).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Quarterly report",
        "Sales grew",
        "12 %",
        "Q3",
        "sales.csv",
        "• hire two engineers",
        "1. beta",
        "fn main() {}",
        "Quoted words",
        "Café déjà vu.",
    ] {
        assert!(flat.contains(want), "{want:?} missing in {flat:?}");
    }
}

#[tokio::test]
async fn long_pdf_wraps_and_breaks_pages() {
    let (_s, c) = client().await;
    let para = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(40);
    let md = format!("# Long\n\n{}", vec![para; 12].join("\n\n"));
    let r = c
        .call(
            "convert_markdown_to_file",
            json!({"markdown_text": md, "output_format": "pdf"}),
        )
        .await
        .unwrap();
    let res = serde_json::to_value(&r.content[1]).unwrap();
    let blob = res["resource"]["blob"].as_str().unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(blob)
        .unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages = doc.get_pages().len() as u32;
    assert!(pages >= 4, "{pages} pages");
    let last = doc.extract_text(&[pages]).unwrap();
    assert!(last.contains("Lorem ipsum"), "{last}");
}

#[tokio::test]
async fn html_is_a_standalone_page() {
    let (_s, c) = client().await;
    for f in ["html", "html5"] {
        let (_summary, uri, mime, bytes) = convert(&c, f).await;
        assert_eq!(mime, "text/html; charset=utf-8");
        assert!(uri.ends_with(".html"));
        let html = String::from_utf8(bytes).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
        assert!(html.contains("<title>Quarterly report</title>"));
        assert!(html.contains("<h1>Quarterly report</h1>"));
        assert!(html.contains("<strong>12 %</strong>"));
        assert!(html.contains("<table>"));
    }
}

#[tokio::test]
async fn bad_formats_and_input_are_refused_clearly() {
    let (_s, c) = client().await;
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": "# x", "output_format": "doc"}),
        )
        .await;
    assert!(err.contains("`doc`") && err.contains("use `docx`"), "{err}");
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": "# x", "output_format": "odt"}),
        )
        .await;
    assert!(err.contains("`odt` is not supported"), "{err}");
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": "  ", "output_format": "pdf"}),
        )
        .await;
    assert!(err.contains("`markdown_text` is empty"), "{err}");
}
