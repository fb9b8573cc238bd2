//! GitHub's official server's combined Actions tools: `actions_get`, `actions_list` and `actions_run_trigger`.

use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::artifacts::{artifact_download, artifacts_page};
use super::jobs::{JobsFilter, job_get, jobs_page, run_logs_url};
use super::runs::{RunsFilter, run, run_get, run_usage, runs_page};
use super::workflows::{dispatch, workflow_get, workflows_page};
use super::{PRESIGNED_NOTE, RunAction, run_action};

/// A numeric `resource_id`.
fn numeric_id(id: &str, what: &str) -> Result<u64, ToolError> {
    id.trim().parse().map_err(|_| {
        ToolError::invalid_input(format!(
            "`resource_id` must be the numeric {what} id for this method, not `{id}`"
        ))
    })
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum GetMethod {
    GetWorkflow,
    GetWorkflowRun,
    GetWorkflowJob,
    DownloadWorkflowRunArtifact,
    GetWorkflowRunUsage,
    GetWorkflowRunLogsUrl,
}

/// Get a GitHub Actions resource by id: `get_workflow` (workflow ID or file name),
/// `get_workflow_run`, `get_workflow_job`, `download_workflow_run_artifact` (the artifact's
/// metadata and pre-signed download URL; the archive is not downloaded),
/// `get_workflow_run_usage`, or `get_workflow_run_logs_url` (the pre-signed URL of the run's
/// zip log archive, valid for about a minute; for log text use get_job_logs).
#[derive(Deserialize, JsonSchema)]
pub struct ActionsGet {
    /// The method to execute
    method: GetMethod,
    owner: String,
    repo: String,
    /// The resource's id: a workflow ID or file name for `get_workflow`, a run id for
    /// `get_workflow_run`, `get_workflow_run_usage` and `get_workflow_run_logs_url`, a job id
    /// for `get_workflow_job`, an artifact id for `download_workflow_run_artifact`
    resource_id: String,
}

pub(super) async fn actions_get(ctx: Ctx, a: ActionsGet) -> Result<Value, ToolError> {
    let (o, r, id) = (&a.owner, &a.repo, a.resource_id.as_str());
    match a.method {
        GetMethod::GetWorkflow => workflow_get(&ctx, o, r, id).await,
        GetMethod::GetWorkflowRun => Ok(run(&run_get(&ctx, o, r, numeric_id(id, "run")?).await?)),
        GetMethod::GetWorkflowJob => job_get(&ctx, o, r, numeric_id(id, "job")?).await,
        GetMethod::DownloadWorkflowRunArtifact => {
            artifact_download(&ctx, o, r, numeric_id(id, "artifact")?).await
        }
        GetMethod::GetWorkflowRunUsage => run_usage(&ctx, o, r, numeric_id(id, "run")?).await,
        GetMethod::GetWorkflowRunLogsUrl => {
            let run_id = numeric_id(id, "run")?;
            let url = run_logs_url(&ctx, o, r, run_id).await?;
            let message = if url.is_some() {
                "Workflow run logs are available for download"
            } else {
                "This run's logs have expired or were deleted"
            };
            Ok(json!({
                "run_id": run_id,
                "logs_url": url,
                "message": message,
                "note": format!("logs_url is the address of the run's logs as a zip archive: {PRESIGNED_NOTE}"),
                "optimization_tip": format!("For debugging, use get_job_logs with {{\"run_id\": {run_id}, \"failed_only\": true}}: it returns the end of each failed job's log as text."),
            }))
        }
    }
}

// The variants spell the official server's method names.
#[allow(clippy::enum_variant_names)]
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum ListMethod {
    ListWorkflows,
    ListWorkflowRuns,
    ListWorkflowJobs,
    ListWorkflowRunArtifacts,
}

/// Filters of `list_workflow_jobs`.
#[derive(Deserialize, JsonSchema, Default)]
pub struct JobsFilterArg {
    /// `latest` (default): the jobs of the latest attempt; `all`: of every attempt
    filter: Option<JobsFilter>,
}

/// List GitHub Actions resources: `list_workflows`, `list_workflow_runs` (of the workflow
/// `resource_id`, an ID or file name, or of the whole repository without it),
/// `list_workflow_jobs` or `list_workflow_run_artifacts` (of the run `resource_id`). Returns
/// `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ActionsList {
    /// The action to perform
    method: ListMethod,
    owner: String,
    repo: String,
    /// Not used by `list_workflows`; a workflow ID or file name for `list_workflow_runs`
    /// (optional); a workflow run id for `list_workflow_jobs` and `list_workflow_run_artifacts`
    resource_id: Option<String>,
    /// Filters for workflow runs, used only by `list_workflow_runs`
    workflow_runs_filter: Option<RunsFilter>,
    /// Filters for workflow jobs, used only by `list_workflow_jobs`
    workflow_jobs_filter: Option<JobsFilterArg>,
    page: Option<Int>,
    /// Max 100
    per_page: Option<Int>,
}

