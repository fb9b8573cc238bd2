//! The `actions` toolset: workflows, runs, jobs, logs, artifacts, usage, dispatch, re-runs,
//! cancel and log deletion, against a fake GitHub answering with the REST reference's examples.
//! This module holds the fixtures the `actions_*` modules share, and the workflow and run
//! tests; jobs and artifacts are in `actions_jobs`, writes in `actions_writes`, GitHub's
//! official server's names in `actions_official`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, MockServer, Request, ResponseTemplate};
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, setup_all, user_json};

pub(crate) const RUNS: &str = "/repos/octo/hello/actions/runs";

pub(crate) fn workflow_json(id: u64, name: &str, path: &str) -> Value {
    json!({
        "id": id,
        "node_id": "MDg6V29ya2Zsb3cxNjEzMzU=",
        "name": name,
        "path": path,
        "state": "active",
        "created_at": "2020-01-08T23:48:37.000-08:00",
        "updated_at": "2020-01-08T23:50:21.000-08:00",
        "url": format!("https://api.github.com/repos/octo/hello/actions/workflows/{id}"),
        "html_url": format!("https://github.com/octo/hello/blob/master/{path}"),
        "badge_url": "https://github.com/octo/hello/workflows/CI/badge.svg"
    })
}

pub(crate) fn run_json(id: u64, status: &str, conclusion: Option<&str>) -> Value {
    json!({
        "id": id,
        "name": "Build",
        "node_id": "MDEyOldvcmtmbG93IFJ1bjI2OTI4OQ==",
        "check_suite_id": 42,
        "check_suite_node_id": "MDEwOkNoZWNrU3VpdGU0Mg==",
        "head_branch": "master",
        "head_sha": "acb5820ced9479c074f688cc328bf03f341a511d",
        "path": ".github/workflows/build.yml@main",
        "run_number": 562,
        "event": "push",
        "display_title": "Update README.md",
        "status": status,
        "conclusion": conclusion,
        "workflow_id": 159038,
        "url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}"),
        "html_url": format!("https://github.com/octo/hello/actions/runs/{id}"),
        "pull_requests": [],
        "created_at": "2020-01-22T19:33:08Z",
        "updated_at": "2020-01-22T19:33:08Z",
        "actor": user_json("octocat", 1),
        "run_attempt": 1,
        "run_started_at": "2020-01-22T19:33:08Z",
        "triggering_actor": user_json("octocat", 1),
        "jobs_url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}/jobs"),
        "logs_url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}/logs"),
        "check_suite_url": "https://api.github.com/repos/octo/hello/check-suites/414944374",
        "artifacts_url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}/artifacts"),
        "cancel_url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}/cancel"),
        "rerun_url": format!("https://api.github.com/repos/octo/hello/actions/runs/{id}/rerun"),
        "workflow_url": "https://api.github.com/repos/octo/hello/actions/workflows/159038",
        "head_commit": {"id": "acb5820ced9479c074f688cc328bf03f341a511d", "message": "Create linter.yaml"},
        "repository": {"id": 1296269, "full_name": "octo/hello"}
    })
}

pub(crate) fn job_json(id: u64, name: &str, conclusion: &str) -> Value {
    json!({
        "id": id,
        "run_id": 29679449,
        "run_url": "https://api.github.com/repos/octo/hello/actions/runs/29679449",
        "node_id": "MDEyOldvcmtmbG93IEpvYjM5OTQ0NDQ5Ng==",
        "head_sha": "f83a356604ae3c5d03e1b46ef4d1ca77d64a90b0",
        "url": format!("https://api.github.com/repos/octo/hello/actions/jobs/{id}"),
        "html_url": format!("https://github.com/octo/hello/runs/{id}"),
        "status": "completed",
        "conclusion": conclusion,
        "started_at": "2020-01-20T17:42:40Z",
        "completed_at": "2020-01-20T17:44:39Z",
        "name": name,
        "steps": [
            {"name": "Set up job", "status": "completed", "conclusion": "success", "number": 1, "started_at": "2020-01-20T09:42:40.000-08:00", "completed_at": "2020-01-20T09:42:41.000-08:00"},
            {"name": "Run tests", "status": "completed", "conclusion": conclusion, "number": 2, "started_at": "2020-01-20T09:42:41.000-08:00", "completed_at": "2020-01-20T09:42:45.000-08:00"}
        ],
        "check_run_url": format!("https://api.github.com/repos/octo/hello/check-runs/{id}"),
        "labels": ["gpu", "db-app", "dc-03"],
        "runner_id": 1,
        "runner_name": "my runner",
        "runner_group_id": 2,
        "runner_group_name": "my runner group",
        "workflow_name": "CI",
        "head_branch": "main"
    })
}

