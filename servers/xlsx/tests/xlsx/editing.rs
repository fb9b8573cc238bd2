//! Every tool on workbooks the server makes, checked through its own reads, openpyxl and the
//! XML parts (where a reader would hide a mistake).

use serde_json::{Value, json};

use crate::ws;

const F: &str = "book.xlsx";

async fn seeded() -> crate::Ws {
    let w = ws().await;
    w.ok("create_workbook", json!({"filepath": F})).await;
    w.ok("write_data_to_excel", json!({"filepath": F, "sheet_name": "Sheet1", "data": [
        ["Region", "Product", "Units"], ["North", "A", 10], ["North", "B", 5], ["South", "A", 7], ["South", "A", 3]
    ]})).await;
    w
}

fn values(data: &Value) -> Vec<(String, Value)> {
    data["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["address"].as_str().unwrap().to_owned(),
                c["value"].clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn sheets_are_created_copied_renamed_and_deleted() {
    let w = seeded().await;
    w.ok(
        "create_worksheet",
        json!({"filepath": F, "sheet_name": "Extra"}),
    )
    .await;
    let err = w
        .err(
            "create_worksheet",
            json!({"filepath": F, "sheet_name": "extra"}),
        )
        .await;
    assert!(err.contains("already"), "{err}");
    w.ok(
        "create_table",
        json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5"}),
    )
    .await;
    w.ok(
        "copy_worksheet",
        json!({"filepath": F, "source_sheet": "Sheet1", "target_sheet": "Copy"}),
    )
    .await;
    w.ok(
        "rename_worksheet",
        json!({"filepath": F, "old_name": "Extra", "new_name": "Renamed"}),
    )
    .await;
    w.ok(
        "delete_worksheet",
        json!({"filepath": F, "sheet_name": "Renamed"}),
    )
    .await;
    let meta = w
        .json(
            "get_workbook_metadata",
            json!({"filepath": F, "include_ranges": true}),
        )
        .await;
    assert_eq!(meta["sheets"], json!(["Sheet1", "Copy"]));
    assert_eq!(meta["filename"], "book.xlsx");
    assert_eq!(meta["used_ranges"]["Copy"], "A1:C5");
    assert!(meta["size"].as_u64().unwrap() > 0);
    let out = w.py(r##"
import openpyxl
wb = openpyxl.load_workbook("book.xlsx")
print(wb.sheetnames, wb["Copy"]["C5"].value, sorted(n for s in wb for n in s.tables))
"##);
    assert_eq!(out.trim(), "['Sheet1', 'Copy'] 3 ['Table1', 'Table1_2']");
    w.stop().await;
}

#[tokio::test]
async fn formulas_are_checked_and_stored_as_formulas() {
    let w = seeded().await;
    let ok = w.ok("validate_formula_syntax", json!({"filepath": F, "sheet_name": "Sheet1", "cell": "D2", "formula": "=IF(C2>5,\"big\",ROUND(C2/2,0))"})).await;
    assert!(ok.contains("is valid"), "{ok}");
    for (bad, why) in [
        ("=SUM(C2:C5", "never closed"),
        ("=SUM(C2:C5))", "no opening bracket"),
        ("=FOO(1)", "not a known Excel function"),
        ("=C2*", "ends with an operator"),
        ("=\"open", "not closed"),
        ("=WEBSERVICE(\"http://x\")", "outside the workbook"),
        ("=cmd|' /C calc'!A0", "DDE"),
        ("=SUM(XFE1)", "beyond the last column"),
        ("=", "empty"),
    ] {
        let err = w
            .err(
                "apply_formula",
                json!({"filepath": F, "sheet_name": "Sheet1", "cell": "D2", "formula": bad}),
            )
            .await;
        assert!(err.contains(why), "{bad}: {err}");
        let err = w
            .err(
                "validate_formula_syntax",
                json!({"filepath": F, "sheet_name": "Sheet1", "cell": "D2", "formula": bad}),
            )
            .await;
        assert!(err.contains(why), "{bad}: {err}");
    }
    let err = w
        .err(
            "write_data_to_excel",
            json!({"filepath": F, "sheet_name": "Sheet1", "data": [["=SUM(("]]}),
        )
        .await;
    assert!(err.contains("not a valid formula"), "{err}");
    w.ok(
        "apply_formula",
        json!({"filepath": F, "sheet_name": "Sheet1", "cell": "C6", "formula": "SUM(C2:C5)"}),
    )
    .await;
    w.ok("write_data_to_excel", json!({"filepath": F, "sheet_name": "Sheet1", "data": [["=AVERAGE(C2:C5)", "text = not a formula"]], "start_cell": "C7"})).await;
    // The part itself: a formula element, no stale cached value, text as text.
    let sheet = w.part(F, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains("<f>SUM(C2:C5)</f>"), "{sheet}");
    assert!(sheet.contains("<f>AVERAGE(C2:C5)</f>"), "{sheet}");
    assert!(!sheet.contains("<f>text"), "{sheet}");
    let out = w.py(r##"
import openpyxl
ws = openpyxl.load_workbook("book.xlsx")["Sheet1"]
print(ws["C6"].value, ws["C7"].value, ws["D7"].value, ws["D7"].data_type)
"##);
    assert_eq!(
        out.trim(),
        "=SUM(C2:C5) =AVERAGE(C2:C5) text = not a formula s"
    );
    let data = w
        .json(
            "read_data_from_excel",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "C6", "end_cell": "C6"}),
        )
        .await;
    assert_eq!(data["cells"][0]["formula"], "=SUM(C2:C5)");
    w.stop().await;
}

#[tokio::test]
async fn ranges_are_read_copied_deleted_and_checked() {
    let w = seeded().await;
    let all = w
        .json(
            "read_data_from_excel",
            json!({"filepath": F, "sheet_name": "Sheet1"}),
        )
        .await;
    assert_eq!(all["range"], "A1:C5");
    assert_eq!(all["cells"].as_array().unwrap().len(), 15);
    assert_eq!(
        all["cells"][0],
        json!({"address": "A1", "value": "Region", "row": 1, "column": 1})
    );
    let preview = w.json("read_data_from_excel", json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "C100", "preview_only": true})).await;
    assert_eq!(preview["cells"].as_array().unwrap().len(), 12);
    w.ok(
        "apply_formula",
        json!({"filepath": F, "sheet_name": "Sheet1", "cell": "D2", "formula": "=C2*2"}),
    )
    .await;
    w.ok("copy_range", json!({"filepath": F, "sheet_name": "Sheet1", "source_start": "C2", "source_end": "D3", "target_start": "F10"})).await;
    w.ok(
        "create_worksheet",
        json!({"filepath": F, "sheet_name": "T"}),
    )
    .await;
    w.ok("copy_range", json!({"filepath": F, "sheet_name": "Sheet1", "source_start": "A1", "source_end": "B2", "target_start": "B2", "target_sheet": "T"})).await;
    let out = w.py(r##"
import openpyxl
wb = openpyxl.load_workbook("book.xlsx")
ws = wb["Sheet1"]
print(ws["F10"].value, ws["G10"].value, ws["F11"].value, wb["T"]["B2"].value, wb["T"]["C3"].value)
"##);
    assert_eq!(out.trim(), "10 =F10*2 5 Region A");
    w.ok(
        "delete_range",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "C2"}),
    )
    .await;
    let v = values(
        &w.json(
            "read_data_from_excel",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "C2"}),
        )
        .await,
    );
    assert_eq!(
        v,
        vec![
            ("A2".into(), json!("North")),
            ("B2".into(), json!("B")),
            ("C2".into(), json!(5))
        ]
    );
    w.ok("delete_range", json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "A2", "shift_direction": "left"})).await;
    let v = values(
        &w.json(
            "read_data_from_excel",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "B2"}),
        )
        .await,
    );
    assert_eq!(v, vec![("A2".into(), json!("B")), ("B2".into(), json!(5))]);
    let err = w.err("delete_range", json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A2", "end_cell": "A2", "shift_direction": "down"})).await;
    assert!(err.contains("up, left"), "{err}");
    let r = w
        .ok(
            "validate_excel_range",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "B3"}),
        )
        .await;
    assert!(
        r.contains("is valid") && r.contains("3 rows by 2 columns"),
        "{r}"
    );
    let err = w
        .err(
            "validate_excel_range",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "XFE1"}),
        )
        .await;
    assert!(err.contains("beyond the last column"), "{err}");
    let info = w
        .json(
            "get_data_validation_info",
            json!({"filepath": F, "sheet_name": "Sheet1"}),
        )
        .await;
    assert_eq!(info["validation_rules"], json!([]));
    w.stop().await;
}

