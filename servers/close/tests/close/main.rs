//! Close server tests: each tool against a fake Close API that asserts the exact request,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod activities;
mod common;
mod crm;
mod leads;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(close_mcp_server::SPEC, "close-mcp-server");

#[tokio::test]
async fn catalog_tools_and_nothing_else() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "close");
    assert!(extra.is_empty(), "{extra:?}");
}
