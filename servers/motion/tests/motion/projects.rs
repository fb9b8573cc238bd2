//! Projects.

use serde_json::json;

use crate::common::{motion, project_body, setup};

fn concise() -> serde_json::Value {
    json!({"id": "pr_1", "name": "Launch", "description": "<p>Q1</p>", "status": "Todo",
           "workspace_id": "ws_1", "createdTime": "2026-12-01T07:00:00.000Z"})
}

#[tokio::test]
async fn get_projects_contract() {
    let s = setup().await;
    motion("GET", "/projects", &[("workspaceId", "ws_1")])
        .respond(
            &s.fake,
            200,
            json!({"meta": {"nextCursor": "c2", "pageSize": 25}, "projects": [project_body()]}),
        )
        .await;
    let v = s
        .client
        .call_ok("motion_get_projects", json!({"workspace_id": "ws_1"}))
        .await;
    assert_eq!(v, json!({"projects": [concise()], "next_cursor": "c2"}));
}

#[tokio::test]
async fn get_project_contract() {
    let s = setup().await;
    motion("GET", "/projects/pr_1", &[])
        .respond(&s.fake, 200, project_body())
        .await;
    let v = s
        .client
        .call_ok("motion_get_project", json!({"project_id": "pr_1"}))
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn get_project_not_found() {
    let s = setup().await;
    motion("GET", "/projects/pr_x", &[])
        .respond(
            &s.fake,
            404,
            json!({"message": "Project not found", "statusCode": 404}),
        )
        .await;
    let err = s
        .client
        .call_err("motion_get_project", json!({"project_id": "pr_x"}))
        .await;
    assert!(err.contains("Project not found"), "{err}");
}

#[tokio::test]
async fn create_project_contract_drops_status_with_a_note() {
    let s = setup().await;
    motion("POST", "/projects", &[])
        .json_body(json!({"name": "Launch", "workspaceId": "ws_1", "description": "<p>Q1</p>",
                          "priority": "ASAP", "dueDate": "2027-01-31T00:00:00.000Z", "labels": ["q1"]}))
        .respond(&s.fake, 200, project_body())
        .await;
    let v = s
        .client
        .call_ok(
            "motion_create_project",
            json!({"name": "Launch", "workspace_id": "ws_1", "description": "<p>Q1</p>", "status": "Planning",
                   "priority": "asap", "due_date": "2027-01-31T00:00:00.000Z", "labels": ["q1"]}),
        )
        .await;
    assert_eq!(v["id"], "pr_1");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("`status` was not sent"),
        "{v}"
    );
}

#[tokio::test]
async fn create_project_needs_a_name() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "motion_create_project",
            json!({"name": "", "workspace_id": "ws_1"}),
        )
        .await;
    assert!(err.contains("`name` must not be empty"), "{err}");
}
