//! `hf_jobs`: every operation's request, and bad arguments.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, anonymous, get, hub_error, setup, whoami};

fn job(stage: &str) -> Value {
    json!({
        "id": "68d2a1b3c4e5f60718293a4b",
        "createdAt": "2026-11-30T12:00:00.000Z",
        "dockerImage": "python:3.12",
        "command": ["python", "-c", "print('hello')"],
        "arguments": [],
        "environment": {"MODE": "test"},
        "secrets": ["HF_TOKEN"],
        "flavor": "cpu-basic",
        "status": {"stage": stage, "message": null},
        "owner": {"id": "63f0a1b2c3d4e5f6a7b8c9d0", "name": "alice", "type": "user"},
        "timeout": 1800
    })
}

fn concise(stage: &str) -> Value {
    json!({
        "id": "68d2a1b3c4e5f60718293a4b", "stage": stage, "image": "python:3.12",
        "command": ["python", "-c", "print('hello')"], "flavor": "cpu-basic",
        "created_at": "2026-11-30T12:00:00.000Z", "owner": "alice", "timeout_seconds": 1800,
        "url": "https://huggingface.co/jobs/alice/68d2a1b3c4e5f60718293a4b"
    })
}

#[tokio::test]
async fn run_with_a_shell_string_volumes_and_timeout() {
    let s = setup().await;
    whoami(&s).await;
    expect("POST", "/api/jobs/alice")
        .bearer(TOKEN)
        .json_body(json!({
            "command": ["python", "-c", "print('hello')"],
            "arguments": [],
            "environment": {"MODE": "test"},
            "flavor": "t4-small",
            "secrets": {"HF_TOKEN": "$HF_TOKEN"},
            "timeoutSeconds": 7200,
            "volumes": [{"type": "dataset", "source": "org/ds", "mountPath": "/data", "readOnly": true},
                        {"type": "bucket", "source": "org/b", "mountPath": "/output", "path": "runs"}],
            "dockerImage": "python:3.12"
        }))
        .respond(&s.fake, 200, job("RUNNING"))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "run", "args": {
                "command": "python -c \"print('hello')\"", "flavor": "t4-small", "env": {"MODE": "test"},
                "secrets": {"HF_TOKEN": "$HF_TOKEN"}, "timeout": "2h",
                "volumes": ["hf://datasets/org/ds:/data:ro", "hf://buckets/org/b/runs:/output"], "detach": false
            }}),
        )
        .await;
    let mut want = concise("RUNNING");
    want["note"] = json!("started detached: follow it with the inspect and logs operations");
    assert_eq!(v, want);
}

#[tokio::test]
async fn run_from_a_space_in_an_org_and_bad_args() {
    let s = setup().await;
    expect("POST", "/api/jobs/acme-ai")
        .bearer(TOKEN)
        .json_body(
            json!({"command": ["python", "app.py"], "arguments": [], "environment": {},
                          "flavor": "cpu-basic", "spaceId": "alice/trainer"}),
        )
        .respond(
            &s.fake,
            402,
            hub_error("Jobs require a credit card on file"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "run", "args": {"namespace": "acme-ai", "image": "hf.co/spaces/alice/trainer", "command": ["python", "app.py"]}}),
        )
        .await;
    assert!(err.contains("402") && err.contains("credit card"), "{err}");
    for (args, want) in [
        (json!({"image": "python:3.12"}), "missing field `command`"),
        (json!({"command": "echo 'x"}), "not a valid shell command"),
        (
            json!({"command": ["x"], "timeout": "soon"}),
            "`timeout` is a duration",
        ),
        (
            json!({"command": ["x"], "volumes": ["/data:/data"]}),
            "hf://TYPE/OWNER/NAME",
        ),
        (
            json!({"command": ["x"], "gpu": true}),
            "unknown field `gpu`",
        ),
    ] {
        let err = s
            .client
            .call_err("hf_jobs", json!({"operation": "run", "args": args}))
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    let anon = anonymous(&s).await;
    let err = anon
        .call_err(
            "hf_jobs",
            json!({"operation": "ps", "args": {"namespace": "alice"}}),
        )
        .await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn uv_inline_script_is_piped_through_base64() {
    let s = setup().await;
    let script = "import numpy\nprint(numpy.__version__)\n";
    // base64 of the script, as the command embeds it.
    let encoded = "aW1wb3J0IG51bXB5CnByaW50KG51bXB5Ll9fdmVyc2lvbl9fKQo=";
    expect("POST", "/api/jobs/alice")
        .bearer(TOKEN)
        .json_body(json!({
            "command": ["/bin/sh", "-lc", format!("echo \"{encoded}\" | base64 -d | uv run --with numpy -p 3.12 - --fast")],
            "arguments": [], "environment": {}, "flavor": "cpu-basic",
            "dockerImage": "ghcr.io/astral-sh/uv:python3.12-bookworm"
        }))
        .respond(&s.fake, 200, job("RUNNING"))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "uv", "args": {"namespace": "alice", "script": script, "with_deps": ["numpy"],
                   "python": "3.12", "script_args": ["--fast"]}}),
        )
        .await;
    assert_eq!(v["stage"], "RUNNING");
}

