//! Spreadsheets: create (with the catalog's `data` format), get with cell data, and the Drive
//! listing with its page tokens, also from the binary at `GOOGLE_DRIVE_API_BASE_URL`.

use mcp_testkit::expect;
use mcp_vendor_google::testkit::drive_files_list;
use mcp_vendor_google::testkit::not_found;
use serde_json::{Value, json};

use crate::common::{SID, TOKEN, insufficient_scope, setup, ss};

const CREATE_FIELDS: &str =
    "spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title)";

fn created_body(id: &str, title: &str) -> Value {
    json!({
        "spreadsheetId": id,
        "properties": {"title": title},
        "sheets": [{"properties": {"sheetId": 0, "title": "Sheet1"}}],
        "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{id}/edit")
    })
}

#[tokio::test]
async fn create_spreadsheet_with_a_title_only() {
    let s = setup().await;
    expect("POST", "/v4/spreadsheets")
        .bearer(TOKEN)
        .query("fields", CREATE_FIELDS)
        .json_body(json!({"properties": {"title": "Budget 2024"}}))
        .respond(&s.fake, 200, created_body("1newSheetId", "Budget 2024"))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_create_spreadsheet",
            json!({"title": "Budget 2024"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "spreadsheetId": "1newSheetId",
            "title": "Budget 2024",
            "spreadsheetUrl": "https://docs.google.com/spreadsheets/d/1newSheetId/edit",
            "sheets": [{"sheetId": 0, "title": "Sheet1"}]
        })
    );
}

/// Google answers 200 `{}`: no id, so no spreadsheet to claim; a clear error (as Docs and
/// Slides give), not a result without its required `spreadsheetId`.
#[tokio::test]
async fn create_spreadsheet_without_an_id_in_the_answer_is_an_error() {
    let s = setup().await;
    expect("POST", "/v4/spreadsheets")
        .bearer(TOKEN)
        .query("fields", CREATE_FIELDS)
        .json_body(json!({"properties": {"title": "Empty"}}))
        .respond(&s.fake, 200, json!({}))
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_create_spreadsheet",
            json!({"title": "Empty"}),
        )
        .await;
    assert!(err.contains("sent no spreadsheet id"), "{err}");
}

#[tokio::test]
async fn create_spreadsheet_writes_the_data_as_grid_data() {
    let s = setup().await;
    // Rows 1-3 are one block, row 5 another; columns A..C; typed cells.
    let data = r#"{"1": {"A": "Name", "B": "Score"}, "2": {"A": "Ann", "B": 12}, "3": {"B": "=SUM(B2:B2)", "A": true}, "5": {"C": 1.5}}"#;
    let s1 = |t: &str| json!({"userEnteredValue": {"stringValue": t}});
    expect("POST", "/v4/spreadsheets")
        .bearer(TOKEN)
        .query("fields", CREATE_FIELDS)
        .json_body(json!({
            "properties": {"title": "Scores"},
            "sheets": [{
                "properties": {"title": "Sheet1", "gridProperties": {"rowCount": 1000, "columnCount": 26}},
                "data": [
                    {"startRow": 0, "startColumn": 0, "rowData": [
                        {"values": [s1("Name"), s1("Score"), {}]},
                        {"values": [s1("Ann"), {"userEnteredValue": {"numberValue": 12}}, {}]},
                        {"values": [{"userEnteredValue": {"boolValue": true}}, {"userEnteredValue": {"formulaValue": "=SUM(B2:B2)"}}, {}]}
                    ]},
                    {"startRow": 4, "startColumn": 0, "rowData": [
                        {"values": [{}, {}, {"userEnteredValue": {"numberValue": 1.5}}]}
                    ]}
                ]
            }]
        }))
        .respond(&s.fake, 200, created_body("1scores", "Scores"))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_create_spreadsheet",
            json!({"title": "Scores", "data": data}),
        )
        .await;
    assert_eq!(v["spreadsheetId"], "1scores");
}

#[tokio::test]
async fn create_spreadsheet_grows_the_grid_for_far_data_and_takes_an_object() {
    let s = setup().await;
    expect("POST", "/v4/spreadsheets")
        .bearer(TOKEN)
        .query("fields", CREATE_FIELDS)
        .json_body(json!({
            "properties": {"title": "Far"},
            "sheets": [{
                "properties": {"title": "Sheet1", "gridProperties": {"rowCount": 1500, "columnCount": 30}},
                "data": [{"startRow": 1499, "startColumn": 29, "rowData": [
                    {"values": [{"userEnteredValue": {"stringValue": "end"}}]}
                ]}]
            }]
        }))
        .respond(&s.fake, 200, created_body("1far", "Far"))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_create_spreadsheet",
            json!({"title": "Far", "data": {"1500": {"ad": "end"}}}),
        )
        .await;
    assert_eq!(v["title"], "Far");
}

