use crate::common::{call, clickup_error, setup, task};
use serde_json::json;

#[tokio::test]
async fn get_tasks_pages() {
    let s = setup().await;
    call("GET", "/list/123/task")
        .query("archived", "false")
        .query("include_closed", "true")
        .query("page", "2")
        .query("subtasks", "true")
        .respond(
            &s.fake,
            200,
            json!({"tasks": [task("9hx", "Buy catnip")], "last_page": false}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_get_tasks",
            json!({"list_id": "123", "archived": false, "include_closed": true, "page": 2, "subtasks": true}),
        )
        .await;
    assert_eq!(v["next_page"], 3);
    assert_eq!(
        v["tasks"][0],
        json!({"id": "9hx", "name": "Buy catnip", "status": "in progress", "priority": "high",
            "due_date": "1508369194377", "date_updated": "1567780450202",
            "url": "https://app.clickup.com/t/9hx", "assignees": ["John Doe"]})
    );
}

#[tokio::test]
async fn get_task_by_id_and_not_found() {
    let s = setup().await;
    call("GET", "/task/9hx")
        .query("include_subtasks", "true")
        .respond(&s.fake, 200, json!(task("9hx", "Buy catnip")))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_get_task_by_id",
            json!({"task_id": "9hx", "include_subtasks": true}),
        )
        .await;
    assert_eq!(v["description"], "Buy two bags");
    assert_eq!(v["tags"], json!(["errand"]));
    assert_eq!(v["creator"], "John Doe");
    call("GET", "/task/nope")
        .respond(
            &s.fake,
            401,
            clickup_error("Team not authorized", "OAUTH_023"),
        )
        .await;
    let err = s
        .client
        .call_err("clickup_get_task_by_id", json!({"task_id": "nope"}))
        .await;
    assert!(err.contains("not authorized for this workspace"), "{err}");
}

#[tokio::test]
async fn create_task_with_numeric_assignees() {
    let s = setup().await;
    call("POST", "/list/123/task")
        .json_body(
            json!({"name": "Buy catnip", "description": "two bags", "assignees": [183, 184],
            "status": "to do", "priority": 3, "due_date": 1508369194377_i64}),
        )
        .respond(&s.fake, 200, task("9hx", "Buy catnip"))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_create_task",
            json!({"list_id": "123", "name": "Buy catnip", "description": "two bags",
                "assignees": ["183", "184"], "status": "to do", "priority": 3, "due_date": 1508369194377_i64}),
        )
        .await;
    assert_eq!(v["id"], "9hx");
    call("POST", "/list/123/task")
        .json_body(json!({"name": "x", "status": "nonexistent"}))
        .respond(
            &s.fake,
            400,
            clickup_error("Status does not exist", "INPUT_005"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "clickup_create_task",
            json!({"list_id": "123", "name": "x", "status": "nonexistent"}),
        )
        .await;
    assert!(err.contains("Status does not exist"), "{err}");
}

#[tokio::test]
async fn update_task() {
    let s = setup().await;
    call("PUT", "/task/9hx")
        .json_body(json!({"name": "Buy more catnip", "status": "complete", "priority": 1}))
        .respond(&s.fake, 200, task("9hx", "Buy more catnip"))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_update_task",
            json!({"task_id": "9hx", "name": "Buy more catnip", "status": "complete", "priority": 1}),
        )
        .await;
    assert_eq!(v["name"], "Buy more catnip");
    let err = s
        .client
        .call_err("clickup_update_task", json!({"task_id": "9hx"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn search_tasks_reads_pages_and_filters() {
    let s = setup().await;
    call("GET", "/team/1234/task")
        .query("page", "0")
        .respond(
            &s.fake,
            200,
            json!({"tasks": [task("a", "Buy CATNIP"), task("b", "Walk dog")], "last_page": false}),
        )
        .await;
    let mut other = task("c", "Vet visit");
    other["text_content"] = json!("ask about catnip");
    call("GET", "/team/1234/task")
        .query("page", "1")
        .respond(&s.fake, 200, json!({"tasks": [other], "last_page": true}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_search_tasks",
            json!({"team_id": "1234", "query": "catnip"}),
        )
        .await;
    let ids: Vec<&str> = v["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["a", "c"]);
    assert_eq!(v["next_start"], serde_json::Value::Null);
}

#[tokio::test]
async fn search_tasks_stops_at_limit() {
    let s = setup().await;
    call("GET", "/team/1234/task")
        .query("page", "5")
        .respond(
            &s.fake,
            200,
            json!({"tasks": [task("a", "catnip 1"), task("b", "catnip 2")], "last_page": false}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_search_tasks",
            json!({"team_id": "1234", "query": "catnip", "start": 5, "limit": 1}),
        )
        .await;
    assert_eq!(v["tasks"].as_array().unwrap().len(), 1);
    assert_eq!(v["next_start"], 6);
    let err = s
        .client
        .call_err(
            "clickup_search_tasks",
            json!({"team_id": "1234", "query": " "}),
        )
        .await;
    assert!(err.contains("query"), "{err}");
}

#[tokio::test]
async fn comments() {
    let s = setup().await;
    call("GET", "/task/9hx/comment")
        .respond(&s.fake, 200, json!({"comments": [{"id": "458", "comment": [{"text": "Task comment content"}],
            "comment_text": "Task comment content", "user": {"id": 183, "username": "John Doe", "initials": "JD"},
            "resolved": false, "assignee": null, "reactions": [], "date": "1568036964079"}]}))
        .await;
    let v = s
        .client
        .call_ok("clickup_get_comments", json!({"task_id": "9hx"}))
        .await;
    assert_eq!(
        v,
        json!({"comments": [{"id": "458", "comment_text": "Task comment content", "user": "John Doe", "date": "1568036964079", "resolved": false}]})
    );
    call("POST", "/task/9hx/comment")
        .json_body(json!({"comment_text": "Task comment content", "notify_all": true}))
        .respond(
            &s.fake,
            200,
            json!({"id": "458", "hist_id": "26508", "date": 1568036964079_i64}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_create_comment",
            json!({"task_id": "9hx", "comment_text": "Task comment content", "notify_all": true}),
        )
        .await;
    assert_eq!(v["id"], "458");
    call("PUT", "/comment/458")
        .json_body(json!({"comment_text": "Updated"}))
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_update_comment",
            json!({"comment_id": "458", "comment_text": "Updated"}),
        )
        .await;
    assert_eq!(v["updated"], true);
}

#[tokio::test]
async fn comment_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "clickup_create_comment",
            json!({"task_id": "9hx", "comment_text": ""}),
        )
        .await;
    assert!(err.contains("comment_text"), "{err}");
    call("PUT", "/comment/1")
        .json_body(json!({"comment_text": "x"}))
        .respond(&s.fake, 404, clickup_error("Comment not found", "ITEM_051"))
        .await;
    let err = s
        .client
        .call_err(
            "clickup_update_comment",
            json!({"comment_id": "1", "comment_text": "x"}),
        )
        .await;
    assert!(err.contains("Comment not found"), "{err}");
    call("GET", "/task/2/comment")
        .respond(&s.fake, 404, clickup_error("Task not found", "ITEM_013"))
        .await;
    let err = s
        .client
        .call_err("clickup_get_comments", json!({"task_id": "2"}))
        .await;
    assert!(err.contains("Task not found"), "{err}");
}
