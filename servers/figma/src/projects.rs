//! Projects (Figma now calls them folders): `GET /v1/teams/{team_id}/projects`,
//! `GET /v1/projects/{project_id}/files`.

use crate::api::{id, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_team_projects",
            "Get team projects",
            Effect::Read,
            get_team_projects,
        )
        .toolset("projects"),
        tool(
            "figma_get_project_files",
            "Get project files",
            Effect::Read,
            get_project_files,
        )
        .toolset("projects"),
    ]
}

/// The projects of a team that the token can see: the team's name and each project's id
/// and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeamProjects {
    /// Team id: the number after `/team/` in a team page's URL (no API lists a user's teams)
    team_id: String,
}

async fn get_team_projects(ctx: Ctx, a: GetTeamProjects) -> Result<Value, ToolError> {
    let path = format!("/v1/teams/{}/projects", id(&a.team_id, "team_id")?);
    let v: Value = request(&ctx, Method::GET, &path)?.send_json().await?;
    let projects: Vec<Value> = v
        .get("projects")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|p| pick(p, &["id", "name"])).collect())
        .unwrap_or_default();
    Ok(json!({ "name": v.get("name"), "projects": projects }))
}

/// The files of a project: key, name, last modified, and with `branch_data` each file's
/// branches.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectFiles {
    /// Project id (figma_get_team_projects)
    project_id: String,
    /// Include each file's branches
    branch_data: Option<bool>,
}

async fn get_project_files(ctx: Ctx, a: GetProjectFiles) -> Result<Value, ToolError> {
    let path = format!("/v1/projects/{}/files", id(&a.project_id, "project_id")?);
    let v: Value = request(&ctx, Method::GET, &path)?
        .query_opt("branch_data", a.branch_data)
        .send_json()
        .await?;
    let files: Vec<Value> = v
        .get("files")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|f| {
                    let mut o = pick(f, &["key", "name", "last_modified"]);
                    if let (Some(m), Some(b)) = (
                        o.as_object_mut(),
                        f.get("branches").and_then(Value::as_array),
                    ) {
                        let b: Vec<Value> = b.iter().map(|x| pick(x, &["key", "name"])).collect();
                        m.insert("branches".into(), json!(b));
                    }
                    o
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "name": v.get("name"), "files": files }))
}
