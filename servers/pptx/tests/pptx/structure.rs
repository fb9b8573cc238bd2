//! Tables, shapes, connectors and charts, read back by python-pptx and checked on their XML.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn tables_with_header_and_cell_formatting() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 5, "title": "Table"}))
        .await;
    let r = w
        .ok(
            "add_table",
            json!({"slide_index": 0, "rows": 3, "cols": 2, "left": 1, "top": 2, "width": 6, "height": 2,
                   "data": [["Name", "Score"], ["Ada", 10], ["Bob", 7.5]],
                   "header_bg_color": [0, 0, 128], "border_color": [9, 9, 9], "body_bg_color": [250, 250, 250]}),
        )
        .await;
    assert_eq!(r["shape_index"], 1);
    w.ok(
        "format_table_cell",
        json!({"slide_index": 0, "shape_index": 1, "row": 1, "col": 1, "bold": true, "italic": true, "font_size": 18,
               "font_name": "Georgia", "color": [255, 0, 0], "bg_color": [255, 255, 0], "alignment": "right", "vertical_alignment": "bottom"}),
    )
    .await;
    w.ok("save_presentation", json!({"file_path": "table.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
s = Presentation(sys.argv[1]).slides[0]
t = s.shapes[1]
assert t.has_table
tb = t.table
cells = [[c.text for c in r.cells] for r in tb.rows]
c = tb.cell(1, 1)
r = c.text_frame.paragraphs[0].runs[0]
print(json.dumps({"cells": cells, "first_row": tb.first_row, "cols": len(tb.columns), "width": t.width,
  "bold": r.font.bold, "italic": r.font.italic, "size": r.font.size.pt, "font": r.font.name, "color": str(r.font.color.rgb),
  "fill": str(c.fill.fore_color.rgb), "align": str(c.text_frame.paragraphs[0].alignment), "anchor": str(c.vertical_anchor),
  "header_fill": str(tb.cell(0, 0).fill.fore_color.rgb), "header_bold": tb.cell(0,0).text_frame.paragraphs[0].runs[0].font.bold}))
"#,
        &["table.pptx"],
    );
    assert_eq!(
        v["cells"],
        json!([["Name", "Score"], ["Ada", "10"], ["Bob", "7.5"]])
    );
    assert_eq!(v["first_row"], true);
    assert_eq!(v["cols"], 2);
    assert_eq!(v["width"], 6 * 914400);
    assert_eq!(v["bold"], true);
    assert_eq!(v["italic"], true);
    assert_eq!(v["size"], 18.0);
    assert_eq!(v["font"], "Georgia");
    assert_eq!(v["color"], "FF0000");
    assert_eq!(v["fill"], "FFFF00");
    assert!(v["align"].as_str().unwrap().starts_with("RIGHT"), "{v}");
    assert!(v["anchor"].as_str().unwrap().starts_with("BOTTOM"), "{v}");
    assert_eq!(v["header_fill"], "000080");
    assert_eq!(v["header_bold"], true);
    // Schema order in a:tcPr: borders before the fill.
    let xml = w.part("table.pptx", "ppt/slides/slide1.xml");
    let tc = xml
        .split_once("<a:tcPr anchor=\"b\">")
        .expect("anchor on tcPr")
        .1;
    let tc = tc.split_once("</a:tcPr>").unwrap().0;
    assert!(
        tc.find("<a:lnB").unwrap() < tc.find("<a:solidFill><a:srgbClr val=\"FFFF00\"").unwrap(),
        "{tc}"
    );
    let info = w.ok("get_slide_info", json!({"slide_index": 0})).await;
    assert_eq!(info["shapes"][1]["shape_type"], "TABLE");
    assert_eq!(info["shapes"][1]["table"]["data"][2][0], "Bob");
    let err = w
        .err(
            "format_table_cell",
            json!({"slide_index": 0, "shape_index": 1, "row": 3, "col": 0}),
        )
        .await;
    assert!(err.contains("row 3 is out of range"), "{err}");
    let err = w
        .err(
            "format_table_cell",
            json!({"slide_index": 0, "shape_index": 0, "row": 0, "col": 0}),
        )
        .await;
    assert!(err.contains("not a table"), "{err}");
    let err = w.err("add_table", json!({"slide_index": 0, "rows": 0, "cols": 2, "left": 1, "top": 1, "width": 1, "height": 1})).await;
    assert!(err.contains("rows"), "{err}");
    let err = w.err("add_table", json!({"slide_index": 0, "rows": 1, "cols": 1, "left": 1, "top": 1, "width": -1, "height": 1})).await;
    assert!(err.contains("width"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn shapes_and_connectors() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    w.ok("add_shape", json!({"slide_index": 0, "shape_type": "rounded_rectangle", "left": 1, "top": 1, "width": 2, "height": 1, "fill_color": [10, 20, 30], "line_color": [1, 1, 1], "line_width": 2, "text": "Box", "font_size": 14, "font_color": [255, 255, 255]})).await;
    w.ok("add_shape", json!({"slide_index": 0, "shape_type": "oval", "left": 4, "top": 1, "width": 1, "height": 1})).await;
    w.ok("add_connector", json!({"slide_index": 0, "connector_type": "straight", "start_x": 3, "start_y": 1.5, "end_x": 4, "end_y": 1.5, "line_width": 2.5, "color": [200, 0, 0]})).await;
    w.ok("add_connector", json!({"slide_index": 0, "connector_type": "elbow", "start_x": 5, "start_y": 5, "end_x": 1, "end_y": 3})).await;
    w.ok("save_presentation", json!({"file_path": "shapes.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
s = Presentation(sys.argv[1]).slides[0]
out = []
for sh in s.shapes:
    d = {"type": str(sh.shape_type), "id": sh.shape_id}
    if sh.shape_type == 1:
        d["auto"] = str(sh.auto_shape_type); d["text"] = sh.text_frame.text
        d["fill"] = str(sh.fill.fore_color.rgb) if sh.fill.type == 1 else None
    else:
        d["begin"] = [sh.begin_x, sh.begin_y]; d["end"] = [sh.end_x, sh.end_y]; d["width_pt"] = sh.line.width.pt
    out.append(d)
print(json.dumps(out))
"#,
        &["shapes.pptx"],
    );
    assert!(
        v[0]["auto"]
            .as_str()
            .unwrap()
            .starts_with("ROUNDED_RECTANGLE"),
        "{v}"
    );
    assert_eq!(v[0]["text"], "Box");
    assert_eq!(v[0]["fill"], "0A141E");
    assert!(v[1]["auto"].as_str().unwrap().starts_with("OVAL"), "{v}");
    assert!(v[2]["type"].as_str().unwrap().starts_with("LINE"), "{v}");
    assert_eq!(v[2]["begin"], json!([3 * 914400, 1371600]));
    assert_eq!(v[2]["end"], json!([4 * 914400, 1371600]));
    assert_eq!(v[2]["width_pt"], 2.5);
    // A connector drawn right to left, bottom to top: flipped, begin and end kept.
    assert_eq!(v[3]["begin"], json!([5 * 914400, 5 * 914400]));
    assert_eq!(v[3]["end"], json!([914400, 3 * 914400]));
    let ids: Vec<i64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "shape ids are unique");
    let xml = w.part("shapes.pptx", "ppt/slides/slide1.xml");
    assert!(xml.contains("prst=\"bentConnector3\""), "{xml}");
    assert!(
        xml.contains("flipH=\"1\" flipV=\"1\"") || xml.contains("flipV=\"1\" flipH=\"1\""),
        "{xml}"
    );
    let err = w.err("add_shape", json!({"slide_index": 0, "shape_type": "spaceship", "left": 1, "top": 1, "width": 1, "height": 1})).await;
    assert!(err.contains("not one of"), "{err}");
    let err = w.err("add_connector", json!({"slide_index": 0, "connector_type": "zigzag", "start_x": 0, "start_y": 0, "end_x": 1, "end_y": 1})).await;
    assert!(err.contains("straight, elbow or curved"), "{err}");
    let err = w.err("add_shape", json!({"slide_index": 0, "shape_type": "oval", "left": 1e9, "top": 1, "width": 1, "height": 1})).await;
    assert!(err.contains("inches"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn charts_python_pptx_reads_type_and_values() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    let cats = json!(["Q1", "Q2", "Q3"]);
    for (i, kind) in [
        "column",
        "bar",
        "line",
        "pie",
        "doughnut",
        "area",
        "column_stacked",
    ]
    .iter()
    .enumerate()
    {
        let r = w
            .ok(
                "add_chart",
                json!({"slide_index": 0, "chart_type": kind, "left": 0.5, "top": 0.5, "width": 4, "height": 3,
                       "categories": cats, "series_names": ["Sales", "Costs"], "series_values": [[1, 2.5, 3], [4, 5, 6]],
                       "title": format!("{kind} chart"), "x_axis_title": "Quarter", "y_axis_title": "EUR",
                       "has_data_labels": i == 0, "legend_position": "bottom", "color_scheme": "warm_red"}),
            )
            .await;
        assert_eq!(r["shape_index"], i);
    }
    w.ok("save_presentation", json!({"file_path": "charts.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
s = Presentation(sys.argv[1]).slides[0]
out = []
for sh in s.shapes:
    c = sh.chart
    out.append({"type": str(c.chart_type), "cats": list(c.plots[0].categories), "series": [[se.name, list(se.values)] for se in c.series],
                "title": c.chart_title.text_frame.text if c.has_title else None, "legend": c.has_legend})
print(json.dumps(out))
"#,
        &["charts.pptx"],
    );
    let types: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    for (t, want) in types.iter().zip([
        "COLUMN_CLUSTERED",
        "BAR_CLUSTERED",
        "LINE",
        "PIE",
        "DOUGHNUT",
        "AREA",
        "COLUMN_STACKED",
    ]) {
        assert!(t.starts_with(want), "{t} is not {want}");
    }
    assert_eq!(v[0]["cats"], json!(["Q1", "Q2", "Q3"]));
    assert_eq!(
        v[0]["series"],
        json!([["Sales", [1.0, 2.5, 3.0]], ["Costs", [4.0, 5.0, 6.0]]])
    );
    assert_eq!(v[2]["title"], "line chart");
    assert_eq!(v[0]["legend"], true);
    // The chart part and its declarations.
    let ct = w.part("charts.pptx", "[Content_Types].xml");
    assert!(ct.contains("PartName=\"/ppt/charts/chart1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.drawingml.chart+xml\""), "{ct}");
    let rels = w.part("charts.pptx", "ppt/slides/_rels/slide1.xml.rels");
    assert!(
        rels.contains("relationships/chart\" Target=\"../charts/chart7.xml\""),
        "{rels}"
    );
    let chart = w.part("charts.pptx", "ppt/charts/chart1.xml");
    assert!(chart.contains("<c:showVal val=\"1\"/>"), "{chart}");
    assert!(chart.contains("<c:legendPos val=\"b\"/>"), "{chart}");
    assert!(chart.contains("C0504D"), "the scheme's colours: {chart}");
    // Each chart embeds its data as a workbook that python-pptx can replace.
    let rels = w.part("charts.pptx", "ppt/charts/_rels/chart1.xml.rels");
    assert!(
        rels.contains(
            "relationships/package\" Target=\"../embeddings/Microsoft_Excel_Worksheet1.xlsx\""
        ),
        "{rels}"
    );
    assert!(chart.contains("<c:externalData r:id=\"rId1\"><c:autoUpdate val=\"0\"/></c:externalData></c:chartSpace>"), "{chart}");
    std::fs::write(
        w.at("book.xlsx"),
        w.part_bytes(
            "charts.pptx",
            "ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx",
        ),
    )
    .unwrap();
    let rows = mcp_testkit::python::run_python(
        &["openpyxl"],
        &w.root(),
        "import json, openpyxl\nws = openpyxl.load_workbook('book.xlsx')['Sheet1']\nprint(json.dumps([[c.value for c in r] for r in ws.iter_rows()]))",
        &[],
    );
    assert_eq!(
        rows.trim(),
        r#"[[null, "Sales", "Costs"], ["Q1", 1, 4], ["Q2", 2.5, 5], ["Q3", 3, 6]]"#
    );
    let replaced = w.py(
        r#"
import sys
from pptx import Presentation
from pptx.chart.data import CategoryChartData
p = Presentation(sys.argv[1])
c = p.slides[0].shapes[0].chart
d = CategoryChartData(); d.categories = ["A"]; d.add_series("Z", (9,))
c.replace_data(d)
p.save("replaced.pptx")
print(list(Presentation("replaced.pptx").slides[0].shapes[0].chart.series[0].values))
"#,
        &["charts.pptx"],
    );
    assert_eq!(replaced.trim(), "[9.0]");
    // Update the data of the line chart.
    let r = w
        .ok(
            "update_chart_data",
            json!({"slide_index": 0, "shape_index": 2, "categories": ["Jan", "Feb"], "series_data": [{"name": "New", "values": [7, 8]}]}),
        )
        .await;
    assert_eq!(r["plot"], "lineChart");
    assert_eq!(r["workbook_updated"], true);
    w.ok("save_presentation", json!({"file_path": "charts2.pptx"}))
        .await;
    let v = w.py_json(
        "import json, sys\nfrom pptx import Presentation\nc = Presentation(sys.argv[1]).slides[0].shapes[2].chart\nprint(json.dumps([str(c.chart_type), list(c.plots[0].categories), [[s.name, list(s.values)] for s in c.series]]))",
        &["charts2.pptx"],
    );
    assert!(v[0].as_str().unwrap().starts_with("LINE"), "{v}");
    assert_eq!(v[1], json!(["Jan", "Feb"]));
    assert_eq!(v[2], json!([["New", [7.0, 8.0]]]));
    // Refusals.
    let err = w.err("add_chart", json!({"slide_index": 0, "chart_type": "radar3d", "left": 0, "top": 0, "width": 1, "height": 1, "categories": ["a"], "series_names": ["s"], "series_values": [[1]]})).await;
    assert!(err.contains("not one of"), "{err}");
    let err = w.err("add_chart", json!({"slide_index": 0, "chart_type": "pie", "left": 0, "top": 0, "width": 1, "height": 1, "categories": ["a", "b"], "series_names": ["s"], "series_values": [[1]]})).await;
    assert!(err.contains("one value per category"), "{err}");
    let err = w.err("add_chart", json!({"slide_index": 0, "chart_type": "pie", "left": 0, "top": 0, "width": 1, "height": 1, "categories": ["a"], "series_names": ["s", "t"], "series_values": [[1]]})).await;
    assert!(err.contains("one name per series"), "{err}");
    let err = w.err("update_chart_data", json!({"slide_index": 0, "shape_index": 9, "categories": ["a"], "series_data": [{"name": "s", "values": [1]}]})).await;
    assert!(err.contains("shape_index 9"), "{err}");
    w.ok("add_shape", json!({"slide_index": 0, "shape_type": "oval", "left": 1, "top": 1, "width": 1, "height": 1})).await;
    let err = w.err("update_chart_data", json!({"slide_index": 0, "shape_index": 7, "categories": ["a"], "series_data": [{"name": "s", "values": [1]}]})).await;
    assert!(err.contains("not a chart"), "{err}");
    w.stop().await;
}
