//! Close server tests: each tool against a fake Close API that asserts the exact request,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod activities;
mod common;
mod config;
mod crm;
mod leads;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(close_mcp_server::SPEC, "close-mcp-server");

#[tokio::test]
async fn catalog_tools_and_the_few_beyond() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "close");
    extra.sort();
    assert_eq!(
        extra,
        [
            "close_list_custom_fields",
            "close_list_lead_statuses",
            "close_list_opportunities",
            "close_list_pipelines",
        ]
    );
}
