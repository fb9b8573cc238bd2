//! Pages: create (Markdown content, database parents, simple properties), retrieve, update,
//! move, property items.

use serde_json::{Value, json};

use crate::common::*;

#[tokio::test]
async fn create_page_under_a_page_with_markdown_content() {
    let s = setup().await;
    notion("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "properties": {"title": {"title": [text("Launch plan")]}},
            "icon": {"emoji": "🚀"},
            "children": [
                {"type": "heading_2", "heading_2": {"rich_text": [text("Goals")]}},
                {"type": "paragraph", "paragraph": {"rich_text": [
                    text("Ship "),
                    {"type": "text", "text": {"content": "v1"}, "annotations": {"bold": true}},
                    text(" by Friday.")
                ]}},
                {"type": "to_do", "to_do": {"rich_text": [text("Write docs")], "checked": false}}
            ]
        }))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Launch plan"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_page",
            json!({
                "parent": {"page_id": PARENT_ID},
                "page": {"title": "Launch plan", "content": "## Goals\n\nShip **v1** by Friday.\n\n- [ ] Write docs\n"},
                "icon": {"emoji": "🚀"}
            }),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
    assert_eq!(v["title"], "Launch plan");
    assert_eq!(v["properties"]["title"], "Launch plan");
    assert_eq!(v["icon"], "🐞");
    assert!(
        v["url"]
            .as_str()
            .unwrap()
            .starts_with("https://www.notion.so/")
    );
}

#[tokio::test]
async fn create_page_in_a_database_converts_simple_properties_with_its_schema() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("GET", format!("/v1/data_sources/{DS_ID}"))
        .respond(&s.fake, 200, data_source_json())
        .await;
    notion("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "data_source_id", "data_source_id": DS_ID},
            "properties": {
                "Name": {"title": [text("Write release notes")]},
                "Status": {"status": {"name": "Done"}},
                "Tags": {"multi_select": [{"name": "api"}, {"name": "docs"}]},
                "Due": {"date": {"start": "2025-01-31"}},
                "Done": {"checkbox": true},
                "Estimate": {"number": 3},
                "Owner": {"people": [{"id": USER_ID}]},
                "Related": {"relation": [{"id": PAGE_ID}]},
                "Link": {"url": "https://example.com"},
                "Notes": {"rich_text": [{"type": "text", "text": {"content": "kept as given"}}]}
            }
        }))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Write release notes"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_page",
            json!({
                "parent": {"database_id": DB_ID},
                "page": {"properties": {
                    "title": "Write release notes",
                    "status": "Done",
                    "Tags": "api, docs",
                    "Due": "2025-01-31",
                    "Done": "yes",
                    "Estimate": "3",
                    "Owner": [USER_ID],
                    "Related": PAGE_ID,
                    "Link": "https://example.com",
                    "Notes": {"rich_text": [{"type": "text", "text": {"content": "kept as given"}}]}
                }}
            }),
        )
        .await;
    assert_eq!(v["title"], "Write release notes");
    assert_eq!(v["properties"]["Status"], "Done");
    assert_eq!(v["properties"]["Tags"], json!(["api", "docs"]));
    assert_eq!(v["properties"]["Due"], "2025-01-31");
    assert_eq!(v["properties"]["Key"], "TSK-42");
    assert_eq!(
        v["properties"]["Owner"],
        json!([{"id": USER_ID, "name": "Ada Lovelace"}])
    );
}

