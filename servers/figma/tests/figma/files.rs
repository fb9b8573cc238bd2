use crate::{KEY, figma_err, req, setup, user};
use serde_json::{Value, json};

fn file_body() -> Value {
    json!({
        "name": "Design System",
        "role": "editor",
        "lastModified": "2026-11-30T10:00:00Z",
        "editorType": "figma",
        "thumbnailUrl": "https://s3-alpha.figma.com/thumbnails/abc",
        "version": "2999543213",
        "schemaVersion": 0,
        "linkAccess": "view",
        "document": {
            "id": "0:0", "name": "Document", "type": "DOCUMENT", "scrollBehavior": "SCROLLS",
            "children": [
                {"id": "0:1", "name": "Cover", "type": "CANVAS", "backgroundColor": {"r": 1, "g": 1, "b": 1, "a": 1},
                 "children": [
                    {"id": "1:2", "name": "Hero", "type": "FRAME", "visible": false, "children": [{"id": "1:3", "name": "Logo", "type": "INSTANCE"}, {"id": "1:4", "name": "CTA", "type": "INSTANCE"}]},
                    {"id": "1:5", "name": "Title", "type": "TEXT", "characters": "Hello Figma"}
                 ]},
                {"id": "0:2", "name": "Empty", "type": "CANVAS", "children": []}
            ]
        },
        "components": {"1:9": {"key": "k", "name": "Button", "description": "", "remote": false, "documentationLinks": []}},
        "componentSets": {},
        "styles": {"S:1": {"key": "s", "name": "Primary", "styleType": "FILL", "remote": false, "description": ""}}
    })
}

#[tokio::test]
async fn get_file_defaults_to_depth_2_and_summarises() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}"))
        .query("depth", "2")
        .respond(&s.fake, 200, file_body())
        .await;
    let v = s
        .client
        .call_ok("figma_get_file", json!({"file_key": KEY}))
        .await;
    assert_eq!(v["name"], "Design System");
    assert_eq!(v["version"], "2999543213");
    assert_eq!(v["components_count"], 1);
    assert_eq!(v["styles_count"], 1);
    assert_eq!(v["componentSets_count"], 0);
    let doc = &v["document"];
    assert_eq!(doc["children_count"], 2);
    assert_eq!(
        doc["children"][0],
        json!({"id": "0:1", "name": "Cover", "type": "CANVAS", "children_count": 2, "children": [
            {"id": "1:2", "name": "Hero", "type": "FRAME", "visible": false, "children_count": 2,
             "children": [{"id": "1:3", "name": "Logo", "type": "INSTANCE"}, {"id": "1:4", "name": "CTA", "type": "INSTANCE"}]},
            {"id": "1:5", "name": "Title", "type": "TEXT", "characters": "Hello Figma"}
        ]})
    );
    assert_eq!(
        doc["children"][1],
        json!({"id": "0:2", "name": "Empty", "type": "CANVAS", "children_count": 0})
    );
    assert!(doc.get("scrollBehavior").is_none());
    assert!(v.get("note").is_none());
}

#[tokio::test]
async fn get_file_passes_every_parameter_and_takes_a_url() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}"))
        .queries(&[
            ("version", "123"),
            ("ids", "1:2,3:4"),
            ("depth", "3"),
            ("geometry", "paths"),
            ("plugin_data", "shared"),
            ("branch_data", "true"),
        ])
        .respond(&s.fake, 200, {
            let mut b = file_body();
            b["branches"] = json!([{"key": "Br4nch", "name": "feature", "thumbnail_url": "https://x", "last_modified": "2026-11-01T00:00:00Z"}]);
            b
        })
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file",
            json!({
                "file_key": format!("https://www.figma.com/design/{KEY}/Design-System?node-id=1-2"),
                "version": "123", "ids": "1-2, 3:4", "depth": 3, "geometry": "paths",
                "plugin_data": "shared", "branch_data": true
            }),
        )
        .await;
    assert_eq!(
        v["branches"],
        json!([{"key": "Br4nch", "name": "feature", "last_modified": "2026-11-01T00:00:00Z"}])
    );
}

#[tokio::test]
async fn get_file_with_ids_sends_no_default_depth_and_no_geometry_is_omitted() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}"))
        .query("ids", "1:2")
        .respond(&s.fake, 200, file_body())
        .await;
    s.client
        .call_ok(
            "figma_get_file",
            json!({"file_key": KEY, "ids": "1:2", "geometry": "no_geometry"}),
        )
        .await;
}

