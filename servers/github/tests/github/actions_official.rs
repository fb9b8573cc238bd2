//! The `actions` tools under GitHub's official server's names, and its combined tools
//! `actions_get`, `actions_list` and `actions_run_trigger`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::actions::{
    PRESIGNED_LOGS, PRESIGNED_ZIP, RUNS, artifact_json, job_json, log_host, redirect, run_json,
    workflow_json,
};
use crate::common::{TOKEN, gh_error, setup_official};

// ---- official naming

#[tokio::test]
async fn official_names_call_the_same_code() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/actions/workflows")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "workflows": [workflow_json(1, "CI", ".github/workflows/ci.yml")]}),
        )
        .await;
    let v = s
        .client
        .call_ok("list_workflows", json!({"owner": "octo", "repo": "hello"}))
        .await;
    assert_eq!(v["items"][0]["name"], "CI");
    let host = log_host("/logs/9", "done").await;
    expect("GET", "/repos/octo/hello/actions/jobs/9/logs")
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(format!("{}/logs/9", host.uri())))
        .await;
    let v = s
        .client
        .call_ok(
            "get_job_logs",
            json!({"owner": "octo", "repo": "hello", "job_id": 9, "return_content": true}),
        )
        .await;
    assert_eq!(v["logs_content"], "done");
}

#[tokio::test]
async fn actions_get_methods() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/actions/workflows/ci.yml")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            workflow_json(1, "CI", ".github/workflows/ci.yml"),
        )
        .await;
    expect("GET", format!("{RUNS}/30433642"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            run_json(30433642, "completed", Some("success")),
        )
        .await;
    expect("GET", "/repos/octo/hello/actions/jobs/399444496")
        .bearer(TOKEN)
        .respond(&s.fake, 200, job_json(399444496, "test", "success"))
        .await;
    expect("GET", "/repos/octo/hello/actions/artifacts/11")
        .bearer(TOKEN)
        .respond(&s.fake, 200, artifact_json(11, false))
        .await;
    expect("GET", "/repos/octo/hello/actions/artifacts/11/zip")
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(PRESIGNED_ZIP.to_owned()))
        .await;
    expect("GET", format!("{RUNS}/30433642/logs"))
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(PRESIGNED_LOGS.to_owned()))
        .await;
    expect("GET", format!("{RUNS}/30433642/timing"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"billable": {}, "run_duration_ms": 1000}),
        )
        .await;
    let call = |m: &str, id: &str| json!({"method": m, "owner": "octo", "repo": "hello", "resource_id": id});
    let v = s
        .client
        .call_ok("actions_get", call("get_workflow", "ci.yml"))
        .await;
    assert_eq!(v["name"], "CI");
    let v = s
        .client
        .call_ok("actions_get", call("get_workflow_run", "30433642"))
        .await;
    assert_eq!(v["conclusion"], "success");
    let v = s
        .client
        .call_ok("actions_get", call("get_workflow_job", "399444496"))
        .await;
    assert_eq!(v["name"], "test");
    let v = s
        .client
        .call_ok("actions_get", call("download_workflow_run_artifact", "11"))
        .await;
    assert_eq!(v["download_url"], PRESIGNED_ZIP);
    let v = s
        .client
        .call_ok("actions_get", call("get_workflow_run_usage", "30433642"))
        .await;
    assert_eq!(v["run_duration_ms"], 1000);
    let v = s
        .client
        .call_ok("actions_get", call("get_workflow_run_logs_url", "30433642"))
        .await;
    assert_eq!(v["logs_url"], PRESIGNED_LOGS);
    assert!(
        v["optimization_tip"]
            .as_str()
            .unwrap()
            .contains("failed_only"),
        "{v}"
    );
    let err = s
        .client
        .call_err("actions_get", call("get_workflow_run", "ci.yml"))
        .await;
    assert!(err.contains("numeric run id"), "{err}");
}

