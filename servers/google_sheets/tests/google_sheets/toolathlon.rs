//! The `toolathlon` profile (Klavis's `google_sheets_toolathlon`): its cell and sheet tools,
//! each against the fake Sheets API with the exact request, and the JSON shapes that variant
//! answers.

use mcp_shared::Profile;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::{Value, json};

use crate::common::{SID, Setup, TOKEN, batch_reply, google_error, sheet_meta, ss};

pub const DST: &str = "1DstSpreadsheet_abcdefghijklmnopqrstuvwxyz012";

/// A fake Sheets API and Drive API, and a server under `--profile toolathlon` (with
/// `--drive-folder-id` when given).
pub async fn toolathlon(folder: Option<&str>) -> Setup {
    let fake = MockServer::start().await;
    let drive = MockServer::start().await;
    let mut settings = settings_for(&fake.uri()).with_api("drive", &drive.uri());
    settings.profile = Profile::Toolathlon;
    if let Some(f) = folder {
        settings = settings.with_option("drive-folder-id", f);
    }
    let server = TestServer::start(&google_sheets_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        fake,
        drive,
        server,
        client,
    }
}

/// The sheet list every tool that names a sheet reads first.
async fn expect_sheets(fake: &MockServer, times: u64) {
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("fields", "sheets.properties(sheetId,title,hidden)")
        .times(times)
        .respond(fake, 200, sheet_meta())
        .await;
}

#[tokio::test]
async fn get_sheet_data_reads_values_or_grid_data() {
    let s = toolathlon(None).await;
    expect("GET", ss("/values/%27Q1%20Sales%27%21A1%3AB2"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"range": "'Q1 Sales'!A1:B2", "majorDimension": "ROWS", "values": [["Name", "Total"], ["Ann", "12"]]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_sheet_data",
            json!({"spreadsheet_id": SID, "sheet": "Q1 Sales", "range": "A1:B2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "valueRanges": [{"range": "'Q1 Sales'!A1:B2", "values": [["Name", "Total"], ["Ann", "12"]]}]})
    );
    let grid = json!({"spreadsheetId": SID, "sheets": [{"properties": {"title": "Sheet1"}, "data": [{"rowData": []}]}]});
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("ranges", "Sheet1")
        .query("includeGridData", "true")
        .respond(&s.fake, 200, grid.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "get_sheet_data",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "include_grid_data": true}),
        )
        .await;
    assert_eq!(v, grid);
    // A range that names its own sheet is taken as it is (the variant prefixed it again).
    expect("GET", ss("/values/Other%21C3"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!({"range": "Other!C3"}))
        .await;
    let v = s
        .client
        .call_ok(
            "get_sheet_data",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "range": "Other!C3"}),
        )
        .await;
    assert_eq!(v["valueRanges"][0]["values"], json!([]));
}

#[tokio::test]
async fn get_sheet_formulas_asks_for_formulas() {
    let s = toolathlon(None).await;
    expect("GET", ss("/values/Sheet1%21A1%3AB2"))
        .bearer(TOKEN)
        .query("valueRenderOption", "FORMULA")
        .respond(
            &s.fake,
            200,
            json!({"range": "Sheet1!A1:B2", "values": [["1", "=A1*2"]]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_sheet_formulas",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "range": "A1:B2"}),
        )
        .await;
    assert_eq!(v, json!([["1", "=A1*2"]]));
}

#[tokio::test]
async fn update_cells_writes_user_entered_values() {
    let s = toolathlon(None).await;
    let answer = json!({"spreadsheetId": SID, "updatedRange": "'Bob''s data'!A1:B2", "updatedRows": 2, "updatedColumns": 2, "updatedCells": 4});
    expect("PUT", ss("/values/%27Bob%27%27s%20data%27%21A1%3AB2"))
        .bearer(TOKEN)
        .query("valueInputOption", "USER_ENTERED")
        .json_body(json!({"values": [["Name", "=SUM(1,2)"], [1.5, true]]}))
        .respond(&s.fake, 200, answer.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "update_cells",
            json!({"spreadsheet_id": SID, "sheet": "Bob's data", "range": "A1:B2",
                   "data": [["Name", "=SUM(1,2)"], [1.5, true]]}),
        )
        .await;
    assert_eq!(v, answer);
    let err = s
        .client
        .call_err(
            "update_cells",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "range": "A1", "data": []}),
        )
        .await;
    assert!(err.contains("`data` is empty"), "{err}");
}

#[tokio::test]
async fn batch_update_cells_writes_every_range_of_the_sheet() {
    let s = toolathlon(None).await;
    let answer = json!({"spreadsheetId": SID, "totalUpdatedCells": 5});
    expect("POST", ss("/values:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({
            "valueInputOption": "USER_ENTERED",
            "data": [
                {"range": "'Q1 Sales'!A1:B2", "values": [[1, 2], [3, 4]]},
                {"range": "'Q1 Sales'!D1", "values": [["x"]]}
            ]
        }))
        .respond(&s.fake, 200, answer.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "batch_update_cells",
            json!({"spreadsheet_id": SID, "sheet": "Q1 Sales",
                   "ranges": {"D1": [["x"]], "A1:B2": [[1, 2], [3, 4]]}}),
        )
        .await;
    assert_eq!(v, answer);
}