#[tokio::test]
async fn get_file_cuts_huge_trees() {
    let s = setup().await;
    let kids: Vec<Value> = (0..1500)
        .map(|i| json!({"id": format!("2:{i}"), "name": "r", "type": "RECTANGLE"}))
        .collect();
    let mut body = file_body();
    body["document"]["children"][0]["children"] = json!(kids);
    req("GET", &format!("/v1/files/{KEY}"))
        .query("depth", "2")
        .respond(&s.fake, 200, body)
        .await;
    let v = s
        .client
        .call_ok("figma_get_file", json!({"file_key": KEY}))
        .await;
    let page = &v["document"]["children"][0];
    assert_eq!(page["children_count"], 1500);
    assert!(page["children"].as_array().unwrap().len() < 1000);
    assert!(v["note"].as_str().unwrap().contains("1000"));
}

#[tokio::test]
async fn get_file_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("figma_get_file", json!({"file_key": "../etc"}))
        .await;
    assert!(err.contains("file_key"), "{err}");
    let err = s
        .client
        .call_err("figma_get_file", json!({"file_key": KEY, "depth": 0}))
        .await;
    assert!(err.contains("depth"), "{err}");
    req("GET", "/v1/files/missing1")
        .query("depth", "2")
        .respond(&s.fake, 404, figma_err(404, "Not found"))
        .await;
    let err = s
        .client
        .call_err("figma_get_file", json!({"file_key": "missing1"}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("Not found"), "{err}");
}

#[tokio::test]
async fn get_file_nodes_returns_properties_and_child_summaries() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/nodes"))
        .queries(&[("ids", "1:2,9:9"), ("depth", "1")])
        .respond(
            &s.fake,
            200,
            json!({
                "name": "Design System", "role": "viewer", "lastModified": "2026-11-30T10:00:00Z",
                "editorType": "figma", "thumbnailUrl": "https://x", "version": "2999543213",
                "nodes": {
                    "1:2": {
                        "document": {"id": "1:2", "name": "Hero", "type": "FRAME",
                            "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1440, "height": 900},
                            "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
                            "children": [{"id": "1:3", "name": "Logo", "type": "INSTANCE"}]},
                        "components": {}, "componentSets": {}, "schemaVersion": 0, "styles": {}
                    }
                }
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file_nodes",
            json!({"file_key": KEY, "ids": "1:2,9-9"}),
        )
        .await;
    assert_eq!(v["version"], "2999543213");
    assert_eq!(
        v["nodes"]["1:2"],
        json!({"id": "1:2", "name": "Hero", "type": "FRAME",
            "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1440, "height": 900},
            "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
            "children_count": 1,
            "children": [{"id": "1:3", "name": "Logo", "type": "INSTANCE"}]})
    );
    assert_eq!(v["nodes"].as_object().unwrap().len(), 1);
}

#[tokio::test]
async fn get_file_nodes_passes_parameters() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/nodes"))
        .queries(&[
            ("ids", "1:2"),
            ("version", "7"),
            ("depth", "3"),
            ("geometry", "paths"),
            ("plugin_data", "123,shared"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"name": "F", "role": "viewer", "lastModified": "2026-11-30T10:00:00Z",
                   "editorType": "figma", "thumbnailUrl": "https://x", "version": "7", "nodes": {}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file_nodes",
            json!({"file_key": KEY, "ids": "1:2", "version": "7", "depth": 3,
                   "geometry": "paths", "plugin_data": "123,shared"}),
        )
        .await;
    assert_eq!(v["nodes"], json!({}));
}

#[tokio::test]
async fn get_file_nodes_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_get_file_nodes",
            json!({"file_key": KEY, "ids": " , "}),
        )
        .await;
    assert!(err.contains("ids"), "{err}");
    req("GET", &format!("/v1/files/{KEY}/nodes"))
        .queries(&[("ids", "1:2"), ("depth", "1")])
        .respond(&s.fake, 400, figma_err(400, "Invalid parameter: ids"))
        .await;
    let err = s
        .client
        .call_err(
            "figma_get_file_nodes",
            json!({"file_key": KEY, "ids": "1:2"}),
        )
        .await;
    assert!(err.contains("Invalid parameter: ids"), "{err}");
}

