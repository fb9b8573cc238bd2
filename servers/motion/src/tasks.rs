//! Tasks: list, search by name, get, create, update, delete.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, opt};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("motion_get_tasks", "Get tasks", Effect::Read, get_tasks).toolset("tasks"),
        tool("motion_get_task", "Get task", Effect::Read, get_task).toolset("tasks"),
        tool(
            "motion_search_tasks",
            "Search tasks",
            Effect::Read,
            search_tasks,
        )
        .toolset("tasks"),
        tool(
            "motion_create_task",
            "Create task",
            Effect::Write,
            create_task,
        )
        .toolset("tasks"),
        tool(
            "motion_update_task",
            "Update task",
            Effect::IdempotentWrite,
            update_task,
        )
        .toolset("tasks"),
        tool(
            "motion_delete_task",
            "Delete task",
            Effect::Destructive,
            delete_task,
        )
        .toolset("tasks"),
    ]
}

/// List tasks (unresolved statuses only, unless `include_all_statuses`), 25 a page. Returns
/// `tasks` (id, name, status, priority, due date, schedule, project, assignees) and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetTasks {
    workspace_id: Option<String>,
    project_id: Option<String>,
    assignee_id: Option<String>,
    /// Status names (a workspace's `statuses`)
    status: Option<Vec<String>>,
    label: Option<String>,
    /// Name contains (case-insensitive)
    name: Option<String>,
    include_all_statuses: Option<bool>,
    cursor: Option<String>,
}

async fn list(ctx: &Ctx, a: &GetTasks) -> Result<Value, ToolError> {
    let mut req = ctx
        .authorized(Method::GET, "/tasks")?
        .query_opt("workspaceId", opt(&a.workspace_id))
        .query_opt("projectId", opt(&a.project_id))
        .query_opt("assigneeId", opt(&a.assignee_id))
        .query_opt("label", opt(&a.label))
        .query_opt("name", opt(&a.name))
        .query_opt("includeAllStatuses", a.include_all_statuses)
        .query_opt("cursor", opt(&a.cursor));
    for s in a.status.iter().flatten().map(|s| s.trim()) {
        if !s.is_empty() {
            req = req.query("status", s);
        }
    }
    let v: Value = req.send_json().await?;
    Ok(api::page(&v, "tasks", api::task))
}

async fn get_tasks(ctx: Ctx, a: GetTasks) -> Result<Value, ToolError> {
    if a.include_all_statuses == Some(true) && a.status.as_ref().is_some_and(|s| !s.is_empty()) {
        return Err(ToolError::invalid_input(
            "`status` and `include_all_statuses` exclude each other: give one",
        ));
    }
    list(&ctx, &a).await
}

/// Find tasks whose name contains `query` (case-insensitive), as motion_get_tasks does.
#[derive(Deserialize, JsonSchema)]
pub struct SearchTasks {
    query: String,
    workspace_id: Option<String>,
    cursor: Option<String>,
}

async fn search_tasks(ctx: Ctx, a: SearchTasks) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let args = GetTasks {
        workspace_id: a.workspace_id,
        project_id: None,
        assignee_id: None,
        status: None,
        label: None,
        name: Some(query.to_owned()),
        include_all_statuses: None,
        cursor: a.cursor,
    };
    list(&ctx, &args).await
}

/// One task with its description, status, schedule, project and assignees.
#[derive(Deserialize, JsonSchema)]
pub struct GetTask {
    task_id: String,
}

async fn get_task(ctx: Ctx, a: GetTask) -> Result<Value, ToolError> {
    let path = format!("/tasks/{}", seg_id(&a.task_id, "task_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(api::task(&v))
}

/// Create a task; Motion auto-schedules it unless `auto_scheduled` is false. Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTask {
    name: String,
    workspace_id: String,
    /// Markdown
    description: Option<String>,
    /// A status name of the workspace
    status: Option<String>,
    /// ASAP, HIGH, MEDIUM or LOW
    priority: Option<String>,
    assignee_id: Option<String>,
    project_id: Option<String>,
    /// ISO 8601; needed for scheduled tasks
    due_date: Option<String>,
    /// Minutes, or `NONE` / `REMINDER`
    duration: Option<String>,
    /// Label names
    labels: Option<Vec<String>>,
}

fn duration(d: &Option<String>) -> Result<Option<Value>, ToolError> {
    let Some(d) = opt(d) else { return Ok(None) };
    if let Ok(n) = d.parse::<u64>()
        && n > 0
    {
        return Ok(Some(json!(n)));
    }
    match d.to_ascii_uppercase().as_str() {
        u @ ("NONE" | "REMINDER") => Ok(Some(json!(u))),
        _ => Err(ToolError::invalid_input(format!(
            "`duration` must be minutes (a whole number above 0), NONE or REMINDER (got `{d}`)"
        ))),
    }
}

async fn create_task(ctx: Ctx, a: CreateTask) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert(
        "workspaceId".into(),
        json!(non_empty(&a.workspace_id, "workspace_id")?),
    );
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "status", opt(&a.status));
    insert_opt(&mut body, "priority", api::priority(&a.priority)?);
    insert_opt(&mut body, "assigneeId", opt(&a.assignee_id));
    insert_opt(&mut body, "projectId", opt(&a.project_id));
    insert_opt(&mut body, "dueDate", opt(&a.due_date));
    insert_opt(&mut body, "duration", duration(&a.duration)?);
    insert_opt(&mut body, "labels", a.labels.as_ref());
    let v: Value = ctx
        .authorized(Method::POST, "/tasks")?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::task(&v))
}

/// Change a task's fields; only those given are sent. Returns the updated task.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTask {
    task_id: String,
    name: Option<String>,
    description: Option<String>,
    status: Option<String>,
    /// ASAP, HIGH, MEDIUM or LOW
    priority: Option<String>,
    assignee_id: Option<String>,
    project_id: Option<String>,
    /// ISO 8601
    due_date: Option<String>,
    /// Minutes, or `NONE` / `REMINDER`
    duration: Option<String>,
    labels: Option<Vec<String>>,
}

async fn update_task(ctx: Ctx, a: UpdateTask) -> Result<Value, ToolError> {
    let path = format!("/tasks/{}", seg_id(&a.task_id, "task_id")?);
    let mut body = Map::new();
    insert_opt(&mut body, "name", opt(&a.name));
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "status", opt(&a.status));
    insert_opt(&mut body, "priority", api::priority(&a.priority)?);
    insert_opt(&mut body, "assigneeId", opt(&a.assignee_id));
    insert_opt(&mut body, "projectId", opt(&a.project_id));
    insert_opt(&mut body, "dueDate", opt(&a.due_date));
    insert_opt(&mut body, "duration", duration(&a.duration)?);
    insert_opt(&mut body, "labels", a.labels.as_ref());
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, description, status, priority, assignee_id, project_id, due_date, duration, labels",
        ));
    }
    let v: Value = ctx
        .authorized(Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::task(&v))
}

/// Delete a task for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteTask {
    task_id: String,
}

async fn delete_task(ctx: Ctx, a: DeleteTask) -> Result<Value, ToolError> {
    let path = format!("/tasks/{}", seg_id(&a.task_id, "task_id")?);
    ctx.authorized(Method::DELETE, &path)?.send().await?;
    Ok(json!({ "deleted": true, "id": a.task_id.trim() }))
}
