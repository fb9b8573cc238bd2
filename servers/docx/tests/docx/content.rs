//! Document, content, format, notes and comment tools on documents this server writes,
//! with assertions on the XML parts.

use serde_json::json;

use crate::{png, ws};

#[tokio::test]
async fn create_write_and_read_back() {
    let w = ws().await;
    let t = w
        .ok(
            "create_document",
            json!({"filename": "r", "title": "Report", "author": "Ann"}),
        )
        .await;
    assert!(t.contains("r.docx"), "{t}");
    w.ok(
        "add_heading",
        json!({"filename": "r", "text": "Intro", "level": 1, "border_bottom": true}),
    )
    .await;
    w.ok("add_paragraph", json!({"filename": "r", "text": "Hello world", "bold": true, "font_size": 14, "color": "FF0000", "font_name": "Arial"})).await;
    w.ok(
        "add_paragraph",
        json!({"filename": "r", "text": "A quote", "style": "Quote"}),
    )
    .await;
    w.ok(
        "add_heading",
        json!({"filename": "r", "text": "Details", "level": 2}),
    )
    .await;
    w.ok(
        "add_paragraph",
        json!({"filename": "r", "text": "old body"}),
    )
    .await;
    w.ok("add_page_break", json!({"filename": "r"})).await;
    let doc = w.part("r.docx", "word/document.xml");
    assert!(doc.contains("<w:pStyle w:val=\"Heading1\"/>"), "{doc}");
    assert!(doc.contains("<w:br w:type=\"page\"/>"), "{doc}");
    assert!(doc.contains("<w:pBdr><w:bottom"), "{doc}");
    assert!(
        doc.contains("<w:sz w:val=\"28\"/>") && doc.contains("<w:color w:val=\"FF0000\"/>"),
        "{doc}"
    );
    // The section properties stay last in the body.
    assert!(
        doc.trim_end()
            .ends_with("</w:sectPr></w:body></w:document>"),
        "{doc}"
    );
    let info = w.json("get_document_info", json!({"filename": "r"})).await;
    assert_eq!(info["title"], "Report");
    assert_eq!(info["author"], "Ann");
    assert_eq!(info["paragraph_count"], 6);
    let text = w
        .ok("get_document_text", json!({"filename": "r.docx"}))
        .await;
    assert!(
        text.starts_with("Intro\nHello world\nA quote\nDetails\nold body"),
        "{text}"
    );
    let outline = w
        .json("get_document_outline", json!({"filename": "r"}))
        .await;
    assert_eq!(outline["headings"][0]["text"], "Intro");
    assert_eq!(outline["headings"][1]["level"], 2);
    assert_eq!(outline["paragraphs"][2]["style"], "Quote");
    let p = w
        .json(
            "get_paragraph_text_from_document",
            json!({"filename": "r", "paragraph_index": 0}),
        )
        .await;
    assert_eq!(p["style"], "Heading 1");
    assert_eq!(p["is_heading"], true);
    let found = w
        .json(
            "find_text_in_document",
            json!({"filename": "r", "text_to_find": "WORLD", "match_case": false}),
        )
        .await;
    assert_eq!(found["match_count"], 1);
    let found = w
        .json(
            "find_text_in_document",
            json!({"filename": "r", "text_to_find": "wor", "whole_word": true}),
        )
        .await;
    assert_eq!(found["match_count"], 0);
    let xml = w.ok("get_document_xml", json!({"filename": "r"})).await;
    assert!(xml.contains("<w:document"), "{xml}");
    let list = w.ok("list_available_documents", json!({})).await;
    assert!(list.contains("r.docx"), "{list}");
    w.ok("copy_document", json!({"source_filename": "r"})).await;
    assert!(w.at("r_copy.docx").exists());
    w.ok(
        "copy_document",
        json!({"source_filename": "r", "destination_filename": "c2"}),
    )
    .await;
    assert!(w.at("c2.docx").exists());
    // Block replacement below a heading, and between anchors.
    w.ok("replace_paragraph_block_below_header", json!({"filename": "r", "header_text": "Details", "new_paragraphs": ["new one", "new two"]})).await;
    let text = w.ok("get_document_text", json!({"filename": "r"})).await;
    assert!(
        text.contains("Details\nnew one\nnew two") && !text.contains("old body"),
        "{text}"
    );
    w.ok("replace_block_between_manual_anchors", json!({"filename": "r", "start_anchor_text": "Intro", "end_anchor_text": "Details", "new_paragraphs": ["between"], "new_paragraph_style": "Quote"})).await;
    let text = w.ok("get_document_text", json!({"filename": "r"})).await;
    assert!(text.starts_with("Intro\nbetween\nDetails"), "{text}");
    w.ok(
        "delete_paragraph",
        json!({"filename": "r", "paragraph_index": 1}),
    )
    .await;
    let text = w.ok("get_document_text", json!({"filename": "r"})).await;
    assert!(text.starts_with("Intro\nDetails"), "{text}");
    w.stop().await;
}

