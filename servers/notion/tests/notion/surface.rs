//! The tool surface: every tool of the Klavis catalog's `notion` entry with its parameters,
//! the tools added for Notion's own server's operations, and annotations that match what each
//! tool does.

use serde_json::Value;

use crate::common::setup;

/// Tools beyond the catalog: the operations of Notion's official server in our naming.
const ADDED: &[&str] = &[
    "notion_create_data_source",
    "notion_get_data_source",
    "notion_list_data_source_templates",
    "notion_move_page",
    "notion_query_data_source",
    "notion_update_data_source",
];

const IDEMPOTENT_WRITES: &[&str] = &[
    "notion_update_page_properties",
    "notion_update_database",
    "notion_update_block",
    "notion_update_data_source",
    "notion_move_page",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "query_", "retrieve_", "search"]
        .iter()
        .any(|p| name.starts_with(&format!("notion_{p}")))
}

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "notion");
    extra.sort();
    assert_eq!(extra, ADDED);
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(
            a.read_only_hint,
            Some(is_read(name)),
            "{name}: readOnlyHint"
        );
        assert_eq!(
            a.destructive_hint,
            Some(name == "notion_delete_block"),
            "{name}: destructiveHint"
        );
        let idempotent = is_read(name) || IDEMPOTENT_WRITES.contains(&name);
        assert_eq!(
            a.idempotent_hint,
            Some(idempotent),
            "{name}: idempotentHint"
        );
    }
}

#[tokio::test]
async fn page_sizes_are_integers_and_content_takes_markdown() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    for t in [
        "notion_search",
        "notion_list_users",
        "notion_get_block_children",
        "notion_query_database",
    ] {
        assert_eq!(prop(t, "page_size")["type"], "integer", "{t}");
    }
    let children = prop("notion_append_block_children", "children");
    let kinds: Vec<&str> = children["items"]["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v["type"].as_str())
        .collect();
    assert_eq!(kinds, ["string", "object"]);
    assert_eq!(
        prop("notion_create_page", "page")["properties"]["content"]["type"],
        "string"
    );
}
