//! The ADF <-> Markdown converter on tables, lists, code, links and mentions.

use mcp_vendor_atlassian::adf::{adf_to_markdown, is_adf, markdown_to_adf};
use serde_json::{Value, json};

#[test]
fn paragraphs_marks_and_links() {
    let doc = markdown_to_adf("Hello **bold** *it* ~~gone~~ `x` [site](https://a.b)");
    assert_eq!(
        doc,
        json!({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
            {"type": "text", "text": "Hello "},
            {"type": "text", "text": "bold", "marks": [{"type": "strong"}]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "it", "marks": [{"type": "em"}]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "gone", "marks": [{"type": "strike"}]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "x", "marks": [{"type": "code"}]},
            {"type": "text", "text": " "},
            {"type": "text", "text": "site", "marks": [{"type": "link", "attrs": {"href": "https://a.b"}}]}
        ]}]})
    );
    assert_eq!(
        adf_to_markdown(&doc),
        "Hello **bold** *it* ~~gone~~ `x` [site](https://a.b)"
    );
}

#[test]
fn lists_nested_and_ordered() {
    let md = "- one\n- two\n  - inner\n\n3. three\n4. four";
    let doc = markdown_to_adf(md);
    let c = &doc["content"];
    assert_eq!(c[0]["type"], "bulletList");
    assert_eq!(c[0]["content"][0]["type"], "listItem");
    assert_eq!(c[0]["content"][0]["content"][0]["type"], "paragraph");
    assert_eq!(c[0]["content"][1]["content"][1]["type"], "bulletList");
    assert_eq!(c[1]["type"], "orderedList");
    assert_eq!(c[1]["attrs"]["order"], 3);
    assert_eq!(adf_to_markdown(&doc), md);
}

#[test]
fn code_blocks_keep_language_and_text() {
    let md = "```rust\nfn main() {}\n  // **not bold**\n```";
    let doc = markdown_to_adf(md);
    assert_eq!(
        doc["content"][0],
        json!({"type": "codeBlock", "attrs": {"language": "rust"}, "content": [{"type": "text", "text": "fn main() {}\n  // **not bold**"}]})
    );
    assert_eq!(adf_to_markdown(&doc), md);
}

#[test]
fn tables_with_header() {
    let md = "| Name | Role |\n| --- | --- |\n| Ana | **Dev** |\n| Bo | QA |";
    let doc = markdown_to_adf(md);
    let t = &doc["content"][0];
    assert_eq!(t["type"], "table");
    assert_eq!(t["content"][0]["content"][0]["type"], "tableHeader");
    assert_eq!(
        t["content"][0]["content"][0]["content"][0],
        json!({"type": "paragraph", "content": [{"type": "text", "text": "Name"}]})
    );
    assert_eq!(t["content"][1]["content"][1]["type"], "tableCell");
    assert_eq!(t["content"].as_array().map(Vec::len), Some(3));
    assert_eq!(adf_to_markdown(&doc), md);
}

#[test]
fn mentions_both_ways() {
    let doc = markdown_to_adf("Ping [@Ana](accountid:5b10a2844c20165700ede21g) now");
    assert_eq!(
        doc["content"][0]["content"][1],
        json!({"type": "mention", "attrs": {"id": "5b10a2844c20165700ede21g", "text": "@Ana"}})
    );
    assert_eq!(
        adf_to_markdown(&doc),
        "Ping [@Ana](accountid:5b10a2844c20165700ede21g) now"
    );
}

#[test]
fn headings_quotes_rules_breaks() {
    let md = "## Title\n\n> quoted\n\n---\n\nline one  \nline two";
    let doc = markdown_to_adf(md);
    let c = &doc["content"];
    assert_eq!(c[0]["attrs"]["level"], 2);
    assert_eq!(c[1]["type"], "blockquote");
    assert_eq!(c[2]["type"], "rule");
    assert_eq!(c[3]["content"][1]["type"], "hardBreak");
    assert_eq!(
        adf_to_markdown(&doc),
        "## Title\n\n> quoted\n\n---\n\nline one\nline two"
    );
}

