use crate::common::{TASK_LIST_FIELDS, TOKEN, asana_error, get, setup};
use mcp_testkit::expect;
use serde_json::json;

const TASK_FIELDS: &str = "name,completed,completed_at,assignee.name,due_on,due_at,start_on,start_at,notes,projects.name,memberships.section.name,parent.name,tags.name,num_subtasks,created_at,modified_at,permalink_url";

fn task() -> serde_json::Value {
    json!({"gid": "12345", "resource_type": "task", "name": "Buy catnip", "completed": false,
        "assignee": {"gid": "111", "name": "Greg Sanchez"}, "due_on": "2026-05-01",
        "num_subtasks": 1, "permalink_url": "https://app.asana.com/0/1/12345"})
}

#[tokio::test]
async fn create_task_sends_the_envelope() {
    let s = setup().await;
    expect("POST", "/tasks")
        .bearer(TOKEN)
        .query("opt_fields", TASK_FIELDS)
        .json_body(json!({"data": {"name": "Buy catnip", "workspace": "1331",
            "projects": ["222"], "assignee": "me", "notes": "two bags", "tags": ["77"],
            "start_on": "2026-04-28", "due_at": "2026-05-01T17:00:00Z"}}))
        .respond(&s.fake, 201, json!({"data": task()}))
        .await;
    let v = s
        .client
        .call_ok(
            "asana_create_task",
            json!({"name": "Buy catnip", "workspace_id": "1331", "project": "222",
                "assignee_id": "me", "description": "two bags", "tags": ["77"],
                "start_date": "2026-04-28", "due_date": "2026-05-01T17:00:00Z"}),
        )
        .await;
    assert_eq!(v["gid"], "12345");
    assert_eq!(v["assignee"]["name"], "Greg Sanchez");
}

#[tokio::test]
async fn create_task_bad_date_and_vendor_error() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "asana_create_task",
            json!({"name": "x", "workspace_id": "1", "due_date": "next friday"}),
        )
        .await;
    assert!(err.contains("due_date must be a date YYYY-MM-DD"), "{err}");
    expect("POST", "/tasks")
        .bearer(TOKEN)
        .query("opt_fields", TASK_FIELDS)
        .json_body(json!({"data": {"name": "x", "workspace": "1"}}))
        .respond(
            &s.fake,
            400,
            asana_error("workspace: Not a recognized ID: 1", "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "asana_create_task",
            json!({"name": "x", "workspace_id": "1"}),
        )
        .await;
    assert!(err.contains("Not a recognized ID: 1"), "{err}");
}

#[tokio::test]
async fn get_task_with_subtasks() {
    let s = setup().await;
    get("/tasks/12345", &[("opt_fields", TASK_FIELDS)])
        .respond(&s.fake, 200, json!({"data": task()}))
        .await;
    get(
        "/tasks/12345/subtasks",
        &[("limit", "5"), ("opt_fields", "name,completed")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "9", "name": "Find shop", "completed": true}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_get_task",
            json!({"task_id": "12345", "max_subtasks": 5}),
        )
        .await;
    assert_eq!(v["name"], "Buy catnip");
    assert_eq!(v["subtasks"][0]["name"], "Find shop");
}

#[tokio::test]
async fn get_task_not_found() {
    let s = setup().await;
    get("/tasks/404", &[("opt_fields", TASK_FIELDS)])
        .respond(
            &s.fake,
            404,
            asana_error("task: Unknown object: 404", "Check the gid"),
        )
        .await;
    let err = s
        .client
        .call_err("asana_get_task", json!({"task_id": "404"}))
        .await;
    assert!(err.contains("Unknown object: 404"), "{err}");
}