#[tokio::test]
async fn get_multiple_sheet_data_answers_each_query_with_data_or_error() {
    let s = toolathlon(None).await;
    expect("GET", ss("/values/Sheet1%21A1%3AA2"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!({"values": [["a"], ["b"]]}))
        .await;
    expect("GET", format!("/v4/spreadsheets/{DST}/values/Data%21B1"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            google_error(404, "NOT_FOUND", "Requested entity was not found."),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_multiple_sheet_data",
            json!({"queries": [
                {"spreadsheet_id": SID, "sheet": "Sheet1", "range": "A1:A2"},
                {"spreadsheet_id": DST, "sheet": "Data", "range": "B1"},
                {"sheet": "Data"}
            ]}),
        )
        .await;
    assert_eq!(
        v[0],
        json!({"spreadsheet_id": SID, "sheet": "Sheet1", "range": "A1:A2", "data": [["a"], ["b"]]})
    );
    assert!(
        v[1]["error"].as_str().unwrap_or_default().contains("404"),
        "{v}"
    );
    assert!(
        v[2]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("`spreadsheet_id`"),
        "{v}"
    );
}

#[tokio::test]
async fn get_multiple_spreadsheet_summary_reads_the_first_rows_of_every_sheet() {
    let s = toolathlon(None).await;
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query(
            "fields",
            "properties.title,sheets(properties(title,sheetId))",
        )
        .respond(
            &s.fake,
            200,
            json!({"properties": {"title": "Budget"}, "sheets": [
                {"properties": {"title": "Sheet1"}},
                {"properties": {"sheetId": 9, "title": "Q1 Sales"}}
            ]}),
        )
        .await;
    expect("GET", ss("/values:batchGet"))
        .bearer(TOKEN)
        .query("ranges", "Sheet1!1:3")
        .query("ranges", "'Q1 Sales'!1:3")
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "valueRanges": [
                {"range": "Sheet1!A1:B3", "values": [["Name", "Total"], ["Ann", "12"], ["Bob", "7"]]},
                {"range": "'Q1 Sales'!A1:Z3"}
            ]}),
        )
        .await;
    expect("GET", format!("/v4/spreadsheets/{DST}"))
        .bearer(TOKEN)
        .query(
            "fields",
            "properties.title,sheets(properties(title,sheetId))",
        )
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "PERMISSION_DENIED",
                "The caller does not have permission",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_multiple_spreadsheet_summary",
            json!({"spreadsheet_ids": [SID, DST], "rows_to_fetch": 3}),
        )
        .await;
    assert_eq!(
        v[0],
        json!({"spreadsheet_id": SID, "title": "Budget", "error": null, "sheets": [
            {"title": "Sheet1", "sheet_id": 0, "headers": ["Name", "Total"], "first_rows": [["Ann", "12"], ["Bob", "7"]], "error": null},
            {"title": "Q1 Sales", "sheet_id": 9, "headers": [], "first_rows": [], "error": null}
        ]})
    );
    assert_eq!(v[1]["title"], Value::Null);
    assert!(
        v[1]["error"].as_str().unwrap_or_default().contains("403"),
        "{v}"
    );
}

#[tokio::test]
async fn find_in_spreadsheet_scans_every_sheet_in_one_read() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 2).await;
    expect("GET", ss("/values:batchGet"))
        .bearer(TOKEN)
        .queries(&[
            ("ranges", "'Archive'"),
            ("ranges", "'Sheet1'"),
            ("ranges", "'Q1 Sales'"),
            ("ranges", "'Bob''s data'"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"valueRanges": [
                {"values": [["old Budget"]]},
                {"values": [["x", "y"], ["", "BUDGET 2024"]]},
                {},
                {"values": [["budget"]]}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "find_in_spreadsheet",
            json!({"spreadsheet_id": SID, "query": "budget", "max_results": 3}),
        )
        .await;
    assert_eq!(
        v,
        json!([
            {"sheet": "Archive", "cell": "A1", "value": "old Budget"},
            {"sheet": "Sheet1", "cell": "B2", "value": "BUDGET 2024"},
            {"sheet": "Bob's data", "cell": "A1", "value": "budget"}
        ])
    );
    expect("GET", ss("/values:batchGet"))
        .bearer(TOKEN)
        .query("ranges", "'Sheet1'")
        .respond(
            &s.fake,
            200,
            json!({"valueRanges": [{"values": [["Budget", "budget"]]}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "find_in_spreadsheet",
            json!({"spreadsheet_id": SID, "query": "budget", "sheet": "Sheet1", "case_sensitive": true}),
        )
        .await;
    assert_eq!(
        v,
        json!([{"sheet": "Sheet1", "cell": "B1", "value": "budget"}])
    );
}

#[tokio::test]
async fn add_rows_and_columns_insert_dimensions_on_the_named_sheet() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 2).await;
    let reply = batch_reply(json!([{}]));
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"insertDimension": {
            "range": {"sheetId": 222_222_222, "dimension": "ROWS", "startIndex": 2, "endIndex": 5},
            "inheritFromBefore": true
        }}]}))
        .respond(&s.fake, 200, reply.clone())
        .await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"insertDimension": {
            "range": {"sheetId": 0, "dimension": "COLUMNS", "startIndex": 0, "endIndex": 1},
            "inheritFromBefore": false
        }}]}))
        .respond(&s.fake, 200, reply.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "add_rows",
            json!({"spreadsheet_id": SID, "sheet": "Q1 Sales", "count": 3, "start_row": 2}),
        )
        .await;
    assert_eq!(v, reply);
    let v = s
        .client
        .call_ok(
            "add_columns",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "count": 1}),
        )
        .await;
    assert_eq!(v, reply);
}

