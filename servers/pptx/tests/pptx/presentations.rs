//! Presentations: create, save, open, list, switch, information, properties, templates; and
//! the refusals of files and paths.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn a_new_presentation_opens_in_python_pptx_with_the_usual_layouts() {
    let w = ws().await;
    let r = w.ok("create_presentation", json!({"id": "deck"})).await;
    assert_eq!(r["presentation_id"], "deck");
    let r = w
        .ok("save_presentation", json!({"file_path": "out/new.pptx"}))
        .await;
    assert_eq!(r["file_path"], "out/new.pptx");
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
p = Presentation(sys.argv[1])
print(json.dumps({
  "layouts": [l.name for l in p.slide_layouts],
  "masters": len(p.slide_masters),
  "slides": len(p.slides),
  "width": p.slide_width, "height": p.slide_height,
  "title_ph": [ (ph.placeholder_format.idx, str(ph.placeholder_format.type)) for ph in p.slide_layouts[1].placeholders],
}))
"#,
        &["out/new.pptx"],
    );
    assert_eq!(
        v["layouts"],
        json!([
            "Title Slide",
            "Title and Content",
            "Section Header",
            "Two Content",
            "Comparison",
            "Title Only",
            "Blank",
            "Content with Caption",
            "Picture with Caption",
            "Title and Vertical Text",
            "Vertical Title and Text"
        ])
    );
    assert_eq!(v["masters"], 1);
    assert_eq!(v["slides"], 0);
    assert_eq!(v["width"], 9144000);
    assert_eq!(v["height"], 6858000);
    assert_eq!(v["title_ph"][0][0], 0);
    assert_eq!(v["title_ph"][1][0], 1);
    // The parts of a presentation, declared: master, theme, properties.
    let names = w.part_names("out/new.pptx");
    for p in [
        "[Content_Types].xml",
        "_rels/.rels",
        "ppt/presentation.xml",
        "ppt/presProps.xml",
        "ppt/viewProps.xml",
        "ppt/tableStyles.xml",
        "ppt/theme/theme1.xml",
        "ppt/slideMasters/slideMaster1.xml",
        "ppt/slideLayouts/slideLayout6.xml",
        "docProps/core.xml",
        "docProps/app.xml",
    ] {
        assert!(names.iter().any(|n| n == p), "{p} missing in {names:?}");
    }
    assert_eq!(names[0], "[Content_Types].xml");
    w.stop().await;
}

#[tokio::test]
async fn open_list_switch_and_info() {
    let w = ws().await;
    w.ok("create_presentation", json!({"id": "a"})).await;
    w.ok("add_slide", json!({"layout_index": 0, "title": "Deck A"}))
        .await;
    w.ok("save_presentation", json!({"file_path": "a.pptx"}))
        .await;
    w.ok("create_presentation", json!({})).await;
    let list = w.ok("list_presentations", json!({})).await;
    assert_eq!(list["total_presentations"], 2);
    let current = list["current_presentation_id"].as_str().unwrap().to_owned();
    assert_ne!(current, "a");
    w.ok("switch_presentation", json!({"presentation_id": "a"}))
        .await;
    let info = w.ok("get_presentation_info", json!({})).await;
    assert_eq!(info["presentation_id"], "a");
    assert_eq!(info["file_path"], "a.pptx");
    assert_eq!(info["slide_count"], 1);
    assert_eq!(info["slides"][0]["title"], "Deck A");
    assert_eq!(info["slides"][0]["layout"], "Title Slide");
    assert_eq!(info["slide_width"], 10.0);
    // Open the saved file under another id.
    let r = w
        .ok(
            "open_presentation",
            json!({"file_path": "a.pptx", "id": "b"}),
        )
        .await;
    assert_eq!(r["slide_count"], 1);
    let info = w
        .ok("get_presentation_info", json!({"presentation_id": "b"}))
        .await;
    assert_eq!(info["slides"][0]["title"], "Deck A");
    let err = w
        .err("switch_presentation", json!({"presentation_id": "nope"}))
        .await;
    assert!(err.contains("no open presentation has the id"), "{err}");
    let server = w.ok("get_server_info", json!({})).await;
    assert_eq!(server["open_presentations"], 3);
    assert_eq!(server["name"], "pptx-mcp-server");
    w.stop().await;
}

