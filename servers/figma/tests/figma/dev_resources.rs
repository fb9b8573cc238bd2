use crate::{KEY, figma_error_bool, req, setup};
use serde_json::json;

fn res(id: &str, node: &str) -> serde_json::Value {
    json!({"id": id, "name": "Storybook", "url": "https://storybook.example.com/button", "file_key": KEY, "node_id": node})
}

#[tokio::test]
async fn get_dev_resources_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/dev_resources"))
        .query("node_ids", "1:2,3:4")
        .respond(&s.fake, 200, json!({"dev_resources": [res("dr1", "1:2")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_dev_resources",
            json!({"file_key": KEY, "node_id": "1-2,3:4"}),
        )
        .await;
    assert_eq!(v, json!({"dev_resources": [res("dr1", "1:2")]}));
}

#[tokio::test]
async fn get_dev_resources_errors() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/dev_resources"))
        .respond(
            &s.fake,
            400,
            figma_error_bool(400, "Branch keys are not supported"),
        )
        .await;
    let err = s
        .client
        .call_err("figma_get_dev_resources", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("Branch keys are not supported"), "{err}");
}

#[tokio::test]
async fn post_dev_resources_is_figmas_bulk_create() {
    let s = setup().await;
    req("POST", "/v1/dev_resources")
        .json_body(json!({"dev_resources": [
            {"name": "Storybook", "url": "https://storybook.example.com/button", "file_key": KEY, "node_id": "1:2"},
            {"name": "Docs", "url": "https://docs.example.com", "file_key": "OtherFile9", "node_id": "5:6"}
        ]}))
        .respond(
            &s.fake,
            200,
            json!({"links_created": [res("dr1", "1:2")], "errors": [{"file_key": "OtherFile9", "node_id": "5:6", "error": "File not found"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_dev_resources",
            json!({"file_key": KEY, "dev_resources": [
                {"name": "Storybook", "url": "https://storybook.example.com/button", "node_id": "1-2"},
                {"name": "Docs", "url": "https://docs.example.com", "node_id": "5:6", "file_key": "OtherFile9"}
            ]}),
        )
        .await;
    assert_eq!(v["links_created"], json!([res("dr1", "1:2")]));
    assert_eq!(v["errors"][0]["error"], "File not found");
}

#[tokio::test]
async fn post_dev_resources_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_post_dev_resources",
            json!({"file_key": KEY, "dev_resources": [{"name": "x", "node_id": "1:2"}]}),
        )
        .await;
    assert!(
        err.contains("dev_resources[0]") && err.contains("url"),
        "{err}"
    );
    req("POST", "/v1/dev_resources")
        .any_body()
        .respond(
            &s.fake,
            200,
            json!({"links_created": [], "errors": [{"file_key": KEY, "node_id": "1:2", "error": "Node already has the maximum of 10 dev resources"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "figma_post_dev_resources",
            json!({"file_key": KEY, "dev_resources": [{"name": "x", "url": "https://x", "node_id": "1:2"}]}),
        )
        .await;
    assert!(err.contains("maximum of 10"), "{err}");
}

#[tokio::test]
async fn put_dev_resource_is_figmas_bulk_update() {
    let s = setup().await;
    req("PUT", "/v1/dev_resources")
        .json_body(json!({"dev_resources": [{"id": "dr1", "name": "Storybook v2"}]}))
        .respond(
            &s.fake,
            200,
            json!({"links_updated": [res("dr1", "1:2")], "errors": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_put_dev_resource",
            json!({"dev_resource_id": "dr1", "name": "Storybook v2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"links_updated": [res("dr1", "1:2")], "errors": []})
    );
}

#[tokio::test]
async fn put_dev_resource_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("figma_put_dev_resource", json!({"dev_resource_id": "dr1"}))
        .await;
    assert!(err.contains("name") && err.contains("url"), "{err}");
    req("PUT", "/v1/dev_resources")
        .json_body(json!({"dev_resources": [{"id": "dr9", "url": "https://x"}]}))
        .respond(
            &s.fake,
            200,
            json!({"links_updated": [], "errors": [{"id": "dr9", "error": "Dev resource not found"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "figma_put_dev_resource",
            json!({"dev_resource_id": "dr9", "url": "https://x"}),
        )
        .await;
    assert!(err.contains("Dev resource not found"), "{err}");
}

#[tokio::test]
async fn delete_dev_resource_uses_the_files_route() {
    let s = setup().await;
    req("DELETE", &format!("/v1/files/{KEY}/dev_resources/dr1"))
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "figma_delete_dev_resource",
            json!({"dev_resource_id": "dr1", "file_key": KEY}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "dev_resource_id": "dr1"}));
}

#[tokio::test]
async fn delete_dev_resource_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_delete_dev_resource",
            json!({"dev_resource_id": "dr1"}),
        )
        .await;
    assert!(err.contains("file_key"), "{err}");
    req("DELETE", &format!("/v1/files/{KEY}/dev_resources/dr2"))
        .respond(
            &s.fake,
            404,
            figma_error_bool(404, "Dev resource not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "figma_delete_dev_resource",
            json!({"dev_resource_id": "dr2", "file_key": KEY}),
        )
        .await;
    assert!(err.contains("Dev resource not found"), "{err}");
}
