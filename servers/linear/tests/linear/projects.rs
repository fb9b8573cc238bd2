//! Projects.

use serde_json::{Value, json};

use crate::common::{gql, not_found, page, setup};

fn project() -> Value {
    json!({"id": "p-1", "name": "Safari support", "description": "", "url": "https://linear.app/acme/project/safari-support-1a2b",
        "targetDate": "2027-01-31", "startDate": null, "progress": 0.25,
        "status": {"id": "ps-2", "name": "In Progress", "type": "started"},
        "lead": {"id": "u-1", "name": "Ada Lovelace"}, "teams": {"nodes": [{"id": "t-1", "key": "ENG"}]}})
}

fn concise() -> Value {
    json!({"id": "p-1", "name": "Safari support", "description": "", "url": "https://linear.app/acme/project/safari-support-1a2b",
        "target_date": "2027-01-31", "progress": 0.25, "status": "In Progress", "status_type": "started",
        "lead": "Ada Lovelace", "lead_id": "u-1", "teams": ["ENG"]})
}

#[tokio::test]
async fn get_projects_contract() {
    let s = setup().await;
    gql(
        "Projects",
        json!({"first": 50, "filter": {"accessibleTeams": {"some": {"id": {"eq": "t-1"}}}}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"projects": page(vec![project()], None)}}),
    )
    .await;
    let v = s
        .client
        .call_ok("linear_get_projects", json!({"team_id": "t-1"}))
        .await;
    assert_eq!(v, json!({"projects": [concise()]}));
}

#[tokio::test]
async fn get_projects_rejects_a_non_object_filter() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_get_projects", json!({"filter": [1]}))
        .await;
    assert!(e.contains("expected a map"), "{e}");
}

#[tokio::test]
async fn create_project_contract() {
    let s = setup().await;
    gql("ProjectCreate", json!({"input": {"name": "Safari support", "teamIds": ["t-1"], "leadId": "u-1", "targetDate": "2027-01-31"}}))
        .respond(&s.fake, 200, json!({"data": {"projectCreate": {"success": true, "project": project()}}}))
        .await;
    let v = s
        .client
        .call_ok("linear_create_project", json!({"name": "Safari support", "team_ids": ["t-1"], "lead_id": "u-1", "target_date": "2027-01-31"}))
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn create_project_needs_a_team() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_create_project", json!({"name": "x"}))
        .await;
    assert!(e.contains("team_ids must name at least one team"), "{e}");
}

#[tokio::test]
async fn update_project_resolves_state_to_a_status_id() {
    let s = setup().await;
    gql("ProjectStatuses", json!({}))
        .respond(
            &s.fake,
            200,
            json!({"data": {"projectStatuses": {"nodes": [
                {"id": "ps-1", "name": "Planned", "type": "planned"},
                {"id": "ps-2", "name": "In Progress", "type": "started"}
            ]}}}),
        )
        .await;
    gql(
        "ProjectUpdate",
        json!({"id": "p-1", "input": {"name": "Safari", "statusId": "ps-2"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"projectUpdate": {"success": true, "project": project()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_update_project",
            json!({"project_id": "p-1", "name": "Safari", "state": "started"}),
        )
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn update_project_unknown_state() {
    let s = setup().await;
    gql("ProjectStatuses", json!({}))
        .respond(&s.fake, 200, json!({"data": {"projectStatuses": {"nodes": [{"id": "ps-1", "name": "Planned", "type": "planned"}]}}}))
        .await;
    let e = s
        .client
        .call_err(
            "linear_update_project",
            json!({"project_id": "p-1", "state": "shipped"}),
        )
        .await;
    assert!(
        e.contains("No project status named \"shipped\"") && e.contains("Planned"),
        "{e}"
    );
}

#[tokio::test]
async fn update_project_not_found() {
    let s = setup().await;
    gql(
        "ProjectUpdate",
        json!({"id": "p-9", "input": {"statusId": "ps-1"}}),
    )
    .respond(&s.fake, 200, not_found("projectUpdate"))
    .await;
    let e = s
        .client
        .call_err(
            "linear_update_project",
            json!({"project_id": "p-9", "status_id": "ps-1"}),
        )
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}
