//! Writes of the `actions` toolset: run a workflow, re-run a run or its failed jobs, cancel a
//! run, delete a run's logs.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::actions::RUNS;
use crate::common::{TOKEN, gh_error, setup_all};

// ---- writes

#[tokio::test]
async fn run_workflow_contract() {
    let s = setup_all().await;
    expect("POST", "/repos/octo/hello/actions/workflows/deploy.yml/dispatches")
        .bearer(TOKEN)
        .json_body(json!({"ref": "topic-branch", "inputs": {"name": "Mona the Octocat", "home": "San Francisco, CA"}}))
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_run_workflow",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "deploy.yml", "ref": "topic-branch",
                   "inputs": {"name": "Mona the Octocat", "home": "San Francisco, CA"}}),
        )
        .await;
    assert_eq!(v["message"], "Workflow run has been queued");
    assert_eq!(v["ref"], "topic-branch");
}

#[tokio::test]
async fn run_workflow_without_dispatch_trigger() {
    let s = setup_all().await;
    expect(
        "POST",
        "/repos/octo/hello/actions/workflows/161335/dispatches",
    )
    .bearer(TOKEN)
    .json_body(json!({"ref": "main"}))
    .respond(
        &s.fake,
        422,
        gh_error(422, "Workflow does not have 'workflow_dispatch' trigger"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "github_run_workflow",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "161335", "ref": "main"}),
        )
        .await;
    assert!(err.contains("422"), "{err}");
    assert!(
        err.contains("`workflow_dispatch` trigger on that ref"),
        "{err}"
    );
}

#[tokio::test]
async fn rerun_workflow_run_contract() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/30433642/rerun"))
        .bearer(TOKEN)
        .respond(&s.fake, 201, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "github_rerun_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(
        v,
        json!({"message": "Workflow run has been queued for re-run", "run_id": 30433642, "status_code": 201})
    );
}

#[tokio::test]
async fn rerun_workflow_run_forbidden() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/1/rerun"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "This workflow run is not re-runnable"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_rerun_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 1}),
        )
        .await;
    assert!(err.contains("not re-runnable"), "{err}");
    assert!(err.contains("within 30 days"), "{err}");
}

#[tokio::test]
async fn rerun_failed_jobs_contract() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/30433642/rerun-failed-jobs"))
        .bearer(TOKEN)
        .respond(&s.fake, 201, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "github_rerun_failed_jobs",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(v["message"], "Failed jobs have been queued for re-run");
}

#[tokio::test]
async fn rerun_failed_jobs_not_found() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/2/rerun-failed-jobs"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_rerun_failed_jobs",
            json!({"owner": "octo", "repo": "hello", "run_id": 2}),
        )
        .await;
    assert!(err.contains("workflow run does not exist"), "{err}");
}

#[tokio::test]
async fn cancel_workflow_run_contract() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/30433642/cancel"))
        .bearer(TOKEN)
        .respond(&s.fake, 202, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "github_cancel_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(v["status_code"], 202);
    assert_eq!(v["run_id"], 30433642);
}

#[tokio::test]
async fn cancel_completed_workflow_run() {
    let s = setup_all().await;
    expect("POST", format!("{RUNS}/4/cancel"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            409,
            gh_error(409, "Cannot cancel a workflow run that is completed."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_cancel_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 4}),
        )
        .await;
    assert!(err.contains("409"), "{err}");
    assert!(err.contains("nothing to cancel"), "{err}");
}

#[tokio::test]
async fn delete_workflow_run_logs_contract() {
    let s = setup_all().await;
    expect("DELETE", format!("{RUNS}/30433642/logs"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_delete_workflow_run_logs",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(v["message"], "Workflow run logs have been deleted");
    assert_eq!(v["status_code"], 204);
}

#[tokio::test]
async fn delete_workflow_run_logs_forbidden() {
    let s = setup_all().await;
    expect("DELETE", format!("{RUNS}/5/logs"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by integration"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_workflow_run_logs",
            json!({"owner": "octo", "repo": "hello", "run_id": 5}),
        )
        .await;
    assert!(err.contains("403 Forbidden"), "{err}");
}
