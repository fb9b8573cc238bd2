//! Charts umya-spreadsheet does not load (openpyxl anchors them to one cell) are carried over
//! into the workbook our edits write: the drawing, its charts and their relationships and
//! content types, checked on the package's parts by Python's zipfile and openpyxl (independent
//! readers). A deleted sheet takes its chart with it; an edit that would break a carried chart
//! is refused and leaves the file as it was.

use serde_json::json;

use crate::ws;

/// Two sheets, "Data" with a line chart of its own cells (anchored at G2) and "Other" with a
/// bar chart of Data's cells; `charted.xlsx`, and a copy of it as openpyxl wrote it.
const MAKE: &str = r##"
import openpyxl, shutil
from openpyxl.chart import LineChart, BarChart, Reference
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Data"
ws.append(["Month", "Sales"])
for i in range(1, 6):
    ws.append([f"M{i}", i * 10])
line = LineChart(); line.title = "Trend"
line.add_data(Reference(ws, min_col=2, min_row=1, max_row=6), titles_from_data=True)
ws.add_chart(line, "G2")
other = wb.create_sheet("Other")
other["A1"] = "keep me"
bar = BarChart(); bar.title = "Bars"
bar.add_data(Reference(ws, min_col=2, min_row=1, max_row=6), titles_from_data=True)
other.add_chart(bar, "C3")
wb.create_sheet("Spare")["A1"] = "spare"
wb.save("charted.xlsx")
shutil.copy("charted.xlsx", "theirs.xlsx")
"##;

/// For each sheet of `path`: its name, the drawing its relationships point at, the `r:id` of
/// its `<drawing>` element, whether the element precedes the sheet's later children, and the
/// charts of the drawing (through its relationships) with their content types. Then every
/// internal relationship whose target is missing, and every override naming a missing part.
const INSPECT: &str = r##"
import posixpath, re, sys, zipfile
import xml.etree.ElementTree as ET
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
P = "{http://schemas.openxmlformats.org/package/2006/relationships}"
S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
def rels(part):
    d, f = posixpath.split(part)
    rp = posixpath.join(d, "_rels", f + ".rels")
    if rp not in names:
        return []
    out = []
    for r in ET.fromstring(z.read(rp)).iter(P + "Relationship"):
        t = r.get("Target")
        if r.get("TargetMode") != "External":
            t = t.lstrip("/") if t.startswith("/") else posixpath.normpath(posixpath.join(d, t))
        out.append((r.get("Id"), r.get("Type").rsplit("/", 1)[-1], t, r.get("TargetMode")))
    return out
types = ET.fromstring(z.read("[Content_Types].xml"))
over = {o.get("PartName").lstrip("/"): o.get("ContentType") for o in types.iter(CT + "Override")}
wbrels = {i: t for i, _, t, _ in rels("xl/workbook.xml")}
for s in ET.fromstring(z.read("xl/workbook.xml")).iter(S + "sheet"):
    part = wbrels[s.get(R + "id")]
    drawing = [(i, t) for i, ty, t, _ in rels(part) if ty == "drawing"]
    root = ET.fromstring(z.read(part))
    kids = [k.tag.replace(S, "") for k in root]
    el = root.find(S + "drawing")
    rid = el.get(R + "id") if el is not None else None
    order = None
    if el is not None:
        later = ["legacyDrawing", "tableParts", "extLst"]
        order = all(kids.index("drawing") < kids.index(k) for k in later if k in kids) and kids.index("drawing") > kids.index("sheetData")
    charts = []
    for i, t in drawing:
        for _, ty, c, _ in rels(t):
            charts.append((ty, c in names, over.get(c, "").rsplit(".", 1)[-1]))
        charts.insert(0, ("drawing", t in names, over.get(t, "").rsplit(".", 1)[-1], i == rid))
    print(s.get("name"), charts, order)
dangling = []
for n in sorted(names):
    if n.endswith(".rels"):
        d = posixpath.dirname(posixpath.dirname(n))
        src = posixpath.join(d, posixpath.basename(n)[:-5])
        for _, ty, t, mode in rels(src):
            if mode != "External" and t not in names:
                dangling.append((n, t))
