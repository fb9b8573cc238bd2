//! Asana server tests: each tool against a fake Asana API that asserts the exact request,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod projects;
mod tags;
mod tasks;
mod teams_users;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(asana_mcp_server::SPEC, "asana-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "asana");
    extra.sort();
    assert_eq!(extra, ["asana_add_task_to_section", "asana_get_sections"]);
}
