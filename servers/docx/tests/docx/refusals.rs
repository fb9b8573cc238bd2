//! The jail: paths out of the workspace are refused by every kind of tool; bad files give
//! clear errors; unsupported tools say so.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn paths_outside_the_workspace_are_refused() {
    let w = ws().await;
    std::fs::write(w.root().join("../outside/x.docx"), b"x").unwrap();
    for (tool, args) in [
        (
            "create_document",
            json!({"filename": "../outside/new.docx"}),
        ),
        (
            "get_document_text",
            json!({"filename": "../outside/x.docx"}),
        ),
        ("get_document_info", json!({"filename": "/etc/passwd"})),
        ("list_available_documents", json!({"directory": "/"})),
        ("copy_document", json!({"source_filename": "~/x.docx"})),
        (
            "add_paragraph",
            json!({"filename": "file:///tmp/x.docx", "text": "t"}),
        ),
    ] {
        let e = w.err(tool, args).await;
        assert!(
            e.contains("outside")
                || e.contains("refused")
                || e.contains("not allowed")
                || e.contains("workspace"),
            "{tool}: {e}"
        );
    }
    assert!(!w.root().join("../outside/new.docx").exists());
    // A picture or an output outside the workspace.
    w.ok("create_document", json!({"filename": "d"})).await;
    let e = w
        .err(
            "add_picture",
            json!({"filename": "d", "image_path": "../outside/x.docx"}),
        )
        .await;
    assert!(e.contains("workspace") || e.contains("outside"), "{e}");
    w.ok("add_paragraph", json!({"filename": "d", "text": "needle"}))
        .await;
    let e = w
        .err("add_footnote_after_text", json!({"filename": "d", "search_text": "needle", "footnote_text": "n", "output_filename": "../outside/o.docx"}))
        .await;
    assert!(e.contains("workspace") || e.contains("outside"), "{e}");
    assert!(!w.root().join("../outside/o.docx").exists());
    w.stop().await;
}

#[tokio::test]
async fn bad_files_and_unsupported_tools() {
    let w = ws().await;
    std::fs::write(w.at("corrupt.docx"), b"not a zip").unwrap();
    let e = w
        .err("get_document_text", json!({"filename": "corrupt.docx"}))
        .await;
    assert!(e.contains("not an Office Open XML file"), "{e}");
    let mut cfb = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    cfb.extend([0u8; 504]);
    std::fs::write(w.at("enc.docx"), &cfb).unwrap();
    let e = w.err("get_document_text", json!({"filename": "enc"})).await;
    assert!(e.contains("encrypted"), "{e}");
    let e = w
        .err("get_document_text", json!({"filename": "missing.docx"}))
        .await;
    assert!(e.contains("missing.docx"), "{e}");
    w.ok("create_document", json!({"filename": "d.docx"})).await;
    let e = w.err("convert_to_pdf", json!({"filename": "d.docx"})).await;
    assert!(e.contains("not supported") && e.contains("soffice"), "{e}");
    assert!(!w.at("d.pdf").exists());
    for t in ["protect_document", "unprotect_document"] {
        let e = w
            .err(t, json!({"filename": "d.docx", "password": "p"}))
            .await;
        assert!(
            e.contains("not supported") && e.contains("msoffcrypto"),
            "{e}"
        );
    }
    let e = w
        .err(
            "get_paragraph_text_from_document",
            json!({"filename": "d", "paragraph_index": 5}),
        )
        .await;
    assert!(e.contains("out of range"), "{e}");
    let e = w
        .err(
            "add_paragraph",
            json!({"filename": "d", "text": "x", "style": "No Such Style"}),
        )
        .await;
    assert!(e.contains("no paragraph style"), "{e}");
    let e = w
        .err(
            "add_paragraph",
            json!({"filename": "d", "text": "x", "color": "purple-ish"}),
        )
        .await;
    assert!(e.contains("not a colour"), "{e}");
    w.stop().await;
}
