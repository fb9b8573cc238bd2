//! Initiatives.

use serde_json::{Value, json};

use crate::common::{gql, not_found, page, setup};

fn initiative() -> Value {
    json!({"id": "i-1", "name": "Browser parity", "description": "All browsers", "status": "Active",
        "targetDate": "2027-03-31", "url": "https://linear.app/acme/initiative/browser-parity-9f", "color": "#5e6ad2",
        "icon": null, "owner": {"id": "u-1", "name": "Ada Lovelace"}})
}

fn concise() -> Value {
    json!({"id": "i-1", "name": "Browser parity", "description": "All browsers", "status": "Active",
        "target_date": "2027-03-31", "url": "https://linear.app/acme/initiative/browser-parity-9f", "color": "#5e6ad2",
        "owner": "Ada Lovelace", "owner_id": "u-1"})
}

#[tokio::test]
async fn get_initiatives_contract() {
    let s = setup().await;
    gql(
        "Initiatives",
        json!({"first": 5, "filter": {"status": {"eq": "Active"}}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"initiatives": page(vec![initiative()], Some("n"))}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_get_initiatives",
            json!({"limit": 5, "filter": {"status": {"eq": "Active"}}}),
        )
        .await;
    assert_eq!(v, json!({"initiatives": [concise()], "next_cursor": "n"}));
}

#[tokio::test]
async fn get_initiatives_rejects_a_non_object_filter() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_get_initiatives", json!({"filter": "Active"}))
        .await;
    assert!(e.contains("expected a map"), "{e}");
}

#[tokio::test]
async fn get_initiative_by_id_contract() {
    let s = setup().await;
    let mut i = initiative();
    i["projects"] = json!({"nodes": [{"id": "p-1", "name": "Safari support", "url": "https://linear.app/acme/project/p1", "status": {"name": "In Progress"}}]});
    gql("Initiative", json!({"id": "i-1"}))
        .respond(&s.fake, 200, json!({"data": {"initiative": i}}))
        .await;
    let v = s
        .client
        .call_ok(
            "linear_get_initiative_by_id",
            json!({"initiative_id": "i-1"}),
        )
        .await;
    let mut want = concise();
    want["projects"] = json!([{"id": "p-1", "name": "Safari support", "status": "In Progress", "url": "https://linear.app/acme/project/p1"}]);
    assert_eq!(v, want);
}

#[tokio::test]
async fn get_initiative_by_id_not_found() {
    let s = setup().await;
    gql("Initiative", json!({"id": "i-9"}))
        .respond(&s.fake, 200, not_found("initiative"))
        .await;
    let e = s
        .client
        .call_err(
            "linear_get_initiative_by_id",
            json!({"initiative_id": "i-9"}),
        )
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}

#[tokio::test]
async fn create_initiative_contract() {
    let s = setup().await;
    gql(
        "InitiativeCreate",
        json!({"input": {"name": "Browser parity", "description": "All browsers", "ownerId": "u-1",
        "targetDate": "2027-03-31", "status": "Active", "color": "#5e6ad2"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"initiativeCreate": {"success": true, "initiative": initiative()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_create_initiative",
            json!({"name": "Browser parity", "description": "All browsers", "owner_id": "u-1",
            "target_date": "2027-03-31", "status": "active", "color": "#5e6ad2"}),
        )
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn create_initiative_rejects_an_unknown_status() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "linear_create_initiative",
            json!({"name": "x", "status": "Doing"}),
        )
        .await;
    assert!(e.contains("not an initiative status"), "{e}");
}

#[tokio::test]
async fn update_initiative_contract() {
    let s = setup().await;
    gql(
        "InitiativeUpdate",
        json!({"id": "i-1", "input": {"status": "Completed", "icon": "Rocket"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"initiativeUpdate": {"success": true, "initiative": initiative()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_update_initiative",
            json!({"initiative_id": "i-1", "status": "Completed", "icon": "Rocket"}),
        )
        .await;
    assert_eq!(v, concise());
}

#[tokio::test]
async fn update_initiative_needs_a_field() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_update_initiative", json!({"initiative_id": "i-1"}))
        .await;
    assert!(e.contains("Nothing to update"), "{e}");
}

#[tokio::test]
async fn add_project_to_initiative_contract() {
    let s = setup().await;
    gql("InitiativeToProjectCreate", json!({"input": {"initiativeId": "i-1", "projectId": "p-1"}}))
        .respond(&s.fake, 200, json!({"data": {"initiativeToProjectCreate": {"success": true, "initiativeToProject": {
            "id": "itp-1", "initiative": {"id": "i-1", "name": "Browser parity"}, "project": {"id": "p-1", "name": "Safari support"}}}}}))
        .await;
    let v = s
        .client
        .call_ok(
            "linear_add_project_to_initiative",
            json!({"initiative_id": "i-1", "project_id": "p-1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"initiative_to_project_id": "itp-1", "initiative": "Browser parity", "initiative_id": "i-1",
        "project": "Safari support", "project_id": "p-1"})
    );
}

#[tokio::test]
async fn add_project_to_initiative_error() {
    let s = setup().await;
    gql(
        "InitiativeToProjectCreate",
        json!({"input": {"initiativeId": "i-1", "projectId": "p-9"}}),
    )
    .respond(&s.fake, 200, not_found("initiativeToProjectCreate"))
    .await;
    let e = s
        .client
        .call_err(
            "linear_add_project_to_initiative",
            json!({"initiative_id": "i-1", "project_id": "p-9"}),
        )
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}

#[tokio::test]
async fn remove_project_from_initiative_contract() {
    let s = setup().await;
    gql("InitiativeToProjectDelete", json!({"id": "itp-1"}))
        .respond(&s.fake, 200, json!({"data": {"initiativeToProjectDelete": {"success": true, "entityId": "itp-1", "lastSyncId": 1234}}}))
        .await;
    let v = s
        .client
        .call_ok(
            "linear_remove_project_from_initiative",
            json!({"initiative_to_project_id": "itp-1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"removed": true, "initiative_to_project_id": "itp-1"})
    );
}

#[tokio::test]
async fn remove_project_from_initiative_not_found() {
    let s = setup().await;
    gql("InitiativeToProjectDelete", json!({"id": "itp-9"}))
        .respond(&s.fake, 200, not_found("initiativeToProjectDelete"))
        .await;
    let e = s
        .client
        .call_err(
            "linear_remove_project_from_initiative",
            json!({"initiative_to_project_id": "itp-9"}),
        )
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}