print("dangling", dangling, [p for p in over if p not in names])
print("parts", sorted(n for n in names if n.startswith(("xl/drawings/", "xl/charts/"))))
"##;

fn inspect(w: &crate::Ws, file: &str) -> Vec<String> {
    mcp_testkit::python::run_python(&["openpyxl"], &w.root(), INSPECT, &[file])
        .lines()
        .map(str::to_owned)
        .collect()
}

const DRAWING_OK: &str = "('drawing', True, 'drawing+xml', True), ('chart', True, 'chart+xml')";

#[tokio::test]
async fn charts_umya_does_not_load_survive_our_edits() {
    let w = ws().await;
    w.py(MAKE);
    let theirs = inspect(&w, "theirs.xlsx");
    assert_eq!(theirs[0], format!("Data [{DRAWING_OK}] True"), "{theirs:?}");
    // On the chart's sheet, on another sheet, and a format on the chart's data.
    w.ok(
        "write_data_to_excel",
        json!({"filepath": "charted.xlsx", "sheet_name": "Data",
        "data": [["M6", 60]], "start_cell": "A7"}),
    )
    .await;
    w.ok(
        "write_data_to_excel",
        json!({"filepath": "charted.xlsx", "sheet_name": "Spare",
        "data": [["edited"]], "start_cell": "B2"}),
    )
    .await;
    w.ok(
        "format_range",
        json!({"filepath": "charted.xlsx", "sheet_name": "Data",
        "start_cell": "B2", "end_cell": "B6", "bold": true, "number_format": "0.0"}),
    )
    .await;
    let ours = inspect(&w, "charted.xlsx");
    assert_eq!(ours[0], format!("Data [{DRAWING_OK}] True"), "{ours:?}");
    assert_eq!(ours[1], format!("Other [{DRAWING_OK}] True"), "{ours:?}");
    assert_eq!(ours[2], "Spare [] None", "{ours:?}");
    assert_eq!(ours[3], "dangling [] []", "{ours:?}");
    assert!(
        ours[4].contains("xl/charts/chart1.xml") && ours[4].contains("xl/charts/chart2.xml"),
        "{ours:?}"
    );
    // The charts are the bytes openpyxl wrote; openpyxl reads them back on their sheets, and
    // the cells have the new values and formats.
    let out = w.py(r##"
import openpyxl, zipfile
a, b = zipfile.ZipFile("theirs.xlsx"), zipfile.ZipFile("charted.xlsx")
print(sorted(a.read(n) for n in a.namelist() if n.startswith("xl/charts/")) == sorted(b.read(n) for n in b.namelist() if n.startswith("xl/charts/")))
wb = openpyxl.load_workbook("charted.xlsx")
d, o, s = wb["Data"], wb["Other"], wb["Spare"]
print([type(c).__name__ for c in d._charts], [type(c).__name__ for c in o._charts])
print([d.cell(r, 2).value for r in range(2, 8)], d["A7"].value, d["B2"].font.b, d["B2"].number_format)
print(o["A1"].value, s["A1"].value, s["B2"].value)
"##);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "True", "{out}");
    assert_eq!(lines[1], "['LineChart'] ['BarChart']", "{out}");
    assert_eq!(lines[2], "[10, 20, 30, 40, 50, 60] M6 True 0.0", "{out}");
    assert_eq!(lines[3], "keep me spare edited", "{out}");
    // A second round of edits keeps them too (now umya writes the same part names again).
    w.ok(
        "write_data_to_excel",
        json!({"filepath": "charted.xlsx", "sheet_name": "Other",
        "data": [["again"]], "start_cell": "A2"}),
    )
    .await;
    let again = inspect(&w, "charted.xlsx");
    assert_eq!(again[..4], ours[..4], "{again:?}");
    w.stop().await;
}

#[tokio::test]
async fn a_chart_made_by_us_and_one_carried_get_distinct_parts() {
    let w = ws().await;
    w.py(MAKE);
    // Our chart on the spare sheet: umya writes its own drawing1 / chart1; the carried ones
    // must take other names.
    w.ok(
        "create_chart",
        json!({"filepath": "charted.xlsx", "sheet_name": "Spare",
        "data_range": "A1:A1", "chart_type": "bar", "target_cell": "D2"}),
    )
    .await;
    let out = inspect(&w, "charted.xlsx");
    assert_eq!(out[0], format!("Data [{DRAWING_OK}] True"), "{out:?}");
    assert_eq!(out[1], format!("Other [{DRAWING_OK}] True"), "{out:?}");
    assert!(out[2].starts_with("Spare [('drawing', True"), "{out:?}");
    assert_eq!(out[3], "dangling [] []", "{out:?}");
    let charts = w
        .parts("charted.xlsx")
        .into_iter()
        .filter(|n| n.starts_with("xl/charts/chart"))
        .count();
    assert_eq!(charts, 3);
    w.stop().await;
}

#[tokio::test]
async fn deleting_the_sheet_of_a_chart_deletes_the_chart() {
    let w = ws().await;
    w.py(MAKE);
    // "Other" holds the bar chart (of Data's cells): deleting it leaves Data's chart only.
    w.ok(
        "delete_worksheet",
        json!({"filepath": "charted.xlsx", "sheet_name": "Other"}),
    )
    .await;
    let out = inspect(&w, "charted.xlsx");
    assert_eq!(out[0], format!("Data [{DRAWING_OK}] True"), "{out:?}");
    assert_eq!(out[1], "Spare [] None", "{out:?}");
    assert_eq!(out[2], "dangling [] []", "{out:?}");
    assert_eq!(
        out[3],
        "parts ['xl/charts/chart1.xml', 'xl/drawings/_rels/drawing1.xml.rels', 'xl/drawings/drawing1.xml']",
        "{out:?}"
    );
    let chart = w.part("charted.xlsx", "xl/charts/chart1.xml");
    assert!(chart.contains("lineChart"), "{chart}");
    w.stop().await;
}

#[tokio::test]
async fn edits_that_would_break_a_carried_chart_are_refused() {
    let w = ws().await;
    w.py(MAKE);
    let before = std::fs::read(w.at("charted.xlsx")).unwrap();
    // Both charts read Data's cells: renaming or deleting Data, or shifting its rows, would
    // leave them pointing at the wrong cells.
    let err = w
        .err(
            "rename_worksheet",
            json!({"filepath": "charted.xlsx", "old_name": "Data", "new_name": "Numbers"}),
        )
        .await;
    assert!(
        err.contains("was not changed") && err.contains("'Data' would be renamed"),
        "{err}"
    );
    let err = w
        .err(
            "delete_worksheet",
            json!({"filepath": "charted.xlsx", "sheet_name": "Data"}),
        )
        .await;
    assert!(err.contains("'Data' would be deleted"), "{err}");
    let err = w
        .err(
            "insert_rows",
            json!({"filepath": "charted.xlsx", "sheet_name": "Data", "start_row": 2}),
        )
        .await;
    assert!(
        err.contains("was not changed") && err.contains("rows or columns"),
        "{err}"
    );
    // A second drawing on a sheet that has one we carry cannot be merged.
    let err = w
        .err(
            "create_chart",
            json!({"filepath": "charted.xlsx", "sheet_name": "Other",
        "data_range": "A1:A1", "chart_type": "bar", "target_cell": "J2"}),
        )
        .await;
    assert!(err.contains("cannot merge"), "{err}");
    assert_eq!(std::fs::read(w.at("charted.xlsx")).unwrap(), before);
    // A sheet no chart reads may be renamed, and one holding a chart of other cells too.
    w.ok(
        "rename_worksheet",
        json!({"filepath": "charted.xlsx", "old_name": "Other", "new_name": "Bars"}),
    )
    .await;
    w.ok(
        "insert_rows",
        json!({"filepath": "charted.xlsx", "sheet_name": "Spare", "start_row": 1}),
    )
    .await;
    let out = inspect(&w, "charted.xlsx");
    assert_eq!(out[1], format!("Bars [{DRAWING_OK}] True"), "{out:?}");
    assert_eq!(out[3], "dangling [] []", "{out:?}");
    w.stop().await;
}
