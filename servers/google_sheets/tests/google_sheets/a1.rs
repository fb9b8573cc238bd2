//! A1 notation: the table of valid and invalid ranges (pure function), and ranges driven
//! through a tool, where the canonical range must arrive as one encoded path segment and an
//! invalid one must not reach Google at all.

use google_sheets_mcp_server::a1::{self, A1, Bounds, Cells};
use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, setup, ss};

/// Valid ranges and the canonical form sent to Google.
const VALID: &[(&str, &str)] = &[
    ("A1", "A1"),
    ("a1", "A1"),
    ("A1:C10", "A1:C10"),
    ("C10:A1", "C10:A1"),
    ("A:A", "A:A"),
    ("A:C", "A:C"),
    ("1:3", "1:3"),
    ("B2:D", "B2:D"),
    ("$A$1:$B$2", "A1:B2"),
    ("ZZZ10000000", "ZZZ10000000"),
    ("Sheet1!A1:B2", "Sheet1!A1:B2"),
    ("Sheet1!A5:A", "Sheet1!A5:A"),
    ("Sheet1!1:2", "Sheet1!1:2"),
    ("Sheet1", "Sheet1"),
    ("MyNamedRange", "MyNamedRange"),
    ("'Sheet1'!A1", "Sheet1!A1"),
    ("'My Custom Sheet'!A:A", "'My Custom Sheet'!A:A"),
    ("'My Custom Sheet'", "'My Custom Sheet'"),
    ("'Sheet1'", "'Sheet1'"),
    ("Sheet 1!B2:D", "'Sheet 1'!B2:D"),
    ("'Bob''s data'!B2", "'Bob''s data'!B2"),
    ("'Jon's_Data'!A1:D5", "'Jon''s_Data'!A1:D5"),
    ("Bob's!A1", "'Bob''s'!A1"),
    ("'It''s ''quoted'''!C3", "'It''s ''quoted'''!C3"),
    ("'a!b'!A1", "'a!b'!A1"),
    ("'A1'", "'A1'"),
    ("'Q4'!A1", "'Q4'!A1"),
    ("Données!A1", "'Données'!A1"),
    ("  Sheet1!A1\n", "Sheet1!A1"),
];

/// Invalid ranges and a part of the error that says what is wrong.
const INVALID: &[(&str, &str)] = &[
    ("", "empty"),
    ("   ", "empty"),
    ("A0", "row numbers start at 1"),
    ("Sheet1!A0:B2", "row numbers start at 1"),
    ("A1:", "ends with `:`"),
    (":B2", "starts with `:`"),
    ("A1:B2:C3", "one `:`"),
    ("1A", "not a cell reference"),
    ("Sheet1!A1B2", "not a cell reference"),
    ("AAAA1:B2", "past the last column"),
    ("Sheet1!A1:B99999999", "past the last possible row"),
    ("5", "write a whole row as 5:5"),
    ("Sheet1!5", "write a whole row as 5:5"),
    ("Sheet1!A", "write a whole column as A:A"),
    ("A:B5", "mixes kinds"),
    ("A1:5", "mixes kinds"),
    ("R1C1", "R1C1 notation is not supported"),
    ("R1C1:R10C3", "R1C1 notation is not supported"),
    ("Sheet1!R[1]C[-1]", "R1C1 notation is not supported"),
    ("'Sheet 1!A1", "not closed"),
    ("'Sheet1'A1", "not closed"),
    ("''!A1", "between the quotes is empty"),
    ("!A1", "nothing before `!`"),
    ("Sheet1!", "no cells after `!`"),
    ("'My Sheet'!", "no cells after `!`"),
    ("Sheet 1'!A1", "does not start with one"),
    ("Sheet1\n!A1", "control character"),
];

#[test]
fn valid_ranges_parse_to_their_canonical_form() {
    for (input, canonical) in VALID {
        match a1::parse(input) {
            Ok(r) => assert_eq!(r.to_string(), *canonical, "{input:?}"),
            Err(e) => panic!("{input:?} should be valid: {e}"),
        }
    }
}

#[test]
fn invalid_ranges_are_refused_with_a_reason() {
    for (input, reason) in INVALID {
        match a1::parse(input) {
            Ok(r) => panic!("{input:?} should be invalid, parsed as {r:?}"),
            Err(e) => assert!(e.contains(reason), "{input:?}: {e}"),
        }
    }
}

