//! The tool surface: every tool of the Klavis catalog's `google_drive` entry with its
//! parameters, the tools beyond it, valid schemas, and annotations that match what each does.

use serde_json::{Value, json};

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
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "google_drive");
    extra.sort();
    let mut want: Vec<String> = BEYOND_CATALOG.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(extra, want);
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        let read = READS.contains(&name);
        assert_eq!(a.read_only_hint, Some(read), "{name}: readOnlyHint");
        assert_eq!(
            a.destructive_hint,
            Some(DESTRUCTIVE.contains(&name)),
            "{name}: destructiveHint"
        );
        assert_eq!(
            a.idempotent_hint,
            Some(read || IDEMPOTENT_WRITES.contains(&name)),
            "{name}: idempotentHint"
        );
        assert_eq!(a.open_world_hint, Some(true), "{name}: openWorldHint");
    }
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    let orders = json!([
        "modifiedTime desc",
        "modifiedTime",
        "createdTime desc",
        "createdTime",
        "name",
        "name desc"
    ]);
    for t in [
        "google_drive_search_documents",
        "google_drive_search_and_retrieve_documents",
        "google_drive_get_file_tree_structure",
    ] {
        assert_eq!(prop(t, "order_by")["items"]["enum"], orders, "{t}");
        assert_eq!(prop(t, "include_shared_drives")["default"], false, "{t}");
        assert_eq!(
            prop(t, "include_organization_domain_documents")["default"],
            false,
            "{t}"
        );
    }
    for t in [
        "google_drive_search_documents",
        "google_drive_search_and_retrieve_documents",
    ] {
        assert_eq!(prop(t, "limit")["default"], 10, "{t}");
        assert_eq!(prop(t, "document_contains")["items"]["type"], "string");
    }
    for t in [
        "google_drive_search_and_retrieve_documents",
        "google_drive_get_document_by_id",
    ] {
        assert_eq!(
            prop(t, "return_format")["enum"],
            json!(["markdown", "html"]),
            "{t}"
        );
        assert_eq!(prop(t, "return_format")["default"], "markdown", "{t}");
    }
    assert_eq!(
        prop("google_drive_share_file", "role")["enum"],
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
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_drive_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    let mut want = READS.to_vec();
    want.sort();
    assert_eq!(names, want);
}
