use crate::common::{TOKEN, asana_error, get, setup};
use mcp_testkit::expect;
use serde_json::json;

const TAG_FIELDS: &str = "name,color,notes,workspace.name,permalink_url";

#[tokio::test]
async fn get_tags_and_tag() {
    let s = setup().await;
    get(
        "/workspaces/1331/tags",
        &[("limit", "50"), ("opt_fields", "name,color")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "77", "resource_type": "tag", "name": "Urgent", "color": "dark-red"}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_tags", json!({"workspace_id": "1331"}))
        .await;
    assert_eq!(v["items"][0]["name"], "Urgent");
    get("/tags/77", &[("opt_fields", TAG_FIELDS)])
        .respond(
            &s.fake,
            200,
            json!({"data": {"gid": "77", "name": "Urgent", "color": "dark-red"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("asana_get_tag", json!({"tag_id": "77"}))
        .await;
    assert_eq!(v["color"], "dark-red");
}

#[tokio::test]
async fn get_tag_not_found() {
    let s = setup().await;
    get("/tags/78", &[("opt_fields", TAG_FIELDS)])
        .respond(&s.fake, 404, asana_error("tag: Unknown object: 78", ""))
        .await;
    let err = s
        .client
        .call_err("asana_get_tag", json!({"tag_id": "78"}))
        .await;
    assert!(err.contains("Unknown object: 78"), "{err}");
    let err = s
        .client
        .call_err("asana_get_tags", json!({"workspace_id": "1", "limit": 101}))
        .await;
    assert!(err.contains("limit"), "{err}");
}

#[tokio::test]
async fn create_tag() {
    let s = setup().await;
    expect("POST", "/tags")
        .bearer(TOKEN)
        .query("opt_fields", TAG_FIELDS)
        .json_body(json!({"data": {"name": "Urgent", "workspace": "1331", "notes": "Do it now", "color": "light-warm-gray"}}))
        .respond(&s.fake, 201, json!({"data": {"gid": "79", "name": "Urgent", "color": "light-warm-gray"}}))
        .await;
    let v = s
        .client
        .call_ok(
            "asana_create_tag",
            json!({"name": "Urgent", "workspace_id": "1331", "description": "Do it now", "color": "light-warm-gray"}),
        )
        .await;
    assert_eq!(v["gid"], "79");
    let err = s
        .client
        .call_err(
            "asana_create_tag",
            json!({"name": "x", "workspace_id": "1", "color": "purple"}),
        )
        .await;
    assert!(err.contains("purple") || err.contains("color"), "{err}");
}
