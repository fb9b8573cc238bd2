//! The tool surface: the tools beyond the Klavis catalog's `google_sheets` entry (the standard
//! suite checks the catalog's own), annotations that match each tool, the schemas' enums and
//! defaults, and what read-only mode keeps.

use mcp_vendor_google::testkit::{
    assert_annotations, assert_beyond_catalog, assert_catalog_enums_and_defaults, listed_tools,
    param_schema,
};
use serde_json::json;

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
    assert_beyond_catalog(&tools, "google_sheets", BEYOND_CATALOG);
    assert_annotations(
        &tools,
        |n| READS.contains(&n),
        DESTRUCTIVE,
        IDEMPOTENT_WRITES,
    );
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog_and_google() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert_eq!(
        assert_catalog_enums_and_defaults(&tools, "google_sheets", &[]),
        1,
        "the catalog's enums and defaults compared"
    );
    let prop = |tool: &str, param: &str| param_schema(&tools, tool, param);
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
    let names = listed_tools(&google_sheets_mcp_server::SPEC, |s| s.read_only = true).await;
    let mut want = READS.to_vec();
    want.sort_unstable();
    assert_eq!(names, want);
}
