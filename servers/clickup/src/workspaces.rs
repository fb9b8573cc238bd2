//! Workspaces (v2 "teams"), their members, and the token's user.

use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("clickup_get_teams", "Get teams", Effect::Read, get_teams).toolset("workspaces"),
        tool(
            "clickup_get_workspaces",
            "Get workspaces",
            Effect::Read,
            get_workspaces,
        )
        .toolset("workspaces"),
        tool(
            "clickup_get_team_members",
            "Get team members",
            Effect::Read,
            get_team_members,
        )
        .toolset("workspaces"),
        tool("clickup_get_user", "Get user", Effect::Read, get_user).toolset("workspaces"),
    ]
}

async fn teams(ctx: &Ctx) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/team")?.send_json().await?;
    Ok(v.get("teams").cloned().unwrap_or_else(|| json!([])))
}

fn team_summary(t: &Value) -> Value {
    let mut v = pick(t, &["id", "name", "color"]);
    if let Some(m) = v.as_object_mut() {
        let n = t
            .get("members")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        m.insert("member_count".into(), json!(n));
    }
    v
}

/// List the workspaces ("teams" in ClickUp's API) the token can reach: id, name, member count.
/// Their ids are the `team_id` other tools take.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeams {}

async fn get_teams(ctx: Ctx, _a: GetTeams) -> Result<Value, ToolError> {
    Ok(json!({ "teams": map_array(&teams(&ctx).await?, team_summary) }))
}

/// List the workspaces the token can reach (the same as clickup_get_teams).
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkspaces {}

async fn get_workspaces(ctx: Ctx, _a: GetWorkspaces) -> Result<Value, ToolError> {
    Ok(json!({ "workspaces": map_array(&teams(&ctx).await?, team_summary) }))
}

/// List a workspace's members: id, username, email, role (1 owner, 2 admin, 3 member, 4 guest).
#[derive(Deserialize, JsonSchema)]
pub struct GetTeamMembers {
    /// Workspace id (clickup_get_teams)
    team_id: String,
}

async fn get_team_members(ctx: Ctx, a: GetTeamMembers) -> Result<Value, ToolError> {
    let id = non_empty(&a.team_id, "team_id")?;
    let all = teams(&ctx).await?;
    let team = all
        .as_array()
        .and_then(|t| t.iter().find(|t| id_eq(&t["id"], id)))
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "workspace {id} is not one this token can reach: clickup_get_teams lists those it can"
            ))
        })?;
    let members = map_array(&team["members"], |m| {
        pick(&m["user"], &["id", "username", "email", "role", "initials"])
    });
    Ok(json!({ "team_id": id, "members": members }))
}

fn id_eq(v: &Value, id: &str) -> bool {
    match v {
        Value::String(s) => s == id,
        Value::Number(n) => n.to_string() == id,
        _ => false,
    }
}

/// The token's user: id, username, email, timezone.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {}

async fn get_user(ctx: Ctx, _a: GetUser) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/user")?.send_json().await?;
    Ok(pick(
        &v["user"],
        &["id", "username", "email", "color", "timezone"],
    ))
}
