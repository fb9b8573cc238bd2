//! The tool surface: every tool of the Klavis catalog's `google_sheets` entry with its
//! parameters, the tools beyond it, valid schemas, and annotations that match each tool.

use serde_json::{Value, json};

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "google_sheets_delete_sheet",
    "google_sheets_read_range",
    "google_sheets_read_table",
    "google_sheets_update_values",
    "google_sheets_batch_update_values",
    "google_sheets_append_rows",
    "google_sheets_clear_range",
    "google_sheets_format_range",
];

const READS: &[&str] = &[
    "google_sheets_get_spreadsheet",
    "google_sheets_list_spreadsheets",
    "google_sheets_list_sheets",
    "google_sheets_read_range",
    "google_sheets_read_table",
];

const DESTRUCTIVE: &[&str] = &["google_sheets_delete_sheet", "google_sheets_clear_range"];

const IDEMPOTENT_WRITES: &[&str] = &[
    "google_sheets_write_to_cell",
    "google_sheets_update_values",
    "google_sheets_batch_update_values",
    "google_sheets_format_range",
];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "google_sheets");
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
    }
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog_and_google() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    let get = prop("google_sheets_get_spreadsheet", "cell_value_format");
    assert_eq!(get["enum"], json!(["formatted", "userEntered", "all"]));
    assert_eq!(get["default"], "formatted");
    assert_eq!(
        prop("google_sheets_write_to_cell", "row")["type"],
        "integer"
    );
    assert_eq!(
        prop("google_sheets_create_sheets", "sheet_names")["items"]["type"],
        "string"
    );
    assert_eq!(
        prop("google_sheets_create_spreadsheet", "data")["type"],
        "string"
    );
    for t in [
        "google_sheets_write_to_cell",
        "google_sheets_update_values",
        "google_sheets_batch_update_values",
        "google_sheets_append_rows",
    ] {
        let p = prop(t, "value_input_option");
        assert_eq!(p["enum"], json!(["RAW", "USER_ENTERED"]), "{t}");
        assert_eq!(p["default"], "USER_ENTERED", "{t}");
    }
    assert_eq!(
        prop("google_sheets_append_rows", "insert_data_option")["enum"],
        json!(["INSERT_ROWS", "OVERWRITE"])
    );
    assert_eq!(
        prop("google_sheets_read_range", "value_render_option")["enum"],
        json!(["FORMATTED_VALUE", "UNFORMATTED_VALUE", "FORMULA"])
    );
    assert_eq!(
        prop("google_sheets_update_values", "values")["items"]["items"]["type"],
        json!(["string", "number", "boolean"])
    );
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_sheets_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    let mut want = READS.to_vec();
    want.sort_unstable();
    assert_eq!(names, want);
}
