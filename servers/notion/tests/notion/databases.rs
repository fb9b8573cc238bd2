//! Databases and data sources: queries (with the database → data source lookup), schemas,
//! creation, updates, rows and templates.

use serde_json::json;

use crate::common::*;

const DS_2: &str = "1a2b3c4d-0000-4000-8000-00000000d5d5";

fn query_result() -> serde_json::Value {
    let mut v = list_json(
        vec![row_json(PAGE_ID, "Fix login")],
        Some("fe2cc560-036c-44cd-90e8-294d5a74cebc"),
        "page_or_data_source",
    );
    v["request_status"] = json!({"type": "complete"});
    v
}

#[tokio::test]
async fn query_database_looks_up_its_data_source() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("POST", format!("/v1/data_sources/{DS_ID}/query"))
        .query("filter_properties", "title")
        .query("filter_properties", "Ml\\b")
        .json_body(json!({
            "filter": {"property": "Status", "status": {"equals": "Done"}},
            "sorts": [{"property": "Due", "direction": "ascending"}],
            "page_size": 100,
            "start_cursor": "abc"
        }))
        .respond(&s.fake, 200, query_result())
        .await;
    let v = s
        .client
        .call_ok(
            "notion_query_database",
            json!({
                "database_id": DB_ID,
                "filter": {"property": "Status", "status": {"equals": "Done"}},
                "sorts": [{"property": "Due", "direction": "ascending"}],
                "page_size": 500,
                "start_cursor": "abc",
                "filter_properties": ["title", "Ml%5Cb"]
            }),
        )
        .await;
    assert_eq!(v["data_source_id"], DS_ID);
    assert_eq!(v["has_more"], true);
    assert_eq!(v["next_cursor"], "fe2cc560-036c-44cd-90e8-294d5a74cebc");
    assert_eq!(v["results"][0]["title"], "Fix login");
    assert_eq!(v["results"][0]["properties"]["Status"], "Done");
}

#[tokio::test]
async fn query_database_accepts_a_data_source_id() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DS_ID}"))
        .respond(&s.fake, 404, not_found("database", DS_ID))
        .await;
    notion("GET", format!("/v1/data_sources/{DS_ID}"))
        .respond(&s.fake, 200, data_source_json())
        .await;
    notion("POST", format!("/v1/data_sources/{DS_ID}/query"))
        .json_body(json!({"in_trash": true, "archived": true}))
        .respond(&s.fake, 200, query_result())
        .await;
    let v = s
        .client
        .call_ok(
            "notion_query_database",
            json!({"database_id": DS_ID, "in_trash": true, "archived": true}),
        )
        .await;
    assert_eq!(v["results"][0]["id"], PAGE_ID);
}

#[tokio::test]
async fn query_database_failures() {
    let s = setup().await;
    // Neither a database nor a data source the integration can see: Notion's first answer.
    notion("GET", format!("/v1/databases/{PAGE_ID}"))
        .respond(&s.fake, 404, not_found("database", PAGE_ID))
        .await;
    notion("GET", format!("/v1/data_sources/{PAGE_ID}"))
        .respond(&s.fake, 404, not_found("data source", PAGE_ID))
        .await;
    let err = s
        .client
        .call_err("notion_query_database", json!({"database_id": PAGE_ID}))
        .await;
    assert!(
        err.contains("Could not find database") && err.contains("Connections"),
        "{err}"
    );
    // Several data sources: which one is for the caller to say.
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(
            &s.fake,
            200,
            database_json(&[(DS_ID, "Tasks"), (DS_2, "Archive")]),
        )
        .await;
    let err = s
        .client
        .call_err("notion_query_database", json!({"database_id": DB_ID}))
        .await;
    assert!(
        err.contains("2 data sources") && err.contains(&format!("Archive ({DS_2})")),
        "{err}"
    );
}