#[tokio::test]
async fn an_unknown_sheet_is_an_error_naming_the_sheets() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 1).await;
    let err = s
        .client
        .call_err(
            "add_rows",
            json!({"spreadsheet_id": SID, "sheet": "Nope", "count": 1}),
        )
        .await;
    assert!(
        err.contains("no sheet titled 'Nope'") && err.contains("'Q1 Sales'"),
        "{err}"
    );
}

#[tokio::test]
async fn list_sheets_answers_their_names() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 1).await;
    let v = s
        .client
        .call_ok("list_sheets", json!({"spreadsheet_id": SID}))
        .await;
    assert_eq!(v, json!(["Archive", "Sheet1", "Q1 Sales", "Bob's data"]));
}

#[tokio::test]
async fn copy_sheet_copies_then_renames_in_the_destination() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 1).await;
    let copy = json!({"sheetId": 555, "title": "Copy of Q1 Sales", "index": 3, "sheetType": "GRID", "gridProperties": {"rowCount": 1000, "columnCount": 26}});
    expect("POST", ss("/sheets/222222222:copyTo"))
        .bearer(TOKEN)
        .json_body(json!({"destinationSpreadsheetId": DST}))
        .respond(&s.fake, 200, copy.clone())
        .await;
    let rename = json!({"spreadsheetId": DST, "replies": [{}]});
    expect("POST", format!("/v4/spreadsheets/{DST}:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"updateSheetProperties": {
            "properties": {"sheetId": 555, "title": "Sales copy"}, "fields": "title"
        }}]}))
        .respond(&s.fake, 200, rename.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "copy_sheet",
            json!({"src_spreadsheet": SID, "src_sheet": "Q1 Sales", "dst_spreadsheet": DST, "dst_sheet": "Sales copy"}),
        )
        .await;
    assert_eq!(v, json!({"copy": copy, "rename": rename}));
}

#[tokio::test]
async fn rename_sheet_and_create_sheet() {
    let s = toolathlon(None).await;
    expect_sheets(&s.fake, 1).await;
    let reply = batch_reply(json!([{}]));
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"updateSheetProperties": {
            "properties": {"sheetId": 1_111_111, "title": "Robert's data"}, "fields": "title"
        }}]}))
        .respond(&s.fake, 200, reply.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "rename_sheet",
            json!({"spreadsheet": SID, "sheet": "Bob's data", "new_name": "Robert's data"}),
        )
        .await;
    assert_eq!(v, reply);
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"addSheet": {"properties": {"title": "Q2"}}}]}))
        .respond(
            &s.fake,
            200,
            batch_reply(json!([{"addSheet": {"properties": {"sheetId": 42, "title": "Q2", "index": 4, "sheetType": "GRID"}}}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "create_sheet",
            json!({"spreadsheet_id": SID, "title": "Q2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"sheetId": 42, "title": "Q2", "index": 4, "spreadsheetId": SID})
    );
}

#[tokio::test]
async fn batch_update_sends_the_requests_as_they_are() {
    let s = toolathlon(None).await;
    let requests = json!([
        {"repeatCell": {"range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 1},
                        "cell": {"userEnteredFormat": {"textFormat": {"bold": true}}},
                        "fields": "userEnteredFormat.textFormat.bold"}},
        {"deleteDimension": {"range": {"sheetId": 0, "dimension": "ROWS", "startIndex": 5, "endIndex": 6}}}
    ]);
    let reply = batch_reply(json!([{}, {}]));
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": requests}))
        .respond(&s.fake, 200, reply.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "batch_update",
            json!({"spreadsheet_id": SID, "requests": requests}),
        )
        .await;
    assert_eq!(v, reply);
    let err = s
        .client
        .call_err(
            "batch_update",
            json!({"spreadsheet_id": SID, "requests": []}),
        )
        .await;
    assert!(err.contains("`requests` is empty"), "{err}");
}
