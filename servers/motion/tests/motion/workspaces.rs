//! Workspaces and users.

use serde_json::json;

use crate::common::{motion, setup};

#[tokio::test]
async fn get_workspaces_contract_with_cursor() {
    let s = setup().await;
    motion("GET", "/workspaces", &[("cursor", "c1")])
        .respond(
            &s.fake,
            200,
            json!({
                "meta": {"nextCursor": "c2", "pageSize": 1},
                "workspaces": [{
                    "id": "ws_1", "name": "Team", "teamId": "t_1", "type": "TEAM",
                    "labels": [{"name": "marketing"}],
                    "statuses": [{"name": "Todo", "isDefaultStatus": true, "isResolvedStatus": false},
                                 {"name": "Completed", "isDefaultStatus": false, "isResolvedStatus": true}]
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("motion_get_workspaces", json!({"cursor": "c1"}))
        .await;
    assert_eq!(
        v,
        json!({
            "workspaces": [{"id": "ws_1", "name": "Team", "type": "TEAM", "teamId": "t_1",
                            "statuses": ["Todo", "Completed"], "labels": ["marketing"]}],
            "next_cursor": "c2"
        })
    );
}

#[tokio::test]
async fn get_users_contract() {
    let s = setup().await;
    motion("GET", "/users", &[("workspaceId", "ws_1")])
        .respond(
            &s.fake,
            200,
            json!({"meta": {"pageSize": 25}, "users": [{"id": "u_1", "name": "Ada", "email": "ada@example.com"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("motion_get_users", json!({"workspace_id": " ws_1 "}))
        .await;
    assert_eq!(
        v,
        json!({"users": [{"id": "u_1", "name": "Ada", "email": "ada@example.com"}]})
    );
}

#[tokio::test]
async fn get_my_user_contract() {
    let s = setup().await;
    motion("GET", "/users/me", &[])
        .respond(
            &s.fake,
            200,
            json!({"id": "u_1", "name": "Ada", "email": "ada@example.com"}),
        )
        .await;
    let v = s.client.call_ok("motion_get_my_user", json!({})).await;
    assert_eq!(
        v,
        json!({"id": "u_1", "name": "Ada", "email": "ada@example.com"})
    );
}

#[tokio::test]
async fn get_my_user_bad_key_is_clear() {
    let s = setup().await;
    motion("GET", "/users/me", &[])
        .respond(
            &s.fake,
            401,
            json!({"message": "Unauthorized", "statusCode": 401}),
        )
        .await;
    let err = s.client.call_err("motion_get_my_user", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Settings > API"),
        "{err}"
    );
    assert!(!err.contains(crate::common::KEY), "{err}");
}
