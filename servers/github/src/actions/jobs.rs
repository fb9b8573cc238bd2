//! Jobs of workflow runs and their logs: list and read jobs, a job's log (tailed and capped),
//! a run's logs (the failed jobs' log tails and the archive's pre-signed URL), deleting a
//! run's logs. The `actions` toolset lists these tools in [`super::tools`].

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api;

use super::{
    ListOf, PRESIGNED_NOTE, RunAction, actions_path, get_json, is_failed, list_under, not_found,
    presigned, run_action,
};

/// Lines of a job log returned when `tail_lines` is not given.
const DEFAULT_TAIL_LINES: u64 = 500;
/// The most bytes of one job's log returned (its end is kept).
const MAX_LOG_BYTES: usize = 64 * 1024;
/// The most failed jobs whose logs one call fetches.
const MAX_FAILED_JOBS: usize = 10;

fn step(v: &Value) -> Value {
    pick(
        v,
        &[
            "number",
            "name",
            "status",
            "conclusion",
            "started_at",
            "completed_at",
        ],
    )
}

fn job_base(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "run_id",
            "run_attempt",
            "name",
            "workflow_name",
            "status",
            "conclusion",
            "head_branch",
            "head_sha",
            "labels",
            "runner_name",
            "started_at",
            "completed_at",
            "html_url",
        ],
    )
}

/// A job in a list: the names of its failed steps instead of every step.
fn job_summary(v: &Value) -> Value {
    let mut o = job_base(v);
    let failed: Vec<Value> = v
        .get("steps")
        .and_then(Value::as_array)
        .map(|steps| {
            steps
                .iter()
                .filter(|s| is_failed(s))
                .filter_map(|s| s.get("name").cloned())
                .collect()
        })
        .unwrap_or_default();
    if !failed.is_empty() {
        o["failed_steps"] = Value::Array(failed);
    }
    o
}

fn job(v: &Value) -> Value {
    let mut o = job_base(v);
    o["steps"] = mcp_shared::json::map_array(&v["steps"], step);
    o
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub(super) enum JobsFilter {
    Latest,
    All,
}

pub(super) async fn jobs_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
    filter: Option<JobsFilter>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/jobs"));
    let query = [("filter", filter.as_ref().map(enum_str))];
    list_under(
        ctx,
        &path,
        &query,
        page,
        per_page,
        ListOf {
            key: "jobs",
            shape: job_summary,
            what: "workflow run",
        },
    )
    .await
}

pub(super) async fn job_get(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    job_id: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("jobs/{job_id}"));
    Ok(job(&get_json(ctx, &path, "job").await?))
}

/// The last `tail_lines` lines of a log, at most [`MAX_LOG_BYTES`] (the end is kept), with a
/// marker line saying what was left out.
fn tail_log(text: &str, tail_lines: u64) -> Value {
    let lines: Vec<&str> = text.lines().collect();
    let total = lines.len();
    let keep = usize::try_from(tail_lines.max(1)).unwrap_or(usize::MAX);
    let start = total.saturating_sub(keep);
    let mut shown = lines[start..].join("\n");
    let mut cut_bytes = false;
    if shown.len() > MAX_LOG_BYTES {
        let mut cut = shown.len() - MAX_LOG_BYTES;
        while !shown.is_char_boundary(cut) {
            cut += 1;
        }
        if let Some(nl) = shown.get(cut..).and_then(|t| t.find('\n')) {
            cut += nl + 1;
        }
        shown = shown.get(cut..).unwrap_or_default().to_owned();
        cut_bytes = true;
    }
    let shown_lines = shown.lines().count();
    let truncated = shown_lines < total;
    if truncated {
        let why = if cut_bytes {
            format!(" (cut at {} KB)", MAX_LOG_BYTES / 1024)
        } else {
            String::new()
        };
        shown = format!(
            "[… truncated: {} earlier lines omitted; showing the last {shown_lines} of {total} lines{why}]\n{shown}",
            total - shown_lines
        );
    }
    json!({
        "logs_content": shown,
        "total_lines": total,
        "shown_lines": shown_lines,
        "truncated": truncated,
    })
}

