//! Agents, groups, jobs and the account.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn get_current_account() {
    let s = setup().await;
    req("GET", "/account")
        .respond(
            &s.fake,
            200,
            json!({"account_id": 1234567, "account_name": "Acme Support", "account_domain": "acme.freshdesk.com", "organisation_id": 98765,
                   "organisation_name": "Acme", "total_agents": {"full_time": 4, "occasional": 1, "field_service": 0, "collaborators": 2},
                   "tier_type": "Pro", "timezone": "Eastern Time (US & Canada)", "data_center": "US", "account_state": "active",
                   "address": "1 Main St", "contact_person": {"firstname": "Ann", "lastname": "Lee", "email": "ann@acme.com"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_current_account", json!({}))
        .await;
    assert_eq!(v["account_domain"], "acme.freshdesk.com");
    assert_eq!(v["total_agents"]["full_time"], 4);
    assert!(v.get("contact_person").is_none());
}

#[tokio::test]
async fn list_agents() {
    let s = setup().await;
    req("GET", "/agents")
        .queries(&[
            ("email", "bob@acme.com"),
            ("state", "fulltime"),
            ("per_page", "5"),
        ])
        .respond(&s.fake, 200, json!([agent_json(2001)]))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_agents",
            json!({"email": "bob@acme.com", "state": "fulltime", "per_page": 5}),
        )
        .await;
    assert_eq!(v["agents"][0]["name"], "Bob Agent");
    assert_eq!(v["agents"][0]["role_ids"], json!([21]));
}

#[tokio::test]
async fn get_agent_and_me() {
    let s = setup().await;
    req("GET", "/agents/2001")
        .respond(&s.fake, 200, agent_json(2001))
        .await;
    req("GET", "/agents/me")
        .respond(&s.fake, 200, agent_json(2002))
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_agent_by_id", json!({"agent_id": 2001}))
        .await;
    assert_eq!(v["email"], "bob@acme.com");
    let v = s
        .client
        .call_ok("freshdesk_get_current_agent", json!({}))
        .await;
    assert_eq!(v["id"], 2002);
}

#[tokio::test]
async fn search_agents() {
    let s = setup().await;
    req("GET", "/agents/autocomplete")
        .query("term", "bo")
        .respond(
            &s.fake,
            200,
            json!([{"id": 2001, "name": "Bob Agent", "email": "bob@acme.com", "avatar": null}]),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_search_agents", json!({"term": "bo"}))
        .await;
    assert_eq!(
        v["agents"],
        json!([{"id": 2001, "name": "Bob Agent", "email": "bob@acme.com"}])
    );
}

#[tokio::test]
async fn create_agent() {
    let s = setup().await;
    req("POST", "/agents")
        .json_body(json!({"email": "bob@acme.com", "name": "Bob Agent", "ticket_scope": 1, "role_ids": [21], "group_ids": [11],
                          "occasional": false, "language": "en", "time_zone": "Eastern Time (US & Canada)", "agent_type": 1}))
        .respond(&s.fake, 201, agent_json(2001))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_agent",
            json!({"email": "bob@acme.com", "name": "Bob Agent", "ticket_scope": 1, "role_ids": [21], "group_ids": [11],
                   "occasional": false, "language": "en", "time_zone": "Eastern Time (US & Canada)", "agent_type": 1}),
        )
        .await;
    assert_eq!(v["id"], 2001);
    let err = s
        .client
        .call_err(
            "freshdesk_create_agent",
            json!({"email": "b@acme.com", "name": "B", "ticket_scope": 1, "role_ids": []}),
        )
        .await;
    assert!(err.contains("role_ids"), "{err}");
}

#[tokio::test]
async fn bulk_create_agents_is_a_job() {
    let s = setup().await;
    req("POST", "/agents/bulk")
        .json_body(json!({"agents": [
            {"email": "c@acme.com", "ticket_scope": 2, "role_ids": [21], "agent_type": 2},
            {"email": "d@acme.com", "ticket_scope": 3, "role_ids": [22]}
        ]}))
        .respond(
            &s.fake,
            202,
            json!({"job_id": "2b1fe6f3a2e54c4a", "href": "https://acme.freshdesk.com/api/v2/jobs/2b1fe6f3a2e54c4a"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_bulk_create_agents",
            json!({"agents_data": [
                {"email": "c@acme.com", "ticket_scope": 2, "role_ids": [21], "agent_type": "field_agent"},
                {"email": "d@acme.com", "ticket_scope": 3, "role_ids": [22]}
            ]}),
        )
        .await;
    assert_eq!(v["job_id"], "2b1fe6f3a2e54c4a");
    let err = s
        .client
        .call_err(
            "freshdesk_bulk_create_agents",
            json!({"agents_data": [{"email": "c@acme.com", "role_ids": [21]}]}),
        )
        .await;
    assert!(err.contains("agents_data[0] needs `ticket_scope`"), "{err}");
}

#[tokio::test]
async fn update_and_delete_agent() {
    let s = setup().await;
    req("PUT", "/agents/2001")
        .json_body(json!({"ticket_scope": 2, "group_ids": [11, 12], "signature": "<div>B</div>"}))
        .respond(&s.fake, 200, agent_json(2001))
        .await;
    req("DELETE", "/agents/2001")
        .respond_with(&s.fake, no_content())
        .await;
    s.client
        .call_ok(
            "freshdesk_update_agent",
            json!({"agent_id": 2001, "ticket_scope": 2, "group_ids": [11, 12], "signature": "<div>B</div>"}),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_agent", json!({"agent_id": 2001}))
        .await;
    assert_eq!(v["deleted"], true);
    let err = s
        .client
        .call_err("freshdesk_update_agent", json!({"agent_id": 2001}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn list_groups() {
    let s = setup().await;
    req("GET", "/groups")
        .respond(
            &s.fake,
            200,
            json!([{"id": 11, "name": "Billing", "description": "Invoices", "escalate_to": null, "unassigned_for": "30m",
                    "business_hour_id": null, "group_type": "support_agent_group", "agent_ids": [2001], "auto_ticket_assign": false,
                    "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:00:00Z"}]),
        )
        .await;
    let v = s.client.call_ok("freshdesk_list_groups", json!({})).await;
    assert_eq!(v["groups"][0]["agent_ids"], json!([2001]));
}

#[tokio::test]
async fn get_job() {
    let s = setup().await;
    req("GET", "/jobs/e9d7d0fb58b8")
        .respond(
            &s.fake,
            200,
            json!({"id": "e9d7d0fb58b8", "status": "COMPLETED", "action": "bulk_delete", "progress": 100,
                   "created_at": "2026-08-24T12:00:00Z", "status_updated_at": "2026-08-24T12:00:05Z",
                   "data": [{"id": 20, "success": true}, {"id": 21, "success": false, "errors": [{"message": "Ticket not found"}]}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_job", json!({"job_id": "e9d7d0fb58b8"}))
        .await;
    assert_eq!(v["status"], "COMPLETED");
    assert_eq!(v["data"][1]["success"], false);
    let err = s
        .client
        .call_err("freshdesk_get_job", json!({"job_id": " "}))
        .await;
    assert!(err.contains("job_id"), "{err}");
}