pub(super) async fn actions_list(ctx: Ctx, a: ActionsList) -> Result<Value, ToolError> {
    let (o, r) = (&a.owner, &a.repo);
    let run_id = || {
        let id = a.resource_id.as_deref().ok_or_else(|| {
            ToolError::invalid_input(
                "this method needs `resource_id`: the workflow run id (actions_list with list_workflow_runs lists them)",
            )
        })?;
        numeric_id(id, "run")
    };
    match a.method {
        ListMethod::ListWorkflows => workflows_page(&ctx, o, r, a.page, a.per_page).await,
        ListMethod::ListWorkflowRuns => {
            let filter = a.workflow_runs_filter.unwrap_or_default();
            let workflow = a.resource_id.as_deref().filter(|s| !s.trim().is_empty());
            runs_page(&ctx, o, r, workflow, &filter, a.page, a.per_page).await
        }
        ListMethod::ListWorkflowJobs => {
            let filter = a.workflow_jobs_filter.and_then(|f| f.filter);
            jobs_page(&ctx, o, r, run_id()?, filter, a.page, a.per_page).await
        }
        ListMethod::ListWorkflowRunArtifacts => {
            artifacts_page(&ctx, o, r, run_id()?, a.page, a.per_page).await
        }
    }
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum TriggerMethod {
    RunWorkflow,
    RerunWorkflowRun,
    RerunFailedJobs,
    CancelWorkflowRun,
    DeleteWorkflowRunLogs,
}

/// Act on GitHub Actions workflows: `run_workflow` (needs `workflow_id` and `ref`, optional
/// `inputs`), `rerun_workflow_run`, `rerun_failed_jobs`, `cancel_workflow_run` or
/// `delete_workflow_run_logs` (these need `run_id`; deleting logs cannot be undone).
#[derive(Deserialize, JsonSchema)]
pub struct ActionsRunTrigger {
    /// The method to execute
    method: TriggerMethod,
    owner: String,
    repo: String,
    /// The workflow ID (numeric) or file name (e.g. `main.yml`); for `run_workflow`
    workflow_id: Option<String>,
    /// The branch or tag to run the workflow on; for `run_workflow`
    #[serde(rename = "ref")]
    git_ref: Option<String>,
    /// Inputs the workflow accepts; for `run_workflow`
    inputs: Option<Map<String, Value>>,
    /// The workflow run id; for every method but `run_workflow`
    run_id: Option<Int>,
}

pub(super) async fn actions_run_trigger(
    ctx: Ctx,
    a: ActionsRunTrigger,
) -> Result<Value, ToolError> {
    let (o, r) = (&a.owner, &a.repo);
    let action = match a.method {
        TriggerMethod::RunWorkflow => {
            let (Some(w), Some(git_ref)) = (a.workflow_id.as_deref(), a.git_ref.as_deref()) else {
                return Err(ToolError::invalid_input(
                    "`run_workflow` needs `workflow_id` (ID or file name, e.g. `ci.yml`) and `ref` (branch or tag)",
                ));
            };
            return dispatch(&ctx, o, r, w, git_ref, a.inputs).await;
        }
        TriggerMethod::RerunWorkflowRun => RunAction::Rerun,
        TriggerMethod::RerunFailedJobs => RunAction::RerunFailed,
        TriggerMethod::CancelWorkflowRun => RunAction::Cancel,
        TriggerMethod::DeleteWorkflowRunLogs => RunAction::DeleteLogs,
    };
    let run_id = a.run_id.ok_or_else(|| {
        ToolError::invalid_input("this method needs `run_id`: the workflow run id")
    })?;
    run_action(&ctx, o, r, run_id.get(), action).await
}