#[tokio::test]
async fn create_page_with_more_than_100_blocks_appends_the_rest() {
    let s = setup().await;
    let md: String = (0..150).map(|i| format!("Paragraph {i}\n\n")).collect();
    let para = |i: usize| json!({"type": "paragraph", "paragraph": {"rich_text": [text(&format!("Paragraph {i}"))]}});
    notion("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "properties": {"title": {"title": [text("Long")]}},
            "children": (0..100).map(para).collect::<Vec<_>>()
        }))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Long"))
        .await;
    let results: Vec<Value> = (100..150)
        .map(|i| {
            block_json(
                &format!("b-{i}"),
                "paragraph",
                json!({"rich_text": [rt("x")]}),
                false,
            )
        })
        .collect();
    notion("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({"children": (100..150).map(para).collect::<Vec<_>>()}))
        .respond(&s.fake, 200, list_json(results, None, "block"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_page",
            json!({"parent": {"page_id": PARENT_ID}, "page": {"title": "Long", "content": md}}),
        )
        .await;
    assert_eq!(v["content_appended"], json!({"blocks": 50, "requests": 1}));
}

#[tokio::test]
async fn create_page_failures() {
    let s = setup().await;
    notion("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "properties": {"title": {"title": [text("x")]}}
        }))
        .respond(&s.fake, 404, not_found("page", PARENT_ID))
        .await;
    let err = s
        .client
        .call_err(
            "notion_create_page",
            json!({"parent": {"page_id": PARENT_ID}, "page": {"title": "x"}}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("(object_not_found)"),
        "{err}"
    );
    assert!(err.contains("shared with your integration"), "{err}");
    assert!(
        err.contains("Connections"),
        "the hint says how to share: {err}"
    );
    // A page under a page has no other property than its title: refused before any request.
    let err = s
        .client
        .call_err(
            "notion_create_page",
            json!({"parent": {"page_id": PARENT_ID}, "page": {"properties": {"Status": "Done"}}}),
        )
        .await;
    assert!(err.contains("only a `title`"), "{err}");
    let err = s
        .client
        .call_err(
            "notion_create_page",
            json!({"parent": {"page_id": PARENT_ID}}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") && err.contains("page"),
        "{err}"
    );
}

#[tokio::test]
async fn get_page_with_filtered_properties() {
    let s = setup().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}"))
        .query("filter_properties", "title")
        // Notion's property ids are URL-encoded: sent decoded, encoded once by the query.
        .query("filter_properties", "Ml\\b")
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_get_page",
            json!({"page_id": PAGE_ID, "filter_properties": ["title", "Ml%5Cb"]}),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
    assert_eq!(v["title"], "Fix login");
    assert_eq!(v["parent"]["data_source_id"], DS_ID);
    assert_eq!(v["properties"]["Done"], true);
    assert_eq!(v["properties"]["Estimate"], 3);
    assert_eq!(v["properties"]["Related"], json!([PAGE_ID]));
    assert_eq!(v["properties"]["Notes"], "Ship it");
    assert!(v.get("content").is_none());
}

#[tokio::test]
async fn get_page_by_url_and_unauthorized() {
    let s = setup().await;
    let bare = PAGE_ID.replace('-', "");
    notion("GET", format!("/v1/pages/{bare}"))
        .respond(
            &s.fake,
            401,
            error_json(401, "unauthorized", "API token is invalid."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_get_page",
            json!({"page_id": format!("https://www.notion.so/acme/Fix-login-{bare}?pvs=4")}),
        )
        .await;
    assert!(
        err.contains("401") && err.contains("(unauthorized)"),
        "{err}"
    );
    assert!(err.contains("API token is invalid"), "{err}");
    assert!(err.contains("NOTION_API_KEY"), "{err}");
}

#[tokio::test]
async fn update_page_properties_reads_the_page_for_simple_values() {
    let s = setup().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}"))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    notion("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .json_body(json!({
            "properties": {
                "Status": {"status": {"name": "Not started"}},
                "Due": {"date": null},
                "Tags": {"multi_select": []}
            },
            "archived": false
        }))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_update_page_properties",
            json!({"page_id": PAGE_ID, "properties": {"Status": "Not started", "Due": null, "Tags": []}, "archived": false}),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
}

#[tokio::test]
async fn update_page_properties_in_notion_form_needs_no_read() {
    let s = setup().await;
    notion("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .json_body(json!({
            "properties": {"Done": {"checkbox": false}},
            "icon": {"emoji": "✅"},
            "in_trash": false
        }))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    s.client
        .call_ok(
            "notion_update_page_properties",
            json!({"page_id": PAGE_ID, "properties": {"Done": {"checkbox": false}}, "icon": {"emoji": "✅"}, "in_trash": false}),
        )
        .await;
}

