//! Freshdesk server tests: each tool against a fake Freshdesk API v2 that asserts the exact
//! request (method, path, query, HTTP Basic `<api key>:X`, JSON or multipart body) and answers
//! with the shapes of Freshdesk's API reference (developers.freshdesk.com/api), through a real
//! MCP client over streamable HTTP; the tenant-host rules; Freshdesk's error bodies.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod agents;
mod common;
mod companies;
mod contacts;
mod failures;
mod tenant;
mod threads;
mod tickets;

mcp_testkit::standard_suite!(freshdesk_mcp_server::SPEC, "freshdesk-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "freshdesk");
    extra.sort();
    assert_eq!(
        extra,
        [
            "freshdesk_get_job",
            "freshdesk_list_groups",
            "freshdesk_list_ticket_conversations",
            "freshdesk_list_ticket_fields",
        ]
    );
}
