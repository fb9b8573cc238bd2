//! Jira server tests: each tool against a fake Jira API that asserts the exact request,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agile;
mod common;
mod issues;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(jira_mcp_server::SPEC, "jira-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "jira");
    extra.sort();
    assert_eq!(
        extra,
        [
            "jira_get_assignable_users",
            "jira_get_boards",
            "jira_get_transitions",
            "jira_transition_issue"
        ]
    );
}