#[tokio::test]
async fn update_page_properties_failures() {
    let s = setup().await;
    notion("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .json_body(json!({"properties": {"Done": {"checkbox": "maybe"}}}))
        .respond(
            &s.fake,
            400,
            error_json(400, "validation_error", "body failed validation: body.properties.Done.checkbox should be a boolean, instead was `\"maybe\"`."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_update_page_properties",
            json!({"page_id": PAGE_ID, "properties": {"Done": {"checkbox": "maybe"}}}),
        )
        .await;
    assert!(
        err.contains("(validation_error)") && err.contains("body.properties.Done.checkbox"),
        "{err}"
    );
    // An unknown property is named with the ones the page has.
    notion("GET", format!("/v1/pages/{BLOCK_ID}"))
        .times(2)
        .respond(&s.fake, 200, row_json(BLOCK_ID, "Fix login"))
        .await;
    let err = s
        .client
        .call_err(
            "notion_update_page_properties",
            json!({"page_id": BLOCK_ID, "properties": {"Priority": "High"}}),
        )
        .await;
    assert!(
        err.contains("unknown property `Priority`") && err.contains("Status (status)"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "notion_update_page_properties",
            json!({"page_id": BLOCK_ID, "properties": {"Done": "perhaps"}}),
        )
        .await;
    assert!(err.contains("checkbox"), "{err}");
}

#[tokio::test]
async fn retrieve_page_property_paginated_title_and_single_value() {
    let s = setup().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}/properties/title"))
        .query("page_size", "100")
        .respond(
            &s.fake,
            200,
            json!({
                "object": "list",
                "results": [
                    {"object": "property_item", "id": "title", "type": "title", "title": rt("Fix ")},
                    {"object": "property_item", "id": "title", "type": "title", "title": rt("login")}
                ],
                "next_cursor": null,
                "has_more": false,
                "type": "property_item",
                "property_item": {"id": "title", "next_url": null, "type": "title", "title": {}}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_retrieve_page_property",
            json!({"page_id": PAGE_ID, "property_id": "title", "page_size": 500}),
        )
        .await;
    assert_eq!(v["value"], "Fix login");
    assert_eq!(v["type"], "title");
    assert_eq!(v["has_more"], false);
    // Property ids come URL-encoded from Notion: not encoded twice.
    notion("GET", format!("/v1/pages/{PAGE_ID}/properties/%7Cw%5Eb"))
        .respond(
            &s.fake,
            200,
            json!({"object": "property_item", "id": "%7Cw%5Eb", "type": "number", "number": 3}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_retrieve_page_property",
            json!({"page_id": PAGE_ID, "property_id": "%7Cw%5Eb"}),
        )
        .await;
    assert_eq!(v, json!({"id": "%7Cw%5Eb", "type": "number", "value": 3}));
}

#[tokio::test]
async fn retrieve_page_property_not_found() {
    let s = setup().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}/properties/nope"))
        .respond(&s.fake, 404, not_found("property", "nope"))
        .await;
    let err = s
        .client
        .call_err(
            "notion_retrieve_page_property",
            json!({"page_id": PAGE_ID, "property_id": "nope"}),
        )
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn move_page_to_a_database_resolves_its_data_source() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("POST", format!("/v1/pages/{PAGE_ID}/move"))
        .json_body(json!({"parent": {"type": "data_source_id", "data_source_id": DS_ID}}))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_move_page",
            json!({"page_id": PAGE_ID, "parent": {"database_id": DB_ID}}),
        )
        .await;
    assert_eq!(v["parent"]["data_source_id"], DS_ID);
}

#[tokio::test]
async fn move_page_under_a_page_and_failures() {
    let s = setup().await;
    notion("POST", format!("/v1/pages/{PAGE_ID}/move"))
        .json_body(json!({"parent": {"type": "page_id", "page_id": PARENT_ID}}))
        .respond(
            &s.fake,
            403,
            error_json(
                403,
                "restricted_resource",
                "Insufficient permissions for this endpoint.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_move_page",
            json!({"page_id": PAGE_ID, "parent": {"page_id": PARENT_ID}}),
        )
        .await;
    assert!(
        err.contains("(restricted_resource)") && err.contains("capabilit"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "notion_move_page",
            json!({"page_id": PAGE_ID, "parent": {"id": PARENT_ID}}),
        )
        .await;
    assert!(err.contains("`parent` must name its parent"), "{err}");
}
