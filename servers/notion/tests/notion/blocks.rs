//! Blocks: read, update, delete, list children, and appends split within Notion's limits
//! (100 blocks per request, two levels of nesting), in order.

use serde_json::{Value, json};

use crate::common::*;

fn para(content: &str) -> Value {
    json!({"type": "paragraph", "paragraph": {"rich_text": [text(content)]}})
}

fn created(ids: impl Iterator<Item = String>) -> Value {
    list_json(
        ids.map(|id| {
            block_json(
                &id,
                "paragraph",
                json!({"rich_text": [], "color": "default"}),
                false,
            )
        })
        .collect(),
        None,
        "block",
    )
}

#[tokio::test]
async fn retrieve_block_contract_and_not_found() {
    let s = setup().await;
    notion("GET", format!("/v1/blocks/{BLOCK_ID}"))
        .respond(
            &s.fake,
            200,
            block_json(
                BLOCK_ID,
                "to_do",
                json!({"rich_text": [rt("Buy milk")], "checked": true, "color": "default"}),
                false,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("notion_retrieve_block", json!({"block_id": BLOCK_ID}))
        .await;
    assert_eq!(v["type"], "to_do");
    assert_eq!(v["text"], "Buy milk");
    assert_eq!(v["checked"], true);
    assert_eq!(v["has_children"], false);
    notion("GET", format!("/v1/blocks/{PAGE_ID}"))
        .respond(&s.fake, 404, not_found("block", PAGE_ID))
        .await;
    let err = s
        .client
        .call_err("notion_retrieve_block", json!({"block_id": PAGE_ID}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn update_block_with_markdown_text() {
    let s = setup().await;
    notion("PATCH", format!("/v1/blocks/{BLOCK_ID}"))
        .json_body(json!({
            "paragraph": {"rich_text": [
                text("See "),
                {"type": "text", "text": {"content": "docs", "link": {"url": "https://example.com"}}},
                text(" now")
            ]},
            "archived": false
        }))
        .respond(
            &s.fake,
            200,
            block_json(BLOCK_ID, "paragraph", json!({"rich_text": [rt("See docs now")]}), false),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_update_block",
            json!({
                "block_id": BLOCK_ID,
                "block_type": {"type": "paragraph", "paragraph": {"rich_text": "See [docs](https://example.com) now"}},
                "archived": false
            }),
        )
        .await;
    assert_eq!(v["text"], "See docs now");
}

#[tokio::test]
async fn update_block_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("notion_update_block", json!({"block_id": BLOCK_ID}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    notion("PATCH", format!("/v1/blocks/{BLOCK_ID}"))
        .json_body(json!({"to_do": {"checked": true}}))
        .respond(
            &s.fake,
            409,
            error_json(
                409,
                "conflict_error",
                "Conflict occurred while saving. Please try again.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_update_block",
            json!({"block_id": BLOCK_ID, "block_type": {"to_do": {"checked": true}}}),
        )
        .await;
    assert!(
        err.contains("(conflict_error)") && err.contains("read it again and retry"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_block_contract_and_failure() {
    let s = setup().await;
    let mut deleted = block_json(
        BLOCK_ID,
        "paragraph",
        json!({"rich_text": [rt("gone")]}),
        false,
    );
    deleted["in_trash"] = json!(true);
    deleted["archived"] = json!(true);
    notion("DELETE", format!("/v1/blocks/{BLOCK_ID}"))
        .respond(&s.fake, 200, deleted)
        .await;
    let v = s
        .client
        .call_ok("notion_delete_block", json!({"block_id": BLOCK_ID}))
        .await;
    assert_eq!(v["in_trash"], true);
    notion("DELETE", format!("/v1/blocks/{PAGE_ID}"))
        .respond(&s.fake, 404, not_found("block", PAGE_ID))
        .await;
    let err = s
        .client
        .call_err("notion_delete_block", json!({"block_id": PAGE_ID}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn get_block_children_contract_and_failure() {
    let s = setup().await;
    notion("GET", format!("/v1/blocks/{PAGE_ID}/children"))
        .query("page_size", "100")
        .query("start_cursor", "cur-1")
        .respond(
            &s.fake,
            200,
            list_json(
                vec![
                    block_json(BLOCK_ID, "heading_2", json!({"rich_text": [rt("Lacinato kale")], "is_toggleable": false, "color": "default"}), false),
                    block_json(
                        "acc7eb06-05cd-4603-a384-5e1e4f1f4e72",
                        "code",
                        json!({"rich_text": [rt("fn main() {}")], "language": "rust", "caption": []}),
                        false,
                    ),
                ],
                Some("7f1f4c2e-9b6e-4e0b-a7c2-5d3b9c1e2a10"),
                "block",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_get_block_children",
            json!({"block_id": PAGE_ID, "page_size": 1000, "start_cursor": "cur-1"}),
        )
        .await;
    assert_eq!(v["results"][0]["type"], "heading_2");
    assert_eq!(v["results"][0]["text"], "Lacinato kale");
    assert_eq!(v["results"][1]["language"], "rust");
    assert_eq!(v["has_more"], true);
    assert_eq!(v["next_cursor"], "7f1f4c2e-9b6e-4e0b-a7c2-5d3b9c1e2a10");
    notion("GET", format!("/v1/blocks/{BLOCK_ID}/children"))
        .respond(&s.fake, 404, not_found("block", BLOCK_ID))
        .await;
    let err = s
        .client
        .call_err("notion_get_block_children", json!({"block_id": BLOCK_ID}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn append_block_objects_and_markdown_after_a_block() {
    let s = setup().await;
    notion("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({
            "children": [
                {"object": "block", "type": "callout", "callout": {"rich_text": [text("Heads up")], "icon": {"emoji": "💡"}}},
                {"type": "heading_3", "heading_3": {"rich_text": [text("Next")]}},
                {"type": "bulleted_list_item", "bulleted_list_item": {
                    "rich_text": [text("one")],
                    "children": [{"type": "bulleted_list_item", "bulleted_list_item": {"rich_text": [text("one.a")]}}]
                }},
                {"type": "quote", "quote": {"rich_text": [text("Quoted")]}}
            ],
            "after": BLOCK_ID
        }))
        .respond(
            &s.fake,
            200,
            created(["c-1", "c-2", "c-3", "c-4"].into_iter().map(str::to_owned)),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_append_block_children",
            json!({
                "block_id": PAGE_ID,
                "after": BLOCK_ID,
                "children": [
                    {"object": "block", "callout": {"rich_text": [text("Heads up")], "icon": {"emoji": "💡"}}},
                    "### Next\n\n- one\n  - one.a",
                    {"type": "quote", "quote": {"rich_text": [text("Quoted")]}, "id": "ignored", "has_children": false}
                ]
            }),
        )
        .await;
    assert_eq!(v["requests"], 1);
    assert_eq!(v["blocks_appended"], 5);
    assert_eq!(v["results"].as_array().unwrap().len(), 4);
    assert_eq!(v["results"][0], json!({"id": "c-1", "type": "paragraph"}));
}

#[tokio::test]
async fn append_failures() {
    let s = setup().await;
    notion("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({"children": [{"type": "embed", "embed": {}}]}))
        .respond(
            &s.fake,
            400,
            error_json(400, "validation_error", "body failed validation: body.children[0].embed.url should be defined, instead was `undefined`."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": [{"type": "embed", "embed": {}}]}),
        )
        .await;
    assert!(
        err.contains("(validation_error)") && err.contains("embed.url"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": [{"rich_text": [], "color": "red"}]}),
        )
        .await;
    assert!(err.contains("needs its `type`"), "{err}");
    let err = s
        .client
        .call_err(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": ["   "]}),
        )
        .await;
    assert!(err.contains("`children` is empty"), "{err}");
}

/// 250 blocks become three requests of 100, 100 and 50 blocks, sent in order, each after the
/// last block of the one before.
#[tokio::test]
async fn append_250_blocks_in_three_ordered_requests() {
    let s = setup().await;
    let path = format!("/v1/blocks/{PAGE_ID}/children");
    let chunk =
        |r: std::ops::Range<usize>| r.map(|i| para(&format!("Item {i}"))).collect::<Vec<_>>();
    let ids = |r: std::ops::Range<usize>| r.map(|i| format!("new-{i}"));
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(0..100), "after": BLOCK_ID}))
        .respond(&s.fake, 200, created(ids(0..100)))
        .await;
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(100..200), "after": "new-99"}))
        .respond(&s.fake, 200, created(ids(100..200)))
        .await;
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(200..250), "after": "new-199"}))
        .respond(&s.fake, 200, created(ids(200..250)))
        .await;
    let markdown: String = (0..250).map(|i| format!("Item {i}\n\n")).collect();
    let v = s
        .client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "after": BLOCK_ID, "children": [markdown]}),
        )
        .await;
    assert_eq!(v["requests"], 3);
    assert_eq!(v["blocks_appended"], 250);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 250);
    assert_eq!(results[249]["id"], "new-249");
    let sent = bodies(&s.fake, "PATCH", &path).await;
    assert_eq!(sent.len(), 3);
    for (body, range) in sent.iter().zip([0..100, 100..200, 200..250]) {
        assert_eq!(
            body["children"],
            Value::Array(chunk(range.clone())),
            "request for {range:?}"
        );
    }
    assert_eq!(sent[0]["after"], BLOCK_ID);
    assert_eq!(sent[1]["after"], "new-99");
    assert_eq!(sent[2]["after"], "new-199");
}

/// Without `after`, the chunks go to the end of the page one after the other.
#[tokio::test]
async fn append_without_after_keeps_order() {
    let s = setup().await;
    let path = format!("/v1/blocks/{PAGE_ID}/children");
    let chunk =
        |r: std::ops::Range<usize>| r.map(|i| para(&format!("Item {i}"))).collect::<Vec<_>>();
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(0..100)}))
        .respond(&s.fake, 200, created((0..100).map(|i| format!("n-{i}"))))
        .await;
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(100..120)}))
        .respond(&s.fake, 200, created((100..120).map(|i| format!("n-{i}"))))
        .await;
    let children: Vec<Value> = chunk(0..120);
    let v = s
        .client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": children}),
        )
        .await;
    assert_eq!(v["requests"], 2);
    let sent = bodies(&s.fake, "PATCH", &path).await;
    assert_eq!(sent[0]["children"][0], para("Item 0"));
    assert_eq!(sent[1]["children"][0], para("Item 100"));
}

