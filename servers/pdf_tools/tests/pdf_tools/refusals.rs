//! Every refusal: paths out of the workspace (`..`, absolute, symbolic links, `~`, URLs),
//! missing files, files that are not PDFs, bad page numbers, output directories that do not
//! exist; and read-only mode.

use serde_json::json;

use crate::{Meta, make_pdf, names_of, ws, ws_with};

#[tokio::test]
async fn paths_out_of_the_workspace_are_refused() {
    let w = ws().await;
    let secret = w.outside().join("secret.pdf");
    std::fs::write(&secret, make_pdf(&["OUTSIDE SECRET"], Meta::default())).unwrap();
    std::os::unix::fs::symlink(&secret, w.at("link.pdf")).unwrap();
    std::os::unix::fs::symlink(w.outside(), w.at("outdir")).unwrap();
    w.put("in.pdf", make_pdf(&["Inside"], Meta::default()));
    for tool in ["pdf_tools_read_pdf", "pdf_tools_get_pdf_info"] {
        for path in [
            "../outside/secret.pdf",
            secret.to_str().unwrap(),
            "link.pdf",
            "outdir/secret.pdf",
            "~/secret.pdf",
            "file:///etc/passwd",
            "C:\\secret.pdf",
            "a\0b.pdf",
        ] {
            let err = w.err(tool, json!({"file_path": path})).await;
            assert!(!err.contains("OUTSIDE SECRET"), "{tool} {path}: {err}");
            assert!(
                err.contains("workspace") || err.contains("symbolic") || err.contains("refused"),
                "{tool} {path}: {err}"
            );
        }
    }
    for out in [
        "../outside/new.pdf",
        "outdir/new.pdf",
        "/tmp/pdf-tools-escape.pdf",
    ] {
        let err = w
            .err(
                "pdf_tools_extract_pages",
                json!({"input_file": "in.pdf", "output_file": out, "page_numbers": [1]}),
            )
            .await;
        assert!(
            err.contains("workspace") || err.contains("symbolic"),
            "{out}: {err}"
        );
    }
    assert!(!w.outside().join("new.pdf").exists());
    assert!(!std::path::Path::new("/tmp/pdf-tools-escape.pdf").exists());
    let err = w
        .err(
            "pdf_tools_extract_pages",
            json!({"input_file": "link.pdf", "output_file": "copy.pdf", "page_numbers": [1]}),
        )
        .await;
    assert!(!err.contains("OUTSIDE"), "{err}");
    assert!(!w.at("copy.pdf").exists());
    w.stop().await;
}