#[tokio::test]
async fn actions_list_methods() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/actions/workflows")
        .bearer(TOKEN)
        .query("per_page", 2)
        .respond(&s.fake, 200, json!({"total_count": 0, "workflows": []}))
        .await;
    expect("GET", RUNS)
        .bearer(TOKEN)
        .query("branch", "main")
        .query("status", "completed")
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "workflow_runs": [run_json(5, "completed", Some("success"))]}),
        )
        .await;
    expect("GET", format!("{RUNS}/5/jobs"))
        .bearer(TOKEN)
        .query("filter", "latest")
        .respond(&s.fake, 200, json!({"total_count": 0, "jobs": []}))
        .await;
    expect("GET", format!("{RUNS}/5/artifacts"))
        .bearer(TOKEN)
        .query("page", 2)
        .respond(&s.fake, 200, json!({"total_count": 0, "artifacts": []}))
        .await;
    let base = |m: &str| json!({"method": m, "owner": "octo", "repo": "hello"});
    let mut a = base("list_workflows");
    a["per_page"] = json!(2);
    let v = s.client.call_ok("actions_list", a).await;
    assert_eq!(v["items"], json!([]));
    let mut a = base("list_workflow_runs");
    a["workflow_runs_filter"] = json!({"branch": "main", "status": "completed"});
    let v = s.client.call_ok("actions_list", a).await;
    assert_eq!(v["items"][0]["id"], 5);
    let mut a = base("list_workflow_jobs");
    a["resource_id"] = json!("5");
    a["workflow_jobs_filter"] = json!({"filter": "latest"});
    let v = s.client.call_ok("actions_list", a).await;
    assert_eq!(v["total_count"], 0);
    let mut a = base("list_workflow_run_artifacts");
    a["resource_id"] = json!("5");
    a["page"] = json!(2);
    let v = s.client.call_ok("actions_list", a).await;
    assert_eq!(v["items"], json!([]));
    let err = s
        .client
        .call_err("actions_list", base("list_workflow_jobs"))
        .await;
    assert!(err.contains("needs `resource_id`"), "{err}");
}

#[tokio::test]
async fn actions_run_trigger_methods() {
    let s = setup_official().await;
    expect(
        "POST",
        "/repos/octo/hello/actions/workflows/ci.yml/dispatches",
    )
    .bearer(TOKEN)
    .json_body(json!({"ref": "main", "inputs": {"debug": "true"}}))
    .respond_with(&s.fake, ResponseTemplate::new(204))
    .await;
    for (rest, status) in [("rerun", 201), ("rerun-failed-jobs", 201), ("cancel", 202)] {
        expect("POST", format!("{RUNS}/7/{rest}"))
            .bearer(TOKEN)
            .respond(&s.fake, status, json!({}))
            .await;
    }
    expect("DELETE", format!("{RUNS}/7/logs"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "actions_run_trigger",
            json!({"method": "run_workflow", "owner": "octo", "repo": "hello", "workflow_id": "ci.yml", "ref": "main", "inputs": {"debug": "true"}}),
        )
        .await;
    assert_eq!(v["message"], "Workflow run has been queued");
    for (m, code) in [
        ("rerun_workflow_run", 201),
        ("rerun_failed_jobs", 201),
        ("cancel_workflow_run", 202),
        ("delete_workflow_run_logs", 204),
    ] {
        let v = s
            .client
            .call_ok(
                "actions_run_trigger",
                json!({"method": m, "owner": "octo", "repo": "hello", "run_id": 7}),
            )
            .await;
        assert_eq!(v["status_code"], code, "{m}");
    }
    let err = s
        .client
        .call_err(
            "actions_run_trigger",
            json!({"method": "run_workflow", "owner": "octo", "repo": "hello", "workflow_id": "ci.yml"}),
        )
        .await;
    assert!(err.contains("needs `workflow_id`"), "{err}");
    let err = s
        .client
        .call_err(
            "actions_run_trigger",
            json!({"method": "cancel_workflow_run", "owner": "octo", "repo": "hello"}),
        )
        .await;
    assert!(err.contains("needs `run_id`"), "{err}");
}

#[tokio::test]
async fn workflow_run_logs_url_missing_and_expired() {
    let s = setup_official().await;
    expect("GET", format!("{RUNS}/7/logs"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let call = |id: &str| json!({"method": "get_workflow_run_logs_url", "owner": "octo", "repo": "hello", "resource_id": id});
    let err = s.client.call_err("actions_get", call("7")).await;
    assert!(
        err.contains("404") && err.contains("workflow run does not exist"),
        "{err}"
    );
    expect("GET", format!("{RUNS}/8/logs"))
        .bearer(TOKEN)
        .respond(&s.fake, 410, gh_error(410, "Gone"))
        .await;
    let v = s.client.call_ok("actions_get", call("8")).await;
    assert_eq!(v["logs_url"], Value::Null);
    assert!(v["message"].as_str().unwrap().contains("expired"), "{v}");
}
