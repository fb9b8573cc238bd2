//! The `actions` toolset: workflows, runs, jobs, logs, artifacts, usage, dispatch, re-runs,
//! cancel and log deletion, against a fake GitHub answering with the REST reference's examples.

use mcp_testkit::expect;
use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, MockServer, Request, ResponseTemplate};
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, setup_all, setup_official, user_json};

const RUNS: &str = "/repos/octo/hello/actions/runs";

fn workflow_json(id: u64, name: &str, path: &str) -> Value {
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

fn run_json(id: u64, status: &str, conclusion: Option<&str>) -> Value {
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

fn job_json(id: u64, name: &str, conclusion: &str) -> Value {
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

fn artifact_json(id: u64, expired: bool) -> Value {
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
async fn log_host(path_: &str, body: &str) -> MockServer {
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
const PRESIGNED_LOGS: &str = "https://pipelines.actions.githubusercontent.com/serviceHosts/abc/_apis/pipelines/1/runs/2/signedlogcontent?urlExpires=2024-01-01T00%3A01%3A00Z&urlSigningMethod=HMACV1&urlSignature=xyz";
const PRESIGNED_ZIP: &str = "https://productionresultssa1.blob.core.windows.net/actions-results/abc/artifact.zip?sv=2019&se=2024-01-01T00%3A01%3A00Z&sig=xyz";

fn redirect(to: String) -> ResponseTemplate {
    ResponseTemplate::new(302).insert_header("location", to.as_str())
}

fn numbered_lines(n: usize) -> String {
    (1..=n)
        .map(|i| format!("2024-01-01T00:00:00.0000000Z line {i}"))
        .collect::<Vec<_>>()
        .join("\n")
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

// ---- jobs

#[tokio::test]
async fn list_workflow_jobs_contract() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/29679449/jobs"))
        .bearer(TOKEN)
        .query("filter", "all")
        .query("page", 1)
        .query("per_page", 30)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "jobs": [job_json(399444496, "test", "failure")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_workflow_jobs",
            json!({"owner": "octo", "repo": "hello", "run_id": 29679449, "filter": "all", "page": 1, "perPage": 30}),
        )
        .await;
    let j = &v["items"][0];
    assert_eq!(j["id"], 399444496);
    assert_eq!(j["conclusion"], "failure");
    assert_eq!(j["failed_steps"], json!(["Run tests"]));
    assert!(j.get("steps").is_none(), "concise: {j}");
}

#[tokio::test]
async fn list_workflow_jobs_bad_filter() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_workflow_jobs",
            json!({"owner": "octo", "repo": "hello", "run_id": 1, "filter": "failed"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_list_workflow_jobs"),
        "{err}"
    );
}

#[tokio::test]
async fn get_workflow_job_contract() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/jobs/399444496")
        .bearer(TOKEN)
        .respond(&s.fake, 200, job_json(399444496, "test", "success"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_workflow_job",
            json!({"owner": "octo", "repo": "hello", "job_id": 399444496}),
        )
        .await;
    assert_eq!(v["runner_name"], "my runner");
    assert_eq!(v["steps"][1]["name"], "Run tests");
    assert_eq!(v["steps"][1]["number"], 2);
}

#[tokio::test]
async fn get_workflow_job_not_found() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/jobs/9")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_workflow_job",
            json!({"owner": "octo", "repo": "hello", "job_id": 9}),
        )
        .await;
    assert!(err.contains("job does not exist"), "{err}");
}

#[tokio::test]
async fn get_job_logs_follows_the_redirect_without_the_token_and_tails() {
    let s = setup_all().await;
    let host = log_host("/logs/7", &numbered_lines(10)).await;
    expect("GET", "/repos/octo/hello/actions/jobs/7/logs")
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(format!("{}/logs/7?sig=xyz", host.uri())))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_job_logs",
            json!({"owner": "octo", "repo": "hello", "job_id": 7, "tail_lines": 3}),
        )
        .await;
    assert_eq!(v["job_id"], 7);
    assert_eq!(v["total_lines"], 10);
    assert_eq!(v["shown_lines"], 3);
    assert_eq!(v["truncated"], true);
    let text = v["logs_content"].as_str().unwrap();
    assert!(
        text.starts_with(
            "[… truncated: 7 earlier lines omitted; showing the last 3 of 10 lines]\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "line 8\n2024-01-01T00:00:00.0000000Z line 9\n2024-01-01T00:00:00.0000000Z line 10"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn get_job_logs_names_the_download_host_when_it_fails_and_asks_the_api_once() {
    let s = setup_all().await;
    // A pre-signed URL whose host answers nothing (a closed port).
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    expect("GET", "/repos/octo/hello/actions/jobs/5/logs")
        .bearer(TOKEN)
        .times(1)
        .respond_with(
            &s.fake,
            redirect(format!(
                "http://127.0.0.1:{port}/logs/5?sig=secret-signature"
            )),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_get_job_logs",
            json!({"owner": "octo", "repo": "hello", "job_id": 5}),
        )
        .await;
    assert!(err.contains("pre-signed URL"), "{err}");
    assert!(err.contains(&format!("http://127.0.0.1:{port}")), "{err}");
    assert!(!err.contains(&s.fake.uri()), "{err}");
    assert!(!err.contains("secret-signature"), "{err}");
}

#[tokio::test]
async fn get_job_logs_caps_long_logs_keeping_the_end() {
    let s = setup_all().await;
    // 500 lines of ~200 bytes: the default 500-line tail is over the 64 KB cap.
    let long: String = (1..=500)
        .map(|i| format!("{i:04} {}", "x".repeat(195)))
        .collect::<Vec<_>>()
        .join("\n");
    let host = log_host("/logs/8", &long).await;
    expect("GET", "/repos/octo/hello/actions/jobs/8/logs")
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(format!("{}/logs/8", host.uri())))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_job_logs",
            json!({"owner": "octo", "repo": "hello", "job_id": 8}),
        )
        .await;
    let text = v["logs_content"].as_str().unwrap();
    assert!(text.len() < 64 * 1024 + 200, "{}", text.len());
    assert!(text.contains("(cut at 64 KB)]"), "{}", &text[..200]);
    assert!(text.ends_with(&format!("0500 {}", "x".repeat(195))));
    assert_eq!(v["total_lines"], 500);
    assert_eq!(v["truncated"], true);
}

#[tokio::test]
async fn get_job_logs_failures() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/jobs/3/logs")
        .bearer(TOKEN)
        .respond(&s.fake, 410, gh_error(410, "Gone"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_job_logs",
            json!({"owner": "octo", "repo": "hello", "job_id": 3}),
        )
        .await;
    assert!(err.contains("410"), "{err}");
    assert!(err.contains("expired"), "{err}");
    for (args, want) in [
        (json!({"owner": "octo", "repo": "hello"}), "give `job_id`"),
        (
            json!({"owner": "octo", "repo": "hello", "run_id": 4}),
            "set `failed_only: true`",
        ),
        (
            json!({"owner": "octo", "repo": "hello", "job_id": 4, "failed_only": true}),
            "`failed_only` needs `run_id`",
        ),
    ] {
        let err = s.client.call_err("github_get_job_logs", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn get_job_logs_failed_only_reports_per_job_errors() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/11/jobs"))
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "jobs": [job_json(12, "build", "timed_out")]}),
        )
        .await;
    expect("GET", "/repos/octo/hello/actions/jobs/12/logs")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_job_logs",
            json!({"owner": "octo", "repo": "hello", "run_id": 11, "failed_only": true, "return_content": true}),
        )
        .await;
    assert_eq!(v["failed_jobs"], 1);
    assert_eq!(v["logs"][0]["job_name"], "build");
    assert!(
        v["logs"][0]["error"].as_str().unwrap().contains("404"),
        "{v}"
    );
}

