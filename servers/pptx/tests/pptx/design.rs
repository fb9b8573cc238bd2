//! Templates, professional design, fonts and text fitting.

use serde_json::json;

use crate::{png_1x1, ws};

/// A minimal TrueType file: the sfnt header and a `name` table with the family "Test".
fn tiny_ttf() -> Vec<u8> {
    let mut name = vec![0, 0, 0, 1, 0, 18];
    name.extend_from_slice(&[0, 3, 0, 1, 0x04, 0x09, 0, 1, 0, 8, 0, 0]);
    for c in "Test".encode_utf16() {
        name.extend_from_slice(&c.to_be_bytes());
    }
    let mut b = vec![0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0];
    b.extend_from_slice(b"name");
    b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 28]);
    b.extend_from_slice(&(name.len() as u32).to_be_bytes());
    b.extend_from_slice(&name);
    b
}

#[tokio::test]
async fn slide_templates() {
    let w = ws().await;
    w.put("pic.png", png_1x1());
    let list = w.ok("list_slide_templates", json!({})).await;
    assert!(list["total_templates"].as_u64().unwrap() >= 10);
    assert_eq!(list["color_schemes"][0]["name"], "modern_blue");
    let info = w
        .ok(
            "get_template_info",
            json!({"template_id": "text_with_image"}),
        )
        .await;
    let roles: Vec<&str> = info["content_roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["title", "content", "image"]);
    let err = w
        .err("get_template_info", json!({"template_id": "nope"}))
        .await;
    assert!(err.contains("not one of"), "{err}");
    let r = w
        .ok(
            "create_presentation_from_templates",
            json!({"presentation_title": "Built", "color_scheme": "elegant_green", "template_sequence": [
                {"template_id": "title_slide", "content_mapping": {"title": "Hello", "subtitle": "World"}},
                {"template_id": "text_with_image", "content_mapping": {"title": "Pic", "content": ["a", "b"]}, "image_paths": {"image": "pic.png"}},
                {"template_id": "chart_slide", "content": {"title": "Numbers", "chart": {"type": "pie", "categories": ["x", "y"], "series": [{"name": "s", "values": [1, 3]}]}}},
                {"template_id": "key_metrics", "content_mapping": {"title": "KPIs", "metric_1": "42%", "label_1": "Growth"}}
            ]}),
        )
        .await;
    assert_eq!(r["slides"].as_array().unwrap().len(), 4);
    assert_eq!(
        r["slides"][1]["applied_roles"],
        json!(["title", "content", "image"])
    );
    w.ok("create_slide_from_template", json!({"template_id": "title_content", "layout_index": 1, "content_mapping": {"title": "Via placeholders", "content": ["one", "\ttwo"]}})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    w.ok("apply_slide_template", json!({"slide_index": 5, "template_id": "quote_slide", "color_scheme": "warm_red", "content_mapping": {"quote": "Simplicity", "author": "someone"}})).await;
    w.ok("save_presentation", json!({"file_path": "tpl.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
p = Presentation(sys.argv[1])
out = []
for s in p.slides:
    out.append({"text": [sh.text_frame.text for sh in s.shapes if sh.has_text_frame and sh.text_frame.text],
                "kinds": [str(sh.shape_type).split(" ")[0] for sh in s.shapes],
                "charts": [str(sh.chart.chart_type).split(" ")[0] for sh in s.shapes if sh.has_chart],
                "title": s.shapes.title.text if s.shapes.title is not None else None})
print(json.dumps({"title": p.core_properties.title, "slides": out}))
"#,
        &["tpl.pptx"],
    );
    assert_eq!(v["title"], "Built");
    let s = &v["slides"];
    assert!(
        s[0]["text"].as_array().unwrap().contains(&json!("Hello")),
        "{s}"
    );
    assert!(
        s[1]["kinds"]
            .as_array()
            .unwrap()
            .contains(&json!("PICTURE")),
        "{s}"
    );
    assert_eq!(s[2]["charts"], json!(["PIE"]));
    assert!(
        s[3]["text"].as_array().unwrap().contains(&json!("42%")),
        "{s}"
    );
    assert_eq!(
        s[4]["title"], "Via placeholders",
        "title and content go to the layout's placeholders"
    );
    assert!(
        s[4]["text"]
            .as_array()
            .unwrap()
            .contains(&json!("one\ntwo")),
        "{s}"
    );
    assert!(
        s[5]["text"]
            .as_array()
            .unwrap()
            .contains(&json!("Simplicity")),
        "{s}"
    );
    w.stop().await;
}

#[tokio::test]
async fn generated_outline_and_professional_design() {
    let w = ws().await;
    let r = w.ok("auto_generate_presentation", json!({"topic": "Solar power", "slide_count": 6, "presentation_type": "technical", "include_images": true, "presentation_id": "gen"})).await;
    assert_eq!(r["slide_count"], 6);
    assert!(r["images_note"].is_string());
    assert!(
        r["templates_used"]
            .as_array()
            .unwrap()
            .contains(&json!("chart_slide"))
    );
    let text = w.ok("extract_presentation_text", json!({})).await;
    assert!(
        text["all_presentation_text"]
            .as_str()
            .unwrap()
            .contains("Solar power")
    );
    let err = w
        .err(
            "auto_generate_presentation",
            json!({"topic": "x", "slide_count": 99}),
        )
        .await;
    assert!(err.contains("1 to 30"), "{err}");
    let schemes = w
        .ok(
            "apply_professional_design",
            json!({"operation": "get_schemes"}),
        )
        .await;
    assert_eq!(schemes["color_schemes"].as_array().unwrap().len(), 4);
    w.ok("create_presentation", json!({"id": "pro"})).await;
    let r = w.ok("apply_professional_design", json!({"operation": "slide", "slide_type": "title_content", "title": "Designed", "content": ["a", "b"], "color_scheme": "corporate_gray"})).await;
    assert_eq!(r["slide_index"], 0);
    w.ok("add_slide", json!({"layout_index": 1, "title": "Plain"}))
        .await;
    w.ok("add_shape", json!({"slide_index": 1, "shape_type": "rectangle", "left": 1, "top": 5, "width": 1, "height": 1})).await;
    w.ok("add_chart", json!({"slide_index": 1, "chart_type": "column", "left": 3, "top": 5, "width": 2, "height": 1, "categories": ["a"], "series_names": ["s"], "series_values": [[1]]})).await;
    let r = w
        .ok(
            "apply_professional_design",
            json!({"operation": "enhance", "color_scheme": "warm_red"}),
        )
        .await;
    assert_eq!(r["slides"], 2);
    w.ok("save_presentation", json!({"file_path": "pro.pptx"}))
        .await;
    let v = w.py_json(
        "import json, sys\nfrom pptx import Presentation\ns = Presentation(sys.argv[1]).slides[1]\nr = s.shapes.title.text_frame.paragraphs[0].runs[0]\nprint(json.dumps([str(r.font.color.rgb), r.font.bold, str(s.shapes[2].fill.fore_color.rgb)]))",
        &["pro.pptx"],
    );
    assert_eq!(v, json!(["C0504D", true, "C0504D"]));
    let chart = w.part("pro.pptx", "ppt/charts/chart1.xml");
    assert!(
        chart.contains("<c:spPr><a:solidFill><a:srgbClr val=\"C0504D\"/>"),
        "{chart}"
    );
    let err = w
        .err(
            "apply_professional_design",
            json!({"operation": "slide", "slide_type": "mystery"}),
        )
        .await;
    assert!(err.contains("slide_type"), "{err}");
    let err = w
        .err(
            "apply_professional_design",
            json!({"operation": "enhance", "color_scheme": "neon"}),
        )
        .await;
    assert!(err.contains("color_scheme"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn fonts_and_text_fitting() {
    let w = ws().await;
    w.put("fonts/tiny.ttf", tiny_ttf());
    w.put("fonts/bad.ttf", "not a font");
    let v = w
        .ok(
            "manage_fonts",
            json!({"operation": "analyze", "font_path": "fonts/tiny.ttf"}),
        )
        .await;
    assert_eq!(v["format"], "TrueType");
    assert_eq!(v["tables"], json!(["name"]));
    assert_eq!(v["names"]["family"], "Test");
    let v = w.ok("manage_fonts", json!({"operation": "recommend", "font_path": "fonts/tiny.ttf", "presentation_type": "academic"})).await;
    assert_eq!(v["heading_fonts"][0], "Cambria");
    let err = w
        .err(
            "manage_fonts",
            json!({"operation": "optimize", "font_path": "fonts/tiny.ttf", "text_content": "abc"}),
        )
        .await;
    assert!(err.contains("not supported by this server"), "{err}");
    let err = w
        .err(
            "manage_fonts",
            json!({"operation": "analyze", "font_path": "fonts/bad.ttf"}),
        )
        .await;
    assert!(err.contains("not a font"), "{err}");
    let err = w
        .err(
            "manage_fonts",
            json!({"operation": "analyze", "font_path": "../outside/x.ttf"}),
        )
        .await;
    assert!(err.contains("workspace rule"), "{err}");
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    w.ok(
        "manage_text",
        json!({"slide_index": 0, "operation": "add", "text": "short", "width": 4, "height": 1}),
    )
    .await;
    w.ok("manage_text", json!({"slide_index": 0, "operation": "add", "text": "long text ".repeat(80), "top": 3, "width": 4, "height": 1})).await;
    let r = w
        .ok(
            "optimize_slide_text",
            json!({"slide_index": 0, "max_font_size": 28}),
        )
        .await;
    assert_eq!(r["shapes"][0]["changes"][0], "font size 28 pt");
    let small = r["shapes"][1]["changes"][0].as_str().unwrap();
    assert_ne!(small, "font size 28 pt", "{r}");
    w.ok("save_presentation", json!({"file_path": "fit.pptx"}))
        .await;
    let v = w.py_json(
        "import json, sys\nfrom pptx import Presentation\ns = Presentation(sys.argv[1]).slides[0]\nprint(json.dumps([[r.font.size.pt for p in sh.text_frame.paragraphs for r in p.runs][0] for sh in s.shapes]))",
        &["fit.pptx"],
    );
    assert_eq!(v[0], 28.0);
    assert!(v[1].as_f64().unwrap() < 28.0);
    let err = w
        .err(
            "optimize_slide_text",
            json!({"slide_index": 0, "min_font_size": 30, "max_font_size": 10}),
        )
        .await;
    assert!(err.contains("min_font_size"), "{err}");
    w.stop().await;
}
