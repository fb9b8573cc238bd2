//! Projects and their tasks and sections.

use crate::api::{self, Count, PROJECT_LIST_FIELDS, TASK_LIST_FIELDS, gid};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "asana_get_projects",
            "Get projects",
            Effect::Read,
            get_projects,
        )
        .toolset("projects"),
        tool(
            "asana_get_project",
            "Get project",
            Effect::Read,
            get_project,
        )
        .toolset("projects"),
        tool(
            "asana_get_project_tasks",
            "Get project tasks",
            Effect::Read,
            get_project_tasks,
        )
        .toolset("projects"),
        tool(
            "asana_get_sections",
            "Get sections",
            Effect::Read,
            get_sections,
        )
        .toolset("projects"),
    ]
}

/// List a workspace's projects, optionally of one team, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjects {
    workspace_id: String,
    team_id: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
    /// `{"archived": false}` lists only active projects
    filter: Option<ProjectFilter>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectFilter {
    archived: Option<bool>,
}

async fn get_projects(ctx: Ctx, a: GetProjects) -> Result<Value, ToolError> {
    let mut q = vec![("workspace", a.workspace_id.trim().to_owned())];
    if let Some(t) = a.team_id.filter(|t| !t.trim().is_empty()) {
        q.push(("team", t.trim().to_owned()));
    }
    if let Some(archived) = a.filter.and_then(|f| f.archived) {
        q.push(("archived", archived.to_string()));
    }
    api::list(
        &ctx,
        "/projects",
        q,
        a.limit,
        a.next_page_token.as_deref(),
        PROJECT_LIST_FIELDS,
    )
    .await
}

/// Get one project: name, notes, owner, team, status, dates, members and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetProject {
    project_id: String,
}

async fn get_project(ctx: Ctx, a: GetProject) -> Result<Value, ToolError> {
    let id = gid(&a.project_id, "project_id")?;
    api::get(
        &ctx,
        &format!("/projects/{id}"),
        &[(
            "opt_fields",
            "name,notes,archived,color,owner.name,team.name,workspace.name,current_status_update.title,start_on,due_on,members.name,created_at,modified_at,permalink_url"
                .to_owned(),
        )],
    )
    .await
}

/// List a project's tasks, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectTasks {
    project_id: String,
    /// Only tasks incomplete or completed since this ISO 8601 date-time; `now` for incomplete ones
    completed_since: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_project_tasks(ctx: Ctx, a: GetProjectTasks) -> Result<Value, ToolError> {
    let id = gid(&a.project_id, "project_id")?;
    let mut q = Vec::new();
    if let Some(c) = a.completed_since.filter(|c| !c.trim().is_empty()) {
        q.push(("completed_since", c.trim().to_owned()));
    }
    api::list(
        &ctx,
        &format!("/projects/{id}/tasks"),
        q,
        a.limit,
        a.next_page_token.as_deref(),
        TASK_LIST_FIELDS,
    )
    .await
}

/// List a project's sections (board columns), a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetSections {
    project_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_sections(ctx: Ctx, a: GetSections) -> Result<Value, ToolError> {
    let id = gid(&a.project_id, "project_id")?;
    api::list(
        &ctx,
        &format!("/projects/{id}/sections"),
        Vec::new(),
        a.limit,
        a.next_page_token.as_deref(),
        "name",
    )
    .await
}
