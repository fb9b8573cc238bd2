//! Confluence server tests: each tool against a fake Confluence API that asserts the exact
//! request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod pages;
mod spaces_attachments;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(confluence_mcp_server::SPEC, "confluence-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "confluence");
    assert!(extra.is_empty(), "{extra:?}");
}
