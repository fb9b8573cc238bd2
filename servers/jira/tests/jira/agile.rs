use crate::common::{issue_json, jira_error, req, setup};
use serde_json::json;

fn sprint_json(id: u64, state: &str) -> serde_json::Value {
    json!({"id": id, "self": format!("https://x/rest/agile/1.0/sprint/{id}"), "state": state, "name": "sprint 1",
           "startDate": "2026-04-11T15:22:00.000+10:00", "endDate": "2026-04-20T01:22:00.000+10:00",
           "originBoardId": 5, "goal": "sprint 1 goal"})
}

#[tokio::test]
async fn boards_of_a_project() {
    let s = setup().await;
    req(
        "GET",
        "/rest/agile/1.0/board",
        &[("startAt", "0"), ("maxResults", "10"), ("projectKeyOrId", "PROJ")],
    )
    .respond(
        &s.fake,
        200,
        json!({"maxResults": 10, "startAt": 0, "total": 2, "isLast": false, "values": [
            {"id": 84, "self": "https://x/board/84", "name": "scrum board", "type": "scrum",
             "location": {"projectId": 10040, "projectKey": "PROJ", "displayName": "Project (PROJ)", "projectName": "Project"}}
        ]}),
    )
    .await;
    let v = s
        .client
        .call_ok("jira_get_boards", json!({"project_key": "PROJ"}))
        .await;
    assert_eq!(
        v["boards"][0],
        json!({"id": 84, "name": "scrum board", "type": "scrum", "project": "PROJ"})
    );
    assert_eq!(v["next_start_at"], 1);
}

#[tokio::test]
async fn sprints_from_board() {
    let s = setup().await;
    req(
        "GET",
        "/rest/agile/1.0/board/5/sprint",
        &[("startAt", "0"), ("maxResults", "10"), ("state", "active,future")],
    )
    .respond(
        &s.fake,
        200,
        json!({"maxResults": 10, "startAt": 0, "isLast": true, "values": [sprint_json(37, "active")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_get_sprints_from_board",
            json!({"board_id": "5", "state": "active, future"}),
        )
        .await;
    assert_eq!(v["sprints"][0]["id"], 37);
    assert_eq!(v["sprints"][0]["goal"], "sprint 1 goal");
    assert!(v["sprints"][0].get("self").is_none());
    assert_eq!(v["next_start_at"], serde_json::Value::Null);
    let err = s
        .client
        .call_err("jira_get_sprints_from_board", json!({}))
        .await;
    assert!(err.contains("jira_get_boards"), "{err}");
    let err = s
        .client
        .call_err(
            "jira_get_sprints_from_board",
            json!({"board_id": "5", "state": "open"}),
        )
        .await;
    assert!(err.contains("future, active or closed"), "{err}");
}

#[tokio::test]
async fn sprint_issues() {
    let s = setup().await;
    req(
        "GET",
        "/rest/agile/1.0/sprint/37/issue",
        &[("startAt", "0"), ("maxResults", "1"), ("fields", "summary")],
    )
    .respond(
        &s.fake,
        200,
        json!({"expand": "names,schema", "startAt": 0, "maxResults": 1, "total": 3, "issues": [issue_json("PROJ-3", "in sprint")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_get_sprint_issues",
            json!({"sprint_id": "37", "fields": "summary", "limit": 1}),
        )
        .await;
    assert_eq!(v["issues"][0]["key"], "PROJ-3");
    assert_eq!(v["total"], 3);
    assert_eq!(v["next_start_at"], 1);
    req(
        "GET",
        "/rest/agile/1.0/sprint/404/issue",
        &[
            ("startAt", "0"),
            ("maxResults", "10"),
            (
                "fields",
                "summary,status,assignee,priority,issuetype,updated",
            ),
        ],
    )
    .respond(
        &s.fake,
        404,
        jira_error(&["Sprint with id 404 does not exist"], json!({})),
    )
    .await;
    let err = s
        .client
        .call_err("jira_get_sprint_issues", json!({"sprint_id": "404"}))
        .await;
    assert!(err.contains("does not exist"), "{err}");
}

#[tokio::test]
async fn create_sprint() {
    let s = setup().await;
    req("POST", "/rest/agile/1.0/sprint", &[])
        .json_body(json!({"name": "sprint 1", "originBoardId": 5, "startDate": "2026-04-11T15:22:00.000+10:00",
                          "endDate": "2026-04-20T01:22:00.000+10:00", "goal": "sprint 1 goal"}))
        .respond(&s.fake, 201, sprint_json(37, "future"))
        .await;
    let v = s
        .client
        .call_ok(
            "jira_create_sprint",
            json!({"board_id": "5", "sprint_name": "sprint 1", "start_date": "2026-04-11T15:22:00.000+10:00",
                   "end_date": "2026-04-20T01:22:00.000+10:00", "goal": "sprint 1 goal"}),
        )
        .await;
    assert_eq!(v["id"], 37);
    assert_eq!(v["state"], "future");
    let err = s
        .client
        .call_err(
            "jira_create_sprint",
            json!({"board_id": "main", "sprint_name": "s", "start_date": "x", "end_date": "y"}),
        )
        .await;
    assert!(err.contains("board_id must be a numeric id"), "{err}");
}

#[tokio::test]
async fn update_sprint_partially() {
    let s = setup().await;
    req("POST", "/rest/agile/1.0/sprint/37", &[])
        .json_body(json!({"state": "active", "goal": "ship it"}))
        .respond(&s.fake, 200, sprint_json(37, "active"))
        .await;
    let v = s
        .client
        .call_ok(
            "jira_update_sprint",
            json!({"sprint_id": "37", "state": "Active", "goal": "ship it"}),
        )
        .await;
    assert_eq!(v["state"], "active");
    let err = s
        .client
        .call_err("jira_update_sprint", json!({"sprint_id": "37"}))
        .await;
    assert!(err.contains("at least one of"), "{err}");
    req("POST", "/rest/agile/1.0/sprint/38", &[])
        .json_body(json!({"state": "closed"}))
        .respond(
            &s.fake,
            400,
            jira_error(
                &["Sprint cannot be completed: it is not active."],
                json!({}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "jira_update_sprint",
            json!({"sprint_id": "38", "state": "closed"}),
        )
        .await;
    assert!(err.contains("not active"), "{err}");
}
