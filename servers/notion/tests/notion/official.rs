//! `--tool-names official`: the names and parameters of Notion's own MCP server, listed
//! instead of ours, and calls under those names.

use mcp_testkit::{assert_valid_tools, catalog_entry};
use serde_json::{Value, json};

use crate::common::*;

#[tokio::test]
async fn official_naming_lists_only_the_official_tools_with_their_parameters() {
    let s = setup_official().await;
    let tools = s.client.list_tools().await;
    assert_valid_tools(&tools);
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert!(names.iter().all(|n| n.starts_with("API-")), "{names:?}");
    let catalog = catalog_entry("notion_official");
    let official = catalog["tools"].as_array().unwrap();
    assert_eq!(names.len(), official.len(), "{names:?}");
    for ct in official {
        let name = ct["name"].as_str().unwrap();
        let tool = tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("official tool {name} is missing"));
        let schema = Value::Object((*tool.input_schema).clone());
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for p in ct["params"].as_array().unwrap() {
            let param = p["name"].as_str().unwrap();
            if param == "Notion-Version" {
                // Sent by the server from NOTION_VERSION (README).
                assert!(schema["properties"].get(param).is_none());
                continue;
            }
            assert!(
                schema["properties"][param].is_object(),
                "{name}.{param} missing"
            );
            assert_eq!(
                required.contains(&param),
                p["required"].as_bool().unwrap_or(false),
                "{name}.{param}: required"
            );
        }
    }
    // Our names are not callable under the official naming.
    let err = s.client.call_protocol_err("notion_get_me", json!({})).await;
    assert!(err.contains("unknown tool"), "{err}");
}

#[tokio::test]
async fn official_tools_with_our_parameters_call_the_same_endpoints() {
    let s = setup_official().await;
    notion("GET", "/v1/users/me")
        .respond(&s.fake, 200, bot_json())
        .await;
    let v = s.client.call_ok("API-get-self", json!({})).await;
    assert_eq!(v["name"], "pied piper");
    notion("POST", format!("/v1/data_sources/{DS_ID}/query"))
        .json_body(json!({"page_size": 100}))
        .respond(
            &s.fake,
            200,
            list_json(
                vec![row_json(PAGE_ID, "Fix login")],
                None,
                "page_or_data_source",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "API-query-data-source",
            json!({"data_source_id": DS_ID, "page_size": 100, "Notion-Version": "2025-09-03"}),
        )
        .await;
    assert_eq!(v["results"][0]["title"], "Fix login");
}

#[tokio::test]
async fn post_page_takes_json_encoded_icon_and_children() {
    let s = setup_official().await;
    notion("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "properties": {"title": {"title": [{"text": {"content": "Notes"}}]}},
            "icon": {"emoji": "📝"},
            "children": [
                {"type": "paragraph", "paragraph": {"rich_text": [text("From JSON")]}},
                {"type": "heading_2", "heading_2": {"rich_text": [text("From Markdown")]}}
            ]
        }))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Notes"))
        .await;
    let v = s
        .client
        .call_ok(
            "API-post-page",
            json!({
                "parent": {"page_id": PARENT_ID},
                "properties": {"title": [{"text": {"content": "Notes"}}]},
                "icon": "{\"emoji\": \"📝\"}",
                "children": [
                    "{\"type\": \"paragraph\", \"paragraph\": {\"rich_text\": [{\"type\": \"text\", \"text\": {\"content\": \"From JSON\"}}]}}",
                    "## From Markdown"
                ]
            }),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
}

#[tokio::test]
async fn post_page_failures() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "API-post-page",
            json!({"parent": {"page_id": PARENT_ID}, "properties": {}, "icon": "not json"}),
        )
        .await;
    assert!(err.contains("`icon` must be a JSON object"), "{err}");
    let err = s
        .client
        .call_err("API-post-page", json!({"parent": {"page_id": PARENT_ID}}))
        .await;
    assert!(
        err.contains("invalid arguments for API-post-page") && err.contains("properties"),
        "{err}"
    );
}