#[tokio::test]
async fn create_spreadsheet_refuses_bad_data_before_calling_google() {
    let s = setup().await;
    for (data, reason) in [
        (json!("{not json"), "not JSON"),
        (json!("[1, 2]"), "expected a JSON object"),
        (json!({"x": {"A": 1}}), "`x` is not a row number"),
        (json!({"0": {"A": 1}}), "`0` is not a row number"),
        (json!({"1": {"A1": 1}}), "`A1` in row 1 is not a column"),
        (json!({"1": ["a"]}), "row 1 must map column letters"),
        (
            json!({"1": {"B": {"nested": true}}}),
            "B1: a cell value is text, a number or true/false",
        ),
    ] {
        let err = s
            .client
            .call_err(
                "google_sheets_create_spreadsheet",
                json!({"title": "T", "data": data}),
            )
            .await;
        assert!(
            err.contains("invalid `data`") && err.contains(reason),
            "{data}: {err}"
        );
    }
    let err = s
        .client
        .call_err("google_sheets_create_spreadsheet", json!({"title": "  "}))
        .await;
    assert!(err.contains("`title` must not be empty"), "{err}");
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn create_spreadsheet_without_the_spreadsheets_scope() {
    let s = setup().await;
    expect("POST", "/v4/spreadsheets")
        .bearer(TOKEN)
        .query("fields", CREATE_FIELDS)
        .json_body(json!({"properties": {"title": "T"}}))
        .respond_with(
            &s.fake,
            insufficient_scope(
                "https://www.googleapis.com/auth/spreadsheets",
                "sheets.googleapis.com",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("google_sheets_create_spreadsheet", json!({"title": "T"}))
        .await;
    assert!(
        err.contains("403") && err.contains("Google Sheets"),
        "{err}"
    );
    assert!(
        err.contains("https://www.googleapis.com/auth/spreadsheets"),
        "{err}"
    );
}

fn get_fields(values: &str) -> String {
    format!(
        "spreadsheetId,spreadsheetUrl,properties.title,sheets(properties(sheetId,title,index,hidden,gridProperties(rowCount,columnCount)),data(startRow,startColumn,rowData(values({values}))))"
    )
}

#[tokio::test]
async fn get_spreadsheet_range_with_formatted_values() {
    let s = setup().await;
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("includeGridData", "true")
        .query("ranges", "'Q1 Sales'!B2:C4")
        .query("fields", get_fields("formattedValue"))
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "properties": {"title": "Budget"},
                "sheets": [{
                    "properties": {"sheetId": 222_222_222, "title": "Q1 Sales", "index": 2, "gridProperties": {"rowCount": 1000, "columnCount": 26}},
                    "data": [{"startRow": 1, "startColumn": 1, "rowData": [
                        {"values": [{"formattedValue": "Name"}, {"formattedValue": "Total"}]},
                        {"values": [{"formattedValue": "Ann"}, {"formattedValue": "$1,200.00"}]},
                        {},
                    ]}]
                }],
                "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{SID}/edit")
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_get_spreadsheet",
            json!({"spreadsheet_id": SID, "range": "Q1 Sales!B2:C4"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "title": "Budget",
            "spreadsheetId": SID,
            "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{SID}/edit"),
            "sheets": [{
                "sheetId": 222_222_222, "title": "Q1 Sales", "index": 2, "rowCount": 1000, "columnCount": 26,
                "data": {"2": {"B": "Name", "C": "Total"}, "3": {"B": "Ann", "C": "$1,200.00"}}
            }]
        })
    );
}