#[tokio::test]
async fn insertions_lists_styles_and_formatting() {
    let w = ws().await;
    w.ok("create_document", json!({"filename": "d"})).await;
    w.ok(
        "add_paragraph",
        json!({"filename": "d", "text": "First paragraph"}),
    )
    .await;
    w.ok(
        "add_paragraph",
        json!({"filename": "d", "text": "Second paragraph"}),
    )
    .await;
    w.ok("insert_header_near_text", json!({"filename": "d", "target_text": "Second", "header_title": "Inserted", "position": "before"})).await;
    w.ok(
        "insert_line_or_paragraph_near_text",
        json!({"filename": "d", "target_paragraph_index": 0, "line_text": "After first"}),
    )
    .await;
    w.ok("insert_numbered_list_near_text", json!({"filename": "d", "target_text": "Second paragraph", "list_items": ["one", "two"], "bullet_type": "number"})).await;
    w.ok("insert_numbered_list_near_text", json!({"filename": "d", "target_text": "First", "list_items": ["dot"], "position": "before"})).await;
    let text = w.ok("get_document_text", json!({"filename": "d"})).await;
    assert!(
        text.starts_with("dot\nFirst paragraph\nAfter first\nInserted\nSecond paragraph\none\ntwo"),
        "{text}"
    );
    let num = w.part("d.docx", "word/numbering.xml");
    assert!(
        num.contains("w:numFmt w:val=\"decimal\"") && num.contains("w:numFmt w:val=\"bullet\""),
        "{num}"
    );
    let ct = w.part("d.docx", "[Content_Types].xml");
    assert!(ct.contains("/word/numbering.xml"), "{ct}");
    let doc = w.part("d.docx", "word/document.xml");
    assert!(
        doc.contains("<w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"1\"/></w:numPr>"),
        "{doc}"
    );
    // Custom style, used by a paragraph.
    w.ok("create_custom_style", json!({"filename": "d", "style_name": "My Style", "bold": true, "color": "00FF00", "base_style": "Normal"})).await;
    w.ok(
        "add_paragraph",
        json!({"filename": "d", "text": "styled", "style": "My Style"}),
    )
    .await;
    let styles = w.part("d.docx", "word/styles.xml");
    assert!(
        styles.contains("w:styleId=\"MyStyle\"") && styles.contains("<w:name w:val=\"My Style\"/>"),
        "{styles}"
    );
    // Format a range across a run split.
    w.ok("format_text", json!({"filename": "d", "paragraph_index": 1, "start_pos": 6, "end_pos": 15, "italic": true, "underline": true})).await;
    let text = w
        .ok(
            "get_paragraph_text_from_document",
            json!({"filename": "d", "paragraph_index": 1}),
        )
        .await;
    assert!(text.contains("First paragraph"), "{text}");
    let doc = w.part("d.docx", "word/document.xml");
    assert!(
        doc.contains("<w:t xml:space=\"preserve\">First </w:t>"),
        "{doc}"
    );
    assert!(doc.contains("<w:i w:val=\"1\"/><w:u w:val=\"single\"/></w:rPr><w:t xml:space=\"preserve\">paragraph</w:t>"), "{doc}");
    let e = w.err("format_text", json!({"filename": "d", "paragraph_index": 1, "start_pos": 5, "end_pos": 99, "bold": true})).await;
    assert!(e.contains("does not fit"), "{e}");
    // Search and replace.
    let r = w
        .ok(
            "search_and_replace",
            json!({"filename": "d", "find_text": "paragraph", "replace_text": "para"}),
        )
        .await;
    assert!(r.contains("Replaced 2"), "{r}");
    let r = w
        .ok(
            "search_and_replace",
            json!({"filename": "d", "find_text": "zzz", "replace_text": "y"}),
        )
        .await;
    assert!(r.contains("No occurrences"), "{r}");
    w.stop().await;
}

#[tokio::test]
async fn pictures_are_inline_drawings_sized_from_the_header() {
    let w = ws().await;
    std::fs::write(w.at("pic.png"), png()).unwrap();
    w.ok("create_document", json!({"filename": "d"})).await;
    w.ok(
        "add_picture",
        json!({"filename": "d", "image_path": "pic.png"}),
    )
    .await;
    w.ok(
        "add_picture",
        json!({"filename": "d", "image_path": "pic.png", "width": 2.0}),
    )
    .await;
    let doc = w.part("d.docx", "word/document.xml");
    // 300 x 150 px at 72 dpi: 4.17 x 2.08 inches.
    assert!(
        doc.contains("<wp:extent cx=\"3810000\" cy=\"1905000\"/>"),
        "{doc}"
    );
    assert!(
        doc.contains("<wp:extent cx=\"1828800\" cy=\"914400\"/>"),
        "{doc}"
    );
    assert!(doc.contains("r:embed=\"rId4\""), "{doc}");
    let rels = w.part("d.docx", "word/_rels/document.xml.rels");
    assert!(
        rels.contains("Target=\"media/image1.png\"")
            && rels.contains("Target=\"media/image2.png\""),
        "{rels}"
    );
    assert!(
        w.part("d.docx", "[Content_Types].xml")
            .contains("Extension=\"png\"")
    );
    std::fs::write(w.at("x.txt"), "text").unwrap();
    let e = w
        .err(
            "add_picture",
            json!({"filename": "d", "image_path": "x.txt"}),
        )
        .await;
    assert!(e.contains("not a PNG"), "{e}");
    let info = w.json("get_document_info", json!({"filename": "d"})).await;
    assert_eq!(info["picture_count"], 2);
    w.stop().await;
}

