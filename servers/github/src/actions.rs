//! GitHub Actions: workflows, workflow runs, artifacts and usage; running, re-running and
//! cancelling workflows; the `actions` toolset's tool list, and GitHub's official server's
//! combined tools. Jobs and their logs are in [`jobs`].
//!
//! Log and artifact downloads answer 302 to a short-lived pre-signed URL. The shared client
//! follows redirects (dropping the token on the other host), so job logs arrive as text and are
//! returned tailed and capped; zip archives (run logs, artifacts) are never downloaded.

use mcp_shared::json::{enum_str, pick, pluck};
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, page_of, paged, repo_path};

mod jobs;

use jobs::{JobsFilter, job_get, jobs_page, run_logs_url};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("actions");
    vec![
        t(tool(
            "github_list_workflows",
            "List workflows",
            Effect::Read,
            list_workflows,
        )
        .official_name("list_workflows")),
        t(tool(
            "github_get_workflow",
            "Get workflow",
            Effect::Read,
            get_workflow,
        )),
        t(tool(
            "github_list_workflow_runs",
            "List workflow runs",
            Effect::Read,
            list_workflow_runs,
        )
        .official_name("list_workflow_runs")),
        t(tool(
            "github_get_workflow_run",
            "Get workflow run",
            Effect::Read,
            get_workflow_run,
        )
        .official_name("get_workflow_run")),
        t(tool(
            "github_get_workflow_run_usage",
            "Get workflow run usage",
            Effect::Read,
            get_workflow_run_usage,
        )
        .official_name("get_workflow_run_usage")),
        t(tool(
            "github_get_workflow_run_logs",
            "Get workflow run logs",
            Effect::Read,
            jobs::get_workflow_run_logs,
        )
        .official_name("get_workflow_run_logs")),
        t(tool(
            "github_list_workflow_jobs",
            "List workflow jobs",
            Effect::Read,
            jobs::list_workflow_jobs,
        )
        .official_name("list_workflow_jobs")),
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
        .official_name("get_job_logs")),
        t(tool(
            "github_list_workflow_run_artifacts",
            "List workflow run artifacts",
            Effect::Read,
            list_workflow_run_artifacts,
        )
        .official_name("list_workflow_run_artifacts")),
        t(tool(
            "github_download_workflow_run_artifact",
            "Get workflow artifact download URL",
            Effect::Read,
            download_workflow_run_artifact,
        )
        .official_name("download_workflow_run_artifact")),
        t(tool(
            "github_run_workflow",
            "Run workflow",
            Effect::Write,
            run_workflow,
        )
        .official_name("run_workflow")),
        t(tool(
            "github_rerun_workflow_run",
            "Re-run workflow run",
            Effect::Write,
            rerun_workflow_run,
        )
        .official_name("rerun_workflow_run")),
        t(tool(
            "github_rerun_failed_jobs",
            "Re-run failed jobs",
            Effect::Write,
            rerun_failed_jobs,
        )
        .official_name("rerun_failed_jobs")),
        t(tool(
            "github_cancel_workflow_run",
            "Cancel workflow run",
            Effect::IdempotentWrite,
            cancel_workflow_run,
        )
        .official_name("cancel_workflow_run")),
        t(tool(
            "github_delete_workflow_run_logs",
            "Delete workflow run logs",
            Effect::Destructive,
            jobs::delete_workflow_run_logs,
        )
        .official_name("delete_workflow_run_logs")),
        t(tool(
            "actions_get",
            "Get GitHub Actions resource",
            Effect::Read,
            actions_get,
        )
        .official_only()),
        t(tool(
            "actions_list",
            "List GitHub Actions resources",
            Effect::Read,
            actions_list,
        )
        .official_only()),
        t(tool(
            "actions_run_trigger",
            "Trigger GitHub Actions workflow actions",
            Effect::Destructive,
            actions_run_trigger,
        )
        .official_only()),
    ]
}

// ---- shapes

fn workflow(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "path",
            "state",
            "created_at",
            "updated_at",
            "html_url",
        ],
    )
}