#[tokio::test]
async fn get_file_images_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/images/{KEY}"))
        .queries(&[
            ("ids", "1:2,1:3"),
            ("version", "5"),
            ("scale", "2"),
            ("format", "svg"),
            ("svg_include_id", "true"),
            ("svg_simplify_stroke", "false"),
            ("use_absolute_bounds", "true"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"err": null, "images": {"1:2": "https://figma-alpha-api.s3.us-west-2.amazonaws.com/images/a.svg", "1:3": null}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file_images",
            json!({"file_key": KEY, "ids": "1:2,1:3", "version": "5", "scale": 2, "format": "svg",
                   "svg_include_id": true, "svg_simplify_stroke": false, "use_absolute_bounds": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"images": {"1:2": "https://figma-alpha-api.s3.us-west-2.amazonaws.com/images/a.svg", "1:3": null},
               "failed": ["1:3"]})
    );
}

#[tokio::test]
async fn get_file_images_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_get_file_images",
            json!({"file_key": KEY, "ids": "1:2", "scale": 9}),
        )
        .await;
    assert!(err.contains("scale"), "{err}");
    req("GET", &format!("/v1/images/{KEY}"))
        .query("ids", "1:2")
        .respond(&s.fake, 400, figma_err(400, "Render timeout"))
        .await;
    let err = s
        .client
        .call_err(
            "figma_get_file_images",
            json!({"file_key": KEY, "ids": "1:2"}),
        )
        .await;
    assert!(err.contains("Render timeout"), "{err}");
}

#[tokio::test]
async fn get_file_versions_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/versions"))
        .queries(&[("page_size", "2"), ("before", "300")])
        .respond(
            &s.fake,
            200,
            json!({
                "versions": [
                    {"id": "299", "created_at": "2026-11-30T10:00:00Z", "label": "v2", "description": "Ready",
                     "user": user("1", "Ada"), "thumbnail_url": "https://x"},
                    {"id": "298", "created_at": "2026-11-29T10:00:00Z", "label": null, "description": null,
                     "user": user("2", "Bob")}
                ],
                "pagination": {
                    "prev_page": format!("https://api.figma.com/v1/files/{KEY}/versions?page_size=2&after=299"),
                    "next_page": format!("https://api.figma.com/v1/files/{KEY}/versions?page_size=2&before=298")
                }
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file_versions",
            json!({"file_key": KEY, "page_size": 2, "before": 300}),
        )
        .await;
    assert_eq!(
        v["versions"][0],
        json!({"id": "299", "created_at": "2026-11-30T10:00:00Z", "label": "v2", "description": "Ready",
               "user": {"id": "1", "handle": "Ada"}})
    );
    assert_eq!(v["versions"][1]["user"]["handle"], "Bob");
    assert_eq!(v["next_before"], "298");
    assert_eq!(v["prev_after"], "299");
}

#[tokio::test]
async fn get_file_versions_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_get_file_versions",
            json!({"file_key": KEY, "page_size": 51}),
        )
        .await;
    assert!(err.contains("page_size"), "{err}");
    req("GET", &format!("/v1/files/{KEY}/versions"))
        .respond(&s.fake, 403, figma_err(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("figma_get_file_versions", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("403"), "{err}");
}

#[tokio::test]
async fn get_file_meta_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/meta"))
        .respond(
            &s.fake,
            200,
            json!({"file": {
                "name": "Design System", "folder_name": "Team project",
                "last_touched_at": "2026-11-30T10:00:00Z", "creator": user("1", "Ada"),
                "last_touched_by": user("2", "Bob"), "thumbnail_url": "https://x",
                "editorType": "figma", "role": "owner", "link_access": "view",
                "url": format!("https://www.figma.com/design/{KEY}/Design-System"), "version": "2999543213"
            }}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_file_meta", json!({"file_key": KEY}))
        .await;
    assert_eq!(v["folder_name"], "Team project");
    assert_eq!(v["creator"], json!({"id": "1", "handle": "Ada"}));
    assert_eq!(v["last_touched_by"], json!({"id": "2", "handle": "Bob"}));
    assert_eq!(v["link_access"], "view");
}

#[tokio::test]
async fn get_file_meta_not_found() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/meta"))
        .respond(&s.fake, 404, figma_err(404, "File not found"))
        .await;
    let err = s
        .client
        .call_err("figma_get_file_meta", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("File not found"), "{err}");
}

#[tokio::test]
async fn get_image_fills_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/images"))
        .respond(
            &s.fake,
            200,
            json!({"error": false, "status": 200, "meta": {"images": {"a1b2c3": "https://s3-alpha.figma.com/img/a1b2c3"}}}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_image_fills", json!({"file_key": KEY}))
        .await;
    assert_eq!(
        v,
        json!({"images": {"a1b2c3": "https://s3-alpha.figma.com/img/a1b2c3"}})
    );
}

#[tokio::test]
async fn get_image_fills_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("figma_get_image_fills", json!({"file_key": "   "}))
        .await;
    assert!(err.contains("file_key"), "{err}");
    req("GET", &format!("/v1/files/{KEY}/images"))
        .respond(&s.fake, 403, figma_err(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("figma_get_image_fills", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("403"), "{err}");
}