#[tokio::test]
async fn missing_files_and_files_that_are_not_pdfs() {
    let w = ws().await;
    w.put("notes.txt", "just text, not a PDF");
    w.put("broken.pdf", b"%PDF-1.7\n1 0 obj << /Type /Catalog");
    std::fs::create_dir_all(w.at("dir.pdf")).unwrap();
    let err = w
        .err("pdf_tools_read_pdf", json!({"file_path": "missing.pdf"}))
        .await;
    assert!(err.contains("missing.pdf") && err.contains("not"), "{err}");
    for path in ["notes.txt", "broken.pdf"] {
        for tool in ["pdf_tools_read_pdf", "pdf_tools_get_pdf_info"] {
            let err = w.err(tool, json!({"file_path": path})).await;
            assert!(err.contains(path) && err.contains("PDF"), "{tool}: {err}");
        }
    }
    let err = w
        .err("pdf_tools_get_pdf_info", json!({"file_path": "dir.pdf"}))
        .await;
    assert!(err.contains("directory"), "{err}");
    let err = w.err("pdf_tools_read_pdf", json!({})).await;
    assert!(err.contains("file_path"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn bad_page_numbers_write_nothing() {
    let w = ws().await;
    w.put("s.pdf", make_pdf(&["One", "Two"], Meta::default()));
    for (pages, want) in [
        (json!([]), "empty"),
        (json!([0]), "page 0 is not in s.pdf (it has pages 1 to 2)"),
        (json!([1, 3]), "page 3 is not in s.pdf"),
        (json!([-1]), "page_numbers"),
        (json!([1.5]), "page_numbers"),
        (json!(["x"]), "page_numbers"),
        (json!(1), "page_numbers"),
    ] {
        let err = w
            .err(
                "pdf_tools_extract_pages",
                json!({"input_file": "s.pdf", "output_file": "o.pdf", "page_numbers": pages}),
            )
            .await;
        assert!(err.contains(want), "{pages}: {err}");
        assert!(!w.at("o.pdf").exists(), "{pages}: nothing written");
    }
    let err = w
        .err(
            "pdf_tools_extract_pages",
            json!({"input_file": "s.pdf", "output_file": "no/such/dir/o.pdf", "page_numbers": [1]}),
        )
        .await;
    assert!(err.contains("does not exist"), "{err}");
    let err = w
        .err(
            "pdf_tools_extract_pages",
            json!({"input_file": "s.pdf", "page_numbers": [1]}),
        )
        .await;
    assert!(err.contains("output_file"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn read_only_mode_lists_only_the_reading_tools() {
    let w = ws_with(|s| s.read_only = true).await;
    let listed = names_of(&w.client).await;
    assert_eq!(listed, ["pdf_tools_read_pdf", "pdf_tools_get_pdf_info"]);
    w.put("s.pdf", make_pdf(&["One"], Meta::default()));
    let err = w
        .client
        .call(
            "pdf_tools_extract_pages",
            json!({"input_file": "s.pdf", "output_file": "o.pdf", "page_numbers": [1]}),
        )
        .await
        .expect_err("a writing tool is not callable in read-only mode")
        .to_string();
    assert!(err.contains("read-only"), "{err}");
    assert!(!w.at("o.pdf").exists());
    w.stop().await;
}

/// The sample PDF encrypted (RC4, 128 bits) with this user password.
fn encrypted(user_password: &str) -> Vec<u8> {
    use lopdf::encryption::{EncryptionState, EncryptionVersion, Permissions};
    let mut doc = lopdf::Document::load_mem(&make_pdf(&["Hidden text"], Meta::default())).unwrap();
    doc.trailer.set(
        "ID",
        vec![
            lopdf::Object::string_literal("0123456789abcdef"),
            lopdf::Object::string_literal("0123456789abcdef"),
        ],
    );
    let state = EncryptionState::try_from(EncryptionVersion::V2 {
        document: &doc,
        owner_password: "owner",
        user_password,
        key_length: 128,
        permissions: Permissions::all(),
    })
    .unwrap();
    doc.encrypt(&state).unwrap();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

#[tokio::test]
async fn encrypted_pdfs() {
    let w = ws().await;
    w.put("locked.pdf", encrypted("pw"));
    w.put("open.pdf", encrypted(""));
    let err = w
        .err("pdf_tools_read_pdf", json!({"file_path": "locked.pdf"}))
        .await;
    assert!(err.contains("encrypted with a password"), "{err}");
    assert!(!err.contains("Hidden"), "{err}");
    // Without the password its pages cannot be counted either.
    let err = w
        .err("pdf_tools_get_pdf_info", json!({"file_path": "locked.pdf"}))
        .await;
    assert!(err.contains("encrypted with a password"), "{err}");
    // The empty user password opens it: read, and said to be encrypted.
    let r = w
        .json("pdf_tools_read_pdf", json!({"file_path": "open.pdf"}))
        .await;
    assert_eq!(
        r["pages"][0]["text"].as_str().unwrap().trim(),
        "Hidden text"
    );
    let info = w
        .json("pdf_tools_get_pdf_info", json!({"file_path": "open.pdf"}))
        .await;
    assert_eq!(info["is_encrypted"], true);
    assert_eq!(info["num_pages"], 1);
    for input in ["locked.pdf", "open.pdf"] {
        let err = w
            .err(
                "pdf_tools_extract_pages",
                json!({"input_file": input, "output_file": "o.pdf", "page_numbers": [1]}),
            )
            .await;
        assert!(err.contains("encrypted"), "{err}");
        assert!(!w.at("o.pdf").exists());
    }
    w.stop().await;
}