/// Four levels of nested list: the top item alone, then its subtree (three levels) appended
/// to the new item.
#[tokio::test]
async fn append_deeper_than_two_levels_appends_children_to_their_new_parent() {
    let s = setup().await;
    let item = |t: &str, kids: Vec<Value>| {
        let mut inner = json!({"rich_text": [text(t)]});
        if !kids.is_empty() {
            inner["children"] = Value::Array(kids);
        }
        json!({"type": "bulleted_list_item", "bulleted_list_item": inner})
    };
    notion("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({"children": [item("level 1", vec![]), para("after")]}))
        .respond(
            &s.fake,
            200,
            created(["l1", "p"].into_iter().map(str::to_owned)),
        )
        .await;
    notion("PATCH", "/v1/blocks/l1/children")
        .json_body(json!({"children": [item("level 2", vec![item("level 3", vec![item("level 4", vec![])])])]}))
        .respond(&s.fake, 200, created(["l2"].into_iter().map(str::to_owned)))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": ["- level 1\n  - level 2\n    - level 3\n      - level 4\n\nafter"]}),
        )
        .await;
    assert_eq!(v["requests"], 2);
    assert_eq!(v["blocks_appended"], 5);
    assert_eq!(
        v["results"],
        json!([{"id": "l1", "type": "paragraph"}, {"id": "p", "type": "paragraph"}])
    );
}

/// A failure after some requests succeeded says what was already appended.
#[tokio::test]
async fn append_failure_midway_reports_what_was_appended() {
    let s = setup().await;
    let path = format!("/v1/blocks/{PAGE_ID}/children");
    let chunk =
        |r: std::ops::Range<usize>| r.map(|i| para(&format!("Item {i}"))).collect::<Vec<_>>();
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(0..100)}))
        .respond(&s.fake, 200, created((0..100).map(|i| format!("n-{i}"))))
        .await;
    notion("PATCH", &path)
        .json_body(json!({"children": chunk(100..150)}))
        .respond(&s.fake, 404, not_found("block", PAGE_ID))
        .await;
    let err = s
        .client
        .call_err(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "children": chunk(0..150)}),
        )
        .await;
    assert!(
        err.contains("appended 100 of 150 blocks in 1 request(s)"),
        "{err}"
    );
    assert!(err.contains("(object_not_found)"), "{err}");
}
