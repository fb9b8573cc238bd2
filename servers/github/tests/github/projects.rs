//! The `projects` toolset: GitHub Projects over the REST API (`/orgs/{org}/projectsV2`,
//! `/users/{username}/projectsV2`), under our names and as GitHub's official single tools and
//! `projects_list`, `projects_get`, `projects_write`, against a fake GitHub answering with the
//! REST reference's examples (trimmed).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, no_requests, setup_all, setup_official, user_json, validation_failed,
};

const ORG_PROJECTS: &str = "/orgs/octo-org/projectsV2";
const ORG_ITEMS: &str = "/orgs/octo-org/projectsV2/1/items";

/// A project as the REST reference's example shows it.
fn project_json(number: u64, title: &str) -> Value {
    json!({
        "id": 2,
        "node_id": "MDc6UHJvamVjdDEwMDI2MDM=",
        "owner": user_json("octocat", 1),
        "creator": user_json("octocat", 1),
        "title": title,
        "description": "A board to manage my personal projects.",
        "public": true,
        "closed_at": null,
        "created_at": "2011-04-10T20:09:31Z",
        "updated_at": "2014-03-03T18:58:10Z",
        "number": number,
        "short_description": null,
        "deleted_at": null,
        "deleted_by": null,
        "state": "open",
        "latest_status_update": {
            "id": 3,
            "node_id": "PVTSU_lAECAQM",
            "creator": user_json("hubot", 2),
            "body": "DONE",
            "start_date": "2025-07-23",
            "target_date": "2025-07-26",
            "status": "COMPLETE",
            "created_at": "2025-07-11T16:19:28Z",
            "updated_at": "2025-07-11T16:19:28Z"
        },
        "is_template": true
    })
}

fn text(s: &str) -> Value {
    json!({ "html": s, "raw": s })
}

/// A single-select field and an iteration field, as the fields reference's example.
fn status_field_json() -> Value {
    json!({
        "id": 67891,
        "node_id": "PVTF_lADOABCD9876543210",
        "name": "Status",
        "data_type": "single_select",
        "project_url": "https://api.github.com/projects/67890",
        "options": [
            {"id": "option_4", "name": text("Todo"), "color": "GRAY", "description": text("Items to be worked on")},
            {"id": "option_5", "name": text("In Progress"), "color": "BLUE", "description": text("Items currently being worked on")}
        ],
        "created_at": "2022-04-29T10:30:00Z",
        "updated_at": "2022-04-29T10:30:00Z"
    })
}

fn sprint_field_json() -> Value {
    json!({
        "id": 11223,
        "node_id": "PVTF_lADOABCD1122311223",
        "name": "Sprint",
        "data_type": "iteration",
        "project_url": "https://api.github.com/projects/67890",
        "configuration": {
            "duration": 14,
            "start_day": 1,
            "iterations": [
                {"id": "iter_1", "title": text("Sprint 1"), "start_date": "2022-07-01", "duration": 14}
            ]
        },
        "created_at": "2022-06-20T16:45:00Z",
        "updated_at": "2022-06-20T16:45:00Z"
    })
}

