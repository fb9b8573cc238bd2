//! The tool surface: the Klavis catalog's `google_slides` tools under their own (unprefixed)
//! names in the catalog's order (the standard suite checks their parameters), the one tool
//! beyond them, annotations, the structured parameters' schemas, and what read-only mode keeps.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, listed_tools, param_schema,
};
use serde_json::json;

use crate::common::setup;

const READS: &[&str] = &[
    "get_presentation",
    "list_presentations",
    "summarize_presentation",
];
const DESTRUCTIVE: &[&str] = &["batch_update_presentation", "google_slides_replace_text"];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert_beyond_catalog(&tools, "google_slides", &["google_slides_replace_text"]);
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "create_presentation",
            "list_presentations",
            "get_presentation",
            "summarize_presentation",
            "add_slide",
            "batch_update_presentation",
            "google_slides_replace_text"
        ]
    );
    assert_annotations(&tools, |name| READS.contains(&name), DESTRUCTIVE, &[]);
}

#[tokio::test]
async fn schemas_of_the_structured_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| param_schema(&tools, tool, param);
    assert_eq!(
        prop("batch_update_presentation", "requests")["items"]["type"],
        "object"
    );
    assert_eq!(
        prop("add_slide", "layout")["enum"],
        json!([
            "BLANK",
            "CAPTION_ONLY",
            "TITLE",
            "TITLE_AND_BODY",
            "TITLE_AND_TWO_COLUMNS",
            "TITLE_ONLY",
            "SECTION_HEADER",
            "SECTION_TITLE_AND_DESCRIPTION",
            "ONE_COLUMN_TEXT",
            "MAIN_POINT",
            "BIG_NUMBER"
        ])
    );
    assert_eq!(prop("add_slide", "insertion_index")["type"], "number");
    assert_eq!(
        prop("google_slides_replace_text", "match_case")["default"],
        true
    );
}

#[tokio::test]
async fn read_only_mode_keeps_the_reads() {
    let names = listed_tools(&google_slides_mcp_server::SPEC, |s| s.read_only = true).await;
    assert_eq!(names, READS);
}