#[tokio::test]
async fn retrieve_a_page_contract_and_failure() {
    let s = setup_official().await;
    notion("GET", format!("/v1/pages/{PAGE_ID}"))
        .query("filter_properties", "title")
        .query("filter_properties", "Ml\\b")
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "API-retrieve-a-page",
            json!({"page_id": PAGE_ID, "filter_properties": "title, Ml%5Cb"}),
        )
        .await;
    assert_eq!(v["title"], "Fix login");
    notion("GET", format!("/v1/pages/{BLOCK_ID}"))
        .respond(&s.fake, 404, not_found("page", BLOCK_ID))
        .await;
    let err = s
        .client
        .call_err("API-retrieve-a-page", json!({"page_id": BLOCK_ID}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn patch_page_contract_and_failure() {
    let s = setup_official().await;
    notion("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .json_body(json!({"in_trash": true}))
        .respond(&s.fake, 200, page_json(PAGE_ID, "Old"))
        .await;
    let v = s
        .client
        .call_ok(
            "API-patch-page",
            json!({"page_id": PAGE_ID, "in_trash": true}),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
    let err = s
        .client
        .call_err("API-patch-page", json!({"page_id": PAGE_ID}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn create_a_comment_contract_and_failure() {
    let s = setup_official().await;
    notion("POST", "/v1/comments")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PAGE_ID},
            "rich_text": [{"text": {"content": "Hello world"}}]
        }))
        .respond(
            &s.fake,
            200,
            comment_json("b52b8ed6-e029-4707-a671-832549c09de3", "Hello world"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "API-create-a-comment",
            json!({"parent": {"page_id": PAGE_ID}, "rich_text": [{"text": {"content": "Hello world"}}]}),
        )
        .await;
    assert_eq!(v["text"], "Hello world");
    let err = s
        .client
        .call_err("API-create-a-comment", json!({"rich_text": ["x"]}))
        .await;
    assert!(
        err.contains("invalid arguments") && err.contains("parent"),
        "{err}"
    );
}

#[tokio::test]
async fn update_a_block_contract_and_failure() {
    let s = setup_official().await;
    notion("PATCH", format!("/v1/blocks/{BLOCK_ID}"))
        .json_body(json!({"to_do": {"checked": true}}))
        .respond(
            &s.fake,
            200,
            block_json(
                BLOCK_ID,
                "to_do",
                json!({"rich_text": [rt("Ship")], "checked": true}),
                false,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "API-update-a-block",
            json!({"block_id": BLOCK_ID, "type": {"to_do": {"checked": true}}}),
        )
        .await;
    assert_eq!(v["checked"], true);
    let err = s
        .client
        .call_err("API-update-a-block", json!({"block_id": BLOCK_ID}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn update_a_data_source_contract_and_failure() {
    let s = setup_official().await;
    notion("PATCH", format!("/v1/data_sources/{DS_ID}"))
        .json_body(json!({
            "description": [{"type": "text", "text": {"content": "All tasks"}}],
            "properties": {"Priority": {"select": {"options": [{"name": "High"}]}}}
        }))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let v = s
        .client
        .call_ok(
            "API-update-a-data-source",
            json!({
                "data_source_id": DS_ID,
                "description": [{"type": "text", "text": {"content": "All tasks"}}],
                "properties": {"Priority": {"select": {"options": [{"name": "High"}]}}}
            }),
        )
        .await;
    assert_eq!(v["id"], DS_ID);
    notion("PATCH", format!("/v1/data_sources/{PAGE_ID}"))
        .json_body(json!({"title": [{"text": {"content": "x"}}]}))
        .respond(&s.fake, 404, not_found("data source", PAGE_ID))
        .await;
    let err = s
        .client
        .call_err(
            "API-update-a-data-source",
            json!({"data_source_id": PAGE_ID, "title": [{"text": {"content": "x"}}]}),
        )
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}
