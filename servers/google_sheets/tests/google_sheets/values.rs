//! Cell values: write one cell, read a range (as rows and as a table), update one range or
//! several, append rows, clear.

use mcp_testkit::expect;
use mcp_vendor_google::testkit::not_found;
use serde_json::json;

use crate::common::{SID, TOKEN, google_error, setup, ss};

#[tokio::test]
async fn write_to_cell_on_a_named_sheet() {
    let s = setup().await;
    expect("PUT", ss("/values/%27Q1%20Sales%27%21AB12"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .query("includeValuesInResponse", "true")
        .json_body(json!({"majorDimension": "ROWS", "values": [["=SUM(B2:B11)"]]}))
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "updatedRange": "'Q1 Sales'!AB12",
                "updatedRows": 1,
                "updatedColumns": 1,
                "updatedCells": 1,
                "updatedData": {"range": "'Q1 Sales'!AB12", "majorDimension": "ROWS", "values": [["1,250"]]}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "ab", "row": 12, "value": "=SUM(B2:B11)", "sheet_name": "Q1 Sales"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "updatedRange": "'Q1 Sales'!AB12", "updatedCells": 1, "value": "1,250"})
    );
}

#[tokio::test]
async fn write_to_cell_without_a_sheet_goes_to_the_first_visible_sheet_raw() {
    let s = setup().await;
    expect("PUT", ss("/values/C5"))
        .bearer(TOKEN)
        .query("valueInputOption", "RAW")
        .query("includeValuesInResponse", "true")
        .json_body(json!({"majorDimension": "ROWS", "values": [["007"]]}))
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "updatedRange": "Sheet1!C5",
                "updatedRows": 1, "updatedColumns": 1, "updatedCells": 1,
                "updatedData": {"range": "Sheet1!C5", "majorDimension": "ROWS", "values": [["007"]]}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "C", "row": 5, "value": "007", "value_input_option": "RAW"}),
        )
        .await;
    assert_eq!(v["updatedRange"], "Sheet1!C5");
    assert_eq!(v["value"], "007");
}

#[tokio::test]
async fn write_to_cell_quotes_apostrophes_in_the_sheet_name() {
    let s = setup().await;
    expect("PUT", ss("/values/%27Bob%27%27s%20data%27%21A1"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .query("includeValuesInResponse", "true")
        .json_body(json!({"majorDimension": "ROWS", "values": [["x"]]}))
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "updatedRange": "'Bob''s data'!A1", "updatedCells": 1, "updatedData": {"values": [["x"]]}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "A", "row": 1, "value": "x", "sheet_name": "Bob's data"}),
        )
        .await;
    assert_eq!(v["updatedRange"], "'Bob''s data'!A1");
}

