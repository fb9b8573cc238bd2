//! Round trips with an independent reader and writer, openpyxl: what we write opens there with
//! the cells, formulas, formats, merges, validation, conditional formats, charts and tables
//! asked for; what openpyxl writes we read and edit without losing the parts we did not touch.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn openpyxl_reads_what_we_write() {
    let w = ws().await;
    let f = "out/report.xlsx";
    w.ok("create_workbook", json!({"filepath": f})).await;
    w.ok(
        "write_data_to_excel",
        json!({"filepath": f, "sheet_name": "Sheet1", "data": [
            ["Region", "Q1", "Q2"], ["North", 10, 12.5], ["South", 7, 9], ["Note", true, null]
        ]}),
    )
    .await;
    w.ok(
        "apply_formula",
        json!({"filepath": f, "sheet_name": "Sheet1", "cell": "D2", "formula": "=SUM(B2:C2)"}),
    )
    .await;
    w.ok("format_range", json!({"filepath": f, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "C1",
        "bold": true, "italic": true, "font_size": 14, "font_color": "#FF0000", "bg_color": "FFFF00",
        "border_style": "thin", "alignment": "center", "wrap_text": true})).await;
    w.ok("format_range", json!({"filepath": f, "sheet_name": "Sheet1", "start_cell": "B2", "end_cell": "C3",
        "number_format": "0.00", "protection": {"locked": false},
        "conditional_format": {"type": "cell_is", "params": {"operator": "greaterThan", "formula": ["8"], "fill": {"color": "FFC7CE"}}}})).await;
    w.ok(
        "merge_cells",
        json!({"filepath": f, "sheet_name": "Sheet1", "start_cell": "A6", "end_cell": "C6"}),
    )
    .await;
    w.ok(
        "create_worksheet",
        json!({"filepath": f, "sheet_name": "Data two"}),
    )
    .await;
    w.ok(
        "create_chart",
        json!({"filepath": f, "sheet_name": "Sheet1", "data_range": "A1:C3", "chart_type": "bar",
        "target_cell": "F2", "title": "Sales", "x_axis": "Region", "y_axis": "Units"}),
    )
    .await;
    w.ok("create_table", json!({"filepath": f, "sheet_name": "Sheet1", "data_range": "A1:C3", "table_name": "Sales"})).await;
    let out = w.py(r##"
import openpyxl
wb = openpyxl.load_workbook("out/report.xlsx")
ws = wb["Sheet1"]
print(wb.sheetnames)
print([[c.value for c in r] for r in ws["A1:C4"]])
print(ws["D2"].value)
a1 = ws["A1"]
# umya writes the colors of Excel's default palette as palette indexes (2 is red, 5 yellow).
col = lambda c: c.rgb if c.type == "rgb" else ("indexed", c.indexed, openpyxl.styles.colors.COLOR_INDEX[c.indexed])
print(a1.font.b, a1.font.i, a1.font.sz, col(a1.font.color), col(a1.fill.fgColor), a1.border.left.style, a1.alignment.horizontal, a1.alignment.wrap_text)
print(ws["B2"].number_format, ws["B2"].protection.locked)
print([str(r) for r in ws.merged_cells.ranges])
cf = ws.conditional_formatting
print([(str(c.sqref), [(r.type, r.operator, r.formula) for r in c.rules]) for c in cf])
print(len(ws._charts), type(ws._charts[0]).__name__ if ws._charts else None)
print(dict(ws.tables.items()), [ws.tables[n].tableStyleInfo.name for n in ws.tables])
"##);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "['Sheet1', 'Data two']");
    assert_eq!(
        lines[1],
        "[['Region', 'Q1', 'Q2'], ['North', 10, 12.5], ['South', 7, 9], ['Note', True, None]]"
    );
    assert_eq!(lines[2], "=SUM(B2:C2)");
    assert_eq!(
        lines[3],
        "True True 14.0 ('indexed', 2, '00FF0000') ('indexed', 5, '00FFFF00') thin center True"
    );
    assert_eq!(lines[4], "0.00 False");
    assert_eq!(lines[5], "['A6:C6']");
    assert_eq!(lines[6], "[('B2:C3', [('cellIs', 'greaterThan', ['8'])])]");
    assert_eq!(lines[7], "1 BarChart");
    assert_eq!(lines[8], "{'Sales': 'A1:C3'} ['TableStyleMedium9']");
    w.stop().await;
}

