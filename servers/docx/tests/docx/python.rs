//! Round trips with python-docx: what this server writes opens there with the expected
//! content; what python-docx writes is read and edited here without losing what the tools
//! did not touch.

use serde_json::json;

use crate::{png, ws};

#[tokio::test]
async fn python_docx_reads_what_we_write() {
    let w = ws().await;
    std::fs::write(w.at("pic.png"), png()).unwrap();
    w.ok(
        "create_document",
        json!({"filename": "out", "title": "T", "author": "A"}),
    )
    .await;
    w.ok(
        "add_heading",
        json!({"filename": "out", "text": "Title here", "level": 1}),
    )
    .await;
    w.ok(
        "add_paragraph",
        json!({"filename": "out", "text": "Body text", "italic": true}),
    )
    .await;
    w.ok(
        "add_table",
        json!({"filename": "out", "rows": 2, "cols": 2, "data": [["a", "b"], ["c", "d"]]}),
    )
    .await;
    w.ok(
        "add_picture",
        json!({"filename": "out", "image_path": "pic.png", "width": 1.5}),
    )
    .await;
    w.ok(
        "insert_numbered_list_near_text",
        json!({"filename": "out", "target_text": "Body", "list_items": ["x", "y"]}),
    )
    .await;
    w.ok(
        "add_footnote_to_document",
        json!({"filename": "out", "paragraph_index": 1, "footnote_text": "fn"}),
    )
    .await;
    w.ok("add_page_break", json!({"filename": "out"})).await;
    let out = w.py(r#"
import docx
d = docx.Document("out.docx")
for p in d.paragraphs:
    print("P", p.style.name, "|", p.text, "|", [r.italic for r in p.runs if r.text])
t = d.tables[0]
print("T", len(t.rows), len(t.columns), t.cell(1, 1).text, t.style.name)
s = d.inline_shapes[0]
print("S", s.width, s.height)
print("C", d.core_properties.title, d.core_properties.author)
names = sorted(p.partname for p in d.part.package.iter_parts())
print("N", names)
"#);
    assert!(out.contains("P Heading 1 | Title here |"), "{out}");
    assert!(out.contains("P Normal | Body text | [True]"), "{out}");
    assert!(out.contains("P List Paragraph | x |"), "{out}");
    assert!(out.contains("T 2 2 d Table Grid"), "{out}");
    assert!(out.contains("S 1371600 685800"), "{out}");
    assert!(out.contains("C T A"), "{out}");
    assert!(
        out.contains("/word/footnotes.xml")
            && out.contains("/word/numbering.xml")
            && out.contains("/word/media/image1.png"),
        "{out}"
    );
    w.stop().await;
}

#[tokio::test]
async fn we_edit_what_python_docx_writes_and_keep_the_rest() {
    let w = ws().await;
    w.py(r#"
import docx
d = docx.Document()
d.sections[0].header.paragraphs[0].text = "Header HEADWORD"
d.add_heading("Chapter", level=1)
p = d.add_paragraph("The quick ")
r = p.add_run("brown")
r.bold = True
p.add_run(" fox")
d.add_comment(p.runs, text="Nice line", author="Bob", initials="B")
t = d.add_table(rows=2, cols=2)
t.cell(0, 0).text = "cell"
d.save("py.docx")
"#);
    let before = w.parts("py.docx");
    let c = w
        .json("get_all_comments", json!({"filename": "py.docx"}))
        .await;
    assert_eq!(c["total_comments"], 1, "{c}");
    assert_eq!(c["comments"][0]["author"], "Bob");
    assert_eq!(c["comments"][0]["text"], "Nice line");
    assert_eq!(c["comments"][0]["paragraph_index"], 1);
    let c = w
        .json(
            "get_comments_by_author",
            json!({"filename": "py.docx", "author": "bob"}),
        )
        .await;
    assert_eq!(c["total_comments"], 1);
    let c = w
        .json(
            "get_comments_for_paragraph",
            json!({"filename": "py.docx", "paragraph_index": 0}),
        )
        .await;
    assert_eq!(c["total_comments"], 0);
    // A match across runs of different formatting.
    let r = w
        .ok(
            "search_and_replace",
            json!({"filename": "py.docx", "find_text": "quick brown", "replace_text": "slow red"}),
        )
        .await;
    assert!(r.contains("Replaced 1"), "{r}");
    let text = w
        .ok("get_document_text", json!({"filename": "py.docx"}))
        .await;
    assert!(
        text.contains("The slow red fox") && text.contains("Header HEADWORD"),
        "{text}"
    );
    let outline = w
        .json("get_document_outline", json!({"filename": "py.docx"}))
        .await;
    assert_eq!(outline["headings"][0]["text"], "Chapter");
    w.ok(
        "add_paragraph",
        json!({"filename": "py.docx", "text": "Added by us", "style": "List Bullet"}),
    )
    .await;
    // Every part but the main document is as python-docx wrote it.
    let after = w.parts("py.docx");
    for (name, bytes) in &before {
        if name == "word/document.xml" {
            continue;
        }
        let now = after
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} lost"));
        assert!(now.1 == *bytes, "{name} changed");
    }
    // Headers are replaced in too.
    w.ok(
        "search_and_replace",
        json!({"filename": "py.docx", "find_text": "HEADWORD", "replace_text": "Changed"}),
    )
    .await;
    let out = w.py(r#"
import docx
d = docx.Document("py.docx")
print("H", d.sections[0].header.paragraphs[0].text)
for p in d.paragraphs:
    print("P", p.style.name, "|", p.text)
print("R", [(r.text, r.bold) for r in d.paragraphs[1].runs])
print("K", len(list(d.comments)))
print("T", d.tables[0].cell(0, 0).text)
"#);
    assert!(out.contains("H Header Changed"), "{out}");
    assert!(out.contains("P Normal | The slow red fox"), "{out}");
    assert!(out.contains("P List Bullet | Added by us"), "{out}");
    assert!(out.contains("K 1") && out.contains("T cell"), "{out}");
    w.stop().await;
}
