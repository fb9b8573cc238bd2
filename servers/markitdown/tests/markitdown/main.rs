//! MarkItDown server tests: a fixture of every supported type, made here, served by a local
//! site (allowed with `fetch_allow_hosts`) that asserts the exact request, converted through
//! a real MCP client; refusals and unsupported types.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod fixtures;

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::{Value, json};

mcp_testkit::standard_suite!(markitdown_mcp_server::SPEC, "markitdown-mcp-server");

const TOOL: &str = "convert_document_to_markdown";

struct Site {
    site: MockServer,
    client: Client,
    _server: TestServer,
}

async fn setup(allow_loopback: bool) -> Site {
    let site = MockServer::start().await;
    let mut s = settings_for("");
    s.api_base_url = None;
    if allow_loopback {
        s.fetch_allow_hosts = vec!["127.0.0.1".into()];
    }
    let server = TestServer::start(&markitdown_mcp_server::SPEC, s).await;
    let client = server.client_with(&[]).await;
    Site {
        site,
        client,
        _server: server,
    }
}

/// Serve `body` at `path` (once, a bodiless GET) with a content type that says nothing, and
/// convert it.
async fn convert(body: Vec<u8>, path: &str) -> String {
    let s = setup(true).await;
    expect("GET", path)
        .respond_with(
            &s.site,
            ResponseTemplate::new(200).set_body_raw(body, "application/octet-stream"),
        )
        .await;
    let v = s
        .client
        .call_ok(TOOL, json!({"uri": format!("{}{path}", s.site.uri())}))
        .await;
    match v {
        Value::String(md) => md,
        other => panic!("expected Markdown text, got {other}"),
    }
}

#[tokio::test]
async fn html_becomes_markdown_without_scripts() {
    let html = "<!DOCTYPE html><html><head><title>T</title><script>alert(1)</script></head>\
        <body><h1>Quarterly report</h1><p>Revenue <strong>grew</strong> by 5%.</p>\
        <ul><li>North</li><li>South</li></ul><a href=\"https://example.com/x\">details</a></body></html>";
    let md = convert(html.into(), "/download").await;
    assert!(md.contains("# Quarterly report"), "{md}");
    assert!(md.contains("Revenue **grew** by 5%."), "{md}");
    assert!(md.contains("North") && md.contains("South"), "{md}");
    assert!(md.contains("[details](https://example.com/x)"), "{md}");
    assert!(!md.contains("alert"), "{md}");
}

#[tokio::test]
async fn pdf_text_is_extracted_whatever_the_url_says() {
    let md = convert(
        fixtures::pdf(&["Hello PDF world", "Second page"]),
        "/file.html",
    )
    .await;
    assert!(md.contains("Hello PDF world"), "{md}");
    assert!(md.contains("Second page"), "{md}");
}

#[tokio::test]
async fn docx_headings_paragraphs_lists_and_tables() {
    let md = convert(fixtures::docx(), "/doc").await;
    assert!(md.contains("# Project plan"), "{md}");
    assert!(md.contains("## Goals"), "{md}");
    assert!(md.contains("Ship it & celebrate"), "{md}");
    assert!(md.contains("- First item"), "{md}");
    assert!(
        md.contains("| Name | Role |\n| --- | --- |\n| Ada | Lead |"),
        "{md}"
    );
}

#[tokio::test]
async fn xlsx_sheets_become_tables() {
    let md = convert(fixtures::xlsx(), "/sheet.pdf").await;
    assert!(md.contains("## Sales"), "{md}");
    assert!(
        md.contains("| Region | Units |\n| --- | --- |\n| North | 42 |\n| South | 7 |"),
        "{md}"
    );
}

#[tokio::test]
async fn pptx_slides_in_order() {
    let md = convert(fixtures::pptx(), "/deck").await;
    let one = md.find("## Slide 1").expect("slide 1");
    let two = md.find("## Slide 2").expect("slide 2");
    assert!(one < two, "{md}");
    assert!(
        md.contains("Welcome") && md.contains("Agenda & goals"),
        "{md}"
    );
    assert!(md.find("Welcome").unwrap() < two, "{md}");
}