#[tokio::test]
async fn we_read_and_edit_what_openpyxl_writes_keeping_the_rest() {
    let w = ws().await;
    w.py(r##"
import openpyxl
from openpyxl.chart import LineChart, Reference
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Data"
ws.append(["Month", "Sales", "Status"])
for i in range(1, 6):
    ws.append([f"M{i}", i * 10, "open"])
ws["B7"] = "=SUM(B2:B6)"
ws["A1"].font = Font(bold=True, color="FF0000FF")
ws["B1"].fill = PatternFill("solid", fgColor="FF00FF00")
ws["B2"].number_format = "#,##0.00"
ws.merge_cells("D1:E1")
dv = DataValidation(type="list", formula1='"open,closed"', allow_blank=True)
ws.add_data_validation(dv)
dv.add("C2:C6")
ws.conditional_formatting.add("B2:B6", CellIsRule(operator="greaterThan", formula=["20"], fill=PatternFill("solid", bgColor="FFFFC7CE")))
wb.create_sheet("Other")["A1"] = "keep me"
wb.save("theirs.xlsx")
ch = LineChart(); ch.title = "Trend"
ch.add_data(Reference(ws, min_col=2, min_row=1, max_row=6), titles_from_data=True)
ws.add_chart(ch, "G2")
wb.save("charted.xlsx")
"##);
    // Read: cells, the formula, the validation of the Status column.
    let data = w.json("read_data_from_excel", json!({"filepath": "theirs.xlsx", "sheet_name": "Data", "start_cell": "A1", "end_cell": "C7"})).await;
    let cells = data["cells"].as_array().unwrap();
    let find = |a: &str| cells.iter().find(|c| c["address"] == a).cloned().unwrap();
    assert_eq!(find("B3")["value"], 20);
    assert_eq!(find("B7")["formula"], "=SUM(B2:B6)");
    assert_eq!(find("C2")["validation"]["type"], "list");
    assert_eq!(
        find("C2")["validation"]["allowed_values"],
        json!(["open", "closed"])
    );
    let info = w
        .json(
            "get_data_validation_info",
            json!({"filepath": "theirs.xlsx", "sheet_name": "Data"}),
        )
        .await;
    assert_eq!(info["validation_rules"][0]["range"], "C2:C6");
    assert_eq!(
        w.json(
            "get_merged_cells",
            json!({"filepath": "theirs.xlsx", "sheet_name": "Data"})
        )
        .await,
        json!(["D1:E1"])
    );
    // Edit a cell; everything else stays.
    w.ok("write_data_to_excel", json!({"filepath": "theirs.xlsx", "sheet_name": "Data", "data": [["edited"]], "start_cell": "A8"})).await;
    let out = w.py(r##"
import openpyxl
wb = openpyxl.load_workbook("theirs.xlsx")
ws = wb["Data"]
print(wb.sheetnames, wb["Other"]["A1"].value, ws["A8"].value, ws["B7"].value)
print(ws["A1"].font.b, ws["A1"].font.color.rgb, ws["B1"].fill.fgColor.rgb, ws["B2"].number_format)
print([str(r) for r in ws.merged_cells.ranges])
print([(str(d.sqref), d.type, d.formula1) for d in ws.data_validations.dataValidation])
print([(str(c.sqref), [(r.type, r.operator, r.formula) for r in c.rules]) for c in ws.conditional_formatting])
print(len(ws._charts))
"##);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "['Data', 'Other'] keep me edited =SUM(B2:B6)");
    assert_eq!(lines[1], "True FF0000FF FF00FF00 #,##0.00");
    assert_eq!(lines[2], "['D1:E1']");
    assert_eq!(lines[3], "[('C2:C6', 'list', '\"open,closed\"')]");
    assert_eq!(lines[4], "[('B2:B6', [('cellIs', 'greaterThan', ['20'])])]");
    // umya-spreadsheet does not load openpyxl's charts (one-cell anchors): an edit carries
    // them over as they were (see keeping.rs); reads still work.
    w.ok("write_data_to_excel", json!({"filepath": "charted.xlsx", "sheet_name": "Data", "data": [["x"]], "start_cell": "A9"})).await;
    assert!(
        w.parts("charted.xlsx")
            .contains(&"xl/charts/chart1.xml".to_owned())
    );
    let data = w.json("read_data_from_excel", json!({"filepath": "charted.xlsx", "sheet_name": "Data", "start_cell": "B2", "end_cell": "B2"})).await;
    assert_eq!(data["cells"][0]["value"], 10);
    w.stop().await;
}

#[tokio::test]
async fn cached_formula_values_are_read_where_the_file_has_them() {
    let w = ws().await;
    // A formula with a cached value, as Excel saves it: openpyxl writes the formula, the
    // cached value is put in its sheet part by hand.
    w.py(r##"
import openpyxl, zipfile
wb = openpyxl.Workbook(); ws = wb.active; ws.title = "Calc"
ws["A1"] = 2; ws["B1"] = 3; ws["C1"] = "=A1*B1"
wb.save("plain.xlsx")
with zipfile.ZipFile("plain.xlsx") as src, zipfile.ZipFile("cached.xlsx", "w") as dst:
    for item in src.infolist():
        data = src.read(item.filename)
        if item.filename == "xl/worksheets/sheet1.xml":
            data = data.replace(b"<f>A1*B1</f><v></v>", b"<f>A1*B1</f><v>6</v>").replace(b"<f>A1*B1</f><v/>", b"<f>A1*B1</f><v>6</v>")
            assert b"<v>6</v>" in data, data
        dst.writestr(item, data)
"##);
    let data = w
        .json(
            "read_data_from_excel",
            json!({"filepath": "cached.xlsx", "sheet_name": "Calc"}),
        )
        .await;
    let c1 = &data["cells"][2];
    assert_eq!(c1["address"], "C1");
    assert_eq!(c1["value"], 6);
    assert_eq!(c1["formula"], "=A1*B1");
    w.stop().await;
}
