//! OneDrive server tests: each tool against a fake Microsoft Graph that asserts the exact
//! request (paths, queries and bodies as Graph's documentation and OpenAPI description spell
//! them), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod browse;
mod common;
mod files;
mod organize;
mod sharing;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(onedrive_mcp_server::SPEC, "onedrive-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "onedrive");
    extra.sort();
    assert_eq!(
        extra,
        [
            "onedrive_create_share_link",
            "onedrive_get_item_by_path",
            "onedrive_get_shared_item",
            "onedrive_upload_file"
        ]
    );
}

#[tokio::test]
async fn graph_errors_keep_the_request_id() {
    let s = common::setup().await;
    common::req(
        "GET",
        "/me/drive/items/gone",
        &[("$select", common::SELECT)],
    )
    .respond(
        &s.fake,
        404,
        common::graph_error("itemNotFound", "The resource could not be found."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "onedrive_get_item_by_id",
            serde_json::json!({"item_id": "gone"}),
        )
        .await;
    assert!(err.contains("404 Not Found (itemNotFound)"), "{err}");
    assert!(
        err.contains("request-id 5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"),
        "{err}"
    );
}

/// Each tool declares the delegated permission its requests need (a 403 names it, and the
/// `--oauth` scope challenge asks for it).
#[test]
fn every_tool_declares_its_permission() {
    let read = "Files.Read (or Files.ReadWrite)";
    let write = "Files.ReadWrite";
    let others = "Files.Read.All (or Files.ReadWrite.All)";
    let expected = [
        ("onedrive_list_root_files_folders", read),
        ("onedrive_list_inside_folder", read),
        ("onedrive_get_item_by_id", read),
        ("onedrive_get_item_by_path", read),
        ("onedrive_search_item_by_name", read),
        ("onedrive_search_folder_by_name", read),
        ("onedrive_read_file_content", read),
        ("onedrive_create_file", write),
        ("onedrive_upload_file", write),
        ("onedrive_create_folder", write),
        ("onedrive_rename_item", write),
        ("onedrive_move_item", write),
        ("onedrive_delete_item", write),
        ("onedrive_list_shared_items", others),
        ("onedrive_get_shared_item", others),
        ("onedrive_create_share_link", write),
    ];
    mcp_testkit::assert_declared_scopes(&onedrive_mcp_server::SPEC, &expected);
}