#[tokio::test]
async fn csv_json_and_text() {
    let md = convert(b"name,age\nAda,36\n\"Lin, K\",41\n".to_vec(), "/a").await;
    assert_eq!(
        md,
        "| name | age |\n| --- | --- |\n| Ada | 36 |\n| Lin, K | 41 |"
    );
    let md = convert(br#"{"a":[1,2],"b":"x"}"#.to_vec(), "/b").await;
    assert!(md.starts_with("```json\n{\n  \"a\": ["), "{md}");
    let md = convert(b"Just some notes.\nLine two.".to_vec(), "/c").await;
    assert_eq!(md, "Just some notes.\nLine two.");
}

#[tokio::test]
async fn data_uris_are_read_without_a_fetch() {
    let s = setup(false).await;
    let v = s
        .client
        .call_ok(TOOL, json!({"uri": "data:text/csv;base64,eCx5CjEsMgo="}))
        .await;
    assert_eq!(v, json!("| x | y |\n| --- | --- |\n| 1 | 2 |"));
    let e = s
        .client
        .call_err(TOOL, json!({"uri": "data:text/plain;base64,%%%"}))
        .await;
    assert!(e.contains("data: URI"), "{e}");
}

/// A URI whose first characters are not ASCII (an accented word, a right-to-left override)
/// is a clear error, and the server goes on serving the same client.
#[tokio::test]
async fn non_ascii_uris_are_clear_errors_and_the_server_keeps_serving() {
    let s = setup(false).await;
    for uri in [
        "éééx",
        "\u{202E}http://example.com/x",
        "日本語のURL",
        "dată:",
    ] {
        let e = s.client.call_err(TOOL, json!({ "uri": uri })).await;
        assert!(e.contains("not a valid URL"), "{uri}: {e}");
        assert!(!e.contains("internal error"), "{uri}: {e}");
    }
    let v = s
        .client
        .call_ok(TOOL, json!({"uri": "data:text/plain,still%20here"}))
        .await;
    assert_eq!(v, json!("still here"));
}

/// A document nested far deeper than any real page would overflow the converter's stack,
/// which ends the process for every tenant: it is refused with a message instead.
#[tokio::test]
async fn deeply_nested_html_is_a_clear_error_and_the_server_keeps_serving() {
    let s = setup(true).await;
    let html = format!(
        "<html><body>{}deep{}</body></html>",
        "<div><blockquote>".repeat(3_000),
        "</blockquote></div>".repeat(3_000)
    );
    expect("GET", "/deep.html")
        .respond_with(
            &s.site,
            ResponseTemplate::new(200).set_body_raw(html.into_bytes(), "text/html"),
        )
        .await;
    let e = s
        .client
        .call_err(TOOL, json!({"uri": format!("{}/deep.html", s.site.uri())}))
        .await;
    assert!(e.contains("levels deep"), "{e}");
    let v = s
        .client
        .call_ok(TOOL, json!({"uri": "data:text/plain,still%20here"}))
        .await;
    assert_eq!(v, json!("still here"));
}

#[tokio::test]
async fn loopback_is_refused_without_the_allow_list() {
    let s = setup(false).await;
    let e = s
        .client
        .call_err(TOOL, json!({"uri": format!("{}/doc", s.site.uri())}))
        .await;
    assert!(
        e.contains("refused to fetch 127.0.0.1")
            && e.contains("loopback")
            && e.contains("MCP_FETCH_ALLOW_HOSTS"),
        "{e}"
    );
    let e = s
        .client
        .call_err(
            TOOL,
            json!({"uri": "http://169.254.169.254/latest/meta-data/"}),
        )
        .await;
    assert!(e.contains("link-local"), "{e}");
    let e = s
        .client
        .call_err(TOOL, json!({"uri": "file:///etc/passwd"}))
        .await;
    assert!(e.contains("only http and https"), "{e}");
    assert_eq!(s.site.received_requests().await.map(|r| r.len()), Some(0));
}

#[tokio::test]
async fn unsupported_types_and_site_errors_are_explained() {
    let s = setup(true).await;
    expect("GET", "/logo")
        .respond_with(
            &s.site,
            ResponseTemplate::new(200).set_body_raw(b"\x89PNG\r\n\x1a\nxxxx".to_vec(), "image/png"),
        )
        .await;
    expect("GET", "/gone")
        .respond(&s.site, 404, json!({"error": "not found"}))
        .await;
    expect("GET", "/broken.pdf")
        .respond_with(
            &s.site,
            ResponseTemplate::new(200)
                .set_body_raw(b"%PDF-1.4\ngarbage".to_vec(), "application/pdf"),
        )
        .await;
    let base = s.site.uri();
    let e = s
        .client
        .call_err(TOOL, json!({"uri": format!("{base}/logo")}))
        .await;
    assert!(
        e.contains("a PNG image") && e.contains("DOCX, XLSX, PPTX"),
        "{e}"
    );
    let e = s
        .client
        .call_err(TOOL, json!({"uri": format!("{base}/gone")}))
        .await;
    assert!(e.contains("404"), "{e}");
    let e = s
        .client
        .call_err(TOOL, json!({"uri": format!("{base}/broken.pdf")}))
        .await;
    assert!(e.contains("cannot convert") && e.contains("PDF"), "{e}");
    let e = s
        .client
        .call_err(TOOL, json!({"uri": fixtures::zip_data_uri()}))
        .await;
    assert!(e.contains("not a DOCX, XLSX or PPTX"), "{e}");
}

#[tokio::test]
async fn long_output_is_cut_with_a_note() {
    let text = "word ".repeat(50_000);
    let md = convert(text.into_bytes(), "/long").await;
    assert!(
        md.contains("[cut: the document's Markdown has"),
        "{}",
        &md[md.len() - 200..]
    );
    assert!(md.chars().count() < 200_200);
}