#[tokio::test]
async fn get_spreadsheet_user_entered_and_all_formats() {
    let s = setup().await;
    let sheet = |cells: Value| {
        json!({
            "spreadsheetId": SID,
            "properties": {"title": "Calc"},
            "sheets": [{"properties": {"title": "Sheet1", "gridProperties": {"rowCount": 10, "columnCount": 2}}, "data": [{"rowData": [{"values": cells}]}]}]
        })
    };
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("includeGridData", "true")
        .query("fields", get_fields("userEnteredValue"))
        .respond(
            &s.fake,
            200,
            sheet(json!([{"userEnteredValue": {"numberValue": 2}}, {"userEnteredValue": {"formulaValue": "=A1*2"}}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_get_spreadsheet",
            json!({"spreadsheet_id": SID, "cell_value_format": "userEntered"}),
        )
        .await;
    assert_eq!(v["sheets"][0]["data"], json!({"1": {"A": 2, "B": "=A1*2"}}));
    assert_eq!(v["sheets"][0]["sheetId"], 0);

    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("includeGridData", "true")
        .query("fields", get_fields("formattedValue,userEnteredValue"))
        .respond(
            &s.fake,
            200,
            sheet(
                json!([{}, {"userEnteredValue": {"formulaValue": "=A1*2"}, "formattedValue": "4"}]),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_get_spreadsheet",
            json!({"spreadsheet_id": SID, "cell_value_format": "all"}),
        )
        .await;
    assert_eq!(
        v["sheets"][0]["data"],
        json!({"1": {"B": {"userEnteredValue": "=A1*2", "formattedValue": "4"}}})
    );
}

#[tokio::test]
async fn get_spreadsheet_caps_the_cells_returned() {
    let s = setup().await;
    let row = json!({"values": vec![json!({"formattedValue": "x"}); 1000]});
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("includeGridData", "true")
        .query("fields", get_fields("formattedValue"))
        .respond(
            &s.fake,
            200,
            json!({"spreadsheetId": SID, "sheets": [{"properties": {"title": "Big"}, "data": [{"rowData": vec![row; 11]}]}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_get_spreadsheet",
            json!({"spreadsheet_id": SID}),
        )
        .await;
    assert_eq!(v["truncated"], true);
    let cells: usize = v["sheets"][0]["data"]
        .as_object()
        .unwrap()
        .values()
        .map(|r| r.as_object().unwrap().len())
        .sum();
    assert_eq!(cells, 10_000);
}

#[tokio::test]
async fn get_spreadsheet_not_found() {
    let s = setup().await;
    expect("GET", "/v4/spreadsheets/missing-id")
        .bearer(TOKEN)
        .query("includeGridData", "true")
        .query("fields", get_fields("formattedValue"))
        .respond_with(&s.fake, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_get_spreadsheet",
            json!({"spreadsheet_id": "https://docs.google.com/spreadsheets/d/missing-id/edit#gid=0"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("NOT_FOUND"), "{err}");
    assert!(err.contains("Requested entity was not found"), "{err}");
    assert!(err.contains("check the id"), "{err}");
}

const DRIVE_FIELDS: &str = "nextPageToken,incompleteSearch,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))";
const SHEETS_MIME: &str = "application/vnd.google-apps.spreadsheet";
const SHEETS_Q: &str = "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false";

#[tokio::test]
async fn list_spreadsheets_through_drive_with_pages() {
    let s = setup().await;
    drive_files_list(TOKEN, SHEETS_MIME, DRIVE_FIELDS)
        .respond(
            &s.drive,
            200,
            json!({
                "nextPageToken": "~!!~AI9FV7Tq",
                "incompleteSearch": false,
                "files": [{
                    "id": "1abc",
                    "name": "Budget",
                    "createdTime": "2024-01-02T10:00:00.000Z",
                    "modifiedTime": "2024-06-01T09:30:00.000Z",
                    "webViewLink": "https://docs.google.com/spreadsheets/d/1abc/edit?usp=drivesdk",
                    "owners": [{"displayName": "Ann Example", "emailAddress": "ann@example.com"}, {"emailAddress": "bob@example.com"}]
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_sheets_list_spreadsheets", json!({}))
        .await;
    assert_eq!(
        v,
        json!({
            "total_count": 1,
            "spreadsheets": [{
                "id": "1abc",
                "name": "Budget",
                "createdTime": "2024-01-02T10:00:00.000Z",
                "modifiedTime": "2024-06-01T09:30:00.000Z",
                "webViewLink": "https://docs.google.com/spreadsheets/d/1abc/edit?usp=drivesdk",
                "owners": ["Ann Example", "bob@example.com"]
            }],
            "nextPageToken": "~!!~AI9FV7Tq",
            "incompleteSearch": false
        })
    );

    // The next page, filtered by name (a quote in the name is escaped for Drive's query).
    expect("GET", "/drive/v3/files")
        .bearer(TOKEN)
        .query("q", format!("{SHEETS_Q} and name contains 'Bob\\'s'"))
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 2)
        .query("pageToken", "~!!~AI9FV7Tq")
        .query("fields", DRIVE_FIELDS)
        .respond(&s.drive, 200, json!({"files": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_list_spreadsheets",
            json!({"name_contains": "Bob's", "page_size": 2, "page_token": "~!!~AI9FV7Tq"}),
        )
        .await;
    assert_eq!(v, json!({"total_count": 0, "spreadsheets": []}));
    // Nothing went to the Sheets API.
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn list_spreadsheets_without_a_drive_scope() {
    let s = setup().await;
    drive_files_list(TOKEN, SHEETS_MIME, DRIVE_FIELDS)
        .respond_with(
            &s.drive,
            insufficient_scope(
                "https://www.googleapis.com/auth/drive.metadata.readonly",
                "drive.googleapis.com",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("google_sheets_list_spreadsheets", json!({}))
        .await;
    assert!(err.contains("Google Drive API error 403"), "{err}");
    assert!(err.contains("ACCESS_TOKEN_SCOPE_INSUFFICIENT"), "{err}");
    assert!(err.contains("auth/drive.metadata.readonly"), "{err}");
}

#[tokio::test]
async fn the_binary_lists_through_the_drive_base_url() {
    mcp_vendor_google::testkit::binary_lists_through_drive(
        &google_sheets_mcp_server::SPEC,
        env!("CARGO_BIN_EXE_google-sheets-mcp-server"),
        "google_sheets_list_spreadsheets",
        (SHEETS_MIME, DRIVE_FIELDS),
        "spreadsheets",
    )
    .await;
}
