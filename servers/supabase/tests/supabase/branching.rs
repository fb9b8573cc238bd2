//! Development branches.

use serde_json::{Value, json};

use crate::common::{REF, sb, setup};

const BRANCH: &str = "8a4f2c1e-0b3d-4e5f-9a6b-7c8d9e0f1a2b";

fn branch_body(name: &str) -> Value {
    json!({
        "id": BRANCH,
        "name": name,
        "project_ref": "bcdefghijklmnopqrstu",
        "parent_project_ref": REF,
        "is_default": false,
        "git_branch": "feature/login-page",
        "persistent": false,
        "status": "CREATING_PROJECT",
        "created_at": "2025-03-01T12:00:00.000Z",
        "updated_at": "2025-03-01T12:00:00.000Z",
        "with_data": false
    })
}

fn branch_concise(name: &str) -> Value {
    let mut b = branch_body(name);
    b.as_object_mut().unwrap().remove("with_data");
    b
}

async fn branch_confirmation(s: &mcp_testkit::Setup) -> Value {
    let cost = s
        .client
        .call_ok(
            "supabase_get_cost",
            json!({"type": "branch", "organization_id": "acme"}),
        )
        .await;
    s.client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "branch", "recurrence": cost["recurrence"], "amount": cost["amount"]}),
        )
        .await["confirm_cost_id"]
        .clone()
}

#[tokio::test]
async fn create_branch_defaults_to_develop() {
    let s = setup().await;
    sb("POST", &format!("/v1/projects/{REF}/branches"))
        .json_body(json!({"branch_name": "develop"}))
        .respond(&s.fake, 201, branch_body("develop"))
        .await;
    let id = branch_confirmation(&s).await;
    let v = s
        .client
        .call_ok(
            "supabase_create_branch",
            json!({"project_id": REF, "confirm_cost_id": id}),
        )
        .await;
    assert_eq!(v, branch_concise("develop"));
}

#[tokio::test]
async fn create_branch_needs_the_branch_cost_confirmed() {
    let s = setup().await;
    let project_confirmation = s
        .client
        .call_ok(
            "supabase_confirm_cost",
            json!({"type": "project", "recurrence": "monthly", "amount": 10}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "supabase_create_branch",
            json!({"project_id": REF, "name": "feature-x",
                   "confirm_cost_id": project_confirmation["confirm_cost_id"]}),
        )
        .await;
    assert!(
        err.contains("does not confirm the current cost of this branch"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn create_branch_vendor_error() {
    let s = setup().await;
    sb("POST", &format!("/v1/projects/{REF}/branches"))
        .json_body(json!({"branch_name": "feature-x"}))
        .respond(
            &s.fake,
            422,
            json!({"message": "Branching is not enabled for this project"}),
        )
        .await;
    let id = branch_confirmation(&s).await;
    let err = s
        .client
        .call_err(
            "supabase_create_branch",
            json!({"project_id": REF, "name": "feature-x", "confirm_cost_id": id}),
        )
        .await;
    assert!(
        err.contains("422") && err.contains("Branching is not enabled"),
        "{err}"
    );
}

#[tokio::test]
async fn list_branches_contract() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/branches"))
        .respond(&s.fake, 200, json!([branch_body("develop")]))
        .await;
    let v = s
        .client
        .call_ok("supabase_list_branches", json!({"project_id": REF}))
        .await;
    assert_eq!(v, json!({"branches": [branch_concise("develop")]}));
}

#[tokio::test]
async fn delete_branch_contract() {
    let s = setup().await;
    sb("DELETE", &format!("/v1/branches/{BRANCH}"))
        .respond(&s.fake, 200, json!({"message": "ok"}))
        .await;
    let v = s
        .client
        .call_ok("supabase_delete_branch", json!({"branch_id": BRANCH}))
        .await;
    assert_eq!(v, json!({"branch_id": BRANCH, "deleted": true}));
}

#[tokio::test]
async fn delete_branch_failure() {
    let s = setup().await;
    sb("DELETE", "/v1/branches/nope")
        .respond(&s.fake, 404, json!({"message": "Branch not found"}))
        .await;
    let err = s
        .client
        .call_err("supabase_delete_branch", json!({"branch_id": "nope"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Branch not found"),
        "{err}"
    );
}

#[tokio::test]
async fn merge_reset_and_rebase() {
    let s = setup().await;
    let answer = json!({"workflow_run_id": "run_01hq3q9m7y5q7e4a7x2c8m1p4n", "message": "ok"});
    sb("POST", &format!("/v1/branches/{BRANCH}/merge"))
        .json_body(json!({}))
        .respond(&s.fake, 201, answer.clone())
        .await;
    sb("POST", &format!("/v1/branches/{BRANCH}/reset"))
        .json_body(json!({"migration_version": "20250312000000"}))
        .respond(&s.fake, 201, answer.clone())
        .await;
    sb("POST", &format!("/v1/branches/{BRANCH}/push"))
        .json_body(json!({}))
        .respond(&s.fake, 201, answer.clone())
        .await;
    let want = json!({"workflow_run_id": "run_01hq3q9m7y5q7e4a7x2c8m1p4n", "message": "ok", "branch_id": BRANCH});
    let v = s
        .client
        .call_ok("supabase_merge_branch", json!({"branch_id": BRANCH}))
        .await;
    assert_eq!(v, want);
    let v = s
        .client
        .call_ok(
            "supabase_reset_branch",
            json!({"branch_id": BRANCH, "migration_version": "20250312000000"}),
        )
        .await;
    assert_eq!(v, want);
    let v = s
        .client
        .call_ok("supabase_rebase_branch", json!({"branch_id": BRANCH}))
        .await;
    assert_eq!(v, want);
}

#[tokio::test]
async fn reset_without_version_and_merge_failure() {
    let s = setup().await;
    sb("POST", &format!("/v1/branches/{BRANCH}/reset"))
        .json_body(json!({}))
        .respond(
            &s.fake,
            201,
            json!({"workflow_run_id": "run_2", "message": "ok"}),
        )
        .await;
    sb("POST", &format!("/v1/branches/{BRANCH}/merge"))
        .json_body(json!({}))
        .respond(
            &s.fake,
            500,
            json!({"message": "Failed to merge database branch"}),
        )
        .await;
    let v = s
        .client
        .call_ok("supabase_reset_branch", json!({"branch_id": BRANCH}))
        .await;
    assert_eq!(v["workflow_run_id"], "run_2");
    let err = s
        .client
        .call_err("supabase_merge_branch", json!({"branch_id": BRANCH}))
        .await;
    assert!(
        err.contains("500") && err.contains("Failed to merge"),
        "{err}"
    );
    let err = s
        .client
        .call_err("supabase_rebase_branch", json!({"branch_id": " "}))
        .await;
    assert!(err.contains("`branch_id` must not be empty"), "{err}");
}
