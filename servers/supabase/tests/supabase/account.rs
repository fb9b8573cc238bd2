//! Organizations, projects and the cost confirmation.

use serde_json::{Value, json};

use crate::common::{REF, project_body, project_concise, sb, setup};

fn org_body(plan: &str) -> Value {
    json!({
        "id": "tsrqponmlkjihgfedcba",
        "name": "Acme",
        "plan": plan,
        "opt_in_tags": ["AI_SQL_GENERATOR_OPT_IN"],
        "allowed_release_channels": ["ga"]
    })
}

#[tokio::test]
async fn list_organizations_contract() {
    let s = setup().await;
    sb("GET", "/v1/organizations")
        .respond(
            &s.fake,
            200,
            json!([{"id": "tsrqponmlkjihgfedcba", "slug": "tsrqponmlkjihgfedcba", "name": "Acme"}]),
        )
        .await;
    let v = s
        .client
        .call_ok("supabase_list_organizations", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"organizations": [{"id": "tsrqponmlkjihgfedcba", "name": "Acme"}]})
    );
}

#[tokio::test]
async fn list_organizations_bad_token() {
    let s = setup().await;
    sb("GET", "/v1/organizations")
        .respond(&s.fake, 401, json!({"message": "Unauthorized"}))
        .await;
    let err = s
        .client
        .call_err("supabase_list_organizations", json!({}))
        .await;
    assert!(err.contains("401") && err.contains("Unauthorized"), "{err}");
    assert!(err.contains("personal access token"), "{err}");
}

#[tokio::test]
async fn get_organization_contract() {
    let s = setup().await;
    sb("GET", "/v1/organizations/tsrqponmlkjihgfedcba")
        .respond(&s.fake, 200, org_body("pro"))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_get_organization",
            json!({"id": "tsrqponmlkjihgfedcba"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "tsrqponmlkjihgfedcba", "name": "Acme", "plan": "pro",
               "allowed_release_channels": ["ga"], "opt_in_tags": ["AI_SQL_GENERATOR_OPT_IN"]})
    );
    let err = s
        .client
        .call_err("supabase_get_organization", json!({"id": " "}))
        .await;
    assert!(err.contains("`id` must not be empty"), "{err}");
}

#[tokio::test]
async fn list_and_get_projects() {
    let s = setup().await;
    sb("GET", "/v1/projects")
        .respond(
            &s.fake,
            200,
            json!([project_body(REF, "acme", "ACTIVE_HEALTHY")]),
        )
        .await;
    sb("GET", &format!("/v1/projects/{REF}"))
        .respond(&s.fake, 200, project_body(REF, "acme", "INACTIVE"))
        .await;
    let v = s.client.call_ok("supabase_list_projects", json!({})).await;
    assert_eq!(
        v,
        json!({"projects": [project_concise(REF, "acme", "ACTIVE_HEALTHY")]})
    );
    let v = s
        .client
        .call_ok("supabase_get_project", json!({"id": REF}))
        .await;
    assert_eq!(v, project_concise(REF, "acme", "INACTIVE"));
}

