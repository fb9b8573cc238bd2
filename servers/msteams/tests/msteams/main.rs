//! Microsoft Teams server tests: each tool against a fake Microsoft Graph that asserts the
//! exact request (paths as Graph's OpenAPI description gives them, never `//`), through a
//! real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod chats_users;
mod common;
mod meetings;
mod permissions;
mod teams;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(msteams_mcp_server::SPEC, "msteams-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "msteams");
    extra.sort();
    assert_eq!(
        extra,
        [
            "msteams_list_channel_messages",
            "msteams_list_chat_messages"
        ]
    );
}
