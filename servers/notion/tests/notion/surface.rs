//! The tool surface beyond what the standard suite checks (the Klavis catalog's tools and
//! parameters, valid schemas): the tools added for Notion's own server's operations,
//! annotations that match what each tool does, and the parameter types Notion needs.

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
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "notion");
    extra.sort();
    assert_eq!(extra, ADDED);
}

/// `[readOnlyHint, destructiveHint, idempotentHint]` of every tool: reads are read-only and
/// idempotent, only deleting a block destroys, and the updates are idempotent.
#[tokio::test]
async fn annotations_match_what_each_tool_does() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let hints = |name: &str| {
        let read = is_read(name);
        let idempotent = read || IDEMPOTENT_WRITES.contains(&name);
        [read, name == "notion_delete_block", idempotent].map(Some)
    };
    let said: Vec<(String, [Option<bool>; 3])> = tools
        .iter()
        .map(|t| {
            let a = t.annotations.clone().unwrap_or_default();
            let hints = [a.read_only_hint, a.destructive_hint, a.idempotent_hint];
            (t.name.to_string(), hints)
        })
        .collect();
    let want: Vec<(String, [Option<bool>; 3])> = tools
        .iter()
        .map(|t| (t.name.to_string(), hints(&t.name)))
        .collect();
    assert_eq!(said, want);
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
