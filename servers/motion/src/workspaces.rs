//! Workspaces and users.

use mcp_shared::json::{pick, pluck};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, opt};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "motion_get_workspaces",
            "Get workspaces",
            Effect::Read,
            get_workspaces,
        )
        .toolset("workspaces"),
        tool("motion_get_users", "Get users", Effect::Read, get_users).toolset("workspaces"),
        tool(
            "motion_get_my_user",
            "Get my user",
            Effect::Read,
            get_my_user,
        )
        .toolset("workspaces"),
    ]
}

/// The workspaces the key can see: id, name, type, team id, task statuses and labels.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkspaces {
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

fn workspace(v: &Value) -> Value {
    let mut w = pick(v, &["id", "name", "type", "teamId"]);
    w["statuses"] = pluck(v, "statuses", "name");
    w["labels"] = pluck(v, "labels", "name");
    w
}

async fn get_workspaces(ctx: Ctx, a: GetWorkspaces) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/workspaces")?
        .query_opt("cursor", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(api::page(&v, "workspaces", workspace))
}

/// Users of a workspace (or of every workspace the key can see): id, name, email.
#[derive(Deserialize, JsonSchema)]
pub struct GetUsers {
    workspace_id: Option<String>,
    cursor: Option<String>,
}

async fn get_users(ctx: Ctx, a: GetUsers) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/users")?
        .query_opt("workspaceId", opt(&a.workspace_id))
        .query_opt("cursor", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(api::page(&v, "users", api::user))
}

/// The user the API key belongs to: id, name, email.
#[derive(Deserialize, JsonSchema)]
pub struct GetMyUser {}

async fn get_my_user(ctx: Ctx, _a: GetMyUser) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/users/me")?
        .send_json()
        .await?;
    Ok(api::user(&v))
}
