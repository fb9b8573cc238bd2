//! Reading PDFs generated here: the text of every page, the metadata, page sizes with
//! inherited media boxes and rotation.

use serde_json::json;

use crate::{Meta, make_pdf, ws};

#[tokio::test]
async fn read_pdf_gives_each_pages_text_and_the_metadata() {
    let w = ws().await;
    w.put(
        "docs/report.pdf",
        make_pdf(
            &["Alpha page one", "Beta page two", "Gamma page three"],
            Meta {
                title: Some("Rapport annuel é"),
                author: Some("Ada Lovelace"),
                creation_date: Some("D:20240102030405+01'00'"),
            },
        ),
    );
    let r = w
        .json(
            "pdf_tools_read_pdf",
            json!({"file_path": "docs/report.pdf"}),
        )
        .await;
    assert_eq!(r["file_path"], "docs/report.pdf");
    assert_eq!(r["num_pages"], 3);
    assert_eq!(r["metadata"]["title"], "Rapport annuel é");
    assert_eq!(r["metadata"]["author"], "Ada Lovelace");
    assert_eq!(r["metadata"]["producer"], "pdf-tools tests");
    assert_eq!(r["metadata"]["creation_date"], "2024-01-02T03:04:05+01:00");
    assert!(r["metadata"]["subject"].is_null());
    let pages = r["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 3);
    for (i, want) in ["Alpha page one", "Beta page two", "Gamma page three"]
        .iter()
        .enumerate()
    {
        assert_eq!(pages[i]["page_number"], i + 1);
        assert_eq!(pages[i]["text"].as_str().unwrap().trim(), *want, "{r}");
    }
    assert!(r.get("truncated_at_page").is_none());
    // An absolute path inside the workspace is the same file.
    let abs = w.at("docs/report.pdf");
    let r = w
        .json(
            "pdf_tools_read_pdf",
            json!({"file_path": abs.to_str().unwrap()}),
        )
        .await;
    assert_eq!(r["num_pages"], 3);
    w.stop().await;
}

#[tokio::test]
async fn get_pdf_info_gives_pages_sizes_and_metadata() {
    let w = ws().await;
    w.put(
        "a.pdf",
        make_pdf(
            &["one", "two", "three", "four"],
            Meta {
                title: Some("Sizes"),
                ..Meta::default()
            },
        ),
    );
    let r = w
        .json("pdf_tools_get_pdf_info", json!({"file_path": "a.pdf"}))
        .await;
    assert_eq!(r["file_path"], "a.pdf");
    assert_eq!(r["num_pages"], 4);
    assert_eq!(r["is_encrypted"], false);
    assert_eq!(r["metadata"]["title"], "Sizes");
    assert!(r["metadata"]["author"].is_null());
    assert_eq!(
        r["page_sizes"],
        json!([
            // inherited from the intermediate node (US Letter)
            {"page": 1, "width": 612.0, "height": 792.0},
            {"page": 2, "width": 612.0, "height": 792.0},
            // its own box, rotated a quarter turn
            {"page": 3, "width": 100.0, "height": 200.0},
            // inherited from the root (A4)
            {"page": 4, "width": 595.0, "height": 842.0}
        ])
    );
    w.stop().await;
}

#[tokio::test]
async fn a_pdf_without_text_or_metadata() {
    let w = ws().await;
    w.put("blank.pdf", make_pdf(&[""], Meta::default()));
    let r = w
        .json("pdf_tools_read_pdf", json!({"file_path": "blank.pdf"}))
        .await;
    assert_eq!(r["num_pages"], 1);
    assert_eq!(r["pages"][0]["text"].as_str().unwrap().trim(), "");
    assert!(r["metadata"]["title"].is_null());
    w.stop().await;
}
