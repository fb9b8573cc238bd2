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

/// Each tool declares the delegated permission its requests need (a 403 names it, and the
/// `--oauth` scope challenge asks for it).
#[test]
fn every_tool_declares_its_permission() {
    let read = "Mail.Read (or Mail.ReadWrite)";
    let write = "Mail.ReadWrite";
    let expected = [
        ("outlookMail_list_folders", read),
        ("outlookMail_get_mail_folder_details", read),
        ("outlookMail_create_mail_folder", write),
        ("outlookMail_update_folder_display_name", write),
        ("outlookMail_delete_folder", write),
        ("outlookMail_list_messages", read),
        ("outlookMail_list_messages_from_folder", read),
        ("outlookMail_read_message", read),
        ("outlookMail_move_message", write),
        ("outlookMail_create_draft", write),
        ("outlookMail_update_draft", write),
        ("outlookMail_delete_draft", write),
        ("outlookMail_create_reply_draft", write),
        ("outlookMail_create_reply_all_draft", write),
        ("outlookMail_create_forward_draft", write),
        ("outlookMail_send_draft", "Mail.Send"),
        ("outlookMail_list_attachments", read),
        ("outlookMail_get_attachment", read),
        ("outlookMail_add_attachment", write),
    ];
    mcp_testkit::assert_declared_scopes(&outlook_mcp_server::SPEC, &expected);
}