pub(crate) fn artifact_json(id: u64, expired: bool) -> Value {
    json!({
        "id": id,
        "node_id": "MDg6QXJ0aWZhY3QxMQ==",
        "name": "Rails",
        "size_in_bytes": 556,
        "url": format!("https://api.github.com/repos/octo/hello/actions/artifacts/{id}"),
        "archive_download_url": format!("https://api.github.com/repos/octo/hello/actions/artifacts/{id}/zip"),
        "expired": expired,
        "created_at": "2020-01-10T14:59:22Z",
        "expires_at": "2020-03-21T14:59:22Z",
        "updated_at": "2020-02-21T14:59:22Z",
        "digest": "sha256:cfc3236bdad15b5898bca8408945c9e19e1917da8704adc20eaa618444290a8c",
        "workflow_run": {
            "id": 2332938,
            "repository_id": 1296269,
            "head_repository_id": 1296269,
            "head_branch": "main",
            "head_sha": "328faa0536e6fef19753d9d91dc96a9931694ce3"
        }
    })
}

/// A pre-signed log host: answers `GET path` with `body`, once, and only without a token.
pub(crate) async fn log_host(path_: &str, body: &str) -> MockServer {
    let host = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(path_))
        .and(|r: &Request| !r.headers.contains_key("authorization"))
        .respond_with(ResponseTemplate::new(200).set_body_string(body))
        .expect(1)
        .mount(&host)
        .await;
    host
}

/// GitHub's answer to a log download: 302 to the pre-signed URL.
/// Pre-signed URLs as GitHub's redirects name them (another host, a signature, an expiry).
pub(crate) const PRESIGNED_LOGS: &str = "https://pipelines.actions.githubusercontent.com/serviceHosts/abc/_apis/pipelines/1/runs/2/signedlogcontent?urlExpires=2024-01-01T00%3A01%3A00Z&urlSigningMethod=HMACV1&urlSignature=xyz";
pub(crate) const PRESIGNED_ZIP: &str = "https://productionresultssa1.blob.core.windows.net/actions-results/abc/artifact.zip?sv=2019&se=2024-01-01T00%3A01%3A00Z&sig=xyz";

pub(crate) fn redirect(to: String) -> ResponseTemplate {
    ResponseTemplate::new(302).insert_header("location", to.as_str())
}

// ---- workflows

#[tokio::test]
async fn list_workflows_contract() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/workflows")
        .bearer(TOKEN)
        .query("page", 2)
        .query("per_page", 1)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/actions/workflows", 3, 3))
                .set_body_json(json!({"total_count": 3, "workflows": [workflow_json(161335, "CI", ".github/workflows/blank.yaml")]})),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_workflows",
            json!({"owner": "octo", "repo": "hello", "page": 2, "perPage": 1}),
        )
        .await;
    assert_eq!(v["total_count"], 3);
    assert_eq!(v["next_page"], 3);
    assert_eq!(
        v["items"][0],
        json!({"id": 161335, "name": "CI", "path": ".github/workflows/blank.yaml", "state": "active",
               "created_at": "2020-01-08T23:48:37.000-08:00", "updated_at": "2020-01-08T23:50:21.000-08:00",
               "html_url": "https://github.com/octo/hello/blob/master/.github/workflows/blank.yaml"})
    );
}

#[tokio::test]
async fn list_workflows_repository_not_found() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/nope/actions/workflows")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_workflows",
            json!({"owner": "octo", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("repository does not exist"), "{err}");
}

#[tokio::test]
async fn get_workflow_by_file_name() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/workflows/ci.yml")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            workflow_json(161335, "CI", ".github/workflows/ci.yml"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_workflow",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "ci.yml"}),
        )
        .await;
    assert_eq!(v["id"], 161335);
    assert_eq!(v["path"], ".github/workflows/ci.yml");
}

#[tokio::test]
async fn get_workflow_failures() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/workflows/gone.yml")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_workflow",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "gone.yml"}),
        )
        .await;
    assert!(err.contains("workflow does not exist"), "{err}");
    let err = s
        .client
        .call_err(
            "github_get_workflow",
            json!({"owner": "octo", "repo": "hello", "workflow_id": " "}),
        )
        .await;
    assert!(err.contains("workflow_id"), "{err}");
}

// ---- runs

