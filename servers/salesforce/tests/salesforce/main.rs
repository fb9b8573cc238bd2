//! Salesforce server tests: each tool against a fake Salesforce REST API that asserts the
//! exact request (method, path, SOQL, Bearer token, body) and answers with the shapes of the
//! REST API Developer Guide, through a real MCP client over streamable HTTP.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod common;
mod files;
mod metadata;
mod records;
mod tenant;

mcp_testkit::standard_suite!(salesforce_mcp_server::SPEC, "salesforce-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "salesforce");
    extra.sort();
    assert_eq!(
        extra,
        ["salesforce_describe_global", "salesforce_get_record"]
    );
}