/// A project item holding a pull request, with field values, as the items reference's
/// example (the pull request trimmed).
fn item_json(id: u64) -> Value {
    json!({
        "id": id,
        "node_id": "PVTI_lAAFAQ0",
        "project_url": "https://api.github.com/orgs/octo-org/projectsV2/1",
        "content": {
            "url": "https://api.github.com/repos/octo-org/hello/pulls/6",
            "id": 10,
            "node_id": "PR_kwABCg",
            "html_url": "https://github.com/octo-org/hello/pull/6",
            "number": 6,
            "state": "open",
            "locked": false,
            "title": "Fix the widget",
            "user": user_json("monalisa", 161),
            "body": "Pull request body",
            "labels": [{"id": 19, "name": "bug", "color": "efe24f", "default": false}],
            "assignees": [user_json("octocat", 175)],
            "draft": false,
            "merged_at": null,
            "closed_at": null,
            "base": {"ref": "main", "repo": {"id": 1, "full_name": "octo-org/hello"}}
        },
        "content_type": "PullRequest",
        "creator": user_json("monalisa", 2),
        "created_at": "2025-08-01T18:44:51Z",
        "updated_at": "2025-08-06T19:25:18Z",
        "archived_at": null,
        "item_url": format!("https://api.github.com/orgs/octo-org/projectsV2/1/items/{id}"),
        "fields": [
            {"id": 1, "name": "Title", "data_type": "title", "value": {
                "raw": "Fix the widget", "html": "Fix the widget", "number": 6,
                "url": "https://github.com/octo-org/hello/pull/6", "issue_id": 12,
                "state": "open", "state_reason": null, "is_draft": false
            }},
            {"id": 2, "name": "Assignees", "data_type": "assignees", "value": [user_json("octocat", 175)]},
            {"id": 3, "name": "Status", "data_type": "single_select", "value": {
                "id": "98236657", "name": text("Done"), "color": "PURPLE",
                "description": text("This has been completed")
            }},
            {"id": 4, "name": "Labels", "data_type": "labels", "value": [
                {"id": 19, "name": "bug", "color": "efe24f", "default": false}
            ]},
            {"id": 6, "name": "Milestone", "data_type": "milestone", "value": {
                "id": 1, "number": 1, "title": "Open milestone", "state": "open"
            }},
            {"id": 8, "name": "Type", "data_type": "issue_type", "value": null},
            {"id": 12, "name": "Estimate", "data_type": "number", "value": 3}
        ]
    })
}

fn link(path: &str, next: Option<&str>, prev: Option<&str>) -> String {
    let mut parts = Vec::new();
    if let Some(n) = next {
        parts.push(format!(
            "<https://api.github.com{path}?per_page=10&after={n}>; rel=\"next\""
        ));
    }
    if let Some(p) = prev {
        parts.push(format!(
            "<https://api.github.com{path}?per_page=10&before={p}>; rel=\"prev\""
        ));
    }
    parts.join(", ")
}

// ---- list and get projects