#[tokio::test]
async fn uv_script_url() {
    let s = setup().await;
    expect("POST", "/api/jobs/alice")
        .bearer(TOKEN)
        .json_body(json!({
            "command": ["uv", "run", "https://example.com/train.py", "--epochs", "1"],
            "arguments": [], "environment": {}, "flavor": "a10g-small", "timeoutSeconds": 300,
            "dockerImage": "ghcr.io/astral-sh/uv:python3.12-bookworm"
        }))
        .respond(&s.fake, 200, job("RUNNING"))
        .await;
    s.client
        .call_ok(
            "hf_jobs",
            json!({"operation": "uv", "args": {"namespace": "alice", "script": "https://example.com/train.py",
                   "script_args": ["--epochs", "1"], "flavor": "a10g-small", "timeout": 300}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "uv", "args": {"script": " "}}),
        )
        .await;
    assert!(err.contains("`script` must not be empty"), "{err}");
}

#[tokio::test]
async fn ps_filters_running_by_default() {
    let s = setup().await;
    whoami(&s).await;
    get("/api/jobs/alice")
        .times(2)
        .respond(&s.fake, 200, json!([job("RUNNING"), job("COMPLETED")]))
        .await;
    let v = s
        .client
        .call_ok("hf_jobs", json!({"operation": "ps"}))
        .await;
    assert_eq!(
        v,
        json!({"namespace": "alice", "jobs": [concise("RUNNING")], "total": 2})
    );
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "ps", "args": {"namespace": "alice", "status": "completed"}}),
        )
        .await;
    assert_eq!(v["jobs"], json!([concise("COMPLETED")]));
}

#[tokio::test]
async fn inspect_and_cancel() {
    let s = setup().await;
    get("/api/jobs/alice/68d2a1b3c4e5f60718293a4b")
        .respond(&s.fake, 200, job("RUNNING"))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "inspect", "args": {"namespace": "alice", "job_id": ["68d2a1b3c4e5f60718293a4b"]}}),
        )
        .await;
    let mut want = concise("RUNNING");
    want["environment"] = json!({"MODE": "test"});
    want["secrets"] = json!(["HF_TOKEN"]);
    assert_eq!(v, json!({"jobs": [want]}));
    expect("POST", "/api/jobs/alice/68d2a1b3c4e5f60718293a4b/cancel")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(200))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "cancel", "args": {"namespace": "alice", "job_id": "68d2a1b3c4e5f60718293a4b"}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"job_id": "68d2a1b3c4e5f60718293a4b", "canceled": true})
    );
    get("/api/jobs/alice/nope")
        .respond(&s.fake, 404, hub_error("Job not found"))
        .await;
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "inspect", "args": {"namespace": "alice", "job_id": "nope"}}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Job not found"),
        "{err}"
    );
}

#[tokio::test]
async fn logs_of_a_finished_job_and_a_running_one() {
    let s = setup().await;
    get("/api/jobs/alice/68d2a1b3c4e5f60718293a4b")
        .respond(&s.fake, 200, job("COMPLETED"))
        .await;
    get("/api/jobs/alice/68d2a1b3c4e5f60718293a4b/logs")
        .query("tail", "2")
        .header("accept", "text/event-stream")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/event-stream")
                .set_body_string(
                    "data: {\"timestamp\":\"2026-11-30T12:00:01Z\",\"data\":\"===== Job started at 2026-11-30 12:00:01 =====\"}\n\n\
                     data: {\"timestamp\":\"2026-11-30T12:00:02Z\",\"data\":\"step 1\"}\n\n\
                     data: {\"timestamp\":\"2026-11-30T12:00:03Z\",\"data\":\"hello\"}\n\n",
                ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "logs", "args": {"namespace": "alice", "job_id": "68d2a1b3c4e5f60718293a4b", "tail": 2}}),
        )
        .await;
    assert_eq!(v["logs"], json!(["step 1", "hello"]));
    assert_eq!(v["job"]["stage"], "COMPLETED");
    get("/api/jobs/alice/running1")
        .respond(&s.fake, 200, job("RUNNING"))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "logs", "args": {"namespace": "alice", "job_id": "running1"}}),
        )
        .await;
    assert!(v["note"].as_str().unwrap().contains("still running"));
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "logs", "args": {"namespace": "alice", "job_id": "x", "tail": 0}}),
        )
        .await;
    assert!(err.contains("`tail` must be between 1 and 1000"), "{err}");
}

