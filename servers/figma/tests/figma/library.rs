use crate::{KEY, figma_err, figma_error_bool, req, setup, user};
use serde_json::json;

#[tokio::test]
async fn get_file_components_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/components"))
        .respond(
            &s.fake,
            200,
            json!({"status": 200, "error": false, "meta": {"components": [{
                "key": "c0ffee", "file_key": KEY, "node_id": "1:9", "thumbnail_url": "https://x",
                "name": "Button/Primary", "description": "Main action", "created_at": "2026-01-01T00:00:00Z",
                "updated_at": "2026-11-30T10:00:00Z", "user": user("1", "Ada"),
                "containing_frame": {"nodeId": "1:8", "name": "Buttons", "pageId": "0:1", "pageName": "Components",
                    "containingComponentSet": {"nodeId": "1:7", "name": "Button"}}
            }]}}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_file_components", json!({"file_key": KEY}))
        .await;
    assert_eq!(
        v,
        json!({"components": [{"key": "c0ffee", "node_id": "1:9", "name": "Button/Primary",
            "description": "Main action", "frame": "Buttons", "page": "Components",
            "component_set": "Button", "updated_at": "2026-11-30T10:00:00Z"}]})
    );
}

#[tokio::test]
async fn get_file_components_not_found() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/components"))
        .respond(&s.fake, 404, figma_error_bool(404, "File not found"))
        .await;
    let err = s
        .client
        .call_err("figma_get_file_components", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("File not found"), "{err}");
}

#[tokio::test]
async fn get_file_styles_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/styles"))
        .respond(
            &s.fake,
            200,
            json!({"status": 200, "error": false, "meta": {"styles": [{
                "key": "5tyle", "file_key": KEY, "node_id": "2:1", "style_type": "FILL",
                "thumbnail_url": "https://x", "name": "Brand/Primary", "description": "",
                "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-11-30T10:00:00Z",
                "user": user("1", "Ada"), "sort_position": "a"
            }]}}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_file_styles", json!({"file_key": KEY}))
        .await;
    assert_eq!(
        v,
        json!({"styles": [{"key": "5tyle", "node_id": "2:1", "name": "Brand/Primary",
            "style_type": "FILL", "description": "", "updated_at": "2026-11-30T10:00:00Z"}]})
    );
}

#[tokio::test]
async fn get_file_styles_errors() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/styles"))
        .respond(
            &s.fake,
            400,
            figma_err(400, "Branch keys are not supported"),
        )
        .await;
    let err = s
        .client
        .call_err("figma_get_file_styles", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("Branch keys"), "{err}");
}