#[tokio::test]
async fn list_projects_of_an_org_contract() {
    let s = setup_all().await;
    expect("GET", ORG_PROJECTS)
        .bearer(TOKEN)
        .query("q", "roadmap is:open")
        .query("per_page", 10)
        .query("after", "Y3Vyc29yOnYyOpHO")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    link(
                        ORG_PROJECTS,
                        Some("Y3Vyc29yOnYyOpK0"),
                        Some("Y3Vyc29yOnYyOpK1"),
                    )
                    .as_str(),
                )
                .set_body_json(json!([
                    project_json(2, "My Projects"),
                    project_json(3, "Roadmap")
                ])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_projects",
            json!({"owner_type": "org", "owner": "octo-org", "query": "roadmap is:open", "per_page": 10, "after": "Y3Vyc29yOnYyOpHO"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 2);
    assert_eq!(v["items"][0]["title"], "My Projects");
    assert_eq!(v["items"][0]["owner"], "octocat");
    assert_eq!(v["items"][0]["state"], "open");
    assert_eq!(v["items"][0]["latest_status"], "COMPLETE");
    assert_eq!(v["items"][1]["title"], "Roadmap");
    assert!(v["items"][0].get("deleted_by").is_none());
    assert_eq!(v["next_cursor"], "Y3Vyc29yOnYyOpK0");
    assert_eq!(v["prev_cursor"], "Y3Vyc29yOnYyOpK1");
}

#[tokio::test]
async fn list_projects_of_a_user_last_page() {
    let s = setup_all().await;
    expect("GET", "/users/octocat/projectsV2")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([project_json(1, "Mine")]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_projects",
            json!({"owner_type": "user", "owner": "octocat"}),
        )
        .await;
    assert_eq!(v["items"][0]["title"], "Mine");
    assert_eq!(v["next_cursor"], Value::Null);
    assert_eq!(v["prev_cursor"], Value::Null);
}

#[tokio::test]
async fn list_projects_refuses_two_cursors() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_projects",
            json!({"owner_type": "org", "owner": "octo-org", "after": "a", "before": "b"}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn list_projects_forbidden_names_the_scope() {
    let s = setup_all().await;
    expect("GET", "/users/octocat/projectsV2")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by personal access token"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_projects",
            json!({"owner_type": "user", "owner": "octocat"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("`read:project`"), "{err}");
}

#[tokio::test]
async fn get_project_contract() {
    let s = setup_all().await;
    expect("GET", "/users/octocat/projectsV2/2")
        .bearer(TOKEN)
        .respond(&s.fake, 200, project_json(2, "My Projects"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_project",
            json!({"owner_type": "user", "owner": "octocat", "project_number": 2}),
        )
        .await;
    assert_eq!(v["number"], 2);
    assert_eq!(v["description"], "A board to manage my personal projects.");
    assert_eq!(v["public"], true);
    assert_eq!(v["creator"], "octocat");
}

#[tokio::test]
async fn get_project_not_found() {
    let s = setup_all().await;
    expect("GET", "/orgs/octo-org/projectsV2/99")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_project",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 99}),
        )
        .await;
    assert!(err.contains("404 Not Found: Not Found"), "{err}");
    assert!(err.contains("`owner_type` (user or org)"), "{err}");
}

#[tokio::test]
async fn bad_owner_type_is_refused() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_project",
            json!({"owner_type": "team", "owner": "octo-org", "project_number": 1}),
        )
        .await;
    assert!(err.contains("owner_type") || err.contains("team"), "{err}");
    no_requests(&s).await;
}

// ---- fields

#[tokio::test]
async fn list_project_fields_contract() {
    let s = setup_all().await;
    let path = "/orgs/octo-org/projectsV2/1/fields";
    expect("GET", path)
        .bearer(TOKEN)
        .query("per_page", 10)
        .query("before", "Y3Vy")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link(path, Some("bmV4dA"), None).as_str())
                .set_body_json(json!([status_field_json(), sprint_field_json()])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_project_fields",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "per_page": 10, "before": "Y3Vy"}),
        )
        .await;
    let status = &v["items"][0];
    assert_eq!(status["id"], 67891);
    assert_eq!(status["data_type"], "single_select");
    assert_eq!(
        status["options"][1],
        json!({"id": "option_5", "name": "In Progress", "color": "BLUE", "description": "Items currently being worked on"})
    );
    assert!(status.get("project_url").is_none());
    let sprint = &v["items"][1];
    assert_eq!(
        sprint["iterations"],
        json!([{"id": "iter_1", "title": "Sprint 1", "start_date": "2022-07-01", "duration": 14}])
    );
    assert_eq!(sprint["duration"], 14);
    assert_eq!(v["next_cursor"], "bmV4dA");
}

#[tokio::test]
async fn get_project_field_contract() {
    let s = setup_all().await;
    expect("GET", "/users/octocat/projectsV2/3/fields/11223")
        .bearer(TOKEN)
        .respond(&s.fake, 200, sprint_field_json())
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_project_field",
            json!({"owner_type": "user", "owner": "octocat", "project_number": 3, "field_id": 11223}),
        )
        .await;
    assert_eq!(v["name"], "Sprint");
    assert_eq!(v["iterations"][0]["id"], "iter_1");
}

#[tokio::test]
async fn get_project_field_not_found() {
    let s = setup_all().await;
    expect("GET", "/users/octocat/projectsV2/3/fields/1")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_project_field",
            json!({"owner_type": "user", "owner": "octocat", "project_number": 3, "field_id": 1}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("list_project_fields"), "{err}");
}

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

