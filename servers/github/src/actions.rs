//! GitHub Actions: the `actions` toolset's tool list, and what its parts share: paths, lists
//! GitHub wraps under a key, 404 hints, pre-signed download URLs, and the actions on a run
//! (re-run, cancel, delete logs). Workflows are in [`workflows`], runs in [`runs`], jobs and
//! their logs in [`jobs`], artifacts in [`artifacts`], GitHub's official server's combined
//! tools in [`official`].
//!
//! Log and artifact downloads answer 302 to a short-lived pre-signed URL. The shared client
//! follows redirects (dropping the token on the other host), so job logs arrive as text and are
//! returned tailed and capped; zip archives (run logs, artifacts) are never downloaded.

use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use serde_json::{Value, json};

use crate::api::{self, page_of, paged, repo_path};
use crate::profiles::Names;

mod artifacts;
mod jobs;
mod official;
mod runs;
mod workflows;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("actions");
    vec![
        t(tool(
            "github_list_workflows",
            "List workflows",
            Effect::Read,
            workflows::list_workflows,
        )
        .github_name("list_workflows")),
        t(tool(
            "github_get_workflow",
            "Get workflow",
            Effect::Read,
            workflows::get_workflow,
        )),
        t(tool(
            "github_list_workflow_runs",
            "List workflow runs",
            Effect::Read,
            runs::list_workflow_runs,
        )
        .github_name("list_workflow_runs")),
        t(tool(
            "github_get_workflow_run",
            "Get workflow run",
            Effect::Read,
            runs::get_workflow_run,
        )
        .github_name("get_workflow_run")),
        t(tool(
            "github_get_workflow_run_usage",
            "Get workflow run usage",
            Effect::Read,
            runs::get_workflow_run_usage,
        )
        .github_name("get_workflow_run_usage")),
        t(tool(
            "github_get_workflow_run_logs",
            "Get workflow run logs",
            Effect::Read,
            jobs::get_workflow_run_logs,
        )
        .github_name("get_workflow_run_logs")),
        t(tool(
            "github_list_workflow_jobs",
            "List workflow jobs",
            Effect::Read,
            jobs::list_workflow_jobs,
        )
        .github_name("list_workflow_jobs")),
        t(tool(
            "github_get_workflow_job",
            "Get workflow job",
            Effect::Read,
            jobs::get_workflow_job,
        )),
        t(tool(
            "github_get_job_logs",
            "Get job logs",
            Effect::Read,
            jobs::get_job_logs,
        )
        .github_name("get_job_logs")),
        t(tool(
            "github_list_workflow_run_artifacts",
            "List workflow run artifacts",
            Effect::Read,
            artifacts::list_workflow_run_artifacts,
        )
        .github_name("list_workflow_run_artifacts")),
        t(tool(
            "github_download_workflow_run_artifact",
            "Get workflow artifact download URL",
            Effect::Read,
            artifacts::download_workflow_run_artifact,
        )
        .github_name("download_workflow_run_artifact")),
        t(tool(
            "github_run_workflow",
            "Run workflow",
            Effect::Write,
            workflows::run_workflow,
        )
        .github_name("run_workflow")),
        t(tool(
            "github_rerun_workflow_run",
            "Re-run workflow run",
            Effect::Write,
            runs::rerun_workflow_run,
        )
        .github_name("rerun_workflow_run")),
        t(tool(
            "github_rerun_failed_jobs",
            "Re-run failed jobs",
            Effect::Write,
            runs::rerun_failed_jobs,
        )
        .github_name("rerun_failed_jobs")),
        t(tool(
            "github_cancel_workflow_run",
            "Cancel workflow run",
            Effect::IdempotentWrite,
            runs::cancel_workflow_run,
        )
        .github_name("cancel_workflow_run")),
        t(tool(
            "github_delete_workflow_run_logs",
            "Delete workflow run logs",
            Effect::Destructive,
            jobs::delete_workflow_run_logs,
        )
        .github_name("delete_workflow_run_logs")),
        t(tool(
            "actions_get",
            "Get GitHub Actions resource",
            Effect::Read,
            official::actions_get,
        )
        .official_only()),
        t(tool(
            "actions_list",
            "List GitHub Actions resources",
            Effect::Read,
            official::actions_list,
        )
        .official_only()),
        t(tool(
            "actions_run_trigger",
            "Trigger GitHub Actions workflow actions",
            Effect::Destructive,
            official::actions_run_trigger,
        )
        .official_only()),
    ]
}

/// A job or step that failed (GitHub's conclusions `failure`, `timed_out`, `startup_failure`).
fn is_failed(v: &Value) -> bool {
    matches!(
        v.get("conclusion").and_then(Value::as_str),
        Some("failure" | "timed_out" | "startup_failure")
    )
}

