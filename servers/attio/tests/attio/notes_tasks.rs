use crate::{PERSON, attio_error, req, setup};
use serde_json::{Value, json};

fn note(id: &str, title: &str, text: &str) -> Value {
    json!({
        "id": {"workspace_id": "w", "note_id": id},
        "parent_object": "people",
        "parent_record_id": PERSON,
        "title": title,
        "meeting_id": null,
        "content_plaintext": text,
        "content_markdown": text,
        "tags": [],
        "created_by_actor": {"type": "workspace-member", "id": "50cf242c-7fa3-4cad-87d0-75b1af71c57b"},
        "created_at": "2022-11-21T13:22:49.061281000Z"
    })
}

#[tokio::test]
async fn search_notes_of_a_record_with_query() {
    let s = setup().await;
    req("GET", "/notes")
        .query("limit", "2")
        .query("offset", "0")
        .query("parent_object", "people")
        .query("parent_record_id", PERSON)
        .respond(
            &s.fake,
            200,
            json!({"data": [note("n1", "Intro call", "Budget next quarter"), note("n2", "Follow-up", "Sent pricing")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "attio_search_notes",
            json!({"query": "BUDGET", "limit": 2, "parent_object": "people", "parent_record_id": PERSON}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    assert_eq!(v["items"][0]["note_id"], "n1");
    assert_eq!(v["items"][0]["content_plaintext"], "Budget next quarter");
    assert_eq!(v["next_cursor"], "2");
    let err = s
        .client
        .call_err("attio_search_notes", json!({"parent_object": "people"}))
        .await;
    assert!(err.contains("together"), "{err}");
    let err = s
        .client
        .call_err("attio_search_notes", json!({"limit": 51}))
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn create_note_and_error() {
    let s = setup().await;
    req("POST", "/notes")
        .json_body(json!({"data": {"parent_object": "people", "parent_record_id": PERSON, "title": "Intro call", "format": "markdown", "content": "# Budget"}}))
        .respond(&s.fake, 200, json!({"data": note("n3", "Intro call", "Budget")}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_create_note",
            json!({"parent_object": "people", "parent_record_id": PERSON, "title": "Intro call", "content": "# Budget", "format": "markdown"}),
        )
        .await;
    assert_eq!(v["note_id"], "n3");
    req("POST", "/notes")
        .json_body(json!({"data": {"parent_object": "deals", "parent_record_id": "x", "title": "t", "format": "plaintext", "content": "c"}}))
        .respond(
            &s.fake,
            404,
            attio_error(404, "invalid_request_error", "not_found", "Parent record with ID \"x\" not found."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "attio_create_note",
            json!({"parent_object": "deals", "parent_record_id": "x", "title": "t", "content": "c"}),
        )
        .await;
    assert!(err.contains("Parent record"), "{err}");
    let err = s
        .client
        .call_err(
            "attio_create_note",
            json!({"parent_object": "tasks", "parent_record_id": "x", "title": "t", "content": "c"}),
        )
        .await;
    assert!(
        err.contains("parent_object") || err.contains("tasks"),
        "{err}"
    );
}

fn task() -> Value {
    json!({
        "id": {"workspace_id": "w", "task_id": "t1"},
        "content_plaintext": "Send the proposal",
        "deadline_at": "2026-05-01T17:00:00.000000000Z",
        "is_completed": false,
        "linked_records": [{"target_object_id": "97052eb9-e65e-443f-a297-f2d9a4a7f795", "target_record_id": PERSON}],
        "assignees": [{"referenced_actor_type": "workspace-member", "referenced_actor_id": "50cf242c-7fa3-4cad-87d0-75b1af71c57b"}],
        "created_by_actor": {"type": "workspace-member", "id": "50cf242c-7fa3-4cad-87d0-75b1af71c57b"},
        "created_at": "2026-04-01T10:00:00.000000000Z"
    })
}

#[tokio::test]
async fn create_task_with_all_required_fields() {
    let s = setup().await;
    req("POST", "/tasks")
        .json_body(json!({"data": {
            "content": "Send the proposal",
            "format": "plaintext",
            "deadline_at": "2026-05-01T17:00:00Z",
            "is_completed": false,
            "linked_records": [{"target_object": "people", "target_record_id": PERSON}],
            "assignees": [{"workspace_member_email_address": "alice@acme.com"}]
        }}))
        .respond(&s.fake, 200, json!({"data": task()}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_create_task",
            json!({"content_plaintext": "Send the proposal", "deadline_at": "2026-05-01T17:00:00Z", "assignee_emails": ["alice@acme.com"], "linked_records": [{"object": "people", "record_id": PERSON}]}),
        )
        .await;
    assert_eq!(v["task_id"], "t1");
    assert_eq!(v["linked_records"][0]["record_id"], PERSON);
    assert_eq!(v["assignee_ids"][0], "50cf242c-7fa3-4cad-87d0-75b1af71c57b");
}

#[tokio::test]
async fn create_task_errors() {
    let s = setup().await;
    req("POST", "/tasks")
        .json_body(json!({"data": {
            "content": "Call", "format": "plaintext", "deadline_at": null, "is_completed": false,
            "linked_records": [], "assignees": [{"workspace_member_email_address": "nobody@acme.com"}]
        }}))
        .respond(
            &s.fake,
            400,
            attio_error(400, "invalid_request_error", "validation_type", "Workspace member with email nobody@acme.com not found."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "attio_create_task",
            json!({"content_plaintext": "Call", "assignee_emails": ["nobody@acme.com"]}),
        )
        .await;
    assert!(err.contains("nobody@acme.com not found"), "{err}");
    let long = "x".repeat(2001);
    let err = s
        .client
        .call_err(
            "attio_create_task",
            json!({"content_plaintext": long, "assignee_emails": []}),
        )
        .await;
    assert!(err.contains("2000"), "{err}");
}

#[tokio::test]
async fn list_tasks() {
    let s = setup().await;
    req("GET", "/tasks")
        .query("limit", "50")
        .query("offset", "0")
        .query("sort", "created_at:desc")
        .query("assignee", "alice@acme.com")
        .query("is_completed", "false")
        .respond(&s.fake, 200, json!({"data": [task()]}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_list_tasks",
            json!({"assignee": "alice@acme.com", "is_completed": false}),
        )
        .await;
    assert_eq!(v["items"][0]["content_plaintext"], "Send the proposal");
    assert!(v["next_cursor"].is_null());
    let err = s
        .client
        .call_err("attio_list_tasks", json!({"linked_record_id": PERSON}))
        .await;
    assert!(err.contains("together"), "{err}");
}