/// The reference's example answer to adding an item (it wraps the item in `value`).
fn added_item_json() -> Value {
    json!({"value": {
        "id": 17,
        "node_id": "PVTI_lADOANN5s84ACbL0zgBueEI",
        "content": {
            "id": 38,
            "node_id": "I_kwDOANN5s85FtLts",
            "title": "Example Draft Issue",
            "body": "This is a draft issue in the project.",
            "created_at": "2022-04-28T12:00:00Z",
            "updated_at": "2022-04-28T12:00:00Z",
            "user": user_json("octocat", 1)
        },
        "content_type": "DraftIssue",
        "creator": user_json("octocat", 1),
        "created_at": "2022-04-28T12:00:00Z",
        "updated_at": "2022-04-28T12:00:00Z",
        "archived_at": null,
        "project_url": "https://api.github.com/users/octocat/projectsV2/1",
        "item_url": "https://api.github.com/users/octocat/projectsV2/items/17"
    }})
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

// ---- GitHub's official server's names

#[tokio::test]
async fn single_tools_under_official_names() {
    let s = setup_official().await;
    expect("GET", ORG_PROJECTS)
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([project_json(2, "My Projects")]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_projects",
            json!({"owner_type": "org", "owner": "octo-org"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 2);
    expect("POST", ORG_ITEMS)
        .bearer(TOKEN)
        .json_body(json!({"type": "Issue", "id": 38}))
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "add_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_type": "issue", "item_id": 38}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

fn org_json() -> Value {
    json!({
        "login": "octo-org",
        "id": 9919,
        "node_id": "MDEyOk9yZ2FuaXphdGlvbjk5MTk=",
        "url": "https://api.github.com/users/octo-org",
        "html_url": "https://github.com/octo-org",
        "type": "Organization",
        "site_admin": false,
        "name": "Octo Org",
        "public_repos": 3
    })
}

#[tokio::test]
async fn projects_list_detects_an_organization() {
    let s = setup_official().await;
    expect("GET", "/users/octo-org")
        .bearer(TOKEN)
        .respond(&s.fake, 200, org_json())
        .await;
    expect("GET", ORG_ITEMS)
        .bearer(TOKEN)
        .query("fields", "3")
        .query("per_page", 5)
        .respond(&s.fake, 200, json!([item_json(13)]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_project_items", "owner": "octo-org", "project_number": 1, "fields": ["3"], "per_page": 5}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], 13);
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn projects_list_projects_and_fields_with_owner_type() {
    let s = setup_official().await;
    expect("GET", "/users/octocat/projectsV2")
        .bearer(TOKEN)
        .query("q", "roadmap")
        .respond(&s.fake, 200, json!([project_json(1, "Roadmap")]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_projects", "owner": "octocat", "owner_type": "user", "query": "roadmap"}),
        )
        .await;
    assert_eq!(v["items"][0]["title"], "Roadmap");
    expect("GET", "/users/octocat/projectsV2/1/fields")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([status_field_json()]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_project_fields", "owner": "octocat", "owner_type": "user", "project_number": 1}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Status");
}

#[tokio::test]
async fn projects_list_needs_the_project_number() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_list",
            json!({"method": "list_project_fields", "owner": "octo-org", "owner_type": "org"}),
        )
        .await;
    assert!(
        err.contains("`project_number` is required for 'list_project_fields'"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_list_unknown_owner() {
    let s = setup_official().await;
    expect("GET", "/users/nobody-here")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "projects_list",
            json!({"method": "list_projects", "owner": "nobody-here"}),
        )
        .await;
    assert!(err.contains("user or an organization"), "{err}");
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn projects_get_each_method() {
    let s = setup_official().await;
    expect("GET", "/orgs/octo-org/projectsV2/1")
        .bearer(TOKEN)
        .respond(&s.fake, 200, project_json(1, "Board"))
        .await;
    expect("GET", "/orgs/octo-org/projectsV2/1/fields/67891")
        .bearer(TOKEN)
        .respond(&s.fake, 200, status_field_json())
        .await;
    expect("GET", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .query("fields", "1,3")
        .respond(&s.fake, 200, item_json(13))
        .await;
    let base = json!({"owner": "octo-org", "owner_type": "org", "project_number": 1});
    let with = |extra: Value| {
        let mut b = base.clone();
        b.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        b
    };
    let v = s
        .client
        .call_ok("projects_get", with(json!({"method": "get_project"})))
        .await;
    assert_eq!(v["title"], "Board");
    let v = s
        .client
        .call_ok(
            "projects_get",
            with(json!({"method": "get_project_field", "field_id": 67891})),
        )
        .await;
    assert_eq!(v["options"][0]["name"], "Todo");
    let v = s
        .client
        .call_ok(
            "projects_get",
            with(json!({"method": "get_project_item", "item_id": 13, "fields": ["1", "3"]})),
        )
        .await;
    assert_eq!(v["content"]["number"], 6);
}

#[tokio::test]
async fn projects_get_needs_the_item_id() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_get",
            json!({"method": "get_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1}),
        )
        .await;
    assert!(err.contains("`item_id` is required"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_write_adds_an_issue_by_number() {
    let s = setup_official().await;
    expect("POST", ORG_ITEMS)
        .bearer(TOKEN)
        .json_body(json!({"type": "Issue", "owner": "octo-org", "repo": "hello", "number": 42}))
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "add_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1,
                   "item_owner": "octo-org", "item_repo": "hello", "item_type": "issue", "issue_number": 42}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

#[tokio::test]
async fn projects_write_adds_a_pull_request_detecting_a_user() {
    let s = setup_official().await;
    expect("GET", "/users/octocat")
        .bearer(TOKEN)
        .respond(&s.fake, 200, user_json("octocat", 1))
        .await;
    expect("POST", "/users/octocat/projectsV2/2/items")
        .bearer(TOKEN)
        .json_body(
            json!({"type": "PullRequest", "owner": "octo-org", "repo": "hello", "number": 6}),
        )
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "add_project_item", "owner": "octocat", "project_number": 2,
                   "item_owner": "octo-org", "item_repo": "hello", "pull_request_number": 6}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

#[tokio::test]
async fn projects_write_add_checks_its_arguments() {
    let s = setup_official().await;
    let base = json!({"method": "add_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1});
    let call = |extra: Value| {
        let mut b = base.clone();
        b.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        b
    };
    let err = s
        .client
        .call_err(
            "projects_write",
            call(json!({"item_owner": "octo-org", "item_repo": "hello", "item_type": "pull_request", "issue_number": 4})),
        )
        .await;
    assert!(err.contains("`item_type` does not match"), "{err}");
    let err = s
        .client
        .call_err(
            "projects_write",
            call(json!({"item_owner": "octo-org", "issue_number": 4})),
        )
        .await;
    assert!(err.contains("`item_owner` and `item_repo`"), "{err}");
    let err = s
        .client
        .call_err("projects_write", call(json!({"item_id": 38})))
        .await;
    assert!(err.contains("`item_type`"), "{err}");
    let err = s.client.call_err("projects_write", call(json!({}))).await;
    assert!(err.contains("needs `item_owner`"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_write_updates_and_deletes() {
    let s = setup_official().await;
    expect("PATCH", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .json_body(json!({"fields": [{"id": 67891, "value": "option_5"}]}))
        .respond(&s.fake, 200, item_json(13))
        .await;
    expect("DELETE", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "update_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1,
                   "item_id": 13, "updated_field": {"id": 67891, "value": "option_5"}}),
        )
        .await;
    assert_eq!(v["id"], 13);
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "delete_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1, "item_id": 13}),
        )
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn projects_write_update_needs_its_arguments() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_write",
            json!({"method": "update_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1, "item_id": 13}),
        )
        .await;
    assert!(
        err.contains("`updated_field` is required for 'update_project_item'"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "projects_write",
            json!({"method": "delete_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1}),
        )
        .await;
    assert!(err.contains("`item_id` is required"), "{err}");
    no_requests(&s).await;
}
