//! Basic formatting: one repeatCell whose `fields` mask names exactly what is set, on the
//! grid range of the A1 range (sheet id looked up by title).

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{SID, TOKEN, batch_reply, setup, sheet_meta, ss};

const META_FIELDS: &str = "sheets.properties(sheetId,title,hidden),namedRanges(name,range)";

async fn meta(s: &crate::common::Setup) {
    meta_times(s, 1).await;
}

async fn meta_times(s: &crate::common::Setup, n: u64) {
    expect("GET", ss(""))
        .bearer(TOKEN)
        .query("fields", META_FIELDS)
        .times(n)
        .respond(&s.fake, 200, sheet_meta())
        .await;
}

fn repeat_cell(range: Value, format: Value, fields: &str) -> Value {
    json!({"requests": [{"repeatCell": {"range": range, "cell": {"userEnteredFormat": format}, "fields": fields}}]})
}

async fn formatted(s: &crate::common::Setup, body: Value) {
    expect("POST", ss(":batchUpdate"))
        .bearer(TOKEN)
        .json_body(body)
        .respond(&s.fake, 200, batch_reply(json!([{}])))
        .await;
}

#[tokio::test]
async fn bold_header_with_background_on_a_named_sheet() {
    let s = setup().await;
    meta(&s).await;
    formatted(
        &s,
        repeat_cell(
            json!({"sheetId": 222_222_222, "startRowIndex": 0, "endRowIndex": 1, "startColumnIndex": 0, "endColumnIndex": 4}),
            json!({"textFormat": {"bold": true}, "backgroundColorStyle": {"rgbColor": {"red": 1.0, "green": 0.2, "blue": 0.0}}}),
            "userEnteredFormat.textFormat.bold,userEnteredFormat.backgroundColorStyle",
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "'Q1 Sales'!A1:D1", "bold": true, "background_color": "#FF3300"}),
        )
        .await;
    assert_eq!(v["range"], "'Q1 Sales'!A1:D1");
    assert_eq!(v["gridRange"]["sheetId"], 222_222_222);
    assert_eq!(
        v["fields"],
        "userEnteredFormat.textFormat.bold,userEnteredFormat.backgroundColorStyle"
    );
}

#[tokio::test]
async fn number_format_of_open_columns_on_the_first_visible_sheet() {
    let s = setup().await;
    meta(&s).await;
    // `B2:C` on the first visible sheet (Sheet1, id 0; the hidden Archive comes first).
    formatted(
        &s,
        repeat_cell(
            json!({"sheetId": 0, "startRowIndex": 1, "startColumnIndex": 1, "endColumnIndex": 3}),
            json!({"textFormat": {"italic": false}, "numberFormat": {"type": "CURRENCY", "pattern": "[$€-2] #,##0.00"}}),
            "userEnteredFormat.textFormat.italic,userEnteredFormat.numberFormat",
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "B2:C", "italic": false, "number_format_type": "CURRENCY", "number_format_pattern": "[$€-2] #,##0.00"}),
        )
        .await;
    assert_eq!(v["gridRange"]["sheetId"], 0);
}

#[tokio::test]
async fn whole_sheet_and_named_range() {
    let s = setup().await;
    meta(&s).await;
    formatted(
        &s,
        repeat_cell(
            json!({"sheetId": 1_111_111}),
            json!({"numberFormat": {"type": "PERCENT"}}),
            "userEnteredFormat.numberFormat",
        ),
    )
    .await;
    s.client
        .call_ok(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "'Bob''s data'", "number_format_type": "PERCENT"}),
        )
        .await;

    let s = setup().await;
    meta(&s).await;
    formatted(
        &s,
        repeat_cell(
            json!({"sheetId": 222_222_222, "startRowIndex": 9, "endRowIndex": 10, "startColumnIndex": 0, "endColumnIndex": 4}),
            json!({"textFormat": {"bold": true}}),
            "userEnteredFormat.textFormat.bold",
        ),
    )
    .await;
    s.client
        .call_ok(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "Totals", "bold": true}),
        )
        .await;
}

#[tokio::test]
async fn format_range_refuses_what_it_cannot_do_before_writing() {
    let s = setup().await;
    for (args, reason) in [
        (json!({"range": "A1"}), "nothing to format"),
        (
            json!({"range": "A1", "background_color": "red"}),
            "is not a hex colour",
        ),
        (
            json!({"range": "A1", "number_format_pattern": "0.0"}),
            "needs `number_format_type`",
        ),
        (
            json!({"range": "A1", "bold": true, "number_format_type": "MONEY"}),
            "invalid arguments",
        ),
        (
            json!({"range": "R1C1", "bold": true}),
            "R1C1 notation is not supported",
        ),
    ] {
        let mut a = args.clone();
        a["spreadsheet_id"] = json!(SID);
        let err = s.client.call_err("google_sheets_format_range", a).await;
        assert!(err.contains(reason), "{args}: {err}");
    }
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn format_range_on_an_unknown_sheet_lists_the_sheets() {
    let s = setup().await;
    meta_times(&s, 2).await;
    let err = s
        .client
        .call_err(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "Q9!A1", "bold": true}),
        )
        .await;
    assert!(
        err.contains("no sheet titled 'Q9'") && err.contains("'Q1 Sales'"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_sheets_format_range",
            json!({"spreadsheet_id": SID, "range": "Nothing", "bold": true}),
        )
        .await;
    assert!(err.contains("neither a sheet nor a named range"), "{err}");
    // Only the two look-ups, no batchUpdate.
    let reqs = s.fake.received_requests().await.unwrap_or_default();
    assert!(reqs.iter().all(|r| r.method.as_str() == "GET"), "{reqs:?}");
}
