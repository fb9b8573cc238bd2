//! Entity tools.

use serde_json::json;

use crate::common::{m0, setup};

#[tokio::test]
async fn list_entities_contract() {
    let s = setup().await;
    m0("GET", "/v1/entities/")
        .respond(
            &s.fake,
            200,
            json!({"count": 2, "next": null, "previous": null, "total_users": 1, "total_agents": 1,
                   "total_apps": 0, "total_runs": 0,
                   "results": [
                       {"id": "12", "name": "alice", "created_at": "2026-07-01T10:00:00Z",
                        "updated_at": "2026-07-02T10:00:00Z", "owner": "acme", "metadata": null, "type": "user",
                        "total_memories": 4},
                       {"id": "13", "name": "chef", "created_at": "2026-07-01T10:00:00Z",
                        "updated_at": "2026-07-01T10:00:00Z", "owner": "acme", "metadata": {"team": "food"}, "type": "agent"}
                   ]}),
        )
        .await;
    let v = s.client.call_ok("mem0_list_entities", json!({})).await;
    assert_eq!(
        v,
        json!({"count": 2, "total_users": 1, "total_agents": 1, "total_apps": 0, "total_runs": 0,
        "entities": [
            {"type": "user", "name": "alice", "id": "12", "created_at": "2026-07-01T10:00:00Z",
             "updated_at": "2026-07-02T10:00:00Z"},
            {"type": "agent", "name": "chef", "id": "13", "created_at": "2026-07-01T10:00:00Z",
             "updated_at": "2026-07-01T10:00:00Z", "metadata": {"team": "food"}}
        ]})
    );
}

#[tokio::test]
async fn list_entities_error() {
    let s = setup().await;
    m0("GET", "/v1/entities/")
        .respond(&s.fake, 401, json!({"detail": "Invalid token."}))
        .await;
    let err = s.client.call_err("mem0_list_entities", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid token."),
        "{err}"
    );
}

#[tokio::test]
async fn delete_entities_one_call_each() {
    let s = setup().await;
    for path in ["/v2/entities/user/bob/", "/v2/entities/agent/chef%20bot/"] {
        m0("DELETE", path)
            .respond(
                &s.fake,
                200,
                json!({"message": "Delete in progress. This may take some time.", "event_id": "e1"}),
            )
            .await;
    }
    let v = s
        .client
        .call_ok(
            "mem0_delete_entities",
            json!({"user_id": "bob", "agent_id": "chef bot"}),
        )
        .await;
    assert_eq!(
        v["deleted"],
        json!([
            {"type": "user", "id": "bob", "message": "Delete in progress. This may take some time.", "event_id": "e1"},
            {"type": "agent", "id": "chef bot", "message": "Delete in progress. This may take some time.", "event_id": "e1"}
        ])
    );
}

#[tokio::test]
async fn delete_entities_default_user_and_errors() {
    let s = setup().await;
    m0("DELETE", "/v2/entities/user/alice/")
        .respond(&s.fake, 400, json!({"message": "Invalid entity type"}))
        .await;
    let err = s.client.call_err("mem0_delete_entities", json!({})).await;
    assert!(
        err.contains("400") && err.contains("Invalid entity type"),
        "{err}"
    );
    let err = s
        .client
        .call_err("mem0_delete_entities", json!({"user_id": "*"}))
        .await;
    assert!(err.contains("`*` names no entity"), "{err}");
}
