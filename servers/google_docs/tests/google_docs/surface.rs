//! The tool surface: the tools beyond the Klavis catalog's `google_docs` entry (the standard
//! suite checks the catalog's own), annotations that match each tool, the schemas' enums and
//! defaults, and what read-only mode keeps.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, listed_tools, param_schema,
};
use serde_json::json;

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "google_docs_append_markdown",
    "google_docs_create_document_from_markdown",
    "google_docs_insert_text_at_heading",
    "google_docs_replace_text",
];

/// The reads: the only tools that are read-only and idempotent.
const READS: &[&str] = &[
    "google_docs_get_all_documents",
    "google_docs_get_document_by_id",
];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert_beyond_catalog(&tools, "google_docs", BEYOND_CATALOG);
    assert_annotations(
        &tools,
        |n| READS.contains(&n),
        &["google_docs_replace_text"],
        &[],
    );
}

#[tokio::test]
async fn enums_and_defaults() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| param_schema(&tools, tool, param);
    assert_eq!(
        prop("google_docs_get_document_by_id", "response_format")["enum"],
        json!(["markdown", "structured", "plain_text", "raw"])
    );
    assert_eq!(
        prop("google_docs_insert_text_at_heading", "position")["enum"],
        json!(["after_heading", "end_of_section"])
    );
    assert_eq!(
        prop("google_docs_replace_text", "match_case")["default"],
        true
    );
    assert_eq!(
        prop("google_docs_get_all_documents", "page_size")["type"],
        "number"
    );
}

#[tokio::test]
async fn read_only_mode_keeps_the_reads() {
    let names = listed_tools(&google_docs_mcp_server::SPEC, |s| s.read_only = true).await;
    assert_eq!(names, READS);
}