#[test]
fn renders_vendor_nodes() {
    let doc = json!({"type": "doc", "version": 1, "content": [
        {"type": "paragraph", "content": [
            {"type": "emoji", "attrs": {"shortName": ":smile:", "text": "😄"}},
            {"type": "text", "text": " due "},
            {"type": "date", "attrs": {"timestamp": "1582152559000"}},
            {"type": "text", "text": " "},
            {"type": "status", "attrs": {"text": "In progress", "color": "blue"}},
            {"type": "text", "text": " "},
            {"type": "inlineCard", "attrs": {"url": "https://x.y/z"}}
        ]},
        {"type": "panel", "attrs": {"panelType": "warning"}, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "careful"}]}]},
        {"type": "mediaSingle", "content": [{"type": "media", "attrs": {"id": "abc", "type": "file", "collection": "c", "alt": "shot.png"}}]}
    ]});
    assert_eq!(
        adf_to_markdown(&doc),
        "😄 due 2020-02-19 [In progress] <https://x.y/z>\n\n> **warning:** careful\n\n[attachment: shot.png]"
    );
    assert!(is_adf(&doc));
    assert_eq!(adf_to_markdown(&Value::Null), "");
}

#[test]
fn empty_markdown_is_an_empty_doc() {
    assert_eq!(
        markdown_to_adf(""),
        json!({"type": "doc", "version": 1, "content": []})
    );
}

#[test]
fn code_inside_a_list_item_and_code_links() {
    let md = "1. run\n   ```sh\n   make\n   ```\n2. [`docs` here](https://x.y)";
    let doc = markdown_to_adf(md);
    let items = &doc["content"][0]["content"];
    assert_eq!(items[0]["content"][1]["type"], "codeBlock");
    assert_eq!(items[0]["content"][1]["content"][0]["text"], "make");
    assert_eq!(
        items[1]["content"][0]["content"][0]["marks"],
        json!([{"type": "link", "attrs": {"href": "https://x.y"}}, {"type": "code"}])
    );
    assert_eq!(adf_to_markdown(&doc), md);
}

#[test]
fn a_table_without_header_gets_an_empty_one() {
    let doc = json!({"type": "doc", "version": 1, "content": [{"type": "table", "content": [
        {"type": "tableRow", "content": [
            {"type": "tableCell", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "a|b"}]}]},
            {"type": "tableCell", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "one"}, {"type": "hardBreak"}, {"type": "text", "text": "two"}]}]}
        ]}
    ]}]});
    assert_eq!(
        adf_to_markdown(&doc),
        "|  |  |\n| --- | --- |\n| a\\|b | one<br>two |"
    );
}

/// Markdown nested far deeper than anyone writes is flattened, so the ADF value stays shallow
/// enough to serialise and drop on an ordinary thread's stack (a value 100,000 levels deep
/// overflows it and aborts the process for every tenant).
#[test]
fn deep_markdown_is_flattened_not_a_stack_overflow() {
    fn depth(v: &serde_json::Value) -> usize {
        let mut deepest = 0;
        let mut todo = vec![(v, 0)];
        while let Some((v, d)) = todo.pop() {
            deepest = deepest.max(d);
            if let Some(c) = v.get("content").and_then(|c| c.as_array()) {
                todo.extend(c.iter().map(|c| (c, d + 1)));
            }
        }
        deepest
    }
    for md in [
        format!("{} deep", ">".repeat(100_000)),
        format!("{} deep", "- ".repeat(100_000)),
        format!("{} deep", "> - ".repeat(50_000)),
    ] {
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let adf = mcp_vendor_atlassian::adf::markdown_to_adf(&md);
                let text = serde_json::to_string(&adf).unwrap();
                (depth(&adf), text.contains("deep"))
            })
            .unwrap();
        let (d, has_text) = handle.join().unwrap();
        assert!(d <= mcp_vendor_atlassian::adf::MAX_NESTING + 2, "{d}");
        assert!(has_text);
    }
    // Shallow nesting keeps its shape.
    let adf = mcp_vendor_atlassian::adf::markdown_to_adf("> quote\n> - item");
    assert_eq!(adf["content"][0]["type"], "blockquote");
    assert_eq!(adf["content"][0]["content"][1]["type"], "bulletList");
}