#[tokio::test]
async fn an_error_gives_asanas_message_and_help() {
    let s = setup().await;
    get("/tasks/7", &[("opt_fields", TASK_FIELDS)])
        .respond(
            &s.fake,
            400,
            asana_error(
                "task: Not a recognized ID: 7",
                "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("asana_get_task", json!({"task_id": "7"}))
        .await;
    assert!(
        err.contains("Asana API error 400 Bad Request: task: Not a recognized ID: 7."),
        "{err}"
    );
    assert!(
        err.contains("read the docs on errors: https://developers.asana.com/docs/errors"),
        "{err}"
    );
}

#[tokio::test]
async fn search_tasks_maps_filters() {
    let s = setup().await;
    get(
        "/workspaces/1331/tasks/search",
        &[
            ("text", "catnip"),
            ("assignee.any", "me"),
            ("projects.any", "222"),
            ("teams.any", "333"),
            ("tags.any", "7,8"),
            ("due_on.after", "2026-01-01"),
            ("due_on.before", "2026-12-31"),
            ("completed", "false"),
            ("sort_by", "due_date"),
            ("sort_ascending", "true"),
            ("opt_fields", TASK_LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [task(), {"gid": "2", "name": "Two"}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_search_tasks",
            json!({"workspace_id": "1331", "keywords": "catnip", "assignee_id": "me",
                "project": "222", "team_id": "333", "tags": ["7", "8"],
                "due_on_or_after": "2026-01-01", "due_on_or_before": "2026-12-31",
                "completed": false, "sort_by": "due_date", "sort_order": "ascending", "limit": 1}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    assert_eq!(v["truncated"], true);
}

#[tokio::test]
async fn search_tasks_on_a_free_workspace_says_what_to_do() {
    let s = setup().await;
    get(
        "/workspaces/1331/tasks/search",
        &[("text", "x"), ("opt_fields", TASK_LIST_FIELDS)],
    )
    .respond(
        &s.fake,
        402,
        asana_error("Search is only available to premium users.", "Upgrade"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "asana_search_tasks",
            json!({"workspace_id": "1331", "keywords": "x"}),
        )
        .await;
    assert!(err.contains("premium"), "{err}");
    assert!(err.contains("asana_get_project_tasks"), "{err}");
}

#[tokio::test]
async fn update_and_complete_task() {
    let s = setup().await;
    expect("PUT", "/tasks/12345")
        .bearer(TOKEN)
        .query("opt_fields", TASK_LIST_FIELDS)
        .json_body(json!({"data": {"name": "Buy more catnip", "due_on": "2026-05-02"}}))
        .respond(&s.fake, 200, json!({"data": task()}))
        .await;
    let v = s
        .client
        .call_ok(
            "asana_update_task",
            json!({"task_id": "12345", "name": "Buy more catnip", "due_date": "2026-05-02"}),
        )
        .await;
    assert_eq!(v["gid"], "12345");
    let err = s
        .client
        .call_err("asana_update_task", json!({"task_id": "12345"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    expect("PUT", "/tasks/55")
        .bearer(TOKEN)
        .query("opt_fields", TASK_LIST_FIELDS)
        .json_body(json!({"data": {"completed": true}}))
        .respond(
            &s.fake,
            200,
            json!({"data": {"gid": "55", "completed": true}}),
        )
        .await;
    let v = s
        .client
        .call_ok("asana_mark_task_completed", json!({"task_id": "55"}))
        .await;
    assert_eq!(v["completed"], true);
}

#[tokio::test]
async fn mark_task_completed_forbidden() {
    let s = setup().await;
    expect("PUT", "/tasks/56")
        .bearer(TOKEN)
        .query("opt_fields", TASK_LIST_FIELDS)
        .json_body(json!({"data": {"completed": true}}))
        .respond(
            &s.fake,
            403,
            asana_error("You do not have access to this task", "Ask the owner"),
        )
        .await;
    let err = s
        .client
        .call_err("asana_mark_task_completed", json!({"task_id": "56"}))
        .await;
    assert!(err.contains("do not have access"), "{err}");
}

#[tokio::test]
async fn get_subtasks_pages() {
    let s = setup().await;
    get(
        "/tasks/12345/subtasks",
        &[("limit", "2"), ("offset", "eyJ0eXAi"), ("opt_fields", TASK_LIST_FIELDS)],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "9", "name": "A"}], "next_page": {"offset": "eyJ0eXAj", "path": "/tasks/12345/subtasks?limit=2&offset=eyJ0eXAj", "uri": "https://app.asana.com/api/1.0/tasks/12345/subtasks?limit=2&offset=eyJ0eXAj"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_get_subtasks",
            json!({"task_id": "12345", "limit": 2, "next_page_token": "eyJ0eXAi"}),
        )
        .await;
    assert_eq!(v["next_page_token"], "eyJ0eXAj");
    assert_eq!(v["items"][0]["name"], "A");
    let err = s
        .client
        .call_err("asana_get_subtasks", json!({"task_id": "1", "limit": 500}))
        .await;
    assert!(err.contains("limit must be between 1 and 100"), "{err}");
}

const ATTACH_FIELDS: &str =
    "name,resource_subtype,host,size,download_url,view_url,permanent_url,parent.name";

#[tokio::test]
async fn attach_text_file_as_multipart() {
    let s = setup().await;
    expect("POST", "/attachments")
        .bearer(TOKEN)
        .query("opt_fields", ATTACH_FIELDS)
        .any_body()
        .respond(
            &s.fake,
            200,
            json!({"data": {"gid": "777", "resource_type": "attachment", "name": "notes.txt", "resource_subtype": "asana", "host": "asana"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "asana_attach_file_to_task",
            json!({"task_id": "12345", "file_name": "notes.txt", "file_content_str": "hello"}),
        )
        .await;
    assert_eq!(v["gid"], "777");
    let reqs = s.fake.received_requests().await.unwrap();
    let r = &reqs[0];
    let ct = r.headers.get("content-type").unwrap().to_str().unwrap();
    assert!(ct.starts_with("multipart/form-data; boundary="), "{ct}");
    let body = String::from_utf8_lossy(&r.body);
    assert!(body.contains("name=\"parent\"\r\n\r\n12345\r\n"), "{body}");
    assert!(
        body.contains(
            "name=\"file\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n"
        ),
        "{body}"
    );
}

#[tokio::test]
async fn attach_url_as_external() {
    let s = setup().await;
    expect("POST", "/attachments")
        .bearer(TOKEN)
        .query("opt_fields", ATTACH_FIELDS)
        .any_body()
        .respond(
            &s.fake,
            200,
            json!({"data": {"gid": "778", "name": "Spec", "resource_subtype": "external"}}),
        )
        .await;
    s.client
        .call_ok(
            "asana_attach_file_to_task",
            json!({"task_id": "12345", "file_name": "Spec", "file_content_url": "https://example.com/spec.pdf"}),
        )
        .await;
    let reqs = s.fake.received_requests().await.unwrap();
    let body = String::from_utf8_lossy(&reqs[0].body);
    assert!(
        body.contains("name=\"resource_subtype\"\r\n\r\nexternal\r\n"),
        "{body}"
    );
    assert!(
        body.contains("name=\"url\"\r\n\r\nhttps://example.com/spec.pdf\r\n"),
        "{body}"
    );
    assert!(body.contains("name=\"name\"\r\n\r\nSpec\r\n"), "{body}");
}

#[tokio::test]
async fn attach_needs_exactly_one_content() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "asana_attach_file_to_task",
            json!({"task_id": "1", "file_name": "a.txt"}),
        )
        .await;
    assert!(err.contains("exactly one of"), "{err}");
    let err = s
        .client
        .call_err(
            "asana_attach_file_to_task",
            json!({"task_id": "1", "file_name": "a.bin", "file_content_base64": "!!!"}),
        )
        .await;
    assert!(err.contains("not valid base64"), "{err}");
}

#[tokio::test]
async fn add_task_to_section() {
    let s = setup().await;
    expect("POST", "/sections/321/addTask")
        .bearer(TOKEN)
        .json_body(json!({"data": {"task": "12345", "insert_after": "999"}}))
        .respond(&s.fake, 200, json!({"data": {}}))
        .await;
    let v = s
        .client
        .call_ok(
            "asana_add_task_to_section",
            json!({"section_id": "321", "task_id": "12345", "insert_after": "999"}),
        )
        .await;
    assert_eq!(v["added"], true);
    let err = s
        .client
        .call_err(
            "asana_add_task_to_section",
            json!({"section_id": "321", "task_id": "1", "insert_after": "2", "insert_before": "3"}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
}
