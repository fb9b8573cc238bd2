//! Files python-pptx writes (its own default template, with notes, a picture, a chart with an
//! embedded workbook, a table) are opened, edited and saved by this server; python-pptx reads
//! the result, and every part the edit did not touch is byte for byte what python-pptx wrote.

use serde_json::json;

use crate::ws;

const WRITE: &str = r#"
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches
import base64, io
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[0])
s.shapes.title.text = "Python title"
s.placeholders[1].text = "Python subtitle"
s.notes_slide.notes_text_frame.text = "Speaker notes"
s2 = p.slides.add_slide(p.slide_layouts[1])
s2.shapes.title.text = "Second"
s2.placeholders[1].text_frame.text = "bullet"
png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
s2.shapes.add_picture(io.BytesIO(png), Inches(6), Inches(1), Inches(1), Inches(1))
cd = CategoryChartData(); cd.categories = ["a", "b"]; cd.add_series("S", (1, 2))
s2.shapes.add_chart(XL_CHART_TYPE.LINE, Inches(1), Inches(4), Inches(4), Inches(2), cd)
t = s2.shapes.add_table(2, 2, Inches(5), Inches(4), Inches(3), Inches(1)).table
t.cell(0, 0).text = "cell"
p.save("python.pptx")
"#;

#[tokio::test]
async fn python_pptx_files_are_edited_without_losing_parts() {
    let w = ws().await;
    w.py(WRITE, &[]);
    let before = w.part_names("python.pptx");
    w.ok("open_presentation", json!({"file_path": "python.pptx"}))
        .await;
    let info = w.ok("get_slide_info", json!({"slide_index": 1})).await;
    let kinds: Vec<&str> = info["shapes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["shape_type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["PLACEHOLDER", "PLACEHOLDER", "PICTURE", "CHART", "TABLE"]
    );
    let text = w.ok("extract_slide_text", json!({"slide_index": 0})).await;
    assert_eq!(text["title"], "Python title");
    // Edit: slide 1's title, its chart's data, a new slide with a table and a picture.
    w.ok(
        "populate_placeholder",
        json!({"slide_index": 1, "placeholder_idx": 0, "text": "Second, edited"}),
    )
    .await;
    w.ok("update_chart_data", json!({"slide_index": 1, "shape_index": 3, "categories": ["x", "y", "z"], "series_data": [{"name": "T", "values": [3, 2, 1]}]})).await;
    w.ok(
        "format_table_cell",
        json!({"slide_index": 1, "shape_index": 4, "row": 0, "col": 0, "bold": true}),
    )
    .await;
    w.ok("add_slide", json!({"layout_index": 5, "title": "Ours"}))
        .await;
    w.ok("add_table", json!({"slide_index": 2, "rows": 1, "cols": 1, "left": 1, "top": 2, "width": 2, "height": 1, "data": [["t"]]})).await;
    w.ok("save_presentation", json!({"file_path": "edited.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
p = Presentation(sys.argv[1])
s0, s1, s2 = p.slides
c = s1.shapes[3].chart
print(json.dumps({
  "titles": [s.shapes.title.text for s in p.slides],
  "notes": s0.notes_slide.notes_text_frame.text,
  "chart": [list(c.plots[0].categories), [list(x.values) for x in c.series]],
  "cell_bold": s1.shapes[4].table.cell(0, 0).text_frame.paragraphs[0].runs[0].font.bold,
  "pic": s1.shapes[2].image.size,
  "new_table": s2.shapes[1].table.cell(0, 0).text,
}))
"#,
        &["edited.pptx"],
    );
    assert_eq!(
        v["titles"],
        json!(["Python title", "Second, edited", "Ours"])
    );
    assert_eq!(v["notes"], "Speaker notes");
    assert_eq!(v["chart"], json!([["x", "y", "z"], [[3.0, 2.0, 1.0]]]));
    assert_eq!(v["cell_bold"], true);
    assert_eq!(v["pic"], json!([1, 1]));
    assert_eq!(v["new_table"], "t");
    // Every part python-pptx wrote is still there; those not edited are byte for byte equal.
    let after = w.part_names("edited.pptx");
    for name in &before {
        assert!(after.contains(name), "{name} was lost");
    }
    let workbook = before
        .iter()
        .find(|n| n.starts_with("ppt/embeddings/"))
        .unwrap()
        .clone();
    let edited = [
        workbook.as_str(),
        "[Content_Types].xml",
        "ppt/presentation.xml",
        "ppt/_rels/presentation.xml.rels",
        "ppt/slides/slide2.xml",
        "ppt/charts/chart1.xml",
    ];
    for name in before.iter().filter(|n| !edited.contains(&n.as_str())) {
        assert_eq!(
            w.part_bytes("python.pptx", name),
            w.part_bytes("edited.pptx", name),
            "{name} changed"
        );
    }
    // The embedded workbook of python-pptx's chart is kept and still referenced.
    assert!(
        after.iter().any(|n| n.starts_with("ppt/embeddings/")),
        "{after:?}"
    );
    let chart = w.part("edited.pptx", "ppt/charts/chart1.xml");
    assert!(chart.contains("externalData"), "{chart}");
    w.stop().await;
}
