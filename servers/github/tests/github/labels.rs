//! The `labels` toolset: list, create, update and delete repository labels, under our names
//! and as GitHub's official `list_label` and `label_write`, against a fake GitHub answering
//! with the REST reference's examples.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, setup_all, setup_official, validation_failed};

const LABELS: &str = "/repos/octo/hello/labels";

fn label_json(id: u64, name: &str, color: &str, description: &str) -> Value {
    json!({
        "id": id,
        "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=",
        "url": format!("https://api.github.com/repos/octo/hello/labels/{name}"),
        "name": name,
        "description": description,
        "color": color,
        "default": false
    })
}

#[tokio::test]
async fn list_labels_contract() {
    let s = setup_all().await;
    expect("GET", LABELS)
        .bearer(TOKEN)
        .query("page", 2)
        .query("per_page", 50)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link(LABELS, 3, 4).as_str())
                .set_body_json(json!([
                    label_json(208045946, "bug", "f29513", "Something isn't working"),
                    label_json(208045947, "enhancement", "a2eeef", "New feature or request")
                ])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_labels",
            json!({"owner": "octo", "repo": "hello", "page": 2, "perPage": 50}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "bug");
    assert_eq!(v["items"][1]["color"], "a2eeef");
    assert!(v["items"][0].get("node_id").is_none());
    assert_eq!(v["next_page"], 3);
}

#[tokio::test]
async fn list_labels_not_found() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/nope/labels")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_labels",
            json!({"owner": "octo", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found: Not Found"), "{err}");
    assert!(err.contains("label does not exist"), "{err}");
}

#[tokio::test]
async fn create_label_contract_strips_the_hash() {
    let s = setup_all().await;
    expect("POST", LABELS)
        .bearer(TOKEN)
        .json_body(
            json!({"name": "bug", "color": "f29513", "description": "Something isn't working"}),
        )
        .respond(
            &s.fake,
            201,
            label_json(208045946, "bug", "f29513", "Something isn't working"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_label",
            json!({"owner": "octo", "repo": "hello", "name": "bug", "color": "#f29513",
                   "description": "Something isn't working"}),
        )
        .await;
    assert_eq!(v["id"], 208045946);
    assert_eq!(v["color"], "f29513");
}

#[tokio::test]
async fn create_label_already_exists() {
    let s = setup_all().await;
    expect("POST", LABELS)
        .bearer(TOKEN)
        .json_body(json!({"name": "bug"}))
        .respond(
            &s.fake,
            422,
            validation_failed(
                json!([{"resource": "Label", "code": "already_exists", "field": "name"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_create_label",
            json!({"owner": "octo", "repo": "hello", "name": "bug"}),
        )
        .await;
    assert!(
        err.contains("Validation Failed (name: already_exists)"),
        "{err}"
    );
    assert!(err.contains("may already exist"), "{err}");
}

#[tokio::test]
async fn update_label_contract() {
    let s = setup_all().await;
    expect("PATCH", format!("{LABELS}/bug%20report"))
        .bearer(TOKEN)
        .json_body(json!({"new_name": "bug :bug:", "color": "b01f26"}))
        .respond(
            &s.fake,
            200,
            label_json(208045946, "bug :bug:", "b01f26", "Small bug fix required"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_label",
            json!({"owner": "octo", "repo": "hello", "name": "bug report",
                   "new_name": "bug :bug:", "color": "#b01f26"}),
        )
        .await;
    assert_eq!(v["name"], "bug :bug:");
    assert_eq!(v["description"], "Small bug fix required");
}

#[tokio::test]
async fn update_label_needs_a_change() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_update_label",
            json!({"owner": "octo", "repo": "hello", "name": "bug"}),
        )
        .await;
    assert!(err.contains("new_name"), "{err}");
}

#[tokio::test]
async fn delete_label_contract() {
    let s = setup_all().await;
    expect("DELETE", format!("{LABELS}/bug"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_delete_label",
            json!({"owner": "octo", "repo": "hello", "name": "bug"}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "name": "bug"}));
}

#[tokio::test]
async fn delete_label_not_found() {
    let s = setup_all().await;
    expect("DELETE", format!("{LABELS}/nope"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_label",
            json!({"owner": "octo", "repo": "hello", "name": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("github_list_labels"), "{err}");
}

// ---- official names

#[tokio::test]
async fn official_list_label_reads_the_first_hundred() {
    let s = setup_official().await;
    expect("GET", LABELS)
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!([label_json(
                208045946,
                "bug",
                "f29513",
                "Something isn't working"
            )]),
        )
        .await;
    let v = s
        .client
        .call_ok("list_label", json!({"owner": "octo", "repo": "hello"}))
        .await;
    assert_eq!(v["labels"][0]["name"], "bug");
    assert_eq!(v["totalCount"], 1);
}

#[tokio::test]
async fn official_list_label_forbidden() {
    let s = setup_official().await;
    expect("GET", LABELS)
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by personal access token"),
        )
        .await;
    let err = s
        .client
        .call_err("list_label", json!({"owner": "octo", "repo": "hello"}))
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("Resource not accessible"), "{err}");
}

#[tokio::test]
async fn official_label_write_methods() {
    let s = setup_official().await;
    expect("POST", LABELS)
        .bearer(TOKEN)
        .json_body(json!({"name": "triage", "color": "ededed"}))
        .respond(&s.fake, 201, label_json(1, "triage", "ededed", ""))
        .await;
    expect("PATCH", format!("{LABELS}/bug"))
        .bearer(TOKEN)
        .json_body(json!({"description": "Broken"}))
        .respond(&s.fake, 200, label_json(2, "bug", "f29513", "Broken"))
        .await;
    expect("DELETE", format!("{LABELS}/wontfix"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let created = s
        .client
        .call_ok(
            "label_write",
            json!({"method": "create", "owner": "octo", "repo": "hello", "name": "triage", "color": "ededed"}),
        )
        .await;
    assert_eq!(created["id"], 1);
    let updated = s
        .client
        .call_ok(
            "label_write",
            json!({"method": "update", "owner": "octo", "repo": "hello", "name": "bug", "description": "Broken"}),
        )
        .await;
    assert_eq!(updated["description"], "Broken");
    let deleted = s
        .client
        .call_ok(
            "label_write",
            json!({"method": "delete", "owner": "octo", "repo": "hello", "name": "wontfix"}),
        )
        .await;
    assert_eq!(deleted["deleted"], true);
}

#[tokio::test]
async fn official_label_write_create_needs_a_color() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "label_write",
            json!({"method": "create", "owner": "octo", "repo": "hello", "name": "triage"}),
        )
        .await;
    assert!(err.contains("`color` is required"), "{err}");
    let err = s
        .client
        .call_err(
            "label_write",
            json!({"method": "rename", "owner": "octo", "repo": "hello", "name": "triage"}),
        )
        .await;
    assert!(err.contains("invalid arguments for label_write"), "{err}");
}