#[tokio::test]
async fn query_data_source_contract_and_failure() {
    let s = setup().await;
    notion("POST", format!("/v1/data_sources/{DS_ID}/query"))
        .json_body(
            json!({"filter": {"property": "Done", "checkbox": {"equals": true}}, "page_size": 10}),
        )
        .respond(&s.fake, 200, query_result())
        .await;
    let v = s
        .client
        .call_ok(
            "notion_query_data_source",
            json!({"data_source_id": DS_ID, "filter": {"property": "Done", "checkbox": {"equals": true}}, "page_size": 10}),
        )
        .await;
    assert_eq!(
        v["results"][0]["properties"]["Tags"],
        json!(["api", "docs"])
    );
    notion("POST", format!("/v1/data_sources/{DS_2}/query"))
        .json_body(json!({"filter": {"property": "Nope", "checkbox": {"equals": true}}}))
        .respond(
            &s.fake,
            400,
            error_json(
                400,
                "validation_error",
                "Could not find property with name or id: Nope.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_query_data_source",
            json!({"data_source_id": DS_2, "filter": {"property": "Nope", "checkbox": {"equals": true}}}),
        )
        .await;
    assert!(
        err.contains("(validation_error)") && err.contains("Nope"),
        "{err}"
    );
}

#[tokio::test]
async fn get_database_includes_the_schema_of_its_data_source() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("GET", format!("/v1/data_sources/{DS_ID}"))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let v = s
        .client
        .call_ok("notion_get_database", json!({"database_id": DB_ID}))
        .await;
    assert_eq!(v["title"], "Tasks");
    assert_eq!(v["icon"], "✅");
    let ds = &v["data_sources"][0];
    assert_eq!(ds["id"], DS_ID);
    assert_eq!(ds["name"], "Tasks");
    assert_eq!(ds["properties"]["Status"]["type"], "status");
    assert_eq!(
        ds["properties"]["Status"]["options"],
        json!(["Not started", "Done"])
    );
    assert_eq!(ds["properties"]["Related"]["data_source_id"], DS_ID);
    assert_eq!(ds["properties"]["Estimate"]["format"], "number");
}

#[tokio::test]
async fn get_database_restricted() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
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
        .call_err("notion_get_database", json!({"database_id": DB_ID}))
        .await;
    assert!(
        err.contains("403") && err.contains("restricted_resource"),
        "{err}"
    );
}

#[tokio::test]
async fn create_database_with_an_initial_data_source() {
    let s = setup().await;
    notion("POST", "/v1/databases")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "title": [text("Tasks")],
            "description": [text("Team tasks")],
            "icon": {"emoji": "✅"},
            "initial_data_source": {"properties": {
                "Status": {"select": {"options": [{"name": "Done", "color": "green"}]}},
                "Due": {"date": {}},
                "Name": {"title": {}}
            }}
        }))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_database",
            json!({
                "parent": {"page_id": PARENT_ID},
                "title": ["Tasks"],
                "description": [{"type": "text", "text": {"content": "Team tasks"}}],
                "icon": {"emoji": "✅"},
                "properties": {"Status": {"select": {"options": [{"name": "Done", "color": "green"}]}}, "Due": "date"}
            }),
        )
        .await;
    assert_eq!(v["id"], DB_ID);
    assert_eq!(v["data_sources"], json!([{"id": DS_ID, "name": "Tasks"}]));
}

#[tokio::test]
async fn create_database_failures() {
    let s = setup().await;
    notion("POST", "/v1/databases")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": "nope"},
            "title": [text("T")],
            "initial_data_source": {"properties": {"Name": {"title": {}}}}
        }))
        .respond(
            &s.fake,
            400,
            error_json(
                400,
                "validation_error",
                "body failed validation: body.parent.page_id should be a valid uuid.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_create_database",
            json!({"parent": {"page_id": "nope"}, "title": ["T"], "properties": {"Name": "title"}}),
        )
        .await;
    assert!(
        err.contains("(validation_error)") && err.contains("valid uuid"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "notion_create_database",
            json!({"parent": {"page_id": PARENT_ID}, "title": ["T"], "properties": {"Due": 7}}),
        )
        .await;
    assert!(err.contains("property `Due`"), "{err}");
}

#[tokio::test]
async fn update_database_schema_goes_to_the_data_source() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("PATCH", format!("/v1/data_sources/{DS_ID}"))
        .json_body(json!({"properties": {"Priority": {"select": {}}, "Notes": null, "Due": {"name": "Deadline"}}}))
        .respond(&s.fake, 200, data_source_json())
        .await;
    notion("PATCH", format!("/v1/databases/{DB_ID}"))
        .json_body(json!({"title": [text("Team tasks")], "archived": false}))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_update_database",
            json!({
                "database_id": DB_ID,
                "title": ["Team tasks"],
                "archived": false,
                "properties": {"Priority": "select", "Notes": null, "Due": {"name": "Deadline"}}
            }),
        )
        .await;
    assert_eq!(v["database"]["id"], DB_ID);
    assert_eq!(v["data_source"]["id"], DS_ID);
}

#[tokio::test]
async fn update_database_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("notion_update_database", json!({"database_id": DB_ID}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    notion("PATCH", format!("/v1/databases/{DB_ID}"))
        .json_body(json!({"icon": {"emoji": "📚"}}))
        .respond(&s.fake, 404, not_found("database", DB_ID))
        .await;
    let err = s
        .client
        .call_err(
            "notion_update_database",
            json!({"database_id": DB_ID, "icon": {"emoji": "📚"}}),
        )
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn create_database_item_with_markdown_content() {
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
            "properties": {"Name": {"title": [text("Fix login")]}, "Status": {"status": {"name": "Done"}}},
            "children": [
                {"type": "paragraph", "paragraph": {"rich_text": [text("Steps:")]}},
                {"type": "numbered_list_item", "numbered_list_item": {"rich_text": [text("Reproduce")]}},
                {"type": "divider", "divider": {}}
            ]
        }))
        .respond(&s.fake, 200, row_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_database_item",
            json!({
                "database_id": DB_ID,
                "properties": {"Name": "Fix login", "Status": "Done"},
                "content": "Steps:\n\n1. Reproduce",
                "children": [{"type": "divider", "divider": {}}]
            }),
        )
        .await;
    assert_eq!(v["id"], PAGE_ID);
    assert_eq!(v["properties"]["Status"], "Done");
}

