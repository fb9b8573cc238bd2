//! Markdown in and out: a document with every supported construct goes Markdown → blocks (as
//! sent to Notion) → blocks as Notion returns them → Markdown, unchanged; long text is split
//! into valid rich text objects; and the converter's edge cases.

use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, Request, ResponseTemplate};
use notion_mcp_server::markdown::{
    blocks_to_markdown, inline_rich_text, markdown_to_blocks, notion_language, split_units,
};
use serde_json::{Map, Value, json};

use crate::common::*;

/// Every construct the Markdown side supports.
const DOCUMENT: &str = r#"# Project plan

Intro with **bold**, *italic*, ~~struck~~, `inline code`, ***both*** and a [link](https://example.com/docs).

## Tasks

- First bullet
- Second bullet with **bold**
  - Nested bullet
    - Deeper bullet

1. Step one
2. Step two
   1. Sub-step

- [ ] Open task
- [x] Done task

### Notes

> A quote with *emphasis*.
>
> And a second paragraph.

```rust
fn main() {
    println!("hi");
}
```

```
plain text code
```

---

| Name | Value |
| --- | --- |
| a | **1** |
| b \| c | `2` |

![Diagram](https://example.com/d.png)

Special characters: 5 \* 3, snake_case, \_under\_, \[x\], \`tick\`, \<tag>, and \~.

Final paragraph
with a line break.
"#;

/// Request rich text as Notion returns it: every annotation, `plain_text`, `href`.
fn as_returned(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().map(as_returned).collect()),
        Value::Object(o) if o.get("type") == Some(&json!("text")) && o.contains_key("text") => {
            let content = o["text"]["content"].clone();
            let link = o["text"].get("link").cloned().unwrap_or(Value::Null);
            let mut annotations = json!({"bold": false, "italic": false, "strikethrough": false, "underline": false, "code": false, "color": "default"});
            if let Some(Value::Object(a)) = o.get("annotations") {
                for (k, x) in a {
                    annotations[k] = x.clone();
                }
            }
            json!({
                "type": "text",
                "text": {"content": content, "link": link},
                "annotations": annotations,
                "plain_text": content,
                "href": link.get("url").cloned().unwrap_or(Value::Null)
            })
        }
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, x)| (k.clone(), as_returned(x))).collect())
        }
        other => other.clone(),
    }
}

/// Blocks as sent (children nested) → blocks as Notion lists them, with their children
/// under their own ids.
fn as_listed(
    blocks: &[Value],
    prefix: &str,
    children: &mut Vec<(String, Vec<Value>)>,
) -> Vec<Value> {
    blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let id = format!("{prefix}-{i}");
            let ty = b["type"].as_str().unwrap().to_owned();
            let mut inner: Map<String, Value> = b[&ty].as_object().cloned().unwrap_or_default();
            let kids = match inner.remove("children") {
                Some(Value::Array(k)) => k,
                _ => Vec::new(),
            };
            if !kids.is_empty() {
                let listed = as_listed(&kids, &id, children);
                children.push((id.clone(), listed));
            }
            block_json(
                &id,
                &ty,
                as_returned(&Value::Object(inner)),
                !kids.is_empty(),
            )
        })
        .collect()
}

#[tokio::test]
async fn markdown_round_trips_through_notion_blocks() {
    let s = setup().await;
    let append_path = format!("/v1/blocks/{PAGE_ID}/children");
    // Append the document (Notion answers with the new blocks).
    Mock::given(method("PATCH"))
        .and(path(append_path.clone()))
        .respond_with(|req: &Request| {
            let body: Value = serde_json::from_slice(&req.body).unwrap();
            let n = body["children"].as_array().map(Vec::len).unwrap_or(0);
            ResponseTemplate::new(200).set_body_json(list_json(
                (0..n)
                    .map(|i| {
                        block_json(
                            &format!("new-{i}"),
                            "paragraph",
                            json!({"rich_text": []}),
                            false,
                        )
                    })
                    .collect(),
                None,
                "block",
            ))
        })
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": [DOCUMENT]}),
        )
        .await;
    assert_eq!(v["requests"], 1);
    let sent = bodies(&s.fake, "PATCH", &append_path).await;
    let blocks = sent[0]["children"].as_array().cloned().unwrap();
    let types: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "heading_1",
            "paragraph",
            "heading_2",
            "bulleted_list_item",
            "bulleted_list_item",
            "numbered_list_item",
            "numbered_list_item",
            "to_do",
            "to_do",
            "heading_3",
            "quote",
            "code",
            "code",
            "divider",
            "table",
            "image",
            "paragraph",
            "paragraph"
        ]
    );
    assert_eq!(blocks[11]["code"]["language"], "rust");
    assert_eq!(blocks[12]["code"]["language"], "plain text");
    assert_eq!(blocks[8]["to_do"]["checked"], true);
    assert_eq!(blocks[14]["table"]["table_width"], 2);
    assert_eq!(
        blocks[15]["image"],
        json!({"type": "external", "external": {"url": "https://example.com/d.png"}, "caption": [text("Diagram")]})
    );
    assert_eq!(
        blocks[1]["paragraph"]["rich_text"][1],
        json!({"type": "text", "text": {"content": "bold"}, "annotations": {"bold": true}})
    );
    assert_eq!(
        blocks[1]["paragraph"]["rich_text"][11],
        json!({"type": "text", "text": {"content": "link", "link": {"url": "https://example.com/docs"}}})
    );

    // Read the page back: the blocks as Notion lists them, level by level.
    let mut nested = Vec::new();
    let top = as_listed(&blocks, "blk", &mut nested);
    notion("GET", format!("/v1/pages/{PAGE_ID}"))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Project plan"))
        .await;
    notion("GET", format!("/v1/blocks/{PAGE_ID}/children"))
        .query("page_size", "100")
        .respond(&s.fake, 200, list_json(top, None, "block"))
        .await;
    assert!(
        nested.len() >= 5,
        "nested lists, quote and table have children"
    );
    for (parent, kids) in nested {
        notion("GET", format!("/v1/blocks/{parent}/children"))
            .query("page_size", "100")
            .respond(&s.fake, 200, list_json(kids, None, "block"))
            .await;
    }
    let page = s
        .client
        .call_ok(
            "notion_get_page",
            json!({"page_id": PAGE_ID, "include_content": true}),
        )
        .await;
    let content = page["content"].as_str().unwrap();
    assert_eq!(
        content, DOCUMENT,
        "\n--- got ---\n{content}\n--- want ---\n{DOCUMENT}"
    );
    assert!(page.get("content_truncated").is_none());
}

/// A paragraph of 5,000 characters becomes three text objects of at most 2,000 characters
/// that together are the paragraph.
#[tokio::test]
async fn long_paragraph_is_split_into_valid_rich_text() {
    let s = setup().await;
    let paragraph: String = (0..500)
        .map(|i| format!("w{:03}abcde ", i % 1000))
        .collect::<String>();
    let paragraph = paragraph.trim_end().to_owned() + "!";
    assert_eq!(paragraph.chars().count(), 5000);
    let path_ = format!("/v1/blocks/{PAGE_ID}/children");
    notion("PATCH", &path_)
        .json_body(
            json!({"children": [{"type": "paragraph", "paragraph": {"rich_text": [
                text(&paragraph[..2000]),
                text(&paragraph[2000..4000]),
                text(&paragraph[4000..])
            ]}}]}),
        )
        .respond(
            &s.fake,
            200,
            list_json(
                vec![block_json(
                    "p1",
                    "paragraph",
                    json!({"rich_text": []}),
                    false,
                )],
                None,
                "block",
            ),
        )
        .await;
    s.client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": [paragraph.clone()]}),
        )
        .await;
    let sent = bodies(&s.fake, "PATCH", &path_).await;
    let rich = sent[0]["children"][0]["paragraph"]["rich_text"]
        .as_array()
        .unwrap();
    assert_eq!(rich.len(), 3);
    let mut joined = String::new();
    for t in rich {
        let c = t["text"]["content"].as_str().unwrap();
        assert!(c.encode_utf16().count() <= 2000);
        assert_eq!(t["type"], "text");
        joined.push_str(c);
    }
    assert_eq!(joined, paragraph);
}

#[test]
fn splitting_counts_utf16_units_and_keeps_characters_whole() {
    // 🦀 is two UTF-16 units: 1,500 of them are 3,000 units → two objects.
    let crabs = "🦀".repeat(1500);
    let pieces = split_units(&crabs, 2000);
    assert_eq!(pieces.len(), 2);
    assert_eq!(pieces[0].chars().count(), 1000);
    assert_eq!(pieces.concat(), crabs);
    let styled = markdown_to_blocks(&format!("**{}**", "x".repeat(4500)));
    let rt = styled[0]["paragraph"]["rich_text"].as_array().unwrap();
    assert_eq!(rt.len(), 3);
    assert!(rt.iter().all(|t| t["annotations"]["bold"] == true));
}

#[test]
fn more_than_100_text_objects_become_several_blocks() {
    // Alternating styles cannot be merged: 150 objects → two paragraphs of 100 and 50.
    let md: String = (0..75).map(|i| format!("w{i} **b{i}** ")).collect();
    let blocks = markdown_to_blocks(md.trim_end());
    assert_eq!(blocks.len(), 2);
    assert_eq!(
        blocks[0]["paragraph"]["rich_text"]
            .as_array()
            .unwrap()
            .len(),
        100
    );
    assert_eq!(
        blocks[1]["paragraph"]["rich_text"]
            .as_array()
            .unwrap()
            .len(),
        50
    );
}

#[test]
fn code_languages_map_to_notions_names() {
    assert_eq!(notion_language("rs"), "rust");
    assert_eq!(notion_language("TypeScript"), "typescript");
    assert_eq!(notion_language("sh"), "shell");
    assert_eq!(notion_language("c++"), "c++");
    assert_eq!(notion_language("visual basic"), "visual basic");
    assert_eq!(notion_language("python title=\"x.py\""), "python");
    assert_eq!(notion_language("brainfuck"), "plain text");
    assert_eq!(notion_language(""), "plain text");
}

#[test]
fn inline_markdown_keeps_block_syntax_as_text() {
    let rt =
        inline_rich_text("1. not a list\n# not a heading\n- not a bullet, but *this* is italic");
    let plain: String = rt
        .iter()
        .map(|t| t["text"]["content"].as_str().unwrap())
        .collect();
    assert_eq!(
        plain,
        "1. not a list\n# not a heading\n- not a bullet, but this is italic"
    );
    assert!(rt.iter().any(|t| t["annotations"]["italic"] == true));
}

#[test]
fn rendering_escapes_what_markdown_would_read_as_syntax() {
    let blocks = vec![
        json!({"type": "paragraph", "paragraph": {"rich_text": [text("# 1. *not* [emphasis] <b> a_b _c_")]}}),
        json!({"type": "bulleted_list_item", "bulleted_list_item": {"rich_text": [text("- nested?")]}}),
    ];
    let md = blocks_to_markdown(&blocks);
    assert_eq!(
        md,
        "\\# 1. \\*not\\* \\[emphasis\\] \\<b> a_b \\_c\\_\n\n- \\- nested?\n"
    );
    let back = markdown_to_blocks(&md);
    assert_eq!(
        back[0]["paragraph"]["rich_text"],
        json!([text("# 1. *not* [emphasis] <b> a_b _c_")])
    );
    assert_eq!(
        back[1]["bulleted_list_item"]["rich_text"],
        json!([text("- nested?")])
    );
}

#[test]
fn other_blocks_render_readably() {
    let blocks = vec![
        block_json(
            "a1b2c3d4-0000-4000-8000-000000000001",
            "child_page",
            json!({"title": "Sub page"}),
            false,
        ),
        block_json(
            "x",
            "callout",
            json!({"rich_text": [rt("Careful")], "icon": {"type": "emoji", "emoji": "⚠️"}}),
            false,
        ),
        block_json(
            "y",
            "bookmark",
            json!({"url": "https://example.com", "caption": []}),
            false,
        ),
        block_json("z", "equation", json!({"expression": "e=mc^2"}), false),
        block_json("w", "toggle", json!({"rich_text": [rt("More")]}), false),
    ];
    assert_eq!(
        blocks_to_markdown(&blocks),
        "📄 [Sub page](https://www.notion.so/a1b2c3d4000040008000000000000001)\n\n> ⚠️ Careful\n\n[https://example.com](https://example.com)\n\n$$\ne=mc^2\n$$\n\n- More\n"
    );
}

/// Notion answers every page of a block's children with the same `next_cursor`: the page's
/// content is read once per distinct cursor (two requests, not forever) and the result says
/// it stopped early.
#[tokio::test]
async fn a_repeated_cursor_stops_reading_the_content_with_a_note() {
    let s = setup().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}"))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Loop"))
        .await;
    let para = json!({"object": "block", "id": "b1", "type": "paragraph", "has_children": false,
        "paragraph": {"rich_text": [rt("again")], "color": "default"}});
    Mock::given(method("GET"))
        .and(path(format!("/v1/blocks/{PAGE_ID}/children")))
        .respond_with(ResponseTemplate::new(200).set_body_json(list_json(
            vec![para],
            Some("same-cursor"),
            "block",
        )))
        .mount(&s.fake)
        .await;
    let page = s
        .client
        .call_ok(
            "notion_get_page",
            json!({"page_id": PAGE_ID, "include_content": true}),
        )
        .await;
    let children = s
        .fake
        .received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path().ends_with("/children"))
        .count();
    assert_eq!(children, 2, "one request per distinct cursor");
    assert_eq!(page["content_truncated"], true, "{page}");
    assert!(
        page["content_note"]
            .as_str()
            .unwrap_or_default()
            .contains("the vendor repeated a page token"),
        "{page}"
    );
}

/// Markdown nested far deeper than anyone writes is flattened: the blocks stay shallow enough
/// to serialise and drop on an ordinary thread's stack (100,000 levels of JSON overflow it and
/// abort the process for every tenant).
#[test]
fn deep_markdown_is_flattened_not_a_stack_overflow() {
    fn depth(v: &Value) -> usize {
        let mut deepest = 0;
        let mut todo = vec![(v, 0)];
        while let Some((v, d)) = todo.pop() {
            deepest = deepest.max(d);
            match v {
                Value::Array(a) => todo.extend(a.iter().map(|c| (c, d + 1))),
                Value::Object(o) => todo.extend(o.values().map(|c| (c, d + 1))),
                _ => {}
            }
        }
        deepest
    }
    for md in [
        format!("{} deep", ">".repeat(100_000)),
        format!("{} deep", "- ".repeat(100_000)),
    ] {
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let blocks = Value::Array(markdown_to_blocks(&md));
                let text = serde_json::to_string(&blocks).unwrap();
                (depth(&blocks), text.contains("deep"))
            })
            .unwrap();
        let (d, has_text) = handle.join().unwrap();
        assert!(d < 8 * notion_mcp_server::markdown::MAX_NESTING, "{d}");
        assert!(has_text);
    }
}