#[tokio::test]
async fn core_properties_are_read_by_python_pptx() {
    let w = ws().await;
    w.ok("create_presentation", json!({})).await;
    let err = w.err("set_core_properties", json!({})).await;
    assert!(err.contains("at least one"), "{err}");
    let r = w
        .ok(
            "set_core_properties",
            json!({"title": "Quarterly <Review> & plan", "subject": "Q3", "author": "Ada", "keywords": "q3, review", "comments": "draft"}),
        )
        .await;
    assert_eq!(r["core_properties"]["author"], "Ada");
    w.ok("save_presentation", json!({"file_path": "p.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
c = Presentation(sys.argv[1]).core_properties
print(json.dumps([c.title, c.subject, c.author, c.keywords, c.comments]))
"#,
        &["p.pptx"],
    );
    assert_eq!(
        v,
        json!([
            "Quarterly <Review> & plan",
            "Q3",
            "Ada",
            "q3, review",
            "draft"
        ])
    );
    w.stop().await;
}

#[tokio::test]
async fn a_template_written_by_python_pptx_starts_a_new_presentation() {
    let w = ws().await;
    w.py(
        r#"
from pptx import Presentation
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[0])
s.shapes.title.text = "From the template"
p.save("tpl.pptx")
"#,
        &[],
    );
    let info = w
        .ok(
            "get_template_file_info",
            json!({"template_path": "tpl.pptx"}),
        )
        .await;
    assert_eq!(info["slide_count"], 1);
    assert_eq!(info["layouts"][1]["name"], "Title and Content");
    assert_eq!(info["layouts"][1]["placeholders"][1]["idx"], 1);
    let r = w
        .ok(
            "create_presentation_from_template",
            json!({"template_path": "tpl.pptx", "id": "t"}),
        )
        .await;
    assert_eq!(r["slide_count"], 1);
    assert_eq!(r["layout_count"], 11);
    let info = w.ok("get_presentation_info", json!({})).await;
    assert_eq!(
        info["file_path"],
        serde_json::Value::Null,
        "a template is not the presentation's file"
    );
    w.ok("add_slide", json!({"layout_index": 1, "title": "Added"}))
        .await;
    w.ok("save_presentation", json!({"file_path": "from_tpl.pptx"}))
        .await;
    let out = w.py(
        r#"
import sys
from pptx import Presentation
for s in Presentation(sys.argv[1]).slides: print(s.shapes.title.text)
"#,
        &["from_tpl.pptx"],
    );
    assert_eq!(out.trim(), "From the template\nAdded");
    // The template file is unchanged.
    assert_eq!(w.py("import sys\nfrom pptx import Presentation\nprint(len(Presentation('tpl.pptx').slides))", &[]).trim(), "1");
    w.stop().await;
}

#[tokio::test]
async fn files_and_paths_are_refused_clearly() {
    let w = ws().await;
    let err = w.err("get_presentation_info", json!({})).await;
    assert!(err.contains("no presentation is open"), "{err}");
    let err = w
        .err("open_presentation", json!({"file_path": "missing.pptx"}))
        .await;
    assert!(err.contains("missing.pptx"), "{err}");
    for bad in [
        "../outside/x.pptx",
        "/etc/passwd",
        "~/x.pptx",
        "file:///etc/passwd",
        "C:\\x.pptx",
    ] {
        let err = w.err("open_presentation", json!({"file_path": bad})).await;
        assert!(err.contains("workspace rule"), "{bad}: {err}");
    }
    std::fs::write(w.root().join("../outside/secret.pptx"), b"x").unwrap();
    std::os::unix::fs::symlink(w.root().join("../outside/secret.pptx"), w.at("link.pptx")).unwrap();
    let err = w
        .err("open_presentation", json!({"file_path": "link.pptx"}))
        .await;
    assert!(
        err.contains("workspace rule") || err.contains("outside"),
        "{err}"
    );
    w.put("corrupt.pptx", b"PK\x03\x04 not really a zip");
    let err = w
        .err("open_presentation", json!({"file_path": "corrupt.pptx"}))
        .await;
    assert!(err.contains("not an Office Open XML file"), "{err}");
    w.put(
        "enc.pptx",
        [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0],
    );
    let err = w
        .err("open_presentation", json!({"file_path": "enc.pptx"}))
        .await;
    assert!(err.contains("encrypted"), "{err}");
    // A zip that is not a presentation.
    w.py("import zipfile\nz = zipfile.ZipFile('other.zip', 'w'); z.writestr('[Content_Types].xml', '<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>'); z.close()", &[]);
    let err = w
        .err("open_presentation", json!({"file_path": "other.zip"}))
        .await;
    assert!(err.contains("not a PowerPoint presentation"), "{err}");
    w.ok("create_presentation", json!({})).await;
    for bad in ["../escape.pptx", "/tmp/escape.pptx", ""] {
        let err = w.err("save_presentation", json!({"file_path": bad})).await;
        assert!(err.contains("workspace"), "{bad}: {err}");
    }
    assert!(!w.root().join("../escape.pptx").exists());
    let err = w
        .err(
            "get_template_file_info",
            json!({"template_path": "../outside/secret.pptx"}),
        )
        .await;
    assert!(err.contains("workspace rule"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn the_store_is_bounded() {
    let w = ws().await;
    for i in 0..16 {
        w.ok("create_presentation", json!({"id": format!("p{i}")}))
            .await;
    }
    let err = w
        .err("create_presentation", json!({"id": "one_more"}))
        .await;
    assert!(err.contains("16 presentations are open"), "{err}");
    // Reusing an id replaces it.
    let r = w.ok("create_presentation", json!({"id": "p3"})).await;
    assert_eq!(r["replaced_open_presentation"], true);
    w.stop().await;
}
