//! Development branches (`/v1/projects/{ref}/branches`, `/v1/branches/{id}`).

use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, CostType, Recurrence, branch_path, project_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "supabase_create_branch",
            "Create branch",
            Effect::Write,
            create_branch,
        )
        .toolset("branching")
        .official_name("create_branch"),
        tool(
            "supabase_list_branches",
            "List branches",
            Effect::Read,
            list_branches,
        )
        .toolset("branching")
        .official_name("list_branches"),
        tool(
            "supabase_delete_branch",
            "Delete branch",
            Effect::Destructive,
            delete_branch,
        )
        .toolset("branching")
        .official_name("delete_branch"),
        tool(
            "supabase_merge_branch",
            "Merge branch",
            Effect::Write,
            merge_branch,
        )
        .toolset("branching")
        .official_name("merge_branch"),
        tool(
            "supabase_reset_branch",
            "Reset branch",
            Effect::Destructive,
            reset_branch,
        )
        .toolset("branching")
        .official_name("reset_branch"),
        tool(
            "supabase_rebase_branch",
            "Rebase branch",
            Effect::Write,
            rebase_branch,
        )
        .toolset("branching")
        .official_name("rebase_branch"),
    ]
}

fn branch(b: &Value) -> Value {
    pick(
        b,
        &[
            "id",
            "name",
            "project_ref",
            "parent_project_ref",
            "is_default",
            "git_branch",
            "persistent",
            "status",
            "created_at",
            "updated_at",
        ],
    )
}

/// Create a development branch of a project (a separate project with the parent's
/// migrations; costs money: confirm first with supabase_get_cost type `branch` and
/// supabase_confirm_cost). Returns the branch; its `project_ref` is the branch's project.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBranch {
    /// Parent project ref
    #[schemars(length(max = 64))]
    project_id: String,
    #[schemars(length(max = 256), extend("default" = "develop"))]
    name: Option<String>,
    /// From supabase_confirm_cost
    #[schemars(length(max = 64))]
    confirm_cost_id: String,
}

async fn create_branch(ctx: Ctx, a: CreateBranch) -> Result<Value, ToolError> {
    let path = format!("{}/branches", project_path(&a.project_id)?);
    api::check_confirmed(
        &a.confirm_cost_id,
        CostType::Branch,
        Recurrence::Hourly,
        api::BRANCH_HOURLY,
    )?;
    let name = a
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("develop");
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&json!({ "branch_name": name }))
        .send_json()
        .await?;
    Ok(branch(&v))
}

/// List a project's branches: id, name, project_ref, parent_project_ref, is_default,
/// git_branch, status and timestamps.
#[derive(Deserialize, JsonSchema)]
pub struct ListBranches {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

async fn list_branches(ctx: Ctx, a: ListBranches) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("{}/branches", project_path(&a.project_id)?),
        )?
        .send_json()
        .await?;
    Ok(json!({ "branches": map_array(&v, branch) }))
}

/// Delete a branch and its project.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteBranch {
    /// Branch id (or the branch's project ref)
    #[schemars(length(max = 64))]
    branch_id: String,
}

async fn delete_branch(ctx: Ctx, a: DeleteBranch) -> Result<Value, ToolError> {
    ctx.authorized(Method::DELETE, &branch_path(&a.branch_id)?)?
        .send()
        .await?;
    Ok(json!({ "branch_id": a.branch_id.trim(), "deleted": true }))
}

/// What a branch action answers: the workflow run that carries it out.
fn action_result(branch_id: &str, v: &Value) -> Value {
    let mut out = pick(v, &["workflow_run_id", "message"]);
    out["branch_id"] = json!(branch_id.trim());
    out
}

async fn branch_action(
    ctx: &Ctx,
    branch_id: &str,
    action: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::POST,
            &format!("{}/{action}", branch_path(branch_id)?),
        )?
        .json(&body)
        .send_json()
        .await?;
    Ok(action_result(branch_id, &v))
}

/// Merge a branch's migrations and edge functions into its parent project (runs as a
/// workflow; returns its workflow_run_id).
#[derive(Deserialize, JsonSchema)]
pub struct MergeBranch {
    /// Branch id (or the branch's project ref)
    #[schemars(length(max = 64))]
    branch_id: String,
}

async fn merge_branch(ctx: Ctx, a: MergeBranch) -> Result<Value, ToolError> {
    branch_action(&ctx, &a.branch_id, "merge", Map::new()).await
}

/// Reset a branch's database to a migration version (default: all migrations undone and
/// reapplied); data added since is lost.
#[derive(Deserialize, JsonSchema)]
pub struct ResetBranch {
    /// Branch id (or the branch's project ref)
    #[schemars(length(max = 64))]
    branch_id: String,
    /// Migration version to reset to, e.g. 20250312000000
    #[schemars(length(max = 32))]
    migration_version: Option<String>,
}

async fn reset_branch(ctx: Ctx, a: ResetBranch) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(v) = a
        .migration_version
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        body.insert("migration_version".into(), json!(v));
    }
    branch_action(&ctx, &a.branch_id, "reset", body).await
}

/// Rebase a branch on its parent: apply the parent's newer migrations to it (Supabase's
/// branch push).
#[derive(Deserialize, JsonSchema)]
pub struct RebaseBranch {
    /// Branch id (or the branch's project ref)
    #[schemars(length(max = 64))]
    branch_id: String,
}

async fn rebase_branch(ctx: Ctx, a: RebaseBranch) -> Result<Value, ToolError> {
    branch_action(&ctx, &a.branch_id, "push", Map::new()).await
}
