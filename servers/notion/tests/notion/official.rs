//! `--profile official` (`--tool-names official`): the names and parameters of Notion's own
//! MCP server 2.x, listed instead of ours, and calls under those names.

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
                // Listed as that server lists it; the server sends its own version (README).
                assert_eq!(schema["properties"][param]["type"], "string", "{name}");
                assert!(!required.contains(&param), "{name}");
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

/// Each of the 22 tools of Notion's 2.x server sends its request with the Notion-Version the
/// server is written for, whatever the call's `Notion-Version` says (never in the body), and
/// answers in our concise shape.
#[tokio::test]
async fn every_official_tool_sends_its_request_whatever_notion_version_says() {
    let s = setup_official().await;
    let block = block_json(
        BLOCK_ID,
        "paragraph",
        json!({"rich_text": [rt("Hi")]}),
        false,
    );
    let para = json!({"type": "paragraph", "paragraph": {"rich_text": [text("Next")]}});
    let ds2 = "248104cd-477e-80af-bc30-000bd28de8fa";
    // (tool, arguments, method, path, query, body, answer)
    type Row = (
        &'static str,
        Value,
        &'static str,
        String,
        Vec<(&'static str, String)>,
        Option<Value>,
        Value,
    );
    let rows: Vec<Row> = vec![
        (
            "API-get-user",
            json!({"user_id": USER_ID}),
            "GET",
            format!("/v1/users/{USER_ID}"),
            vec![],
            None,
            person_json(USER_ID, "Ada", "a@x.io"),
        ),
        (
            "API-get-users",
            json!({"page_size": 2}),
            "GET",
            "/v1/users".into(),
            vec![("page_size", "2".into())],
            None,
            list_json(vec![], None, "user"),
        ),
        (
            "API-get-self",
            json!({}),
            "GET",
            "/v1/users/me".into(),
            vec![],
            None,
            bot_json(),
        ),
        (
            "API-post-search",
            json!({"query": "Tasks"}),
            "POST",
            "/v1/search".into(),
            vec![],
            Some(json!({"query": "Tasks"})),
            list_json(vec![], None, "page_or_data_source"),
        ),
        (
            "API-get-block-children",
            json!({"block_id": PAGE_ID}),
            "GET",
            format!("/v1/blocks/{PAGE_ID}/children"),
            vec![],
            None,
            list_json(vec![block.clone()], None, "block"),
        ),
        (
            "API-patch-block-children",
            json!({"block_id": PAGE_ID, "children": [para]}),
            "PATCH",
            format!("/v1/blocks/{PAGE_ID}/children"),
            vec![],
            Some(json!({"children": [para]})),
            list_json(vec![block.clone()], None, "block"),
        ),
        (
            "API-retrieve-a-block",
            json!({"block_id": BLOCK_ID}),
            "GET",
            format!("/v1/blocks/{BLOCK_ID}"),
            vec![],
            None,
            block.clone(),
        ),
        (
            "API-update-a-block",
            json!({"block_id": BLOCK_ID, "archived": true}),
            "PATCH",
            format!("/v1/blocks/{BLOCK_ID}"),
            vec![],
            Some(json!({"archived": true})),
            block.clone(),
        ),
        (
            "API-delete-a-block",
            json!({"block_id": BLOCK_ID}),
            "DELETE",
            format!("/v1/blocks/{BLOCK_ID}"),
            vec![],
            None,
            block.clone(),
        ),
        (
            "API-retrieve-a-page",
            json!({"page_id": PAGE_ID}),
            "GET",
            format!("/v1/pages/{PAGE_ID}"),
            vec![],
            None,
            page_json(PAGE_ID, "Notes"),
        ),
        (
            "API-patch-page",
            json!({"page_id": PAGE_ID, "in_trash": false}),
            "PATCH",
            format!("/v1/pages/{PAGE_ID}"),
            vec![],
            Some(json!({"in_trash": false})),
            page_json(PAGE_ID, "Notes"),
        ),
        (
            "API-post-page",
            json!({"parent": {"page_id": PARENT_ID}, "properties": {"title": {"title": [text("Notes")]}}}),
            "POST",
            "/v1/pages".into(),
            vec![],
            Some(
                json!({"parent": {"type": "page_id", "page_id": PARENT_ID}, "properties": {"title": {"title": [text("Notes")]}}}),
            ),
            page_json(PAGE_ID, "Notes"),
        ),
        (
            "API-retrieve-a-page-property",
            json!({"page_id": PAGE_ID, "property_id": "title"}),
            "GET",
            format!("/v1/pages/{PAGE_ID}/properties/title"),
            vec![],
            None,
            list_json(
                vec![json!({"object": "property_item", "type": "title", "title": rt("Notes")})],
                None,
                "property_item",
            ),
        ),
        (
            "API-move-page",
            json!({"page_id": PAGE_ID, "parent": {"page_id": PARENT_ID}}),
            "POST",
            format!("/v1/pages/{PAGE_ID}/move"),
            vec![],
            Some(json!({"parent": {"type": "page_id", "page_id": PARENT_ID}})),
            page_json(PAGE_ID, "Notes"),
        ),
        (
            "API-retrieve-a-comment",
            json!({"block_id": PAGE_ID}),
            "GET",
            "/v1/comments".into(),
            vec![("block_id", PAGE_ID.into())],
            None,
            list_json(vec![comment_json("c1", "Hi")], None, "comment"),
        ),
        (
            "API-create-a-comment",
            json!({"parent": {"page_id": PAGE_ID}, "rich_text": ["Hi"]}),
            "POST",
            "/v1/comments".into(),
            vec![],
            Some(
                json!({"parent": {"type": "page_id", "page_id": PAGE_ID}, "rich_text": [text("Hi")]}),
            ),
            comment_json("c1", "Hi"),
        ),
        (
            "API-retrieve-a-database",
            json!({"database_id": DB_ID}),
            "GET",
            format!("/v1/databases/{DB_ID}"),
            vec![],
            None,
            database_json(&[(ds2, "Tasks")]),
        ),
        (
            "API-query-data-source",
            json!({"data_source_id": DS_ID}),
            "POST",
            format!("/v1/data_sources/{DS_ID}/query"),
            vec![],
            Some(json!({})),
            list_json(
                vec![row_json(PAGE_ID, "Fix login")],
                None,
                "page_or_data_source",
            ),
        ),
        (
            "API-retrieve-a-data-source",
            json!({"data_source_id": DS_ID}),
            "GET",
            format!("/v1/data_sources/{DS_ID}"),
            vec![],
            None,
            data_source_json(),
        ),
        (
            "API-update-a-data-source",
            json!({"data_source_id": DS_ID, "title": ["Tasks 2"]}),
            "PATCH",
            format!("/v1/data_sources/{DS_ID}"),
            vec![],
            Some(json!({"title": [text("Tasks 2")]})),
            data_source_json(),
        ),
        (
            "API-create-a-data-source",
            json!({"parent": {"database_id": DB_ID}, "properties": {"Name": {"title": {}}}}),
            "POST",
            "/v1/data_sources".into(),
            vec![],
            Some(
                json!({"parent": {"type": "database_id", "database_id": DB_ID}, "properties": {"Name": {"title": {}}}}),
            ),
            data_source_json(),
        ),
        (
            "API-list-data-source-templates",
            json!({"data_source_id": DS_ID}),
            "GET",
            format!("/v1/data_sources/{DS_ID}/templates"),
            vec![],
            None,
            json!({"templates": [{"id": "t1", "name": "Bug", "is_default": true}], "next_cursor": null, "has_more": false}),
        ),
    ];
    assert_eq!(rows.len(), 22);
    // What `API-retrieve-a-database` reads of the database's data source.
    let mut ds = data_source_json();
    ds["id"] = json!(ds2);
    notion("GET", format!("/v1/data_sources/{ds2}"))
        .respond(&s.fake, 200, ds)
        .await;
    for (_, _, method, path, query, body, answer) in &rows {
        let mut e = notion(method, path.clone());
        for (k, v) in query {
            e = e.query(k, v);
        }
        if let Some(b) = body {
            e = e.json_body(b.clone());
        }
        e.respond(&s.fake, 200, answer.clone()).await;
    }
    for (tool, mut args, ..) in rows {
        args["Notion-Version"] = json!("2022-06-28");
        let v = s.client.call_ok(tool, args).await;
        assert!(v.is_object(), "{tool}: {v}");
    }
}

/// Notion's errors reach the agent of every official tool as an `isError` result.
#[tokio::test]
async fn every_official_tool_reports_notions_error() {
    use mcp_testkit::wiremock::matchers::any;
    use mcp_testkit::wiremock::{Mock, ResponseTemplate};
    let s = setup_official().await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(404).set_body_json(not_found("block", BLOCK_ID)))
        .mount(&s.fake)
        .await;
    for tool in s.client.list_tools().await {
        let schema = Value::Object((*tool.input_schema).clone());
        let mut args = json!({});
        for r in schema["required"].as_array().into_iter().flatten() {
            let r = r.as_str().unwrap();
            args[r] = match schema["properties"][r]["type"].as_str() {
                Some("object") => json!({"page_id": PAGE_ID}),
                Some("array") => json!([{"text": {"content": "x"}}]),
                _ => json!(BLOCK_ID),
            };
        }
        if tool.name == "API-patch-page" {
            args["in_trash"] = json!(true);
        }
        if tool.name == "API-post-page" {
            args["properties"] = json!({"title": {"title": [text("x")]}});
        }
        if tool.name == "API-update-a-block" {
            args["archived"] = json!(true);
        }
        if tool.name == "API-update-a-data-source" {
            args["title"] = json!(["x"]);
        }
        let err = s.client.call_err(&tool.name, args).await;
        assert!(err.contains("(object_not_found)"), "{}: {err}", tool.name);
    }
}
