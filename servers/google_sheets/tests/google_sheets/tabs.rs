//! Sheets (tabs): list, create several (one addSheet each, partial failures reported), and
//! delete by id or by title (looked up).

use mcp_testkit::expect;
use mcp_vendor_google::testkit::permission_denied;
use serde_json::json;

use crate::common::{SID, TOKEN, batch_reply, google_error, setup, sheet_meta, ss};

const LIST_FIELDS: &str = "spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title,index,sheetType,hidden,gridProperties(rowCount,columnCount))";

#[tokio::test]
async fn list_sheets_returns_metadata_only() {
    let s = setup().await;
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "spreadsheetId": SID,
                "properties": {"title": "Budget"},
                "sheets": [
                    {"properties": {"title": "Sheet1", "sheetType": "GRID", "gridProperties": {"rowCount": 1000, "columnCount": 26}}},
                    {"properties": {"sheetId": 7, "title": "Archive", "index": 1, "sheetType": "GRID", "hidden": true, "gridProperties": {"rowCount": 50, "columnCount": 5}}},
                    {"properties": {"sheetId": 9, "title": "Chart1", "index": 2, "sheetType": "OBJECT"}}
                ],
                "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{SID}/edit")
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_sheets_list_sheets", json!({"spreadsheet_id": SID}))
        .await;
    assert_eq!(
        v,
        json!({
            "spreadsheetId": SID,
            "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{SID}/edit"),
            "title": "Budget",
            "sheets": [
                {"sheetId": 0, "title": "Sheet1", "index": 0, "rowCount": 1000, "columnCount": 26},
                {"sheetId": 7, "title": "Archive", "index": 1, "rowCount": 50, "columnCount": 5, "hidden": true},
                {"sheetId": 9, "title": "Chart1", "index": 2, "sheetType": "OBJECT"}
            ]
        })
    );
}

#[tokio::test]
async fn list_sheets_refuses_a_bad_id_and_reports_google_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_sheets_list_sheets",
            json!({"spreadsheet_id": "../x"}),
        )
        .await;
    assert!(err.contains("is not a spreadsheet id"), "{err}");
    expect("GET", "/v4/spreadsheets/nope")
        .bearer(TOKEN)
        .query("fields", LIST_FIELDS)
        .respond_with(&s.fake, permission_denied())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_list_sheets",
            json!({"spreadsheet_id": "nope"}),
        )
        .await;
    assert!(err.contains("The caller does not have permission"), "{err}");
    assert!(err.contains("no permission for this resource"), "{err}");
}

fn add_sheet(title: &str) -> serde_json::Value {
    json!({"requests": [{"addSheet": {"properties": {"title": title}}}]})
}

fn added(title: &str, id: u64) -> serde_json::Value {
    batch_reply(json!([
        {"addSheet": {"properties": {"sheetId": id, "title": title, "index": 3, "sheetType": "GRID", "gridProperties": {"rowCount": 1000, "columnCount": 26}}}}
    ]))
}

#[tokio::test]
async fn create_sheets_adds_each_and_reports_failures() {
    let s = setup().await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(add_sheet("Q2"))
        .respond(&s.fake, 200, added("Q2", 123))
        .await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(add_sheet("Sheet1"))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "Invalid requests[0].addSheet: A sheet with the name \"Sheet1\" already exists. Please enter another name.",
            ),
        )
        .await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(add_sheet("Q3 'final'"))
        .respond(&s.fake, 200, added("Q3 'final'", 456))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_create_sheets",
            json!({"spreadsheet_id": SID, "sheet_names": ["Q2", " Sheet1 ", "Q3 'final'"]}),
        )
        .await;
    assert_eq!(
        v["created"],
        json!([{"title": "Q2", "sheetId": 123}, {"title": "Q3 'final'", "sheetId": 456}])
    );
    assert_eq!(v["spreadsheet_id"], SID);
    assert_eq!(v["failed"][0]["name"], "Sheet1");
    let e = v["failed"][0]["error"].as_str().unwrap();
    assert!(e.contains("400") && e.contains("already exists"), "{e}");
}

#[tokio::test]
async fn create_sheets_fails_when_none_is_created() {
    let s = setup().await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(add_sheet("Sheet1"))
        .respond(
            &s.fake,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid requests[0].addSheet: A sheet with the name \"Sheet1\" already exists. Please enter another name."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_create_sheets",
            json!({"spreadsheet_id": SID, "sheet_names": ["Sheet1"]}),
        )
        .await;
    assert!(err.contains("already exists"), "{err}");
}

#[tokio::test]
async fn create_sheets_checks_names_first() {
    let s = setup().await;
    for (names, reason) in [
        (json!([]), "`sheet_names` is empty"),
        (json!(["A", "a"]), "lists 'a' twice"),
        (json!(["ok", ""]), "`sheet_names` must not be empty"),
    ] {
        let err = s
            .client
            .call_err(
                "google_sheets_create_sheets",
                json!({"spreadsheet_id": SID, "sheet_names": names}),
            )
            .await;
        assert!(err.contains(reason), "{names}: {err}");
    }
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn delete_sheet_by_id() {
    let s = setup().await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"deleteSheet": {"sheetId": 0}}]}))
        .respond(&s.fake, 200, batch_reply(json!([{}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_delete_sheet",
            json!({"spreadsheet_id": SID, "sheet_id": 0}),
        )
        .await;
    assert_eq!(v, json!({"spreadsheetId": SID, "deletedSheetId": 0}));
}

#[tokio::test]
async fn delete_sheet_by_title_looks_the_id_up() {
    let s = setup().await;
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("fields", "sheets.properties(sheetId,title,hidden)")
        .respond(&s.fake, 200, sheet_meta())
        .await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"deleteSheet": {"sheetId": 1_111_111}}]}))
        .respond(&s.fake, 200, batch_reply(json!([{}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_delete_sheet",
            json!({"spreadsheet_id": SID, "sheet_name": "bob's DATA"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": SID, "deletedSheetId": 1_111_111, "title": "Bob's data"})
    );
}

#[tokio::test]
async fn delete_sheet_unknown_title_lists_the_sheets() {
    let s = setup().await;
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("fields", "sheets.properties(sheetId,title,hidden)")
        .respond(&s.fake, 200, sheet_meta())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_delete_sheet",
            json!({"spreadsheet_id": SID, "sheet_name": "Q9"}),
        )
        .await;
    assert!(err.contains("no sheet titled 'Q9'"), "{err}");
    assert!(
        err.contains("'Archive', 'Sheet1', 'Q1 Sales', 'Bob's data'"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_sheet_needs_exactly_one_of_id_and_name() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_sheets_delete_sheet", json!({"spreadsheet_id": SID}))
        .await;
    assert!(err.contains("`sheet_id` or `sheet_name`"), "{err}");
    let err = s
        .client
        .call_err(
            "google_sheets_delete_sheet",
            json!({"spreadsheet_id": SID, "sheet_id": 3, "sheet_name": "Sheet1"}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn delete_the_last_sheet_is_refused_by_google() {
    let s = setup().await;
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"deleteSheet": {"sheetId": 5}}]}))
        .respond(
            &s.fake,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid requests[0].deleteSheet: You can't remove all the visible sheets in a document."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_delete_sheet",
            json!({"spreadsheet_id": SID, "sheet_id": 5}),
        )
        .await;
    assert!(
        err.contains("INVALID_ARGUMENT") && err.contains("remove all the visible sheets"),
        "{err}"
    );
}
