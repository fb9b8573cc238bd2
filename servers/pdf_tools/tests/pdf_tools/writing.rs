//! `pdf_tools_extract_pages`: the new PDF opened again with lopdf on its own (page count,
//! order, text, sizes), repeats, replacing the input, and read back through the tools.

use lopdf::Document;
use serde_json::json;

use crate::{Meta, make_pdf, ws};

fn texts(doc: &Document) -> Vec<String> {
    doc.get_pages()
        .keys()
        .map(|n| doc.extract_text(&[*n]).unwrap().trim().to_owned())
        .collect()
}

#[tokio::test]
async fn extract_pages_makes_a_pdf_of_the_chosen_pages_in_order() {
    let w = ws().await;
    w.put(
        "in/source.pdf",
        make_pdf(
            &["Page A", "Page B", "Page C", "Page D", "Page E"],
            Meta {
                title: Some("Source"),
                ..Meta::default()
            },
        ),
    );
    std::fs::create_dir_all(w.at("out")).unwrap();
    let r = w
        .json(
            "pdf_tools_extract_pages",
            json!({"input_file": "in/source.pdf", "output_file": "out/part.pdf", "page_numbers": [4, 1, 3]}),
        )
        .await;
    assert_eq!(r["input_file"], "in/source.pdf");
    assert_eq!(r["output_file"], "out/part.pdf");
    assert_eq!(r["pages_extracted"], json!([4, 1, 3]));
    assert_eq!(r["num_pages"], 3);
    assert_eq!(r["source_num_pages"], 5);
    assert!(r["message"].as_str().unwrap().contains("3 page"), "{r}");

    // Independently: lopdf opens the new file from disk.
    let doc = Document::load(w.at("out/part.pdf")).unwrap();
    assert_eq!(doc.get_pages().len(), 3);
    assert_eq!(texts(&doc), ["Page D", "Page A", "Page C"]);
    // Inherited attributes were carried onto the pages of the flattened tree.
    let first = doc.get_pages()[&2];
    let page = doc.get_dictionary(first).unwrap();
    assert!(page.has(b"MediaBox") && page.has(b"Resources"));
    // The pages left out are gone from the file, not only from the tree.
    let bytes = std::fs::read(w.at("out/part.pdf")).unwrap();
    let whole = Document::load_mem(&bytes).unwrap();
    let all_text: String = whole
        .objects
        .keys()
        .filter_map(|id| whole.get_object(*id).ok()?.as_stream().ok().cloned())
        .filter_map(|mut s| {
            let _ = s.decompress();
            String::from_utf8(s.content).ok()
        })
        .collect();
    assert!(!all_text.contains("Page B") && !all_text.contains("Page E"));
    assert!(all_text.contains("Page D"));

    // And read back through the tools: sizes follow the pages, metadata is kept.
    let info = w
        .json(
            "pdf_tools_get_pdf_info",
            json!({"file_path": "out/part.pdf"}),
        )
        .await;
    assert_eq!(info["num_pages"], 3);
    assert_eq!(info["metadata"]["title"], "Source");
    assert_eq!(
        info["page_sizes"],
        json!([
            {"page": 1, "width": 595.0, "height": 842.0},
            {"page": 2, "width": 612.0, "height": 792.0},
            {"page": 3, "width": 100.0, "height": 200.0}
        ])
    );
    let read = w
        .json("pdf_tools_read_pdf", json!({"file_path": "out/part.pdf"}))
        .await;
    assert_eq!(read["pages"][1]["text"].as_str().unwrap().trim(), "Page A");
    w.stop().await;
}

#[tokio::test]
async fn a_page_named_twice_is_there_twice() {
    let w = ws().await;
    w.put("s.pdf", make_pdf(&["One", "Two"], Meta::default()));
    let r = w
        .json(
            "pdf_tools_extract_pages",
            json!({"input_file": "s.pdf", "output_file": "twice.pdf", "page_numbers": [2, 2, 1]}),
        )
        .await;
    assert_eq!(r["num_pages"], 3);
    let doc = Document::load(w.at("twice.pdf")).unwrap();
    assert_eq!(texts(&doc), ["Two", "Two", "One"]);
    let ids: std::collections::BTreeSet<_> = doc.get_pages().values().copied().collect();
    assert_eq!(ids.len(), 3, "each page of the tree is its own object");
    w.stop().await;
}

#[tokio::test]
async fn the_output_may_replace_the_input_and_numbers_may_be_text() {
    let w = ws().await;
    w.put(
        "doc.pdf",
        make_pdf(&["Keep", "Drop", "Also"], Meta::default()),
    );
    w.json(
        "pdf_tools_extract_pages",
        json!({"input_file": "doc.pdf", "output_file": "doc.pdf", "page_numbers": ["1", 3.0]}),
    )
    .await;
    let doc = Document::load(w.at("doc.pdf")).unwrap();
    assert_eq!(texts(&doc), ["Keep", "Also"]);
    w.stop().await;
}
