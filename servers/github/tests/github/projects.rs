//! The `projects` toolset: GitHub Projects over the REST API (`/orgs/{org}/projectsV2`,
//! `/users/{username}/projectsV2`), under our names and as GitHub's official single tools and
//! `projects_list`, `projects_get`, `projects_write`, against a fake GitHub answering with the
//! REST reference's examples (trimmed). This module holds the fixtures the `projects_*` modules
//! share, and the tests of projects and their fields; items are in `projects_items`, GitHub's
//! official server's names in `projects_official`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, no_requests, setup_all, user_json};

pub(crate) const ORG_PROJECTS: &str = "/orgs/octo-org/projectsV2";
pub(crate) const ORG_ITEMS: &str = "/orgs/octo-org/projectsV2/1/items";

/// A project as the REST reference's example shows it.
pub(crate) fn project_json(number: u64, title: &str) -> Value {
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
pub(crate) fn status_field_json() -> Value {
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
pub(crate) fn item_json(id: u64) -> Value {
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

pub(crate) fn link(path: &str, next: Option<&str>, prev: Option<&str>) -> String {
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

/// The reference's example answer to adding an item (it wraps the item in `value`).
pub(crate) fn added_item_json() -> Value {
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
