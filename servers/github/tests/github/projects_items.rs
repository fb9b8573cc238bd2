//! Items of a project under our names: list and get them, add an issue or pull request, set
//! or clear a field, remove one.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, no_requests, setup_all, validation_failed};
use crate::projects::{ORG_ITEMS, added_item_json, item_json, link};

// ---- items

#[tokio::test]
async fn list_project_items_contract() {
    let s = setup_all().await;
    expect("GET", ORG_ITEMS)
        .bearer(TOKEN)
        .query("q", "status:Done")
        .query("fields", "1,3,12")
        .query("per_page", 10)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    link(ORG_ITEMS, Some("Y3Vyc29yOnYyOpK0"), None).as_str(),
                )
                .set_body_json(json!([item_json(13)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_project_items",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "query": "status:Done", "fields": ["1", " 3", "12"], "per_page": 10}),
        )
        .await;
    let item = &v["items"][0];
    assert_eq!(item["id"], 13);
    assert_eq!(item["content_type"], "PullRequest");
    assert_eq!(item["creator"], "monalisa");
    assert_eq!(item["content"]["number"], 6);
    assert_eq!(item["content"]["repository"], "octo-org/hello");
    assert_eq!(item["content"]["labels"], json!(["bug"]));
    assert_eq!(item["content"]["assignees"], json!(["octocat"]));
    assert!(item["content"].get("body").is_none());
    let fields = &item["fields"];
    assert_eq!(fields[0]["value"], "Fix the widget");
    assert_eq!(fields[1]["value"], json!(["octocat"]));
    assert_eq!(
        fields[2]["value"],
        json!({"id": "98236657", "name": "Done"})
    );
    assert_eq!(fields[3]["value"], json!(["bug"]));
    assert_eq!(fields[4]["value"], "Open milestone");
    assert_eq!(fields[5]["value"], Value::Null);
    assert_eq!(fields[6]["value"], 3);
    assert_eq!(v["next_cursor"], "Y3Vyc29yOnYyOpK0");
}

#[tokio::test]
async fn list_project_items_refuses_field_names() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_project_items",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "fields": ["Status"]}),
        )
        .await;
    assert!(err.contains("numeric field ids"), "{err}");
    assert!(err.contains("`Status`"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn get_project_item_contract() {
    let s = setup_all().await;
    expect("GET", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .query("fields", "3")
        .respond(&s.fake, 200, item_json(13))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13, "fields": ["3"]}),
        )
        .await;
    assert_eq!(v["id"], 13);
    assert_eq!(v["content"]["title"], "Fix the widget");
    assert_eq!(v["fields"][2]["name"], "Status");
}

#[tokio::test]
async fn get_project_item_not_found() {
    let s = setup_all().await;
    expect("GET", format!("{ORG_ITEMS}/404"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 404}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("list_project_items"), "{err}");
}

#[tokio::test]
async fn add_project_item_contract() {
    let s = setup_all().await;
    expect("POST", ORG_ITEMS)
        .bearer(TOKEN)
        .json_body(json!({"type": "PullRequest", "id": 10}))
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "github_add_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_type": "pull_request", "item_id": 10}),
        )
        .await;
    assert_eq!(v["id"], 17);
    assert_eq!(v["content_type"], "DraftIssue");
    assert_eq!(v["content"]["title"], "Example Draft Issue");
    assert_eq!(
        v["content"]["body"],
        "This is a draft issue in the project."
    );
}

#[tokio::test]
async fn add_project_item_forbidden_names_the_write_scope() {
    let s = setup_all().await;
    expect("POST", "/users/octocat/projectsV2/1/items")
        .bearer(TOKEN)
        .json_body(json!({"type": "Issue", "id": 3}))
        .respond(&s.fake, 403, gh_error(403, "Must have admin rights"))
        .await;
    let err = s
        .client
        .call_err(
            "github_add_project_item",
            json!({"owner_type": "user", "owner": "octocat", "project_number": 1, "item_type": "issue", "item_id": 3}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("`project` scope"), "{err}");
}

#[tokio::test]
async fn update_project_item_contract() {
    let s = setup_all().await;
    expect("PATCH", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .json_body(json!({"fields": [{"id": 123, "value": "Updated text value"}]}))
        .respond(&s.fake, 200, item_json(13))
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13,
                   "updated_field": {"id": 123, "value": "Updated text value"}}),
        )
        .await;
    assert_eq!(v["id"], 13);
    assert_eq!(v["fields"][0]["value"], "Fix the widget");
}

#[tokio::test]
async fn update_project_item_null_clears_the_field() {
    let s = setup_all().await;
    expect("PATCH", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .json_body(json!({"fields": [{"id": 3, "value": null}]}))
        .respond(&s.fake, 200, item_json(13))
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13,
                   "updated_field": {"id": 3, "value": null}}),
        )
        .await;
    assert_eq!(v["id"], 13);
}

#[tokio::test]
async fn update_project_item_needs_a_value() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_update_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13,
                   "updated_field": {"id": 3}}),
        )
        .await;
    assert!(err.contains("missing field `value`"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn update_project_item_rejected_value() {
    let s = setup_all().await;
    expect("PATCH", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .json_body(json!({"fields": [{"id": 3, "value": "Done"}]}))
        .respond(
            &s.fake,
            422,
            validation_failed(
                json!([{"resource": "ProjectV2Item", "field": "value", "code": "invalid"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_update_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13,
                   "updated_field": {"id": 3, "value": "Done"}}),
        )
        .await;
    assert!(err.contains("Validation Failed (value: invalid)"), "{err}");
    assert!(err.contains("option or iteration id"), "{err}");
}

#[tokio::test]
async fn delete_project_item_contract() {
    let s = setup_all().await;
    expect("DELETE", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_delete_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 13}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "item_id": 13}));
}

#[tokio::test]
async fn delete_project_item_not_found() {
    let s = setup_all().await;
    expect("DELETE", format!("{ORG_ITEMS}/14"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_id": 14}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}
