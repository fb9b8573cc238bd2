//! The tool surface beyond what the standard suite checks: the tools beyond the Klavis
//! catalog's `gmail` entry, annotations that match what each tool does, the catalog's enums
//! and defaults, and read-only mode.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, assert_catalog_enums_and_defaults, listed_tools,
    param_schema,
};
use serde_json::json;

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "gmail_reply_email",
    "gmail_forward_email",
    "gmail_trash_email",
    "gmail_untrash_email",
    "gmail_get_profile",
    "gmail_list_drafts",
    "gmail_get_draft",
    "gmail_send_draft",
    "gmail_delete_draft",
    "gmail_list_threads",
    "gmail_get_thread",
    "gmail_list_labels",
    "gmail_create_label",
    "gmail_delete_label",
];

const DESTRUCTIVE: &[&str] = &[
    "gmail_delete_email",
    "gmail_batch_delete_emails",
    "gmail_delete_draft",
    "gmail_delete_label",
];

const IDEMPOTENT_WRITES: &[&str] = &[
    "gmail_modify_email",
    "gmail_batch_modify_emails",
    "gmail_trash_email",
    "gmail_untrash_email",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "search_", "read_"]
        .iter()
        .any(|p| name.starts_with(&format!("gmail_{p}")))
}

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert_beyond_catalog(&tools, "gmail", BEYOND_CATALOG);
    assert_annotations(&tools, is_read, DESTRUCTIVE, IDEMPOTENT_WRITES);
}

/// The mime type's default depends on `htmlBody`, so the schema cannot declare the catalog's.
const MIME_TYPE: [(&str, &str); 2] = [
    ("gmail_send_email", "mimeType"),
    ("gmail_draft_email", "mimeType"),
];

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let checked = assert_catalog_enums_and_defaults(&tools, "gmail", &MIME_TYPE);
    assert_eq!(checked, 9, "enums and defaults compared");
}

#[tokio::test]
async fn attachments_and_the_mime_type_default_are_described() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    for (tool, param) in MIME_TYPE {
        let mime = param_schema(&tools, tool, param);
        let said = mime["description"].as_str().unwrap_or_default();
        assert!(
            said.contains("text/plain") && said.contains("multipart/alternative"),
            "{tool}: {mime}"
        );
        assert_eq!(
            param_schema(&tools, tool, "attachments")["items"]["required"],
            json!(["filename"]),
            "{tool}"
        );
    }
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let spec = &gmail_mcp_server::SPEC;
    let read_only = listed_tools(spec, |s| s.read_only = true).await;
    let reads: Vec<String> = listed_tools(spec, |_| {})
        .await
        .into_iter()
        .filter(|n| is_read(n))
        .collect();
    assert_eq!(read_only, reads);
    assert!(read_only.contains(&"gmail_search_contacts".to_owned()));
}
