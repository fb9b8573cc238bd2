//! The tool surface: every tool of the Klavis catalog's `google_slides` entry under its own
//! (unprefixed) name with its parameters, the one tool beyond it, valid schemas, annotations.

use serde_json::{Value, json};

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
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "google_slides");
    assert_eq!(extra, ["google_slides_replace_text"]);
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
        assert_eq!(a.idempotent_hint, Some(read), "{name}: idempotentHint");
    }
}

#[tokio::test]
async fn schemas_of_the_structured_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
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
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_slides_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "list_presentations",
            "get_presentation",
            "summarize_presentation"
        ]
    );
}