#[tokio::test]
async fn get_project_not_found() {
    let s = setup().await;
    sb("GET", "/v1/projects/zzzzzzzzzzzzzzzzzzzz")
        .respond(&s.fake, 404, json!({"message": "Project not found"}))
        .await;
    let err = s
        .client
        .call_err(
            "supabase_get_project",
            json!({"id": "zzzzzzzzzzzzzzzzzzzz"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Project not found"),
        "{err}"
    );
}

#[tokio::test]
async fn project_cost_free_plan_and_paid_plan() {
    let s = setup().await;
    sb("GET", "/v1/organizations/free-org")
        .respond(&s.fake, 200, org_body("free"))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_get_cost",
            json!({"type": "project", "organization_id": "free-org"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"type": "project", "recurrence": "monthly", "amount": 0.0, "currency": "USD"})
    );
    // A paid organization with an active project pays for the next one.
    sb("GET", "/v1/organizations/acme")
        .respond(&s.fake, 200, org_body("pro"))
        .await;
    sb("GET", "/v1/projects")
        .respond(
            &s.fake,
            200,
            json!([
                project_body(REF, "acme", "ACTIVE_HEALTHY"),
                project_body("bbbbbbbbbbbbbbbbbbbb", "other", "ACTIVE_HEALTHY")
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_get_cost",
            json!({"type": "project", "organization_id": "acme"}),
        )
        .await;
    assert_eq!(v["amount"], 10.0);
    assert_eq!(v["recurrence"], "monthly");
}

#[tokio::test]
async fn branch_cost_needs_no_request() {
    let s = setup().await;
    let v = s
        .client
        .call_ok(
            "supabase_get_cost",
            json!({"type": "branch", "organization_id": "acme"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"type": "branch", "recurrence": "hourly", "amount": 0.01344, "currency": "USD"})
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    let err = s
        .client
        .call_err(
            "supabase_get_cost",
            json!({"type": "table", "organization_id": "acme"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn confirm_cost_ids_differ_by_cost() {
    let s = setup().await;
    let a = s
        .client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": 10}),
        )
        .await;
    let b = s
        .client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": 0}),
        )
        .await;
    let id = a["confirm_cost_id"].as_str().unwrap();
    assert_eq!(id.len(), 16);
    assert_ne!(a, b);
    let err = s
        .client
        .call_err(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": -1}),
        )
        .await;
    assert!(err.contains("non-negative"), "{err}");
}

#[tokio::test]
async fn create_project_with_confirmed_cost() {
    let s = setup().await;
    sb("GET", "/v1/organizations/free-org")
        .respond(&s.fake, 200, org_body("free"))
        .await;
    sb("POST", "/v1/projects")
        .any_body()
        .respond(
            &s.fake,
            201,
            json!({"id": REF, "ref": REF, "organization_id": "free-org", "organization_slug": "free-org",
                   "name": "acme-prod", "region": "eu-central-1", "created_at": "2025-03-01T12:00:00.000Z",
                   "status": "COMING_UP"}),
        )
        .await;
    let confirm = s
        .client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": 0}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_create_project",
            json!({"name": "acme-prod", "region": "eu-central-1", "organization_id": "free-org",
                   "confirm_cost_id": confirm["confirm_cost_id"]}),
        )
        .await;
    assert_eq!(v["id"], REF);
    assert_eq!(v["status"], "COMING_UP");
    let bodies = mcp_testkit::request_bodies(&s.fake, "POST", "/v1/projects").await;
    let body = bodies[0].as_object().unwrap();
    assert_eq!(body["name"], "acme-prod");
    assert_eq!(body["organization_slug"], "free-org");
    assert_eq!(
        body["region_selection"],
        json!({"type": "specific", "code": "eu-central-1"})
    );
    let pass = body["db_pass"].as_str().unwrap();
    assert_eq!(pass.len(), 64);
    assert_eq!(body.len(), 4, "{body:?}");
}

#[tokio::test]
async fn create_project_refuses_an_unconfirmed_cost() {
    let s = setup().await;
    sb("GET", "/v1/organizations/acme")
        .respond(&s.fake, 200, org_body("pro"))
        .await;
    sb("GET", "/v1/projects")
        .respond(
            &s.fake,
            200,
            json!([project_body(REF, "acme", "ACTIVE_HEALTHY")]),
        )
        .await;
    // Confirmed $0, but the next project of this paid organization costs $10 a month.
    let confirm = s
        .client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": 0}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "supabase_create_project",
            json!({"name": "acme-2", "organization_id": "acme",
                   "confirm_cost_id": confirm["confirm_cost_id"]}),
        )
        .await;
    assert!(
        err.contains("does not confirm") && err.contains("$10"),
        "{err}"
    );
    assert!(err.contains("supabase_get_cost"), "{err}");
    assert!(
        mcp_testkit::request_bodies(&s.fake, "POST", "/v1/projects")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn pause_and_restore() {
    let s = setup().await;
    sb("POST", &format!("/v1/projects/{REF}/pause"))
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(200))
        .await;
    sb("POST", &format!("/v1/projects/{REF}/restore"))
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(200))
        .await;
    let v = s
        .client
        .call_ok("supabase_pause_project", json!({"project_id": REF}))
        .await;
    assert_eq!(v, json!({"project_id": REF, "status": "pausing"}));
    let v = s
        .client
        .call_ok("supabase_restore_project", json!({"project_id": REF}))
        .await;
    assert_eq!(v, json!({"project_id": REF, "status": "restoring"}));
}

#[tokio::test]
async fn pause_forbidden() {
    let s = setup().await;
    sb("POST", &format!("/v1/projects/{REF}/pause"))
        .respond(
            &s.fake,
            403,
            json!({"message": "You do not have permission to perform this action"}),
        )
        .await;
    let err = s
        .client
        .call_err("supabase_pause_project", json!({"project_id": REF}))
        .await;
    assert!(err.contains("403") && err.contains("permission"), "{err}");
    let err = s
        .client
        .call_err("supabase_restore_project", json!({"project_id": ""}))
        .await;
    assert!(err.contains("`project_id` must not be empty"), "{err}");
}