#[tokio::test]
async fn write_to_cell_checks_column_and_row() {
    let s = setup().await;
    for (args, reason) in [
        (
            json!({"column": "A1", "row": 1}),
            "`column` `A1` is not a column",
        ),
        (json!({"column": "ABCD", "row": 1}), "is not a column"),
        (
            json!({"column": "A", "row": 0}),
            "`row` 0 is not a row number",
        ),
        (
            json!({"column": "A", "row": 1, "sheet_name": "a\nb"}),
            "control character",
        ),
    ] {
        let mut a = args.clone();
        a["spreadsheet_id"] = json!(SID);
        a["value"] = json!("v");
        let err = s.client.call_err("google_sheets_write_to_cell", a).await;
        assert!(err.contains(reason), "{args}: {err}");
    }
    let err = s
        .client
        .call_err(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "A", "row": -1, "value": "v"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn write_to_cell_beyond_the_grid_is_googles_error() {
    let s = setup().await;
    expect("PUT", ss("/values/Sheet1%21A5000"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .query("includeValuesInResponse", "true")
        .json_body(json!({"majorDimension": "ROWS", "values": [["v"]]}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "Range ('Sheet1'!A5000) exceeds grid limits. Max rows: 1000, max columns: 26",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "A", "row": 5000, "value": "v", "sheet_name": "Sheet1"}),
        )
        .await;
    assert!(err.contains("exceeds grid limits"), "{err}");
}

#[tokio::test]
async fn read_range_with_render_options() {
    let s = setup().await;
    expect("GET", ss("/values/%27Q1%20Sales%27%21A1%3AC"))
        .bearer(TOKEN)
        .query("valueRenderOption", "FORMULA")
        .query("majorDimension", "COLUMNS")
        .respond(
            &s.fake,
            200,
            json!({"range": "'Q1 Sales'!A1:C1000", "majorDimension": "COLUMNS", "values": [["Name", "Ann"], ["Score", "=B1*2"]]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "'Q1 Sales'!A1:C", "value_render_option": "FORMULA", "major_dimension": "COLUMNS"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"range": "'Q1 Sales'!A1:C1000", "majorDimension": "COLUMNS", "values": [["Name", "Ann"], ["Score", "=B1*2"]]})
    );
}

#[tokio::test]
async fn read_range_of_empty_cells_has_no_values() {
    let s = setup().await;
    expect("GET", ss("/values/Sheet1%21Z1%3AZ9"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"range": "Sheet1!Z1:Z9", "majorDimension": "ROWS"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "Sheet1!Z1:Z9"}),
        )
        .await;
    assert_eq!(v["values"], json!([]));
}

#[tokio::test]
async fn read_table_keys_rows_by_the_header_row() {
    let s = setup().await;
    expect("GET", ss("/values/Sheet1%21B3%3AF"))
        .bearer(TOKEN)
        .query("majorDimension", "ROWS")
        .respond(
            &s.fake,
            200,
            json!({
                "range": "Sheet1!B3:F1000",
                "majorDimension": "ROWS",
                "values": [
                    ["Name", "Score", "", "Name", "_row"],
                    ["Ann", "12"],
                    [],
                    ["Bob", "9", "x", "B2", "r", "extra"]
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_read_table",
            json!({"spreadsheet_id": SID, "range": "Sheet1!B3:F"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "range": "Sheet1!B3:F1000",
            "headers": ["Name", "Score", "D", "Name_2", "_row_2", "G"],
            "rowCount": 2,
            "rows": [
                {"_row": 4, "Name": "Ann", "Score": "12", "D": "", "Name_2": "", "_row_2": "", "G": ""},
                {"_row": 6, "Name": "Bob", "Score": "9", "D": "x", "Name_2": "B2", "_row_2": "r", "G": "extra"}
            ]
        })
    );
}

#[tokio::test]
async fn read_table_limit_and_unformatted_values() {
    let s = setup().await;
    expect("GET", ss("/values/Data"))
        .bearer(TOKEN)
        .query("majorDimension", "ROWS")
        .query("valueRenderOption", "UNFORMATTED_VALUE")
        .respond(
            &s.fake,
            200,
            json!({"range": "Data!A1:B4", "majorDimension": "ROWS", "values": [[2024, "n"], [1, 1.5], [2, true], [3, "c"]]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_read_table",
            json!({"spreadsheet_id": SID, "range": "Data", "limit": 2, "value_render_option": "UNFORMATTED_VALUE"}),
        )
        .await;
    assert_eq!(v["headers"], json!(["2024", "n"]));
    assert_eq!(
        v["rows"],
        json!([{"_row": 2, "2024": 1, "n": 1.5}, {"_row": 3, "2024": 2, "n": true}])
    );
    assert_eq!(v["rowCount"], 3);
    assert_eq!(v["truncated"], true);
}

#[tokio::test]
async fn read_table_of_a_missing_sheet() {
    let s = setup().await;
    expect("GET", ss("/values/Nope"))
        .bearer(TOKEN)
        .query("majorDimension", "ROWS")
        .respond(
            &s.fake,
            400,
            google_error(400, "INVALID_ARGUMENT", "Unable to parse range: Nope"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_table",
            json!({"spreadsheet_id": SID, "range": "Nope"}),
        )
        .await;
    assert!(err.contains("Unable to parse range: Nope"), "{err}");
}

#[tokio::test]
async fn update_values_with_value_input_option() {
    let s = setup().await;
    expect("PUT", ss("/values/%27My%20Sheet%27%21A1%3AC2"))
        .bearer(TOKEN)
        .query("valueInputOption", "RAW")
        .json_body(json!({"majorDimension": "ROWS", "values": [["Name", "Score", "Passed"], ["Ann", 12.5, true]]}))
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "updatedRange": "'My Sheet'!A1:C2", "updatedRows": 2, "updatedColumns": 3, "updatedCells": 6}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "My Sheet!A1:C2", "values": [["Name", "Score", "Passed"], ["Ann", 12.5, true]], "value_input_option": "RAW"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "updatedRange": "'My Sheet'!A1:C2", "updatedRows": 2, "updatedColumns": 3, "updatedCells": 6})
    );
}

#[tokio::test]
async fn update_values_defaults_to_user_entered_rows() {
    let s = setup().await;
    expect("PUT", ss("/values/B2"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .json_body(json!({"majorDimension": "COLUMNS", "values": [["1/2/2024", "=B2+1"]]}))
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "updatedRange": "Sheet1!B2:B3", "updatedRows": 2, "updatedColumns": 1, "updatedCells": 2}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "B2", "values": [["1/2/2024", "=B2+1"]], "major_dimension": "COLUMNS"}),
        )
        .await;
    assert_eq!(v["updatedCells"], 2);
}

#[tokio::test]
async fn update_values_refuses_bad_values() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "A1", "values": []}),
        )
        .await;
    assert!(err.contains("`values` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "A1", "values": [[{"a": 1}]]}),
        )
        .await;
    assert!(
        err.contains("a cell value is text, a number or true/false"),
        "{err}"
    );
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn update_values_past_the_range_is_googles_error() {
    let s = setup().await;
    expect("PUT", ss("/values/Sheet1%21A1%3AA1"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .json_body(json!({"majorDimension": "ROWS", "values": [[1, 2]]}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "Requested writing within range [Sheet1!A1:A1], but tried writing to column [B]",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "Sheet1!A1:A1", "values": [[1, 2]]}),
        )
        .await;
    assert!(err.contains("tried writing to column [B]"), "{err}");
    assert!(err.contains("Google rejected an argument"), "{err}");
}

#[tokio::test]
async fn batch_update_values_writes_several_ranges() {
    let s = setup().await;
    expect("POST", ss("/values:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({
            "valueInputOption": "USER_ENTERED",
            "data": [
                {"range": "Sheet1!A1", "majorDimension": "ROWS", "values": [["Total"]]},
                {"range": "'Q1 Sales'!B2:B3", "majorDimension": "COLUMNS", "values": [[1, 2]]}
            ]
        }))
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "totalUpdatedRows": 3,
                "totalUpdatedColumns": 2,
                "totalUpdatedCells": 3,
                "totalUpdatedSheets": 2,
                "responses": [
                    {"spreadsheetId": SID, "updatedRange": "Sheet1!A1", "updatedRows": 1, "updatedColumns": 1, "updatedCells": 1},
                    {"spreadsheetId": SID, "updatedRange": "'Q1 Sales'!B2:B3", "updatedRows": 2, "updatedColumns": 1, "updatedCells": 2}
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_batch_update_values",
            json!({"spreadsheet_id": SID, "data": [
                {"range": "Sheet1!A1", "values": [["Total"]]},
                {"range": "'Q1 Sales'!B2:B3", "values": [[1, 2]], "major_dimension": "COLUMNS"}
            ]}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "spreadsheetId": SID,
            "totalUpdatedRows": 3,
            "totalUpdatedColumns": 2,
            "totalUpdatedCells": 3,
            "totalUpdatedSheets": 2,
            "responses": [
                {"updatedRange": "Sheet1!A1", "updatedCells": 1},
                {"updatedRange": "'Q1 Sales'!B2:B3", "updatedCells": 2}
            ]
        })
    );
}