#[tokio::test]
async fn list_workflow_runs_contract() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/workflows/build.yml/runs")
        .bearer(TOKEN)
        .query("actor", "octocat")
        .query("branch", "main")
        .query("event", "pull_request_target")
        .query("status", "in_progress")
        .query("per_page", 5)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "workflow_runs": [run_json(30433642, "in_progress", None)]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_workflow_runs",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "build.yml", "actor": "octocat",
                   "branch": "main", "event": "pull_request_target", "status": "in_progress", "perPage": 5}),
        )
        .await;
    let r = &v["items"][0];
    assert_eq!(r["id"], 30433642);
    assert_eq!(r["status"], "in_progress");
    assert_eq!(r["actor"], "octocat");
    assert_eq!(r["display_title"], "Update README.md");
    assert!(
        r.get("conclusion").is_none(),
        "null conclusion dropped: {r}"
    );
    assert!(r.get("repository").is_none(), "concise: {r}");
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn list_workflow_runs_bad_event() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_workflow_runs",
            json!({"owner": "octo", "repo": "hello", "workflow_id": "build.yml", "event": "nightly"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_list_workflow_runs"),
        "{err}"
    );
}

#[tokio::test]
async fn get_workflow_run_contract() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/30433642"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            run_json(30433642, "completed", Some("failure")),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(v["conclusion"], "failure");
    assert_eq!(v["run_number"], 562);
    assert_eq!(v["head_sha"], "acb5820ced9479c074f688cc328bf03f341a511d");
    assert_eq!(v["workflow_id"], 159038);
}

#[tokio::test]
async fn get_workflow_run_not_found() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/1"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_workflow_run",
            json!({"owner": "octo", "repo": "hello", "run_id": 1}),
        )
        .await;
    assert!(err.contains("workflow run does not exist"), "{err}");
}

#[tokio::test]
async fn get_workflow_run_usage_contract() {
    let s = setup_all().await;
    let billable = json!({
        "UBUNTU": {"total_ms": 180000, "jobs": 1, "job_runs": [{"job_id": 1, "duration_ms": 180000}]},
        "MACOS": {"total_ms": 240000, "jobs": 4, "job_runs": [{"job_id": 2, "duration_ms": 60000}]}
    });
    expect("GET", format!("{RUNS}/30433642/timing"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"billable": billable, "run_duration_ms": 500000}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_workflow_run_usage",
            json!({"owner": "octo", "repo": "hello", "run_id": 30433642}),
        )
        .await;
    assert_eq!(v["run_duration_ms"], 500000);
    assert_eq!(v["billable"]["MACOS"]["jobs"], 4);
    assert_eq!(v["run_id"], 30433642);
}

#[tokio::test]
async fn get_workflow_run_usage_bad_run_id() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_workflow_run_usage",
            json!({"owner": "octo", "repo": "hello", "run_id": "latest"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_get_workflow_run_usage"),
        "{err}"
    );
}

#[tokio::test]
async fn get_workflow_run_logs_returns_failed_job_logs() {
    let s = setup_all().await;
    let host = log_host("/logs/399444497", "Run tests\nerror: test failed\n").await;
    expect("GET", format!("{RUNS}/29679449/jobs"))
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 2, "jobs": [job_json(399444496, "lint", "success"), job_json(399444497, "test", "failure")]}),
        )
        .await;
    expect("GET", "/repos/octo/hello/actions/jobs/399444497/logs")
        .bearer(TOKEN)
        .respond_with(
            &s.fake,
            redirect(format!("{}/logs/399444497?sig=abc", host.uri())),
        )
        .await;
    // The archive's address: GitHub's 302 to a pre-signed URL, handed out, not followed.
    expect("GET", format!("{RUNS}/29679449/logs"))
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(PRESIGNED_LOGS.to_owned()))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_workflow_run_logs",
            json!({"owner": "octo", "repo": "hello", "run_id": 29679449}),
        )
        .await;
    assert_eq!(v["total_jobs"], 2);
    assert_eq!(v["failed_jobs"], 1);
    let log = &v["logs"][0];
    assert_eq!(log["job_id"], 399444497);
    assert_eq!(log["job_name"], "test");
    assert_eq!(log["logs_content"], "Run tests\nerror: test failed");
    assert_eq!(log["truncated"], false);
    assert_eq!(v["logs_url"], PRESIGNED_LOGS);
    assert!(v["note"].as_str().unwrap().contains("pre-signed"), "{v}");
}

#[tokio::test]
async fn get_workflow_run_logs_run_not_found() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/5/jobs"))
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_workflow_run_logs",
            json!({"owner": "octo", "repo": "hello", "run_id": 5}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
}
