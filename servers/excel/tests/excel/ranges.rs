//! Cells and ranges: read a range or the used range, write a cell in a session.

use crate::common::{SESSION, SHEET_ID, TOKEN, WB, first_sheet, graph_error, req, session, setup};
use mcp_testkit::expect;
use serde_json::json;

fn range(address: &str) -> serde_json::Value {
    json!({"address": address, "addressLocal": address, "rowCount": 2, "columnCount": 2,
           "values": [["Item", "Cost"], ["Widget", 3.5]], "text": [["Item", "Cost"], ["Widget", "3.50"]],
           "formulas": [["Item", "Cost"], ["Widget", "=1+2.5"]]})
}

#[tokio::test]
async fn get_used_range_of_the_first_worksheet() {
    let s = setup().await;
    first_sheet(&s.fake, WB, false).await;
    req(
        "GET",
        &format!("{WB}/worksheets/%7B00000000-0001-0000-0000-000000000000%7D/usedRange"),
        &[],
    )
    .respond(&s.fake, 200, range("Sheet1!A1:B2"))
    .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_get_worksheet",
            json!({"workbook_url": "W1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"address": "Sheet1!A1:B2", "rowCount": 2, "columnCount": 2, "rows": [["Item", "Cost"], ["Widget", "3.50"]]})
    );
    let _ = SHEET_ID;
}

#[tokio::test]
async fn get_range_by_sheet_name_in_the_address() {
    let s = setup().await;
    req(
        "GET",
        &format!("{WB}/worksheets/Data%20Q3/range(address='A1:B2')"),
        &[],
    )
    .respond(&s.fake, 200, range("'Data Q3'!A1:B2"))
    .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_get_worksheet",
            json!({"workbook_url": "W1", "range": "'Data Q3'!a1:b2", "cell_value_format": "all"}),
        )
        .await;
    assert_eq!(v["formulas"][1][1], "=1+2.5");
    assert_eq!(v["values"][1][1], 3.5);
    let err = s
        .client
        .call_err(
            "microsoft_excel_get_worksheet",
            json!({"workbook_url": "W1", "range": "A1:B2')/x"}),
        )
        .await;
    assert!(err.contains("`range` must be an A1 address"), "{err}");
    req(
        "GET",
        &format!("{WB}/worksheets/Nope/range(address='A1')"),
        &[],
    )
    .respond(
        &s.fake,
        404,
        graph_error("ItemNotFound", "The requested resource doesn't exist."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_get_worksheet",
            json!({"workbook_url": "W1", "worksheet_name": "Nope", "range": "A1"}),
        )
        .await;
    assert!(err.contains("404 Not Found (ItemNotFound)"), "{err}");
}

#[tokio::test]
async fn write_to_cell_in_a_session() {
    let s = setup().await;
    session(&s.fake, WB).await;
    expect("PATCH", format!("{WB}/worksheets/Data/range(address='AA12')"))
        .bearer(TOKEN)
        .header("workbook-session-id", SESSION)
        .json_body(json!({"values": [["=SUM(A1:A3)"]]}))
        .respond(&s.fake, 200, json!({"address": "Data!AA12", "values": [[6]], "text": [["6"]], "formulas": [["=SUM(A1:A3)"]]}))
        .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_write_to_cell",
            json!({"workbook_url": "W1", "worksheet_name": "Data", "column": "aa", "row": 12, "value": "=SUM(A1:A3)"}),
        )
        .await;
    assert_eq!(v, json!({"address": "Data!AA12", "value": 6, "text": "6"}));
}

#[tokio::test]
async fn write_to_cell_first_sheet_failure_closes_the_session() {
    let s = setup().await;
    session(&s.fake, WB).await;
    first_sheet(&s.fake, WB, true).await;
    expect(
        "PATCH",
        format!("{WB}/worksheets/%7B00000000-0001-0000-0000-000000000000%7D/range(address='B3')"),
    )
    .bearer(TOKEN)
    .header("workbook-session-id", SESSION)
    .json_body(json!({"values": [["x"]]}))
    .respond(
        &s.fake,
        409,
        graph_error(
            "EditModeCannotAcquireLock",
            "The workbook is locked for editing",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_write_to_cell",
            json!({"workbook_url": "W1", "column": "B", "row": 3, "value": "x"}),
        )
        .await;
    assert!(err.contains("EditModeCannotAcquireLock"), "{err}");
    for (col, row) in [("A1", 1), ("B", 0)] {
        let err = s
            .client
            .call_err(
                "microsoft_excel_write_to_cell",
                json!({"workbook_url": "W1", "column": col, "row": row, "value": "x"}),
            )
            .await;
        assert!(err.contains("`column`") || err.contains("`row`"), "{err}");
    }
}
