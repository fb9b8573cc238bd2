//! HubSpot server tests: each tool against a fake HubSpot API that asserts the exact
//! request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod associations;
mod common;
mod errors;
mod notes_owners;
mod objects;
mod properties;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(hubspot_mcp_server::SPEC, "hubspot-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "hubspot");
    extra.sort();
    assert_eq!(extra, ["hubspot_list_owners", "hubspot_list_pipelines"]);
}