/// One job's log, tailed. GitHub answers 302 to a pre-signed URL on another host; the client
/// follows it without the token.
async fn job_log(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    job_id: u64,
    tail_lines: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("jobs/{job_id}/logs"));
    let not_found = |e: ToolError| {
        match e.status {
        Some(404) | Some(410) => e.with_specific_hint(
            "the job does not exist, its logs have expired or were deleted, or the token cannot see them.",
        ),
        _ => e,
    }
    };
    // Two requests, each retried on its own: the API answers 302 to a pre-signed URL on
    // another host, downloaded without the token. A failed download names that host (not the
    // API's) and never repeats the API call.
    let api_resp = api::req(ctx, Method::GET, &path)?
        .no_redirect()
        .send_raw()
        .await?;
    let resp = match api_resp.location() {
        Some(url) => ctx
            .upstream()
            .external(Method::GET, &url)
            .send()
            .await
            .map_err(|e| e.context("Downloading the job log from its pre-signed URL"))?,
        None if api_resp.status.is_success() => api_resp,
        None => return Err(not_found(api_resp.error())),
    };
    let mut o = tail_log(&resp.text(), tail_lines);
    o["job_id"] = json!(job_id);
    Ok(o)
}

/// The logs of the failed jobs of a run (latest attempt), each tailed.
async fn failed_job_logs(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
    tail_lines: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/jobs"));
    let v: Value = api::req(ctx, Method::GET, &path)?
        .query("per_page", 100)
        .send_json()
        .await
        .map_err(not_found("workflow run"))?;
    let jobs = v["jobs"].as_array().cloned().unwrap_or_default();
    let failed: Vec<&Value> = jobs.iter().filter(|j| is_failed(j)).collect();
    let mut logs = Vec::new();
    for j in failed.iter().take(MAX_FAILED_JOBS) {
        let Some(id) = j.get("id").and_then(Value::as_u64) else {
            continue;
        };
        let mut entry = match job_log(ctx, owner, repo, id, tail_lines).await {
            Ok(o) => o,
            Err(e) => json!({ "job_id": id, "error": e.to_string() }),
        };
        entry["job_name"] = j.get("name").cloned().unwrap_or(Value::Null);
        logs.push(entry);
    }
    let mut o = json!({
        "run_id": run_id,
        "total_jobs": v.get("total_count").cloned().unwrap_or(json!(jobs.len())),
        "failed_jobs": failed.len(),
        "message": format!("Retrieved the logs of {} failed job(s)", logs.len()),
        "logs": logs,
    });
    if failed.len() > MAX_FAILED_JOBS {
        o["more_failed_job_ids"] = failed[MAX_FAILED_JOBS..]
            .iter()
            .filter_map(|j| j.get("id").cloned())
            .collect();
    }
    Ok(o)
}

/// The pre-signed URL of a run's zip log archive (`null` when its logs expired).
pub(super) async fn run_logs_url(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
) -> Result<Option<String>, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/logs"));
    presigned(ctx, &path, "workflow run").await
}

async fn run_logs(ctx: &Ctx, owner: &str, repo: &str, run_id: u64) -> Result<Value, ToolError> {
    let mut o = failed_job_logs(ctx, owner, repo, run_id, DEFAULT_TAIL_LINES).await?;
    o["logs_url"] = json!(run_logs_url(ctx, owner, repo, run_id).await?);
    o["note"] = json!(format!(
        "A run's complete logs are a zip archive, which this server does not download: logs_url is its address, {PRESIGNED_NOTE} Returned instead: the last lines of the log of each failed job; use get_job_logs with a job_id and tail_lines for any other job."
    ));
    Ok(o)
}

