//! The tool surface: every tool of the Klavis catalog's `google_docs` entry with its
//! parameters, the tools beyond it, valid schemas, and annotations that match each tool.

use serde_json::{Value, json};

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "google_docs_append_markdown",
    "google_docs_create_document_from_markdown",
    "google_docs_insert_text_at_heading",
    "google_docs_replace_text",
];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "google_docs");
    extra.sort();
    assert_eq!(extra, BEYOND_CATALOG);
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        let read = name.contains("_get_");
        assert_eq!(a.read_only_hint, Some(read), "{name}: readOnlyHint");
        assert_eq!(
            a.destructive_hint,
            Some(name == "google_docs_replace_text"),
            "{name}: destructiveHint"
        );
        assert_eq!(a.idempotent_hint, Some(read), "{name}: idempotentHint");
        assert_eq!(a.open_world_hint, Some(true), "{name}: openWorldHint");
    }
}

#[tokio::test]
async fn enums_and_defaults() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
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
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_docs_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "google_docs_get_all_documents",
            "google_docs_get_document_by_id"
        ]
    );
}
