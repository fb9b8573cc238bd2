//! The tool surface beyond what the standard suite checks: the tools beyond the Klavis
//! catalog's `google_drive` entry, annotations that match what each tool does, the catalog's
//! enums and defaults, Drive's roles, read-only mode and the toolsets.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, assert_catalog_enums_and_defaults, listed_tools,
    param_schema,
};
use serde_json::json;

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "google_drive_search_files",
    "google_drive_get_file",
    "google_drive_read_file",
    "google_drive_create_folder",
    "google_drive_move_file",
    "google_drive_rename_file",
    "google_drive_upload_file",
    "google_drive_list_shared_drives",
    "google_drive_share_file",
    "google_drive_list_permissions",
];

const READS: &[&str] = &[
    "google_drive_search_documents",
    "google_drive_search_and_retrieve_documents",
    "google_drive_get_document_by_id",
    "google_drive_get_file_tree_structure",
    "google_drive_search_files",
    "google_drive_get_file",
    "google_drive_read_file",
    "google_drive_list_shared_drives",
    "google_drive_list_permissions",
];

const IDEMPOTENT_WRITES: &[&str] = &["google_drive_move_file", "google_drive_rename_file"];
const DESTRUCTIVE: &[&str] = &["google_drive_empty_trash"];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert_beyond_catalog(&tools, "google_drive", BEYOND_CATALOG);
    assert_annotations(
        &tools,
        |name| READS.contains(&name),
        DESTRUCTIVE,
        IDEMPOTENT_WRITES,
    );
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let checked = assert_catalog_enums_and_defaults(&tools, "google_drive", &[]);
    assert_eq!(checked, 15, "enums and defaults compared");
}

#[tokio::test]
async fn sharing_takes_the_roles_drive_has() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert_eq!(
        param_schema(&tools, "google_drive_share_file", "role")["enum"],
        json!([
            "reader",
            "commenter",
            "writer",
            "fileOrganizer",
            "organizer"
        ])
    );
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let names = listed_tools(&google_drive_mcp_server::SPEC, |s| s.read_only = true).await;
    let mut want = READS.to_vec();
    want.sort();
    assert_eq!(names, want);
}

#[tokio::test]
async fn toolsets_follow_the_drive_api() {
    let names = listed_tools(&google_drive_mcp_server::SPEC, |s| {
        s.toolsets = Some(vec!["documents".into(), "permissions".into()]);
    })
    .await;
    assert_eq!(
        names,
        [
            "google_drive_get_document_by_id",
            "google_drive_list_permissions",
            "google_drive_search_and_retrieve_documents",
            "google_drive_search_documents",
            "google_drive_share_file",
        ]
    );
}