#[tokio::test]
async fn footnotes_and_endnotes() {
    let w = ws().await;
    w.ok("create_document", json!({"filename": "n"})).await;
    w.ok(
        "add_paragraph",
        json!({"filename": "n", "text": "Alpha beta gamma"}),
    )
    .await;
    w.ok("add_paragraph", json!({"filename": "n", "text": "Second"}))
        .await;
    w.ok(
        "add_footnote_to_document",
        json!({"filename": "n", "paragraph_index": 0, "footnote_text": "note one"}),
    )
    .await;
    w.ok(
        "add_footnote_after_text",
        json!({"filename": "n", "search_text": "beta", "footnote_text": "after beta"}),
    )
    .await;
    w.ok(
        "add_footnote_before_text",
        json!({"filename": "n", "search_text": "Alpha", "footnote_text": "before alpha"}),
    )
    .await;
    w.ok("add_footnote_enhanced", json!({"filename": "n", "paragraph_index": 1, "footnote_text": "enhanced", "output_filename": "n2"})).await;
    w.ok(
        "add_endnote_to_document",
        json!({"filename": "n", "paragraph_index": 1, "endnote_text": "an endnote"}),
    )
    .await;
    let r = w
        .json(
            "add_footnote_robust",
            json!({"filename": "n", "search_text": "Second", "footnote_text": "robust"}),
        )
        .await;
    assert_eq!(r["footnote_id"], 4);
    let e = w
        .err(
            "add_footnote_robust",
            json!({"filename": "n", "paragraph_index": 0}),
        )
        .await;
    assert!(e.contains("footnote_text"), "{e}");
    let foot = w.part("n.docx", "word/footnotes.xml");
    assert!(
        foot.contains("w:type=\"separator\" w:id=\"-1\"")
            && foot.contains("w:type=\"continuationSeparator\" w:id=\"0\""),
        "{foot}"
    );
    assert!(
        foot.contains("after beta") && foot.contains("<w:footnoteRef/>"),
        "{foot}"
    );
    assert!(
        !foot.contains("enhanced"),
        "the enhanced note went to n2.docx"
    );
    assert!(w.part("n2.docx", "word/footnotes.xml").contains("enhanced"));
    assert!(w.part("n.docx", "word/endnotes.xml").contains("an endnote"));
    let doc = w.part("n.docx", "word/document.xml");
    // The reference before "Alpha" comes first in the paragraph, the one after "beta" before " gamma".
    let before = doc.find("w:footnoteReference w:id=\"3\"").unwrap();
    let alpha = doc.find(">Alpha").unwrap();
    assert!(before < alpha, "{doc}");
    let after = doc.find("w:footnoteReference w:id=\"2\"").unwrap();
    let gamma = doc.find("> gamma").unwrap();
    assert!(after < gamma && after > alpha, "{doc}");
    let p0 = w
        .ok(
            "get_paragraph_text_from_document",
            json!({"filename": "n", "paragraph_index": 0}),
        )
        .await;
    assert!(p0.contains("Alpha beta gamma"), "{p0}");
    let v = w
        .json("validate_document_footnotes", json!({"filename": "n"}))
        .await;
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["total_footnotes"], 4);
    w.ok("customize_footnote_style", json!({"filename": "n", "numbering_format": "i, ii, iii", "start_number": 2, "font_size": 8})).await;
    let doc = w.part("n.docx", "word/document.xml");
    assert!(
        doc.contains(
            "<w:footnotePr><w:numFmt w:val=\"lowerRoman\"/><w:numStart w:val=\"2\"/></w:footnotePr>"
        ),
        "{doc}"
    );
    w.ok(
        "delete_footnote_from_document",
        json!({"filename": "n", "footnote_id": 1}),
    )
    .await;
    let r = w
        .json(
            "delete_footnote_robust",
            json!({"filename": "n", "search_text": "Second"}),
        )
        .await;
    assert_eq!(r["deleted_id"], 4);
    let foot = w.part("n.docx", "word/footnotes.xml");
    assert!(
        !foot.contains("note one") && !foot.contains("robust"),
        "{foot}"
    );
    let e = w
        .err(
            "delete_footnote_from_document",
            json!({"filename": "n", "footnote_id": 99}),
        )
        .await;
    assert!(e.contains("no footnote 99"), "{e}");
    w.stop().await;
}
