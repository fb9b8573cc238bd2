//! Workflows of a repository: list and get them, and run one (`workflow_dispatch`).

use mcp_shared::json::pick;
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api;

use super::{ListOf, actions_path, get_json, list_under};

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

pub(super) async fn workflows_page(
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

pub(super) async fn workflow_get(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    workflow_id: &str,
) -> Result<Value, ToolError> {
    let id = seg_id(workflow_id, "workflow_id")?;
    let path = actions_path(owner, repo, &format!("workflows/{id}"));
    Ok(workflow(&get_json(ctx, &path, "workflow").await?))
}

pub(super) async fn dispatch(
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

pub(super) async fn list_workflows(ctx: Ctx, a: ListWorkflows) -> Result<Value, ToolError> {
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

pub(super) async fn get_workflow(ctx: Ctx, a: GetWorkflow) -> Result<Value, ToolError> {
    workflow_get(&ctx, &a.owner, &a.repo, &a.workflow_id).await
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

pub(super) async fn run_workflow(ctx: Ctx, a: RunWorkflow) -> Result<Value, ToolError> {
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
