//! Tasks: listing with Motion's filters, name search (`?name=`), get, create, update, delete.

use serde_json::json;

use crate::common::{motion, setup, task_body, task_concise};

#[tokio::test]
async fn get_tasks_contract_with_filters() {
    let s = setup().await;
    motion(
        "GET",
        "/tasks",
        &[
            ("workspaceId", "ws_1"),
            ("projectId", "pr_1"),
            ("assigneeId", "u_1"),
            ("label", "marketing"),
            ("status", "Todo"),
            ("status", "In Progress"),
            ("cursor", "c1"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"meta": {"nextCursor": "c2", "pageSize": 25}, "tasks": [task_body()]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "motion_get_tasks",
            json!({"workspace_id": "ws_1", "project_id": "pr_1", "assignee_id": "u_1",
                   "label": "marketing", "status": ["Todo", "In Progress"], "cursor": "c1"}),
        )
        .await;
    assert_eq!(v, json!({"tasks": [task_concise()], "next_cursor": "c2"}));
}

#[tokio::test]
async fn get_tasks_status_excludes_include_all() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "motion_get_tasks",
            json!({"status": ["Todo"], "include_all_statuses": true}),
        )
        .await;
    assert!(err.contains("exclude each other"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn search_tasks_sends_name_not_search() {
    let s = setup().await;
    motion(
        "GET",
        "/tasks",
        &[("workspaceId", "ws_1"), ("name", "launch")],
    )
    .respond(
        &s.fake,
        200,
        json!({"meta": {"pageSize": 25}, "tasks": [task_body()]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "motion_search_tasks",
            json!({"query": " launch ", "workspace_id": "ws_1"}),
        )
        .await;
    assert_eq!(v, json!({"tasks": [task_concise()]}));
}

#[tokio::test]
async fn search_tasks_needs_a_query() {
    let s = setup().await;
    let err = s
        .client
        .call_err("motion_search_tasks", json!({"query": ""}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
}

#[tokio::test]
async fn get_task_contract() {
    let s = setup().await;
    motion("GET", "/tasks/tk_1", &[])
        .respond(&s.fake, 200, task_body())
        .await;
    let v = s
        .client
        .call_ok("motion_get_task", json!({"task_id": "tk_1"}))
        .await;
    assert_eq!(v, task_concise());
}

#[tokio::test]
async fn get_task_not_found() {
    let s = setup().await;
    motion("GET", "/tasks/tk_x", &[])
        .respond(
            &s.fake,
            404,
            json!({"message": "Task not found", "statusCode": 404}),
        )
        .await;
    let err = s
        .client
        .call_err("motion_get_task", json!({"task_id": "tk_x"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Task not found"),
        "{err}"
    );
}

#[tokio::test]
async fn create_task_contract() {
    let s = setup().await;
    motion("POST", "/tasks", &[])
        .json_body(json!({
            "name": "Write launch post", "workspaceId": "ws_1", "description": "Draft",
            "status": "Todo", "priority": "HIGH", "assigneeId": "u_1", "projectId": "pr_1",
            "dueDate": "2026-12-10T17:00:00.000Z", "duration": 60, "labels": ["marketing"]
        }))
        .respond(&s.fake, 201, task_body())
        .await;
    let v = s
        .client
        .call_ok(
            "motion_create_task",
            json!({"name": "Write launch post", "workspace_id": "ws_1", "description": "Draft",
                   "status": "Todo", "priority": "high", "assignee_id": "u_1", "project_id": "pr_1",
                   "due_date": "2026-12-10T17:00:00.000Z", "duration": "60", "labels": ["marketing"]}),
        )
        .await;
    assert_eq!(v, task_concise());
}

#[tokio::test]
async fn create_task_validation_errors() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"name": "x", "workspace_id": "ws_1", "priority": "urgent"}),
            "ASAP, HIGH, MEDIUM, LOW",
        ),
        (
            json!({"name": "x", "workspace_id": "ws_1", "duration": "1h"}),
            "`duration` must be minutes",
        ),
        (
            json!({"name": "x", "workspace_id": " "}),
            "`workspace_id` must not be empty",
        ),
    ] {
        let err = s.client.call_err("motion_create_task", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn create_task_vendor_validation_list_is_joined() {
    let s = setup().await;
    motion("POST", "/tasks", &[])
        .json_body(json!({"name": "x", "workspaceId": "ws_1", "dueDate": "soon"}))
        .respond(
            &s.fake,
            400,
            json!({"message": ["dueDate must be a valid ISO 8601 date string", "dueDate is required for scheduled tasks"], "error": "Bad Request", "statusCode": 400}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "motion_create_task",
            json!({"name": "x", "workspace_id": "ws_1", "due_date": "soon"}),
        )
        .await;
    assert!(
        err.contains("dueDate must be a valid ISO 8601 date string; dueDate is required"),
        "{err}"
    );
}

#[tokio::test]
async fn update_task_contract() {
    let s = setup().await;
    let mut body = task_body();
    body["status"] =
        json!({"name": "Completed", "isDefaultStatus": false, "isResolvedStatus": true});
    body["completed"] = json!(true);
    motion("PATCH", "/tasks/tk_1", &[])
        .json_body(json!({"status": "Completed", "priority": "LOW", "duration": "REMINDER"}))
        .respond(&s.fake, 200, body)
        .await;
    let v = s
        .client
        .call_ok(
            "motion_update_task",
            json!({"task_id": "tk_1", "status": "Completed", "priority": "low", "duration": "reminder"}),
        )
        .await;
    assert_eq!(v["status"], "Completed");
    assert_eq!(v["completed"], true);
}

#[tokio::test]
async fn update_task_without_changes_is_refused() {
    let s = setup().await;
    let err = s
        .client
        .call_err("motion_update_task", json!({"task_id": "tk_1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_task_contract() {
    let s = setup().await;
    motion("DELETE", "/tasks/tk_1", &[])
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("motion_delete_task", json!({"task_id": "tk_1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "id": "tk_1"}));
}

#[tokio::test]
async fn delete_task_needs_an_id() {
    let s = setup().await;
    let err = s
        .client
        .call_err("motion_delete_task", json!({"task_id": "  "}))
        .await;
    assert!(err.contains("`task_id` must not be empty"), "{err}");
}
