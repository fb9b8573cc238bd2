//! Slides, placeholders, bullets, text, hyperlinks, masters, transitions: through the tools,
//! read back by python-pptx and checked on the slide XML.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn slides_from_layouts_with_placeholders_bullets_and_text() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    let r = w
        .ok("add_slide", json!({"layout_index": 0, "title": "Welcome"}))
        .await;
    assert_eq!(r["slide_index"], 0);
    assert_eq!(r["layout_name"], "Title Slide");
    assert_eq!(r["title_set"], true);
    w.ok(
        "populate_placeholder",
        json!({"slide_index": 0, "placeholder_idx": 1, "text": "A subtitle\nsecond line"}),
    )
    .await;
    let r = w.ok("add_slide", json!({"title": "Points", "background_type": "gradient", "background_colors": [[255, 0, 0], [0, 0, 255]], "gradient_direction": "vertical"})).await;
    assert_eq!(r["slide_index"], 1);
    assert_eq!(r["layout_name"], "Title and Content");
    w.ok("add_bullet_points", json!({"slide_index": 1, "placeholder_idx": 1, "bullet_points": ["First", "\tSub point", "    Deeper", "Second"]})).await;
    w.ok(
        "add_slide",
        json!({"layout_index": 6, "background_type": "solid", "background_colors": [[10, 20, 30]]}),
    )
    .await;
    let r = w.ok("manage_text", json!({"slide_index": 2, "operation": "add", "text": "Hello & <world>", "left": 1, "top": 2, "width": 5, "height": 1, "font_size": 24, "bold": true, "italic": true, "color": [255, 0, 0], "font_name": "Arial", "alignment": "center", "vertical_alignment": "middle", "bg_color": [0, 255, 0]})).await;
    assert_eq!(r["shape_index"], 0);
    let r = w.ok("manage_text", json!({"slide_index": 2, "operation": "add", "text_runs": [{"text": "plain "}, {"text": "bold", "bold": true, "font_size": 20}, {"text": " link", "hyperlink": "https://example.com/x"}]})).await;
    assert_eq!(r["shape_index"], 1);
    w.ok("manage_text", json!({"slide_index": 2, "operation": "format", "shape_index": 1, "underline": true, "color": [0, 0, 255]})).await;
    w.ok("manage_text", json!({"slide_index": 2, "operation": "format_runs", "shape_index": 0, "text_runs": [{"text": "Run A", "italic": true}, {"text": "Run B", "font_name": "Courier New", "color": [1, 2, 3]}]})).await;
    w.ok("save_presentation", json!({"file_path": "text.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
p = Presentation(sys.argv[1])
out = []
for s in p.slides:
    shapes = []
    for sh in s.shapes:
        d = {"name": sh.name, "ph": sh.placeholder_format.idx if sh.is_placeholder else None}
        if sh.has_text_frame:
            d["paras"] = [[pa.level, pa.text, [(r.text, r.font.bold, r.font.italic, r.font.underline, r.font.size.pt if r.font.size else None, r.font.name, str(r.font.color.rgb) if r.font.color and r.font.color.type is not None else None, r.hyperlink.address) for r in pa.runs]] for pa in sh.text_frame.paragraphs]
        shapes.append(d)
    out.append({"layout": s.slide_layout.name, "shapes": shapes, "bg": s.background.fill.type is not None if s.follow_master_background is False else None})
print(json.dumps(out))
"#,
        &["text.pptx"],
    );
    assert_eq!(v[0]["layout"], "Title Slide");
    assert_eq!(v[0]["shapes"][0]["paras"][0][1], "Welcome");
    assert_eq!(v[0]["shapes"][1]["ph"], 1);
    assert_eq!(v[0]["shapes"][1]["paras"][1][1], "second line");
    let bullets = &v[1]["shapes"][1]["paras"];
    assert_eq!(bullets[0][0], 0);
    assert_eq!(bullets[0][1], "First");
    assert_eq!(bullets[1][0], 1);
    assert_eq!(bullets[1][1], "Sub point");
    assert_eq!(bullets[2][0], 2);
    assert_eq!(bullets[3][1], "Second");
    assert_eq!(v[1]["bg"], true);
    assert_eq!(v[2]["layout"], "Blank");
    let runs = &v[2]["shapes"][0]["paras"][0][2];
    assert_eq!(runs[0][0], "Run A");
    assert_eq!(runs[0][2], true);
    assert_eq!(runs[1][5], "Courier New");
    assert_eq!(runs[1][6], "010203");
    let runs = &v[2]["shapes"][1]["paras"][0][2];
    assert_eq!(
        runs[1],
        json!(["bold", true, null, true, 20.0, null, "0000FF", null])
    );
    assert_eq!(runs[2][7], "https://example.com/x");
    // The text box of the first add, on the slide's XML: escaped text, fill, anchor, alignment.
    let xml = w.part("text.pptx", "ppt/slides/slide3.xml");
    assert!(xml.contains("txBox=\"1\""), "{xml}");
    assert!(xml.contains("anchor=\"ctr\""), "{xml}");
    assert!(xml.contains("<a:srgbClr val=\"00FF00\"/>"), "{xml}");
    let slide2 = w.part("text.pptx", "ppt/slides/slide2.xml");
    assert!(slide2.contains("<a:lin ang=\"5400000\""), "{slide2}");
    // Slide text tools.
    let t = w.ok("extract_slide_text", json!({"slide_index": 1})).await;
    assert_eq!(t["title"], "Points");
    assert!(t["all_text"].as_str().unwrap().contains("Sub point"));
    let all = w.ok("extract_presentation_text", json!({})).await;
    assert_eq!(all["total_slides"], 3);
    assert!(
        all["all_presentation_text"]
            .as_str()
            .unwrap()
            .contains("Welcome")
    );
    assert_eq!(all["slides_text"][1]["layout_name"], "Title and Content");
    let short = w
        .ok(
            "extract_presentation_text",
            json!({"include_slide_info": false}),
        )
        .await;
    assert!(short["slides_text"][1].get("layout_name").is_none());
    let info = w.ok("get_slide_info", json!({"slide_index": 0})).await;
    assert_eq!(info["shape_count"], 2);
    assert_eq!(info["placeholders"][0]["type"], "ctrTitle");
    w.stop().await;
}

#[tokio::test]
async fn text_validation_and_refusals() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    let long = "word ".repeat(200);
    w.ok("manage_text", json!({"slide_index": 0, "operation": "add", "text": long, "width": 3, "height": 1, "font_size": 40})).await;
    let v = w.ok("manage_text", json!({"slide_index": 0, "operation": "validate", "shape_index": 0, "validation_only": true})).await;
    assert_eq!(v["fits"], false);
    assert_eq!(v["font_size_set"], serde_json::Value::Null);
    let v = w.ok("manage_text", json!({"slide_index": 0, "operation": "validate", "shape_index": 0, "min_font_size": 6})).await;
    let set = v["font_size_set"].as_i64().unwrap();
    assert!((6..40).contains(&set), "{v}");
    let err = w
        .err(
            "manage_text",
            json!({"slide_index": 0, "operation": "format"}),
        )
        .await;
    assert!(err.contains("needs shape_index"), "{err}");
    let err = w
        .err(
            "manage_text",
            json!({"slide_index": 0, "operation": "explode"}),
        )
        .await;
    assert!(err.contains("not one of add"), "{err}");
    let err = w
        .err(
            "manage_text",
            json!({"slide_index": 0, "operation": "add", "color": [300, 0, 0]}),
        )
        .await;
    assert!(err.contains("0 to 255"), "{err}");
    let err = w
        .err(
            "manage_text",
            json!({"slide_index": 0, "operation": "add", "alignment": "diagonal"}),
        )
        .await;
    assert!(err.contains("alignment"), "{err}");
    let err = w
        .err("manage_text", json!({"slide_index": 5, "operation": "add"}))
        .await;
    assert!(err.contains("slide_index 5 is out of range"), "{err}");
    let err = w
        .err(
            "manage_text",
            json!({"slide_index": 0, "operation": "format", "shape_index": 9}),
        )
        .await;
    assert!(err.contains("shape_index 9 is out of range"), "{err}");
    let err = w.err("add_slide", json!({"layout_index": 42})).await;
    assert!(err.contains("layout_index 42 is out of range"), "{err}");
    let err = w
        .err(
            "add_slide",
            json!({"background_type": "gradient", "background_colors": [[1, 2, 3]]}),
        )
        .await;
    assert!(err.contains("two or more"), "{err}");
    let err = w
        .err(
            "populate_placeholder",
            json!({"slide_index": 0, "placeholder_idx": 1, "text": "x"}),
        )
        .await;
    assert!(err.contains("no placeholder with idx 1"), "{err}");
    let err = w
        .err(
            "add_bullet_points",
            json!({"slide_index": 0, "placeholder_idx": 1, "bullet_points": []}),
        )
        .await;
    assert!(err.contains("empty"), "{err}");
    // A failed call changes nothing: still one slide.
    let info = w.ok("get_presentation_info", json!({})).await;
    assert_eq!(info["slide_count"], 1);
    w.stop().await;
}

