//! Workflow runs: list and get them and their usage; re-run them, re-run their failed jobs, cancel them.

use mcp_shared::json::{enum_str, pick, pluck};
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{ListOf, RunAction, actions_path, get_json, list_under, run_action};

pub(super) fn run(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "name",
            "display_title",
            "run_number",
            "run_attempt",
            "event",
            "status",
            "conclusion",
            "workflow_id",
            "head_branch",
            "head_sha",
            "actor=actor.login",
            "triggering_actor=triggering_actor.login",
            "check_suite_id",
            "created_at",
            "updated_at",
            "run_started_at",
            "html_url",
        ],
    );
    let prs = pluck(v, "pull_requests", "number");
    if prs.as_array().is_some_and(|a| !a.is_empty()) {
        o["pull_requests"] = prs;
    }
    o
}

/// Filters of a workflow run list.
#[derive(Deserialize, JsonSchema, Default)]
pub struct RunsFilter {
    /// Only runs of this user (the login of who pushed or triggered them)
    actor: Option<String>,
    /// Only runs for this branch (its name)
    branch: Option<String>,
    /// Only runs triggered by this event
    event: Option<RunEvent>,
    /// Only runs with this status
    status: Option<RunStatus>,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RunEvent {
    BranchProtectionRule,
    CheckRun,
    CheckSuite,
    Create,
    Delete,
    Deployment,
    DeploymentStatus,
    Discussion,
    DiscussionComment,
    Fork,
    Gollum,
    IssueComment,
    Issues,
    Label,
    MergeGroup,
    Milestone,
    PageBuild,
    Public,
    PullRequest,
    PullRequestReview,
    PullRequestReviewComment,
    PullRequestTarget,
    Push,
    RegistryPackage,
    Release,
    RepositoryDispatch,
    Schedule,
    Status,
    Watch,
    WorkflowCall,
    WorkflowDispatch,
    WorkflowRun,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RunStatus {
    Queued,
    InProgress,
    Completed,
    Requested,
    Waiting,
}

/// The runs of one workflow (`workflow_id` given) or of the whole repository.
pub(super) async fn runs_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    workflow_id: Option<&str>,
    f: &RunsFilter,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = match workflow_id {
        Some(w) => {
            let id = seg_id(w, "workflow_id")?;
            actions_path(owner, repo, &format!("workflows/{id}/runs"))
        }
        None => actions_path(owner, repo, "runs"),
    };
    let query = [
        ("actor", f.actor.clone()),
        ("branch", f.branch.clone()),
        ("event", f.event.as_ref().map(enum_str)),
        ("status", f.status.as_ref().map(enum_str)),
    ];
    let what = if workflow_id.is_some() {
        "workflow"
    } else {
        "repository"
    };
    list_under(
        ctx,
        &path,
        &query,
        page,
        per_page,
        ListOf {
            key: "workflow_runs",
            shape: run,
            what,
        },
    )
    .await
}

pub(super) async fn run_get(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}"));
    get_json(ctx, &path, "workflow run").await
}

pub(super) async fn run_usage(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/timing"));
    let v = get_json(ctx, &path, "workflow run").await?;
    let mut o = pick(&v, &["run_duration_ms", "billable"]);
    o["run_id"] = json!(run_id);
    Ok(o)
}

/// List the runs of a workflow, newest first, filtered by actor, branch, event and status:
/// id, run number, title, event, status, conclusion, branch, head SHA, actor, dates and URL.
/// Returns `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorkflowRuns {
    owner: String,
    repo: String,
    /// The workflow ID or workflow file name (e.g. `ci.yml`)
    workflow_id: String,
    #[serde(flatten)]
    filter: RunsFilter,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn list_workflow_runs(ctx: Ctx, a: ListWorkflowRuns) -> Result<Value, ToolError> {
    runs_page(
        &ctx,
        &a.owner,
        &a.repo,
        Some(&a.workflow_id),
        &a.filter,
        a.page,
        a.per_page,
    )
    .await
}

/// Get one workflow run: name, title, run number and attempt, event, status, conclusion,
/// workflow id, branch, head SHA, actor, pull requests, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflowRun {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn get_workflow_run(ctx: Ctx, a: GetWorkflowRun) -> Result<Value, ToolError> {
    Ok(run(&run_get(&ctx, &a.owner, &a.repo, a.run_id.get()).await?))
}

/// Get the usage of a workflow run: its duration (`run_duration_ms`) and the billable time
/// per runner OS (`billable`: total_ms, jobs and each job's duration).
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflowRunUsage {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn get_workflow_run_usage(
    ctx: Ctx,
    a: GetWorkflowRunUsage,
) -> Result<Value, ToolError> {
    run_usage(&ctx, &a.owner, &a.repo, a.run_id.get()).await
}

/// Re-run a whole workflow run (every job), as a new attempt.
#[derive(Deserialize, JsonSchema)]
pub struct RerunWorkflowRun {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn rerun_workflow_run(ctx: Ctx, a: RerunWorkflowRun) -> Result<Value, ToolError> {
    run_action(&ctx, &a.owner, &a.repo, a.run_id.get(), RunAction::Rerun).await
}

/// Re-run the failed jobs of a workflow run (and the jobs that depend on them), as a new
/// attempt.
#[derive(Deserialize, JsonSchema)]
pub struct RerunFailedJobs {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn rerun_failed_jobs(ctx: Ctx, a: RerunFailedJobs) -> Result<Value, ToolError> {
    run_action(
        &ctx,
        &a.owner,
        &a.repo,
        a.run_id.get(),
        RunAction::RerunFailed,
    )
    .await
}

/// Cancel a queued or in-progress workflow run (GitHub accepts the request and stops the run
/// shortly after).
#[derive(Deserialize, JsonSchema)]
pub struct CancelWorkflowRun {
    owner: String,
    repo: String,
    run_id: Int,
}

pub(super) async fn cancel_workflow_run(
    ctx: Ctx,
    a: CancelWorkflowRun,
) -> Result<Value, ToolError> {
    run_action(&ctx, &a.owner, &a.repo, a.run_id.get(), RunAction::Cancel).await
}