#[test]
fn ranges_know_their_sheet_and_grid_bounds() {
    let r = a1::parse("'Bob''s data'!B2:D").unwrap();
    assert_eq!(r.sheet(), Some("Bob's data"));
    assert_eq!(
        r.cells().unwrap().bounds(),
        Bounds {
            start_row: Some(1),
            end_row: None,
            start_col: Some(1),
            end_col: Some(4)
        }
    );
    // Reversed corners cover the same cells.
    assert_eq!(
        a1::parse("C10:A1").unwrap().cells().unwrap().bounds(),
        Bounds {
            start_row: Some(0),
            end_row: Some(10),
            start_col: Some(0),
            end_col: Some(3)
        }
    );
    assert_eq!(
        a1::parse("2:4").unwrap().cells().unwrap().bounds(),
        Bounds {
            start_row: Some(1),
            end_row: Some(4),
            start_col: None,
            end_col: None
        }
    );
    assert_eq!(
        a1::parse("AA:AB").unwrap(),
        A1::Cells {
            sheet: None,
            cells: Cells::Columns { start: 27, end: 28 }
        }
    );
    assert_eq!(
        a1::parse("Totals").unwrap(),
        A1::Name {
            name: "Totals".into(),
            quoted: false
        }
    );
}

#[test]
fn column_letters_round_trip() {
    for (letters, n) in [
        ("A", 1),
        ("Z", 26),
        ("AA", 27),
        ("AZ", 52),
        ("ZZ", 702),
        ("AAA", 703),
        ("ZZZ", 18_278),
    ] {
        assert_eq!(a1::col_index(letters), Some(n), "{letters}");
        assert_eq!(a1::col_letters(n), letters, "{n}");
    }
    assert_eq!(a1::col_index("AAAA"), None);
    assert_eq!(a1::col_index("A1"), None);
    assert_eq!(a1::cell_range(Some("Sheet1"), 3, 5), "Sheet1!C5");
    assert_eq!(a1::cell_range(Some("Q1 Sales"), 28, 2), "'Q1 Sales'!AB2");
    assert_eq!(a1::cell_range(Some("Bob's"), 1, 1), "'Bob''s'!A1");
    assert_eq!(a1::cell_range(Some("A1"), 1, 1), "'A1'!A1");
    assert_eq!(a1::cell_range(None, 1, 1), "A1");
}

/// Through google_sheets_read_range: each range is sent canonical, as one encoded path
/// segment (`'` → %27, `!` → %21, `:` → %3A, space → %20).
#[tokio::test]
async fn ranges_arrive_canonical_and_encoded_in_the_path() {
    let s = setup().await;
    let cases = [
        ("Sheet1!A1:C10", "/values/Sheet1%21A1%3AC10"),
        ("Sheet 1!B2:D", "/values/%27Sheet%201%27%21B2%3AD"),
        (
            "'Bob''s data'!A:A",
            "/values/%27Bob%27%27s%20data%27%21A%3AA",
        ),
        ("1:3", "/values/1%3A3"),
        ("'Données'!A1", "/values/%27Donn%C3%A9es%27%21A1"),
    ];
    for (range, path) in cases {
        expect("GET", ss(path))
            .bearer(TOKEN)
            .respond(
                &s.fake,
                200,
                json!({"range": "Sheet1!A1:C10", "majorDimension": "ROWS", "values": [["x"]]}),
            )
            .await;
        let v = s
            .client
            .call_ok(
                "google_sheets_read_range",
                json!({"spreadsheet_id": crate::common::SID, "range": range}),
            )
            .await;
        assert_eq!(v["values"], json!([["x"]]), "{range}");
    }
}

/// Invalid ranges fail before any request, with the reason and the forms to use.
#[tokio::test]
async fn invalid_ranges_never_reach_google() {
    let s = setup().await;
    for range in ["A0", "'Sheet 1!A1", "R1C1", "Sheet1!A1:B2:C3", "A1:"] {
        for tool in [
            "google_sheets_read_range",
            "google_sheets_clear_range",
            "google_sheets_read_table",
        ] {
            let err = s
                .client
                .call_err(
                    tool,
                    json!({"spreadsheet_id": crate::common::SID, "range": range}),
                )
                .await;
            assert!(err.contains("invalid `range`"), "{tool} {range}: {err}");
            assert!(err.contains("A1 notation"), "{tool} {range}: {err}");
        }
    }
    let err = s
        .client
        .call_err(
            "google_sheets_update_values",
            json!({"spreadsheet_id": crate::common::SID, "range": "R2C3", "values": [[1]]}),
        )
        .await;
    assert!(err.contains("R1C1 notation is not supported"), "{err}");
    s.assert_nothing_sent().await;
}
