//! Task comments (`GET|POST /comments`, not Klavis's `/tasks/{id}/comments`).

use serde_json::json;

use crate::common::{motion, setup};

fn comment() -> serde_json::Value {
    json!({"id": "cm_1", "taskId": "tk_1", "content": "Looks good", "createdAt": "2026-12-01T09:00:00.000Z",
           "creator": {"id": "u_1", "name": "Ada", "email": "ada@example.com"}})
}

fn concise() -> serde_json::Value {
    json!({"id": "cm_1", "task_id": "tk_1", "content": "Looks good",
           "createdAt": "2026-12-01T09:00:00.000Z", "author": "Ada"})
}

#[tokio::test]
async fn get_comments_contract() {
    let s = setup().await;
    motion("GET", "/comments", &[("taskId", "tk_1"), ("cursor", "c1")])
        .respond(
            &s.fake,
            200,
            json!({"meta": {"nextCursor": "c2", "pageSize": 25}, "comments": [comment()]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "motion_get_comments",
            json!({"task_id": "tk_1", "cursor": "c1"}),
        )
        .await;
    assert_eq!(v, json!({"comments": [concise()], "next_cursor": "c2"}));
}

#[tokio::test]
async fn get_comments_needs_a_task() {
    let s = setup().await;
    let err = s
        .client
        .call_err("motion_get_comments", json!({"task_id": ""}))
        .await;
    assert!(err.contains("`task_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn create_comment_contract() {
    let s = setup().await;
    motion("POST", "/comments", &[])
        .json_body(json!({"taskId": "tk_1", "content": "Looks good"}))
        .respond(&s.fake, 200, comment())
        .await;
    let v = s
        .client
        .call_ok(
            "motion_create_comment",
            json!({"task_id": "tk_1", "content": "Looks good"}),
        )
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn create_comment_on_unknown_task() {
    let s = setup().await;
    motion("POST", "/comments", &[])
        .json_body(json!({"taskId": "tk_x", "content": "hi"}))
        .respond(
            &s.fake,
            404,
            json!({"message": "Task not found", "statusCode": 404}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "motion_create_comment",
            json!({"task_id": "tk_x", "content": "hi"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Task not found"),
        "{err}"
    );
}