fn run(v: &Value) -> Value {
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

fn artifact(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "size_in_bytes",
            "expired",
            "digest",
            "created_at",
            "expires_at",
            "archive_download_url",
            "run_id=workflow_run.id",
            "head_branch=workflow_run.head_branch",
            "head_sha=workflow_run.head_sha",
        ],
    )
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

async fn workflows_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, "workflows");
    list_under(
        ctx,
        &path,
        &[],
        page,
        per_page,
        ListOf {
            key: "workflows",
            shape: workflow,
            what: "repository",
        },
    )
    .await
}

async fn workflow_get(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    workflow_id: &str,
) -> Result<Value, ToolError> {
    let id = seg_id(workflow_id, "workflow_id")?;
    let path = actions_path(owner, repo, &format!("workflows/{id}"));
    Ok(workflow(&get_json(ctx, &path, "workflow").await?))
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
async fn runs_page(
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

async fn run_get(ctx: &Ctx, owner: &str, repo: &str, run_id: u64) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}"));
    get_json(ctx, &path, "workflow run").await
}

async fn run_usage(ctx: &Ctx, owner: &str, repo: &str, run_id: u64) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/timing"));
    let v = get_json(ctx, &path, "workflow run").await?;
    let mut o = pick(&v, &["run_duration_ms", "billable"]);
    o["run_id"] = json!(run_id);
    Ok(o)
}

async fn artifacts_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/artifacts"));
    list_under(
        ctx,
        &path,
        &[],
        page,
        per_page,
        ListOf {
            key: "artifacts",
            shape: artifact,
            what: "workflow run",
        },
    )
    .await
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

async fn artifact_download(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    artifact_id: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("artifacts/{artifact_id}"));
    let v = get_json(ctx, &path, "artifact").await?;
    let mut o = artifact(&v);
    let expired = "This artifact has expired: GitHub no longer has its archive.";
    if v.get("expired").and_then(Value::as_bool) == Some(true) {
        o["download_url"] = Value::Null;
        o["note"] = json!(expired);
        return Ok(o);
    }
    match presigned(ctx, &format!("{path}/zip"), "artifact").await? {
        Some(url) => {
            o["download_url"] = json!(url);
            o["note"] = json!(format!(
                "download_url is the zip archive's address: {PRESIGNED_NOTE} This tool does not download the archive."
            ));
        }
        None => {
            o["download_url"] = Value::Null;
            o["note"] = json!(expired);
        }
    }
    Ok(o)
}

async fn dispatch(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    workflow_id: &str,
    git_ref: &str,
    inputs: Option<Map<String, Value>>,
) -> Result<Value, ToolError> {
    let id = seg_id(workflow_id, "workflow_id")?;
    if git_ref.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`ref` must name the branch or tag to run the workflow on, e.g. `main`",
        ));
    }
    let path = actions_path(owner, repo, &format!("workflows/{id}/dispatches"));
    let mut body = Map::new();
    body.insert("ref".into(), json!(git_ref));
    if let Some(i) = &inputs {
        body.insert("inputs".into(), Value::Object(i.clone()));
    }
    api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send()
        .await
        .map_err(|e| match e.status {
            Some(422) => e.with_specific_hint(
                "the workflow must have a `workflow_dispatch` trigger on that ref, and `inputs` must match the inputs it declares.",
            ),
            Some(404) => e.with_specific_hint(
                "the workflow (ID or file name such as `ci.yml`) or the ref does not exist, or the token lacks `repo`/\"Actions\" write.",
            ),
            _ => e,
        })?;
    Ok(json!({
        "message": "Workflow run has been queued",
        "workflow_id": workflow_id,
        "ref": git_ref,
        "inputs": inputs,
        "note": "GitHub does not return the new run's id: list the workflow's runs (event workflow_dispatch) to find it.",
    }))
}

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

// ---- our tools

/// List the workflows of a repository: id, name, file path, state (active, disabled...) and
/// URL. Returns `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorkflows {
    owner: String,
    repo: String,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_workflows(ctx: Ctx, a: ListWorkflows) -> Result<Value, ToolError> {
    workflows_page(&ctx, &a.owner, &a.repo, a.page, a.per_page).await
}