#[tokio::test]
async fn batch_update_values_names_the_bad_range() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_sheets_batch_update_values",
            json!({"spreadsheet_id": SID, "data": [
                {"range": "A1", "values": [[1]]},
                {"range": "A1:B2:C3", "values": [[1]]}
            ]}),
        )
        .await;
    assert!(err.contains("invalid `data[1].range` `A1:B2:C3`"), "{err}");
    let err = s
        .client
        .call_err(
            "google_sheets_batch_update_values",
            json!({"spreadsheet_id": SID, "data": []}),
        )
        .await;
    assert!(err.contains("`data` is empty"), "{err}");
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn append_rows_inserts_rows_by_default() {
    let s = setup().await;
    expect("POST", ss("/values/Sheet1%21A%3AD:append"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .query("insertDataOption", "INSERT_ROWS")
        .json_body(json!({"majorDimension": "ROWS", "values": [["Cid", 7, "", false]]}))
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "tableRange": "Sheet1!A1:D3",
                "updates": {"spreadsheetId": SID, "updatedRange": "Sheet1!A4:D4", "updatedRows": 1, "updatedColumns": 4, "updatedCells": 4}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "Sheet1!A:D", "rows": [["Cid", 7, "", false]]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "tableRange": "Sheet1!A1:D3", "updatedRange": "Sheet1!A4:D4", "updatedRows": 1, "updatedCells": 4})
    );
}