// ---- requests shared by our tools and the official combined ones

fn actions_path(owner: &str, repo: &str, rest: &str) -> String {
    format!("{}/actions/{rest}", repo_path(owner, repo))
}

/// A 404 on an Actions endpoint: say which id GitHub did not find.
fn not_found(what: &'static str) -> impl Fn(ToolError) -> ToolError {
    move |e| {
        match e.status {
        Some(404) => e.with_specific_hint(format!(
            "the {what} does not exist in this repository, or the token cannot see it (classic tokens need `repo` for private repositories; fine-grained: \"Actions\" read)."
        )),
        _ => e,
    }
    }
}

/// What a list holds: the key GitHub puts the items under, their shape, and what a 404 misses.
struct ListOf {
    key: &'static str,
    shape: fn(&Value) -> Value,
    what: &'static str,
}

/// One page of a list GitHub wraps as `{"total_count", "<key>": [...]}`.
async fn list_under(
    ctx: &Ctx,
    path: &str,
    query: &[(&str, Option<String>)],
    page: Option<Int>,
    per_page: Option<Int>,
    of: ListOf,
) -> Result<Value, ToolError> {
    let ListOf { key, shape, what } = of;
    let mut r = api::req(ctx, Method::GET, path)?;
    for (k, v) in query {
        r = r.query_opt(k, v.as_deref());
    }
    let resp = paged(r, page, per_page)
        .send()
        .await
        .map_err(not_found(what))?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, mcp_shared::json::map_array(&v[key], shape));
    out["total_count"] = v.get("total_count").cloned().unwrap_or(Value::Null);
    Ok(out)
}

async fn get_json(ctx: &Ctx, path: &str, what: &'static str) -> Result<Value, ToolError> {
    api::req(ctx, Method::GET, path)?
        .send_json()
        .await
        .map_err(not_found(what))
}

/// The pre-signed URL GitHub redirects `path` to (archives and logs; valid for about a
/// minute, no token needed), or `None` when GitHub answers 410 Gone (expired).
async fn presigned(ctx: &Ctx, path: &str, what: &'static str) -> Result<Option<String>, ToolError> {
    let resp = api::req(ctx, Method::GET, path)?
        .no_redirect()
        .send_raw()
        .await?;
    if let Some(url) = resp.location() {
        return Ok(Some(url));
    }
    if resp.status.as_u16() == 410 {
        return Ok(None);
    }
    let e = if resp.status.is_success() || resp.status.is_redirection() {
        ToolError::transport(format!(
            "GitHub answered {} without a download location for the {what}.",
            resp.status.as_u16()
        ))
        .with_hint("retry later.")
    } else {
        resp.error()
    };
    Err(not_found(what)(e))
}

const PRESIGNED_NOTE: &str = "a pre-signed URL GitHub hands out for about one minute; it needs no token. Call this tool again for a fresh one.";

#[derive(Clone, Copy)]
enum RunAction {
    Rerun,
    RerunFailed,
    Cancel,
    DeleteLogs,
}

async fn run_action(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
    action: RunAction,
) -> Result<Value, ToolError> {
    let (method, rest, message) = match action {
        RunAction::Rerun => (
            Method::POST,
            "rerun",
            "Workflow run has been queued for re-run",
        ),
        RunAction::RerunFailed => (
            Method::POST,
            "rerun-failed-jobs",
            "Failed jobs have been queued for re-run",
        ),
        RunAction::Cancel => (
            Method::POST,
            "cancel",
            "Workflow run cancellation has been requested",
        ),
        RunAction::DeleteLogs => (
            Method::DELETE,
            "logs",
            "Workflow run logs have been deleted",
        ),
    };
    let path = actions_path(owner, repo, &format!("runs/{run_id}/{rest}"));
    let resp = api::req(ctx, method, &path)?
        .idempotent(matches!(action, RunAction::Cancel | RunAction::DeleteLogs))
        .send()
        .await
        .map_err(|e| match (e.status, action) {
            (Some(409), RunAction::Cancel) => {
                e.with_specific_hint("the run has already completed, so there is nothing to cancel.")
            }
            (Some(403), RunAction::Rerun | RunAction::RerunFailed) => e
                .with_specific_hint(
                    "a run can be re-run only after it completed and within 30 days; the token needs `repo` (fine-grained: \"Actions\" write).",
                ),
            (Some(404), _) => e.with_specific_hint(
                "the workflow run does not exist in this repository, or the token cannot see it.",
            ),
            _ => e,
        })?;
    Ok(json!({
        "message": message,
        "run_id": run_id,
        "status_code": resp.status.as_u16(),
    }))
}