#[tokio::test]
async fn rows_and_columns_are_inserted_and_deleted() {
    let w = seeded().await;
    w.ok(
        "apply_formula",
        json!({"filepath": F, "sheet_name": "Sheet1", "cell": "D5", "formula": "=SUM(C2:C5)"}),
    )
    .await;
    w.ok(
        "merge_cells",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "A7", "end_cell": "B7"}),
    )
    .await;
    w.ok(
        "insert_rows",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_row": 2, "count": 2}),
    )
    .await;
    w.ok(
        "insert_columns",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_col": 1}),
    )
    .await;
    let out = w.py(r##"
import openpyxl
ws = openpyxl.load_workbook("book.xlsx")["Sheet1"]
print(ws["B1"].value, ws["B4"].value, ws["E7"].value, [str(r) for r in ws.merged_cells.ranges])
"##);
    assert_eq!(out.trim(), "Region North =SUM(D4:D7) ['B9:C9']");
    w.ok(
        "delete_sheet_rows",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_row": 2, "count": 2}),
    )
    .await;
    w.ok(
        "delete_sheet_columns",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_col": 1}),
    )
    .await;
    let out = w.py(r##"
import openpyxl
ws = openpyxl.load_workbook("book.xlsx")["Sheet1"]
print(ws["A1"].value, ws["A2"].value, ws["D5"].value, [str(r) for r in ws.merged_cells.ranges])
"##);
    assert_eq!(out.trim(), "Region North =SUM(C2:C5) ['A7:B7']");
    w.stop().await;
}

#[tokio::test]
async fn merges_charts_tables_and_pivots() {
    let w = seeded().await;
    w.ok(
        "merge_cells",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "E1", "end_cell": "F2"}),
    )
    .await;
    let err = w
        .err(
            "merge_cells",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "F2", "end_cell": "G3"}),
        )
        .await;
    assert!(err.contains("overlaps"), "{err}");
    assert_eq!(
        w.json(
            "get_merged_cells",
            json!({"filepath": F, "sheet_name": "Sheet1"})
        )
        .await,
        json!(["E1:F2"])
    );
    assert!(
        w.part(F, "xl/worksheets/sheet1.xml")
            .contains(r##"<mergeCell ref="E1:F2"/>"##)
    );
    let err = w
        .err(
            "unmerge_cells",
            json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "E1", "end_cell": "F1"}),
        )
        .await;
    assert!(err.contains("E1:F2"), "{err}");
    w.ok(
        "unmerge_cells",
        json!({"filepath": F, "sheet_name": "Sheet1", "start_cell": "E1", "end_cell": "F2"}),
    )
    .await;
    assert_eq!(
        w.json(
            "get_merged_cells",
            json!({"filepath": F, "sheet_name": "Sheet1"})
        )
        .await,
        json!([])
    );

    for kind in ["line", "pie", "scatter", "area", "barh"] {
        w.ok("create_chart", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "B1:C5", "chart_type": kind, "target_cell": "H2", "title": kind})).await;
    }
    let err = w.err("create_chart", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "B1:C5", "chart_type": "sunburst", "target_cell": "H2"})).await;
    assert!(err.contains("not one of"), "{err}");
    let chart = w.part(F, "xl/charts/chart1.xml");
    assert!(chart.contains("<c:lineChart>"), "{chart}");
    assert!(chart.contains("Sheet1!$C$2:$C$5"), "{chart}");
    assert!(chart.contains("Sheet1!$B$2:$B$5"), "categories: {chart}");
    let charts = w
        .parts(F)
        .iter()
        .filter(|p| p.starts_with("xl/charts/chart"))
        .count();
    assert_eq!(charts, 5);
    let out = w.py(r##"
import openpyxl
ws = openpyxl.load_workbook("book.xlsx")["Sheet1"]
print(len(ws._charts) >= 4)
"##);
    assert_eq!(out.trim(), "True");

    let err = w.err("create_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "table_name": "A1"})).await;
    assert!(err.contains("not a valid table name"), "{err}");
    let err = w.err("create_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "table_style": "Fancy"})).await;
    assert!(err.contains("built-in"), "{err}");
    w.ok("create_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "table_name": "Units", "table_style": "TableStyleLight2"})).await;
    let err = w
        .err(
            "create_table",
            json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "B2:B3"}),
        )
        .await;
    assert!(err.contains("overlaps the table 'Units'"), "{err}");
    let table = w.part(F, "xl/tables/table1.xml");
    assert!(
        table.contains(r##"ref="A1:C5""##) && table.contains(r##"name="TableStyleLight2""##),
        "{table}"
    );

    w.ok("create_pivot_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "rows": ["Region"], "values": ["Units"], "agg_func": "sum"})).await;
    w.ok("create_pivot_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "rows": ["Region"], "columns": ["Product"], "values": ["Units"], "agg_func": "mean"})).await;
    let pivot = w
        .json(
            "read_data_from_excel",
            json!({"filepath": F, "sheet_name": "Sheet1_pivot"}),
        )
        .await;
    let v: Vec<Value> = values(&pivot).into_iter().map(|(_, v)| v).collect();
    assert_eq!(
        v,
        vec![
            json!("Region"),
            json!("Units (mean) A"),
            json!("Units (mean) B"),
            json!("North"),
            json!(10),
            json!(5),
            json!("South"),
            json!(5)
        ]
    );
    let err = w.err("create_pivot_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "rows": ["Nope"], "values": ["Units"]})).await;
    assert!(err.contains("'Nope' is not a header"), "{err}");
    let err = w.err("create_pivot_table", json!({"filepath": F, "sheet_name": "Sheet1", "data_range": "A1:C5", "rows": ["Region"], "values": ["Units"], "agg_func": "median"})).await;
    assert!(err.contains("agg_func"), "{err}");
    w.stop().await;
}