/// Get one workflow by ID or file name: id, name, path, state and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflow {
    owner: String,
    repo: String,
    /// The workflow ID or workflow file name (e.g. `ci.yml`)
    workflow_id: String,
}

async fn get_workflow(ctx: Ctx, a: GetWorkflow) -> Result<Value, ToolError> {
    workflow_get(&ctx, &a.owner, &a.repo, &a.workflow_id).await
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

async fn list_workflow_runs(ctx: Ctx, a: ListWorkflowRuns) -> Result<Value, ToolError> {
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

async fn get_workflow_run(ctx: Ctx, a: GetWorkflowRun) -> Result<Value, ToolError> {
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

async fn get_workflow_run_usage(ctx: Ctx, a: GetWorkflowRunUsage) -> Result<Value, ToolError> {
    run_usage(&ctx, &a.owner, &a.repo, a.run_id.get()).await
}

/// List the artifacts of a workflow run: id, name, size, expired, dates, digest and
/// `archive_download_url`. Returns `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorkflowRunArtifacts {
    owner: String,
    repo: String,
    run_id: Int,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_workflow_run_artifacts(
    ctx: Ctx,
    a: ListWorkflowRunArtifacts,
) -> Result<Value, ToolError> {
    artifacts_page(&ctx, &a.owner, &a.repo, a.run_id.get(), a.page, a.per_page).await
}

/// Get where to download a workflow run artifact: its metadata (name, size, expired, digest,
/// run, dates) and `download_url`, the zip archive's pre-signed URL (valid for about a minute,
/// no token needed). The archive itself is not downloaded.
#[derive(Deserialize, JsonSchema)]
pub struct DownloadWorkflowRunArtifact {
    owner: String,
    repo: String,
    /// The unique identifier of the artifact
    artifact_id: Int,
}

async fn download_workflow_run_artifact(
    ctx: Ctx,
    a: DownloadWorkflowRunArtifact,
) -> Result<Value, ToolError> {
    artifact_download(&ctx, &a.owner, &a.repo, a.artifact_id.get()).await
}

/// Run a workflow that has a `workflow_dispatch` trigger, on a branch or tag, with the inputs
/// it declares. GitHub queues the run and does not return its id (list the workflow's runs to
/// find it).
#[derive(Deserialize, JsonSchema)]
pub struct RunWorkflow {
    owner: String,
    repo: String,
    /// The workflow ID (numeric) or workflow file name (e.g. `main.yml`)
    workflow_id: String,
    /// The branch or tag to run the workflow on
    #[serde(rename = "ref")]
    git_ref: String,
    /// Inputs the workflow accepts (names and values as its `workflow_dispatch` declares)
    inputs: Option<Map<String, Value>>,
}

async fn run_workflow(ctx: Ctx, a: RunWorkflow) -> Result<Value, ToolError> {
    dispatch(
        &ctx,
        &a.owner,
        &a.repo,
        &a.workflow_id,
        &a.git_ref,
        a.inputs,
    )
    .await
}

/// Re-run a whole workflow run (every job), as a new attempt.
#[derive(Deserialize, JsonSchema)]
pub struct RerunWorkflowRun {
    owner: String,
    repo: String,
    run_id: Int,
}

async fn rerun_workflow_run(ctx: Ctx, a: RerunWorkflowRun) -> Result<Value, ToolError> {
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

async fn rerun_failed_jobs(ctx: Ctx, a: RerunFailedJobs) -> Result<Value, ToolError> {
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

async fn cancel_workflow_run(ctx: Ctx, a: CancelWorkflowRun) -> Result<Value, ToolError> {
    run_action(&ctx, &a.owner, &a.repo, a.run_id.get(), RunAction::Cancel).await
}

// ---- GitHub's official server's combined tools

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

async fn actions_get(ctx: Ctx, a: ActionsGet) -> Result<Value, ToolError> {
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

async fn actions_list(ctx: Ctx, a: ActionsList) -> Result<Value, ToolError> {
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

async fn actions_run_trigger(ctx: Ctx, a: ActionsRunTrigger) -> Result<Value, ToolError> {
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
