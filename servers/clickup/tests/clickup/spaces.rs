use crate::common::{call, clickup_error, setup};
use serde_json::json;

#[tokio::test]
async fn get_spaces_folders_lists() {
    let s = setup().await;
    call("GET", "/team/1234/space")
        .query("archived", "false")
        .respond(&s.fake, 200, json!({"spaces": [{"id": "790", "name": "Updated Space Name", "private": false,
            "statuses": [{"status": "to do", "type": "open", "orderindex": 0, "color": "#d3d3d3"}], "multiple_assignees": false, "features": {}}]}))
        .await;
    let v = s
        .client
        .call_ok("clickup_get_spaces", json!({"team_id": "1234"}))
        .await;
    assert_eq!(
        v,
        json!({"spaces": [{"id": "790", "name": "Updated Space Name", "private": false, "statuses": ["to do"]}]})
    );
    call("GET", "/space/790/folder")
        .query("archived", "false")
        .respond(&s.fake, 200, json!({"folders": [{"id": "457", "name": "Updated Folder Name", "orderindex": 0, "hidden": false,
            "space": {"id": "789", "name": "Space Name"}, "task_count": "0", "lists": [{"id": "124", "name": "L"}]}]}))
        .await;
    let v = s
        .client
        .call_ok("clickup_get_folders", json!({"space_id": "790"}))
        .await;
    assert_eq!(v["folders"][0]["lists"][0]["id"], "124");
    call("GET", "/folder/457/list")
        .query("archived", "false")
        .respond(&s.fake, 200, json!({"lists": [{"id": "124", "name": "Updated List Name", "content": "Updated List Content",
            "status": {"status": "red", "color": "#e50000"}, "task_count": null, "due_date": "1567780450202"}]}))
        .await;
    let v = s
        .client
        .call_ok("clickup_get_lists", json!({"folder_id": "457"}))
        .await;
    assert_eq!(v["lists"][0]["status"], "red");
    call("GET", "/space/790/list")
        .query("archived", "false")
        .respond(&s.fake, 200, json!({"lists": []}))
        .await;
    let v = s
        .client
        .call_ok("clickup_get_lists", json!({"space_id": "790"}))
        .await;
    assert_eq!(v["lists"], json!([]));
    let err = s.client.call_err("clickup_get_lists", json!({})).await;
    assert!(err.contains("exactly one of folder_id"), "{err}");
}

