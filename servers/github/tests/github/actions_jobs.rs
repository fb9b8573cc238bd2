//! Jobs of workflow runs, their logs (followed to the pre-signed host, tailed and capped) and
//! the runs' artifacts (their pre-signed URLs, never the zip).

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::actions::{PRESIGNED_ZIP, RUNS, artifact_json, job_json, log_host, redirect};
use crate::common::{TOKEN, gh_error, setup_all};

fn numbered_lines(n: usize) -> String {
    (1..=n)
        .map(|i| format!("2024-01-01T00:00:00.0000000Z line {i}"))
        .collect::<Vec<_>>()
        .join("\n")
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