// ---- artifacts

#[tokio::test]
async fn list_workflow_run_artifacts_contract() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/2332938/artifacts"))
        .bearer(TOKEN)
        .query("per_page", 10)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "artifacts": [artifact_json(11, false)]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_workflow_run_artifacts",
            json!({"owner": "octo", "repo": "hello", "run_id": 2332938, "perPage": 10}),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["name"], "Rails");
    assert_eq!(a["size_in_bytes"], 556);
    assert_eq!(a["run_id"], 2332938);
    assert_eq!(a["head_branch"], "main");
    assert_eq!(
        a["archive_download_url"],
        "https://api.github.com/repos/octo/hello/actions/artifacts/11/zip"
    );
}

#[tokio::test]
async fn list_workflow_run_artifacts_not_found() {
    let s = setup_all().await;
    expect("GET", format!("{RUNS}/3/artifacts"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_workflow_run_artifacts",
            json!({"owner": "octo", "repo": "hello", "run_id": 3}),
        )
        .await;
    assert!(err.contains("workflow run does not exist"), "{err}");
}

#[tokio::test]
async fn download_workflow_run_artifact_returns_the_url_not_the_zip() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/artifacts/11")
        .bearer(TOKEN)
        .respond(&s.fake, 200, artifact_json(11, false))
        .await;
    expect("GET", "/repos/octo/hello/actions/artifacts/11/zip")
        .bearer(TOKEN)
        .respond_with(&s.fake, redirect(PRESIGNED_ZIP.to_owned()))
        .await;
    let v = s
        .client
        .call_ok(
            "github_download_workflow_run_artifact",
            json!({"owner": "octo", "repo": "hello", "artifact_id": 11}),
        )
        .await;
    assert_eq!(v["download_url"], PRESIGNED_ZIP);
    assert_eq!(v["name"], "Rails");
    assert!(v["note"].as_str().unwrap().contains("no token"), "{v}");
}

#[tokio::test]
async fn download_workflow_run_artifact_expired_and_missing() {
    let s = setup_all().await;
    expect("GET", "/repos/octo/hello/actions/artifacts/12")
        .bearer(TOKEN)
        .respond(&s.fake, 200, artifact_json(12, true))
        .await;
    let v = s
        .client
        .call_ok(
            "github_download_workflow_run_artifact",
            json!({"owner": "octo", "repo": "hello", "artifact_id": 12}),
        )
        .await;
    assert!(v["note"].as_str().unwrap().contains("expired"), "{v}");
    assert_eq!(v["download_url"], Value::Null);
    // Not marked expired, but GitHub says 410 Gone for the archive.
    expect("GET", "/repos/octo/hello/actions/artifacts/14")
        .bearer(TOKEN)
        .respond(&s.fake, 200, artifact_json(14, false))
        .await;
    expect("GET", "/repos/octo/hello/actions/artifacts/14/zip")
        .bearer(TOKEN)
        .respond(&s.fake, 410, gh_error(410, "Gone"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_download_workflow_run_artifact",
            json!({"owner": "octo", "repo": "hello", "artifact_id": 14}),
        )
        .await;
    assert!(v["note"].as_str().unwrap().contains("expired"), "{v}");
    assert_eq!(v["download_url"], Value::Null);
    expect("GET", "/repos/octo/hello/actions/artifacts/13")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_download_workflow_run_artifact",
            json!({"owner": "octo", "repo": "hello", "artifact_id": 13}),
        )
        .await;
    assert!(err.contains("artifact does not exist"), "{err}");
}

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
