//! Projects.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, opt};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "motion_get_projects",
            "Get projects",
            Effect::Read,
            get_projects,
        )
        .toolset("projects"),
        tool(
            "motion_get_project",
            "Get project",
            Effect::Read,
            get_project,
        )
        .toolset("projects"),
        tool(
            "motion_create_project",
            "Create project",
            Effect::Write,
            create_project,
        )
        .toolset("projects"),
    ]
}

/// Projects of a workspace: id, name, description, status, priority, due date; `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjects {
    workspace_id: Option<String>,
    cursor: Option<String>,
}

async fn get_projects(ctx: Ctx, a: GetProjects) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/projects")?
        .query_opt("workspaceId", opt(&a.workspace_id))
        .query_opt("cursor", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(api::page(&v, "projects", api::project))
}

/// One project: id, name, description, status, priority, due date.
#[derive(Deserialize, JsonSchema)]
pub struct GetProject {
    project_id: String,
}

async fn get_project(ctx: Ctx, a: GetProject) -> Result<Value, ToolError> {
    let path = format!("/projects/{}", seg_id(&a.project_id, "project_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(api::project(&v))
}

/// Create a project in a workspace. Returns the project. Motion sets a new project's status
/// itself: `status` is accepted for Klavis callers but not sent (the result says so).
#[derive(Deserialize, JsonSchema)]
pub struct CreateProject {
    name: String,
    workspace_id: String,
    /// HTML
    description: Option<String>,
    status: Option<String>,
    /// ASAP, HIGH, MEDIUM or LOW
    priority: Option<String>,
    /// ISO 8601
    due_date: Option<String>,
    /// Label names
    labels: Option<Vec<String>>,
}

async fn create_project(ctx: Ctx, a: CreateProject) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert(
        "workspaceId".into(),
        json!(non_empty(&a.workspace_id, "workspace_id")?),
    );
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "priority", api::priority(&a.priority)?);
    insert_opt(&mut body, "dueDate", opt(&a.due_date));
    insert_opt(&mut body, "labels", a.labels.as_ref());
    let v: Value = ctx
        .authorized(Method::POST, "/projects")?
        .json(&body)
        .send_json()
        .await?;
    let mut p = api::project(&v);
    if opt(&a.status).is_some() {
        p["note"] = json!("`status` was not sent: Motion's create-project endpoint takes none");
    }
    Ok(p)
}
