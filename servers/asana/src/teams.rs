//! Teams.

use crate::api::{self, Count, gid};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

const TEAM_LIST_FIELDS: &str = "name,description";

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("asana_get_teams", "Get teams", Effect::Read, get_teams).toolset("teams"),
        tool("asana_get_team", "Get team", Effect::Read, get_team).toolset("teams"),
        tool(
            "asana_get_user_teams",
            "Get user teams",
            Effect::Read,
            get_user_teams,
        )
        .toolset("teams"),
    ]
}

/// List the teams of an organization (teams exist only in organizations), a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeams {
    workspace_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_teams(ctx: Ctx, a: GetTeams) -> Result<Value, ToolError> {
    let id = gid(&a.workspace_id, "workspace_id")?;
    api::list(
        &ctx,
        &format!("/workspaces/{id}/teams"),
        Vec::new(),
        a.limit,
        a.next_page_token.as_deref(),
        TEAM_LIST_FIELDS,
    )
    .await
}

/// Get one team: name, description, organization and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeam {
    team_id: String,
}

async fn get_team(ctx: Ctx, a: GetTeam) -> Result<Value, ToolError> {
    let id = gid(&a.team_id, "team_id")?;
    api::get(
        &ctx,
        &format!("/teams/{id}"),
        &[(
            "opt_fields",
            "name,description,organization.name,visibility,permalink_url".to_owned(),
        )],
    )
    .await
}

/// List the teams the token's user belongs to in one organization, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetUserTeams {
    /// Organization gid; may be left out when the user has exactly one workspace
    workspace_id: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_user_teams(ctx: Ctx, a: GetUserTeams) -> Result<Value, ToolError> {
    let org = match a.workspace_id.filter(|w| !w.trim().is_empty()) {
        Some(w) => w.trim().to_owned(),
        None => only_workspace(&ctx).await?,
    };
    api::list(
        &ctx,
        "/users/me/teams",
        vec![("organization", org)],
        a.limit,
        a.next_page_token.as_deref(),
        TEAM_LIST_FIELDS,
    )
    .await
}

/// The user's only workspace; with several, an error that lists them.
async fn only_workspace(ctx: &Ctx) -> Result<String, ToolError> {
    let ws = api::get(
        ctx,
        "/workspaces",
        &[
            ("limit", "10".to_owned()),
            ("opt_fields", "name".to_owned()),
        ],
    )
    .await?;
    let list = ws.as_array().cloned().unwrap_or_default();
    if let [one] = list.as_slice()
        && let Some(g) = one.get("gid").and_then(Value::as_str)
    {
        return Ok(g.to_owned());
    }
    let names: Vec<String> = list
        .iter()
        .map(|w| {
            format!(
                "{} ({})",
                w.get("name").and_then(Value::as_str).unwrap_or("?"),
                w.get("gid").and_then(Value::as_str).unwrap_or("?")
            )
        })
        .collect();
    Err(ToolError::invalid_input(if names.is_empty() {
        "the user belongs to no workspace".to_owned()
    } else {
        format!(
            "give workspace_id: the user belongs to several workspaces: {}",
            names.join(", ")
        )
    }))
}