#[tokio::test]
async fn hyperlinks_add_list_update_remove() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    w.ok(
        "manage_text",
        json!({"slide_index": 0, "operation": "add", "text": "Click here"}),
    )
    .await;
    w.ok("manage_hyperlinks", json!({"operation": "add", "slide_index": 0, "shape_index": 0, "url": "https://a.example/"})).await;
    w.ok("manage_hyperlinks", json!({"operation": "add", "slide_index": 0, "shape_index": 0, "url": "mailto:x@example.com", "text": " mail us"})).await;
    let l = w
        .ok(
            "manage_hyperlinks",
            json!({"operation": "list", "slide_index": 0}),
        )
        .await;
    assert_eq!(l["count"], 2);
    assert_eq!(l["hyperlinks"][0]["url"], "https://a.example/");
    assert_eq!(l["hyperlinks"][1]["text"], " mail us");
    w.ok("manage_hyperlinks", json!({"operation": "update", "slide_index": 0, "shape_index": 0, "run_index": 0, "url": "https://b.example/"})).await;
    w.ok(
        "manage_hyperlinks",
        json!({"operation": "remove", "slide_index": 0, "shape_index": 0, "run_index": 1}),
    )
    .await;
    w.ok("save_presentation", json!({"file_path": "links.pptx"}))
        .await;
    let v = w.py_json(
        "import json, sys\nfrom pptx import Presentation\ns = Presentation(sys.argv[1]).slides[0]\nprint(json.dumps([[r.text, r.hyperlink.address] for r in s.shapes[0].text_frame.paragraphs[0].runs]))",
        &["links.pptx"],
    );
    assert_eq!(
        v,
        json!([["Click here", "https://b.example/"], [" mail us", null]])
    );
    let err = w.err("manage_hyperlinks", json!({"operation": "add", "slide_index": 0, "shape_index": 0, "url": "javascript:alert(1)"})).await;
    assert!(err.contains("http(s)"), "{err}");
    let err = w
        .err(
            "manage_hyperlinks",
            json!({"operation": "remove", "slide_index": 0, "shape_index": 0, "run_index": 7}),
        )
        .await;
    assert!(err.contains("run_index 7"), "{err}");
    let err = w
        .err(
            "manage_hyperlinks",
            json!({"operation": "add", "slide_index": 0}),
        )
        .await;
    assert!(err.contains("needs shape_index"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn masters_and_transitions() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 1})).await;
    let m = w
        .ok("manage_slide_masters", json!({"operation": "list"}))
        .await;
    assert_eq!(m["total_masters"], 1);
    assert_eq!(m["slide_masters"][0]["layout_count"], 11);
    let l = w
        .ok("manage_slide_masters", json!({"operation": "get_layouts"}))
        .await;
    assert_eq!(l["layouts"][1]["slides_using"], 1);
    assert_eq!(l["layouts"][1]["type"], "obj");
    let i = w
        .ok(
            "manage_slide_masters",
            json!({"operation": "get_info", "layout_index": 3}),
        )
        .await;
    assert_eq!(i["name"], "Two Content");
    let i = w
        .ok("manage_slide_masters", json!({"operation": "get_info"}))
        .await;
    assert_eq!(i["layout_count"], 11);
    let err = w
        .err(
            "manage_slide_masters",
            json!({"operation": "get_layouts", "master_index": 3}),
        )
        .await;
    assert!(err.contains("master_index 3"), "{err}");
    let err = w
        .err(
            "manage_slide_masters",
            json!({"operation": "delete_layout"}),
        )
        .await;
    assert!(err.contains("does not change masters"), "{err}");
    w.ok(
        "manage_slide_transitions",
        json!({"slide_index": 0, "operation": "add", "transition_type": "push", "duration": 2.0}),
    )
    .await;
    let t = w
        .ok(
            "manage_slide_transitions",
            json!({"slide_index": 0, "operation": "get"}),
        )
        .await;
    assert_eq!(t["transition"]["type"], "push");
    assert_eq!(t["transition"]["speed"], "slow");
    w.ok("save_presentation", json!({"file_path": "t.pptx"}))
        .await;
    let xml = w.part("t.pptx", "ppt/slides/slide1.xml");
    let clr = xml.find("<p:clrMapOvr>").unwrap();
    let tr = xml
        .find("<p:transition spd=\"slow\"><p:push/></p:transition>")
        .unwrap();
    assert!(clr < tr, "the transition follows clrMapOvr: {xml}");
    w.ok(
        "manage_slide_transitions",
        json!({"slide_index": 0, "operation": "remove"}),
    )
    .await;
    let t = w
        .ok(
            "manage_slide_transitions",
            json!({"slide_index": 0, "operation": "get"}),
        )
        .await;
    assert_eq!(t["transition"], serde_json::Value::Null);
    let err = w
        .err(
            "manage_slide_transitions",
            json!({"slide_index": 0, "operation": "add", "transition_type": "spin"}),
        )
        .await;
    assert!(err.contains("not one of"), "{err}");
    w.stop().await;
}
