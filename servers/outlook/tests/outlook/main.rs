//! Outlook server tests: each tool against a fake Microsoft Graph that asserts the exact
//! request (paths and bodies as Graph's OpenAPI description spells them), through a real MCP
//! client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod attachments;
mod common;
mod drafts;
mod folders;
mod messages;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(outlook_mcp_server::SPEC, "outlook-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "outlook");
    extra.sort();
    assert_eq!(
        extra,
        [
            "outlookMail_add_attachment",
            "outlookMail_get_attachment",
            "outlookMail_list_attachments"
        ]
    );
}
