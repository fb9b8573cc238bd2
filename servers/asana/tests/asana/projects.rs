use crate::common::{TASK_LIST_FIELDS, asana_error, get, setup};
use serde_json::json;

#[tokio::test]
async fn get_projects_of_a_team() {
    let s = setup().await;
    get(
        "/projects",
        &[
            ("workspace", "1331"),
            ("team", "44"),
            ("archived", "false"),
            ("limit", "50"),
            ("opt_fields", "name,archived,team.name,permalink_url"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "222", "resource_type": "project", "name": "Stuff to buy", "archived": false}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_get_projects",
            json!({"workspace_id": "1331", "team_id": "44", "filter": {"archived": false}}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Stuff to buy");
    assert_eq!(v["next_page_token"], serde_json::Value::Null);
    let err = s
        .client
        .call_err(
            "asana_get_projects",
            json!({"workspace_id": "1331", "filter": {"owner": "me"}}),
        )
        .await;
    assert!(err.contains("owner"), "{err}");
}

#[tokio::test]
async fn get_project_and_not_found() {
    let s = setup().await;
    let fields = "name,notes,archived,color,owner.name,team.name,workspace.name,current_status_update.title,start_on,due_on,members.name,created_at,modified_at,permalink_url";
    get("/projects/222", &[("opt_fields", fields)])
        .respond(
            &s.fake,
            200,
            json!({"data": {"gid": "222", "name": "Stuff to buy", "owner": {"gid": "1", "name": "Greg"}}}),
        )
        .await;
    let v = s
        .client
        .call_ok("asana_get_project", json!({"project_id": "222"}))
        .await;
    assert_eq!(v["owner"]["name"], "Greg");
    get("/projects/9", &[("opt_fields", fields)])
        .respond(&s.fake, 404, asana_error("project: Unknown object: 9", ""))
        .await;
    let err = s
        .client
        .call_err("asana_get_project", json!({"project_id": "9"}))
        .await;
    assert!(err.contains("Unknown object: 9"), "{err}");
}

#[tokio::test]
async fn get_project_tasks_incomplete() {
    let s = setup().await;
    get(
        "/projects/222/tasks",
        &[
            ("completed_since", "now"),
            ("limit", "10"),
            ("opt_fields", TASK_LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "1", "name": "A", "completed": false}], "next_page": {"offset": "tok2", "path": "/x", "uri": "https://x"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_get_project_tasks",
            json!({"project_id": "222", "completed_since": "now", "limit": 10}),
        )
        .await;
    assert_eq!(v["next_page_token"], "tok2");
    let err = s
        .client
        .call_err(
            "asana_get_project_tasks",
            json!({"project_id": "222", "limit": 0}),
        )
        .await;
    assert!(err.contains("limit must be between 1 and 100"), "{err}");
}

#[tokio::test]
async fn get_sections_of_a_project() {
    let s = setup().await;
    get(
        "/projects/222/sections",
        &[("limit", "50"), ("opt_fields", "name")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "321", "resource_type": "section", "name": "Next Actions"}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_sections", json!({"project_id": "222"}))
        .await;
    assert_eq!(v["items"][0]["gid"], "321");
    let err = s
        .client
        .call_err("asana_get_sections", json!({"project_id": ""}))
        .await;
    assert!(err.contains("project_id"), "{err}");
}