/// Get the logs of a workflow run's failed jobs. A run's complete logs are a zip archive,
/// which is not downloaded: the result has `logs_url` (the archive's pre-signed URL, valid
/// for about a minute, no token needed) and, for each failed job of the latest attempt (up to 10), the last 500
/// lines of its log (at most 64 KB each, with a truncation marker). For another job's log use
/// github_get_job_logs.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflowRunLogs {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn get_workflow_run_logs(
    ctx: Ctx,
    a: GetWorkflowRunLogs,
) -> Result<Value, ToolError> {
    run_logs(&ctx, &a.owner, &a.repo, a.run_id.get()).await
}

/// List the jobs of a workflow run: id, name, status, conclusion, runner, dates, URL and the
/// names of failed steps. Returns `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorkflowJobs {
    owner: String,
    repo: String,
    run_id: Int,
    /// `latest` (default): the jobs of the latest attempt; `all`: of every attempt
    filter: Option<JobsFilter>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn list_workflow_jobs(ctx: Ctx, a: ListWorkflowJobs) -> Result<Value, ToolError> {
    jobs_page(
        &ctx,
        &a.owner,
        &a.repo,
        a.run_id.get(),
        a.filter,
        a.page,
        a.per_page,
    )
    .await
}

/// Get one job of a workflow run: name, status, conclusion, runner, dates, URL and its steps
/// (number, name, status, conclusion).
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflowJob {
    owner: String,
    repo: String,
    /// The unique identifier of the job
    job_id: Int,
}

pub(super) async fn get_workflow_job(ctx: Ctx, a: GetWorkflowJob) -> Result<Value, ToolError> {
    job_get(&ctx, &a.owner, &a.repo, a.job_id.get()).await
}

/// Get a job's log as text: its last `tail_lines` lines, at most 64 KB, with a truncation marker
/// and `total_lines`. Or, with `run_id` and `failed_only: true`, the logs of that run's failed jobs
/// (up to 10). Content is always returned.
#[derive(Deserialize, JsonSchema)]
pub struct GetJobLogs {
    owner: String,
    repo: String,
    /// Unless `run_id` with `failed_only`
    job_id: Option<Int>,
    run_id: Option<Int>,
    failed_only: Option<bool>,
    /// Ignored (compatibility)
    return_content: Option<bool>,
    #[schemars(extend("default" = 500))]
    tail_lines: Option<Int>,
}

pub(super) async fn get_job_logs(ctx: Ctx, a: GetJobLogs) -> Result<Value, ToolError> {
    let _ = a.return_content;
    let tail = a.tail_lines.map_or(DEFAULT_TAIL_LINES, Int::get);
    match (a.job_id, a.run_id, a.failed_only.unwrap_or(false)) {
        (Some(job_id), _, false) => job_log(&ctx, &a.owner, &a.repo, job_id.get(), tail).await,
        (_, Some(run_id), true) => {
            failed_job_logs(&ctx, &a.owner, &a.repo, run_id.get(), tail).await
        }
        (Some(_), None, true) => Err(ToolError::invalid_input(
            "`failed_only` needs `run_id` (the run whose failed jobs to read); for one job pass `job_id` without `failed_only`",
        )),
        (None, Some(_), false) => Err(ToolError::invalid_input(
            "with `run_id`, set `failed_only: true` to get the logs of the run's failed jobs, or pass a `job_id` (github_list_workflow_jobs lists them)",
        )),
        (None, None, _) => Err(ToolError::invalid_input(
            "give `job_id`, or `run_id` with `failed_only: true`",
        )),
    }
}

/// Delete all logs of a workflow run. This cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteWorkflowRunLogs {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn delete_workflow_run_logs(
    ctx: Ctx,
    a: DeleteWorkflowRunLogs,
) -> Result<Value, ToolError> {
    run_action(
        &ctx,
        &a.owner,
        &a.repo,
        a.run_id.get(),
        RunAction::DeleteLogs,
    )
    .await
}
