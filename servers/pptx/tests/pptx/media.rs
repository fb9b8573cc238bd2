//! Pictures from the workspace (through the jail) and from base64, sized from their headers;
//! picture effects; the refused enhance operation.

use serde_json::json;

use crate::{PNG_1X1, png_1x1, ws};

/// A JPEG header (JFIF at 96 dpi, a baseline frame of 100 x 50 pixels): enough for the size.
fn jpeg_100x50_96dpi() -> Vec<u8> {
    let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
    b.extend_from_slice(b"JFIF\0");
    b.extend_from_slice(&[1, 1, 1, 0, 96, 0, 96, 0, 0]);
    b.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 50, 0x00, 100, 0x03]);
    b.extend_from_slice(&[1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    b.extend_from_slice(&[0xFF, 0xD9]);
    b
}

#[tokio::test]
async fn pictures_from_files_and_base64() {
    let w = ws().await;
    w.put("img/dot.png", png_1x1());
    w.put("img/photo.jpg", jpeg_100x50_96dpi());
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    let r = w.ok("manage_image", json!({"slide_index": 0, "operation": "add", "image_source": "img/dot.png", "left": 1, "top": 1, "width": 2})).await;
    assert_eq!(r["format"], "png");
    assert_eq!(r["width"], 2.0);
    assert_eq!(r["height"], 2.0, "the aspect ratio is kept");
    let r = w
        .ok(
            "manage_image",
            json!({"slide_index": 0, "operation": "add", "image_source": "img/photo.jpg"}),
        )
        .await;
    assert_eq!(r["pixels"], json!([100, 50]));
    let r = w.ok("manage_image", json!({"slide_index": 0, "operation": "add", "image_source": format!("data:image/png;base64,{PNG_1X1}"), "source_type": "base64", "height": 1})).await;
    assert_eq!(r["shape_index"], 2);
    w.ok("apply_picture_effects", json!({"slide_index": 0, "shape_index": 0, "effects": {"shadow": {"distance": 4, "color": [0, 0, 0]}, "glow": {"size": 3}, "soft_edges": {"radius": 2}, "reflection": true, "rotation": {"angle": 30}}})).await;
    w.ok("save_presentation", json!({"file_path": "pics.pptx"}))
        .await;
    let v = w.py_json(
        r#"
import json, sys
from pptx import Presentation
s = Presentation(sys.argv[1]).slides[0]
print(json.dumps([[str(p.shape_type), p.image.content_type, p.image.size, p.width, p.height, p.rotation, len(p.image.blob)] for p in s.shapes]))
"#,
        &["pics.pptx"],
    );
    assert!(v[0][0].as_str().unwrap().starts_with("PICTURE"), "{v}");
    assert_eq!(v[0][1], "image/png");
    assert_eq!(v[0][2], json!([1, 1]));
    assert_eq!(v[0][3], 2 * 914400);
    assert_eq!(v[0][5], 30.0);
    assert_eq!(v[0][6], png_1x1().len());
    assert_eq!(v[1][1], "image/jpeg");
    // 100 x 50 pixels at 96 dpi.
    assert_eq!(v[1][3], 952500);
    assert_eq!(v[1][4], 476250);
    assert_eq!(v[2][4], 914400);
    // The slide's XML: r:embed to the media part, effects in schema order.
    let xml = w.part("pics.pptx", "ppt/slides/slide1.xml");
    assert!(xml.contains("<a:blip r:embed=\"rId2\"/>"), "{xml}");
    let eff = xml.split_once("<a:effectLst>").unwrap().1;
    let (g, s, r, e) = (
        eff.find("<a:glow").unwrap(),
        eff.find("<a:outerShdw").unwrap(),
        eff.find("<a:reflection").unwrap(),
        eff.find("<a:softEdge").unwrap(),
    );
    assert!(g < s && s < r && r < e, "{eff}");
    let ct = w.part("pics.pptx", "[Content_Types].xml");
    assert!(
        ct.contains("Extension=\"png\" ContentType=\"image/png\""),
        "{ct}"
    );
    assert!(
        ct.contains("Extension=\"jpeg\" ContentType=\"image/jpeg\""),
        "{ct}"
    );
    w.stop().await;
}

#[tokio::test]
async fn picture_refusals() {
    let w = ws().await;
    std::fs::write(w.root().join("../outside/secret.png"), png_1x1()).unwrap();
    w.put("notes.txt", "not an image");
    w.ok("create_presentation", json!({})).await;
    w.ok("add_slide", json!({"layout_index": 6})).await;
    for bad in ["../outside/secret.png", "/etc/hostname", "~/x.png"] {
        let err = w
            .err(
                "manage_image",
                json!({"slide_index": 0, "operation": "add", "image_source": bad}),
            )
            .await;
        assert!(err.contains("workspace rule"), "{bad}: {err}");
    }
    let outside = w.root().join("../outside/secret.png");
    let err = w.err("manage_image", json!({"slide_index": 0, "operation": "add", "image_source": outside.to_str().unwrap()})).await;
    assert!(err.contains("workspace rule"), "{err}");
    let err = w
        .err(
            "manage_image",
            json!({"slide_index": 0, "operation": "add", "image_source": "notes.txt"}),
        )
        .await;
    assert!(err.contains("not a PNG, JPEG, GIF or BMP"), "{err}");
    let err = w.err("manage_image", json!({"slide_index": 0, "operation": "add", "image_source": "%%%", "source_type": "base64"})).await;
    assert!(err.contains("not valid base64"), "{err}");
    let err = w.err("manage_image", json!({"slide_index": 0, "operation": "enhance", "image_source": "x.png", "brightness": 1.5})).await;
    assert!(err.contains("not supported by this server"), "{err}");
    let err = w.err("manage_image", json!({"slide_index": 0, "operation": "add", "image_source": "x", "source_type": "url"})).await;
    assert!(err.contains("file or base64"), "{err}");
    w.ok("add_table", json!({"slide_index": 0, "rows": 1, "cols": 1, "left": 1, "top": 1, "width": 1, "height": 1})).await;
    let err = w
        .err(
            "apply_picture_effects",
            json!({"slide_index": 0, "shape_index": 0, "effects": {"sparkle": true}}),
        )
        .await;
    assert!(err.contains("sparkle"), "{err}");
    let err = w
        .err(
            "apply_picture_effects",
            json!({"slide_index": 0, "shape_index": 0, "effects": {"shadow": true}}),
        )
        .await;
    assert!(err.contains("no shape properties"), "{err}");
    let info = w.ok("get_slide_info", json!({"slide_index": 0})).await;
    assert_eq!(
        info["shape_count"], 1,
        "nothing was added by the refused calls"
    );
    w.stop().await;
}