#[tokio::test]
async fn create_database_item_unknown_property() {
    let s = setup().await;
    notion("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_json(&[(DS_ID, "Tasks")]))
        .await;
    notion("GET", format!("/v1/data_sources/{DS_ID}"))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let err = s
        .client
        .call_err(
            "notion_create_database_item",
            json!({"database_id": DB_ID, "properties": {"Priority": "High"}}),
        )
        .await;
    assert!(err.contains("unknown property `Priority`"), "{err}");
    assert!(
        err.contains("Status (status)") && err.contains("Name (title)"),
        "{err}"
    );
}

#[tokio::test]
async fn get_data_source_contract_and_failure() {
    let s = setup().await;
    notion("GET", format!("/v1/data_sources/{DS_ID}"))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let v = s
        .client
        .call_ok("notion_get_data_source", json!({"data_source_id": DS_ID}))
        .await;
    assert_eq!(v["object"], "data_source");
    assert_eq!(v["database_id"], DB_ID);
    assert_eq!(v["title"], "Tasks");
    assert_eq!(v["properties"]["Name"]["type"], "title");
    notion("GET", format!("/v1/data_sources/{DS_2}"))
        .respond(&s.fake, 404, not_found("data source", DS_2))
        .await;
    let err = s
        .client
        .call_err("notion_get_data_source", json!({"data_source_id": DS_2}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn create_data_source_contract_and_failure() {
    let s = setup().await;
    notion("POST", "/v1/data_sources")
        .json_body(json!({
            "parent": {"type": "database_id", "database_id": DB_ID},
            "properties": {"Title": {"title": {}}, "Score": {"number": {"format": "percent"}}},
            "title": [text("Archive")]
        }))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_data_source",
            json!({
                "parent": {"database_id": DB_ID},
                "properties": {"Title": {"title": {}}, "Score": {"number": {"format": "percent"}}},
                "title": ["Archive"]
            }),
        )
        .await;
    assert_eq!(v["id"], DS_ID);
    let err = s
        .client
        .call_err(
            "notion_create_data_source",
            json!({"parent": {}, "properties": {}}),
        )
        .await;
    assert!(err.contains("`parent` must name its parent"), "{err}");
}

#[tokio::test]
async fn update_data_source_contract_and_failure() {
    let s = setup().await;
    notion("PATCH", format!("/v1/data_sources/{DS_ID}"))
        .json_body(json!({
            "title": [text("Tasks 2025")],
            "properties": {"Status": {"name": "State"}},
            "in_trash": false
        }))
        .respond(&s.fake, 200, data_source_json())
        .await;
    let v = s
        .client
        .call_ok(
            "notion_update_data_source",
            json!({"data_source_id": DS_ID, "title": ["Tasks 2025"], "properties": {"Status": {"name": "State"}}, "in_trash": false}),
        )
        .await;
    assert_eq!(v["id"], DS_ID);
    let err = s
        .client
        .call_err(
            "notion_update_data_source",
            json!({"data_source_id": DS_ID}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn list_data_source_templates_contract_and_failure() {
    let s = setup().await;
    notion("GET", format!("/v1/data_sources/{DS_ID}/templates"))
        .query("page_size", "25")
        .query("start_cursor", "c1")
        .respond(
            &s.fake,
            200,
            json!({
                "templates": [
                    {"id": "a5da15f6-b853-455b-8f43-0d37b0e9b5f1", "name": "Bug report", "is_default": true},
                    {"id": "9e0dc3a1-34c2-4b5a-8c57-4d41c0b6f2aa", "name": "Feature", "is_default": false}
                ],
                "has_more": false,
                "next_cursor": null
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_list_data_source_templates",
            json!({"data_source_id": DS_ID, "page_size": 25, "start_cursor": "c1"}),
        )
        .await;
    assert_eq!(v["templates"][0]["name"], "Bug report");
    assert_eq!(v["templates"][0]["is_default"], true);
    assert_eq!(v["has_more"], false);
    notion("GET", format!("/v1/data_sources/{DS_2}/templates"))
        .respond(&s.fake, 404, not_found("data source", DS_2))
        .await;
    let err = s
        .client
        .call_err(
            "notion_list_data_source_templates",
            json!({"data_source_id": DS_2}),
        )
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}