#[tokio::test]
async fn append_rows_raw_overwrite_to_a_quoted_sheet() {
    let s = setup().await;
    expect("POST", ss("/values/%27Q1%20Sales%27:append"))
        .bearer(TOKEN)
        .query("valueInputOption", "RAW")
        .query("insertDataOption", "OVERWRITE")
        .json_body(json!({"majorDimension": "ROWS", "values": [["a"], ["b"]]}))
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "updates": {"spreadsheetId": SID, "updatedRange": "'Q1 Sales'!A1:A2", "updatedRows": 2, "updatedColumns": 1, "updatedCells": 2}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "'Q1 Sales'", "rows": [["a"], ["b"]], "value_input_option": "RAW", "insert_data_option": "OVERWRITE"}),
        )
        .await;
    assert_eq!(v["updatedRows"], 2);
    assert!(v.get("tableRange").is_none());
}

#[tokio::test]
async fn append_rows_needs_rows_and_a_known_option() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "Sheet1", "rows": []}),
        )
        .await;
    assert!(err.contains("`rows` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "Sheet1", "rows": [["a"]], "insert_data_option": "APPEND"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") && err.contains("APPEND"),
        "{err}"
    );
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn clear_range_has_no_body() {
    let s = setup().await;
    expect("POST", ss("/values/Sheet1%21A2%3AD:clear"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "clearedRange": "Sheet1!A2:D1000"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_clear_range",
            json!({"spreadsheet_id": SID, "range": "Sheet1!$A$2:$D"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "clearedRange": "Sheet1!A2:D1000"})
    );
}

#[tokio::test]
async fn clear_range_not_found() {
    let s = setup().await;
    expect("POST", "/v4/spreadsheets/gone/values/A1:clear")
        .bearer(TOKEN)
        .respond_with(&s.fake, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_clear_range",
            json!({"spreadsheet_id": "gone", "range": "A1"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Requested entity was not found"),
        "{err}"
    );
}

/// Vendor numbers pass through as sent (a negative one included) and fields Google leaves out
/// stay out: every result still validates against its tool's outputSchema (the test client
/// checks each one), for each write tool.
#[tokio::test]
async fn write_results_stay_within_their_output_schemas() {
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    let s = setup().await;
    let odd = json!({
        "updatedCells": -1, "updatedRows": -2, "updatedColumns": -3,
        "totalUpdatedCells": -1, "totalUpdatedRows": -1, "totalUpdatedColumns": -1,
        "totalUpdatedSheets": -1,
        "updates": {"updatedRows": -1, "updatedCells": -1}
    });
    Mock::given(matchers::path_regex("^/v4/spreadsheets/"))
        .respond_with(ResponseTemplate::new(200).set_body_json(odd))
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_write_to_cell",
            json!({"spreadsheet_id": SID, "column": "A", "row": 1, "value": "x", "sheet_name": "Sheet1"}),
        )
        .await;
    assert_eq!(v["updatedCells"], -1);
    let v = s
        .client
        .call_ok(
            "google_sheets_update_values",
            json!({"spreadsheet_id": SID, "range": "Sheet1!A1", "values": [["x"]]}),
        )
        .await;
    assert_eq!(v["updatedRows"], -2);
    s.client
        .call_ok(
            "google_sheets_batch_update_values",
            json!({"spreadsheet_id": SID, "data": [{"range": "Sheet1!A1", "values": [["x"]]}]}),
        )
        .await;
    s.client
        .call_ok(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "Sheet1", "rows": [["x"]]}),
        )
        .await;
}