fn scheduled(suspend: bool) -> Value {
    json!({
        "id": "68d2b0c1d2e3f4a5b6c7d8e9",
        "schedule": "@daily",
        "suspend": suspend,
        "createdAt": "2026-11-01T00:00:00.000Z",
        "owner": {"id": "63f0", "name": "alice", "type": "user"},
        "jobSpec": {"dockerImage": "python:3.12", "command": ["python", "-c", "print(1)"], "arguments": [],
                    "environment": {}, "flavor": "cpu-basic"},
        "status": {"lastJob": {"id": "68d2", "at": "2026-11-30T00:00:00.000Z"}, "nextJobRunAt": "2026-12-01T00:00:00.000Z"}
    })
}

#[tokio::test]
async fn scheduled_run_and_ps() {
    let s = setup().await;
    expect("POST", "/api/scheduled-jobs/alice")
        .bearer(TOKEN)
        .json_body(json!({"schedule": "@daily", "suspend": false, "jobSpec": {
            "command": ["python", "-c", "print(1)"], "arguments": [], "environment": {}, "flavor": "cpu-basic",
            "dockerImage": "python:3.12"}}))
        .respond(&s.fake, 200, scheduled(false))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled run", "args": {"namespace": "alice", "schedule": "@daily",
                   "command": ["python", "-c", "print(1)"]}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "68d2b0c1d2e3f4a5b6c7d8e9", "schedule": "@daily", "suspend": false,
               "last_run": "2026-11-30T00:00:00.000Z", "next_run": "2026-12-01T00:00:00.000Z",
               "image": "python:3.12", "command": ["python", "-c", "print(1)"], "flavor": "cpu-basic",
               "created_at": "2026-11-01T00:00:00.000Z", "owner": "alice"})
    );
    get("/api/scheduled-jobs/alice")
        .respond(&s.fake, 200, json!([scheduled(false), scheduled(true)]))
        .await;
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled ps", "args": {"namespace": "alice"}}),
        )
        .await;
    assert_eq!(v["scheduled_jobs"].as_array().unwrap().len(), 1);
    assert_eq!(v["total"], 2);
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "scheduled run", "args": {"command": ["x"]}}),
        )
        .await;
    assert!(err.contains("missing field `schedule`"), "{err}");
}

#[tokio::test]
async fn scheduled_uv_inspect_delete_suspend_resume() {
    let s = setup().await;
    expect("POST", "/api/scheduled-jobs/alice")
        .bearer(TOKEN)
        .json_body(json!({"schedule": "0 * * * *", "suspend": true, "jobSpec": {
            "command": ["uv", "run", "https://example.com/job.py"], "arguments": [], "environment": {},
            "flavor": "cpu-basic", "dockerImage": "ghcr.io/astral-sh/uv:python3.12-bookworm"}}))
        .respond(&s.fake, 200, scheduled(true))
        .await;
    s.client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled uv", "args": {"namespace": "alice", "schedule": "0 * * * *",
                   "suspend": true, "script": "https://example.com/job.py"}}),
        )
        .await;
    let id = "68d2b0c1d2e3f4a5b6c7d8e9";
    let base = format!("/api/scheduled-jobs/alice/{id}");
    get(&base).respond(&s.fake, 200, scheduled(false)).await;
    expect("DELETE", base.clone())
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(200))
        .await;
    expect("POST", format!("{base}/suspend"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(200))
        .await;
    expect("POST", format!("{base}/resume"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, hub_error("Scheduled job not found"))
        .await;
    let args = json!({"namespace": "alice", "scheduled_job_id": id});
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled inspect", "args": args}),
        )
        .await;
    assert_eq!(v["environment"], json!({}));
    assert_eq!(v["schedule"], "@daily");
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled delete", "args": args}),
        )
        .await;
    assert_eq!(v, json!({"scheduled_job_id": id, "deleted": true}));
    let v = s
        .client
        .call_ok(
            "hf_jobs",
            json!({"operation": "scheduled suspend", "args": args}),
        )
        .await;
    assert_eq!(v, json!({"scheduled_job_id": id, "suspended": true}));
    let err = s
        .client
        .call_err(
            "hf_jobs",
            json!({"operation": "scheduled resume", "args": args}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Scheduled job not found"),
        "{err}"
    );
}

#[tokio::test]
async fn no_operation_gives_help_and_an_unknown_one_is_refused() {
    let s = setup().await;
    let v = s.client.call_ok("hf_jobs", json!({})).await;
    assert!(v["help"]["run"]["command"].is_array());
    let err = s
        .client
        .call_err("hf_jobs", json!({"operation": "delete"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