#[tokio::test]
async fn create_space_then_sets_color_and_privacy() {
    let s = setup().await;
    call("POST", "/team/1234/space")
        .json_body(json!({"name": "New Space", "multiple_assignees": true}))
        .respond(
            &s.fake,
            200,
            json!({"id": "790", "name": "New Space", "private": false}),
        )
        .await;
    call("PUT", "/space/790")
        .json_body(json!({"color": "#7B68EE", "private": true}))
        .respond(
            &s.fake,
            200,
            json!({"id": "790", "name": "New Space", "private": true}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_create_space",
            json!({"team_id": "1234", "name": "New Space", "color": "#7B68EE", "private": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "790", "name": "New Space", "private": true})
    );
}

#[tokio::test]
async fn update_space_and_errors() {
    let s = setup().await;
    call("PUT", "/space/790")
        .json_body(json!({"name": "Renamed"}))
        .respond(&s.fake, 200, json!({"id": "790", "name": "Renamed"}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_update_space",
            json!({"space_id": "790", "name": "Renamed"}),
        )
        .await;
    assert_eq!(v["name"], "Renamed");
    let err = s
        .client
        .call_err("clickup_update_space", json!({"space_id": "790"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    call("PUT", "/space/1")
        .json_body(json!({"name": "x"}))
        .respond(&s.fake, 404, clickup_error("Space not found", "ITEM_015"))
        .await;
    let err = s
        .client
        .call_err(
            "clickup_update_space",
            json!({"space_id": "1", "name": "x"}),
        )
        .await;
    assert!(err.contains("Space not found"), "{err}");
    assert!(
        err.contains("does not exist or the token's user cannot see it"),
        "{err}"
    );
}

#[tokio::test]
async fn create_and_update_folder() {
    let s = setup().await;
    call("POST", "/space/790/folder")
        .json_body(json!({"name": "New Folder"}))
        .respond(&s.fake, 200, json!({"id": "457", "name": "New Folder", "orderindex": 0, "hidden": false, "task_count": "0"}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_create_folder",
            json!({"space_id": "790", "name": "New Folder"}),
        )
        .await;
    assert_eq!(v["id"], "457");
    call("PUT", "/folder/457")
        .json_body(json!({"name": "Updated Folder Name"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "457", "name": "Updated Folder Name"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_update_folder",
            json!({"folder_id": "457", "name": "Updated Folder Name"}),
        )
        .await;
    assert_eq!(v["name"], "Updated Folder Name");
    let err = s
        .client
        .call_err(
            "clickup_update_folder",
            json!({"folder_id": "457", "name": "  "}),
        )
        .await;
    assert!(err.contains("name"), "{err}");
}

#[tokio::test]
async fn create_list_converts_date_and_assignee() {
    let s = setup().await;
    call("POST", "/folder/457/list")
        .json_body(json!({"name": "New List", "content": "New List Content", "due_date": 1767225600000_i64,
            "priority": 1, "assignee": 183, "status": "red"}))
        .respond(&s.fake, 200, json!({"id": "124", "name": "New List", "content": "New List Content", "status": {"status": "red"}}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_create_list",
            json!({"folder_id": "457", "name": "New List", "content": "New List Content",
                "due_date": "2026-01-01", "priority": 1, "assignee": "183", "status": "red"}),
        )
        .await;
    assert_eq!(v["id"], "124");
    let err = s
        .client
        .call_err(
            "clickup_create_list",
            json!({"space_id": "790", "name": "L", "assignee": "john"}),
        )
        .await;
    assert!(err.contains("numeric ClickUp user id"), "{err}");
    let err = s
        .client
        .call_err(
            "clickup_create_list",
            json!({"space_id": "790", "name": "L", "priority": 7}),
        )
        .await;
    assert!(err.contains("priority must be"), "{err}");
}

#[tokio::test]
async fn update_list() {
    let s = setup().await;
    call("PUT", "/list/124")
        .json_body(json!({"name": "Updated List Name", "assignee": "183", "unset_status": true, "due_date": 1567780450202_i64}))
        .respond(&s.fake, 200, json!({"id": "124", "name": "Updated List Name"}))
        .await;
    let v = s
        .client
        .call_ok(
            "clickup_update_list",
            json!({"list_id": "124", "name": "Updated List Name", "assignee": "183", "unset_status": true, "due_date": "1567780450202"}),
        )
        .await;
    assert_eq!(v["name"], "Updated List Name");
    let err = s
        .client
        .call_err(
            "clickup_update_list",
            json!({"list_id": "124", "due_date": "tomorrow"}),
        )
        .await;
    assert!(err.contains("due_date must be Unix milliseconds"), "{err}");
}

#[tokio::test]
async fn hierarchy_failures() {
    let s = setup().await;
    call("GET", "/team/9/space")
        .query("archived", "false")
        .respond(
            &s.fake,
            401,
            clickup_error("Team not authorized", "OAUTH_027"),
        )
        .await;
    let err = s
        .client
        .call_err("clickup_get_spaces", json!({"team_id": "9"}))
        .await;
    assert!(err.contains("Team not authorized"), "{err}");
    call("GET", "/space/9/folder")
        .query("archived", "false")
        .respond(&s.fake, 404, clickup_error("Project not found", "PROJ_001"))
        .await;
    let err = s
        .client
        .call_err("clickup_get_folders", json!({"space_id": "9"}))
        .await;
    assert!(err.contains("Project not found"), "{err}");
    call("POST", "/team/9/space")
        .json_body(json!({"name": "S", "multiple_assignees": true}))
        .respond(&s.fake, 400, clickup_error("Space name taken", "PROJ_016"))
        .await;
    let err = s
        .client
        .call_err("clickup_create_space", json!({"team_id": "9", "name": "S"}))
        .await;
    assert!(err.contains("Space name taken"), "{err}");
    call("POST", "/space/9/folder")
        .json_body(json!({"name": "F"}))
        .respond(&s.fake, 404, clickup_error("Space not found", "ITEM_015"))
        .await;
    let err = s
        .client
        .call_err(
            "clickup_create_folder",
            json!({"space_id": "9", "name": "F"}),
        )
        .await;
    assert!(err.contains("Space not found"), "{err}");
}
