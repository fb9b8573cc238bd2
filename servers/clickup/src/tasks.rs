//! Tasks: list, read, create, update, and search a workspace's tasks.

use crate::api::{self, Count, task, task_detail};
use mcp_shared::json::{insert_opt, map_array};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("clickup_get_tasks", "Get tasks", Effect::Read, get_tasks).toolset("tasks"),
        tool(
            "clickup_get_task_by_id",
            "Get task by id",
            Effect::Read,
            get_task_by_id,
        )
        .toolset("tasks"),
        tool(
            "clickup_create_task",
            "Create task",
            Effect::Write,
            create_task,
        )
        .toolset("tasks"),
        tool(
            "clickup_update_task",
            "Update task",
            Effect::IdempotentWrite,
            update_task,
        )
        .toolset("tasks"),
        tool(
            "clickup_search_tasks",
            "Search tasks",
            Effect::Read,
            search_tasks,
        )
        .toolset("tasks"),
    ]
}

/// List a list's tasks, 100 a page (page 0 first). Returns `tasks` and `next_page` (null on
/// the last page).
#[derive(Deserialize, JsonSchema)]
pub struct GetTasks {
    list_id: String,
    archived: Option<bool>,
    /// Include closed tasks
    include_closed: Option<bool>,
    #[schemars(extend("default" = 0))]
    page: Option<Count>,
    /// Include subtasks
    subtasks: Option<bool>,
}

async fn get_tasks(ctx: Ctx, a: GetTasks) -> Result<Value, ToolError> {
    let id = seg_id(&a.list_id, "list_id")?;
    let page = a.page.map_or(0, |p| p.0);
    let v: Value = ctx
        .authorized(Method::GET, &format!("/list/{id}/task"))?
        .query_opt("archived", a.archived)
        .query_opt("include_closed", a.include_closed)
        .query("page", page)
        .query_opt("subtasks", a.subtasks)
        .send_json()
        .await?;
    let last = v["last_page"].as_bool().unwrap_or(true);
    Ok(json!({
        "tasks": map_array(&v["tasks"], task),
        "next_page": if last { Value::Null } else { json!(page + 1) },
    }))
}

/// Get one task: status, priority, assignees, dates, description, tags, list and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetTaskById {
    task_id: String,
    include_subtasks: Option<bool>,
}

async fn get_task_by_id(ctx: Ctx, a: GetTaskById) -> Result<Value, ToolError> {
    let id = seg_id(&a.task_id, "task_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/task/{id}"))?
        .query_opt("include_subtasks", a.include_subtasks)
        .send_json()
        .await?;
    Ok(task_detail(&v))
}

/// Create a task in a list. Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTask {
    list_id: String,
    name: String,
    /// Plain-text description
    description: Option<String>,
    /// Numeric user ids
    assignees: Option<Vec<String>>,
    /// A status of the list, e.g. `to do`
    status: Option<String>,
    /// 1 urgent, 2 high, 3 normal, 4 low
    priority: Option<Count>,
    /// Unix milliseconds
    due_date: Option<Count>,
}

async fn create_task(ctx: Ctx, a: CreateTask) -> Result<Value, ToolError> {
    let id = seg_id(&a.list_id, "list_id")?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut body, "description", a.description);
    if let Some(users) = a.assignees {
        let ids = users
            .iter()
            .map(|u| api::user_id(u, "assignees"))
            .collect::<Result<Vec<_>, _>>()?;
        body.insert("assignees".into(), json!(ids));
    }
    insert_opt(&mut body, "status", a.status);
    insert_opt(&mut body, "priority", api::priority(a.priority)?);
    insert_opt(&mut body, "due_date", a.due_date.map(|d| d.0));
    let v: Value = ctx
        .authorized(Method::POST, &format!("/list/{id}/task"))?
        .json(&body)
        .send_json()
        .await?;
    Ok(task(&v))
}

/// Change a task's name, description, status, priority or due date (only the fields given).
/// Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTask {
    task_id: String,
    name: Option<String>,
    description: Option<String>,
    /// A status of the task's list
    status: Option<String>,
    /// 1 urgent, 2 high, 3 normal, 4 low
    priority: Option<Count>,
    /// Unix milliseconds
    due_date: Option<Count>,
}

async fn update_task(ctx: Ctx, a: UpdateTask) -> Result<Value, ToolError> {
    let id = seg_id(&a.task_id, "task_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "name", a.name);
    insert_opt(&mut body, "description", a.description);
    insert_opt(&mut body, "status", a.status);
    insert_opt(&mut body, "priority", api::priority(a.priority)?);
    insert_opt(&mut body, "due_date", a.due_date.map(|d| d.0));
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, description, status, priority, due_date",
        ));
    }
    let v: Value = ctx
        .authorized(Method::PUT, &format!("/task/{id}"))?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(task(&v))
}

const SEARCH_PAGES: u64 = 3;

/// Find a workspace's tasks whose name or description contains `query` (case-insensitive).
/// ClickUp has no text search, so this reads the workspace's tasks 100 a page from page
/// `start`, at most 3 pages a call; continue with `next_start` (null when all were read).
#[derive(Deserialize, JsonSchema)]
pub struct SearchTasks {
    team_id: String,
    query: String,
    /// Page to start at
    #[schemars(extend("default" = 0))]
    start: Option<Count>,
    /// Matches to return
    #[schemars(extend("default" = 20, "maximum" = 100))]
    limit: Option<Count>,
}

async fn search_tasks(ctx: Ctx, a: SearchTasks) -> Result<Value, ToolError> {
    let id = seg_id(&a.team_id, "team_id")?;
    let q = non_empty(&a.query, "query")?.to_lowercase();
    let limit = a.limit.map_or(20, |l| l.0).clamp(1, 100) as usize;
    let start = a.start.map_or(0, |s| s.0);
    let mut found = Vec::new();
    let mut next = None;
    for page in start..start + SEARCH_PAGES {
        let v: Value = ctx
            .authorized(Method::GET, &format!("/team/{id}/task"))?
            .query("page", page)
            .send_json()
            .await?;
        for t in v["tasks"].as_array().into_iter().flatten() {
            let hay = |k: &str| t[k].as_str().unwrap_or("").to_lowercase();
            if hay("name").contains(&q) || hay("text_content").contains(&q) {
                found.push(task(t));
            }
        }
        let last = v["last_page"].as_bool().unwrap_or(true)
            || v["tasks"].as_array().is_none_or(Vec::is_empty);
        next = (!last).then_some(page + 1);
        if last || found.len() >= limit {
            break;
        }
    }
    found.truncate(limit);
    Ok(json!({ "tasks": found, "next_start": next }))
}
