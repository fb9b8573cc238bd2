//! Tasks: create, read, search, update, complete, subtasks, attachments, sections.

use crate::api::{self, Count, TASK_FIELDS, TASK_LIST_FIELDS, gid};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "asana_create_task",
            "Create task",
            Effect::Write,
            create_task,
        )
        .toolset("tasks"),
        tool("asana_get_task", "Get task", Effect::Read, get_task).toolset("tasks"),
        tool(
            "asana_search_tasks",
            "Search tasks",
            Effect::Read,
            search_tasks,
        )
        .toolset("tasks"),
        tool(
            "asana_update_task",
            "Update task",
            Effect::IdempotentWrite,
            update_task,
        )
        .toolset("tasks"),
        tool(
            "asana_mark_task_completed",
            "Mark task completed",
            Effect::IdempotentWrite,
            mark_task_completed,
        )
        .toolset("tasks"),
        tool(
            "asana_get_subtasks",
            "Get subtasks",
            Effect::Read,
            get_subtasks,
        )
        .toolset("tasks"),
        tool(
            "asana_attach_file_to_task",
            "Attach file to task",
            Effect::Write,
            attach_file_to_task,
        )
        .toolset("tasks"),
        tool(
            "asana_add_task_to_section",
            "Add task to section",
            Effect::IdempotentWrite,
            add_task_to_section,
        )
        .toolset("tasks"),
    ]
}

/// Create a task in a workspace, optionally in a project, under a parent task, assigned and
/// tagged. Returns the new task.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTask {
    name: String,
    /// Workspace gid (asana_get_workspaces)
    workspace_id: String,
    /// Project gid to add the task to
    project: Option<String>,
    /// Gid of the parent task, to create a subtask
    parent_task_id: Option<String>,
    /// User gid, email or `me`
    assignee_id: Option<String>,
    /// YYYY-MM-DD, or an ISO 8601 date-time; needs a due_date
    start_date: Option<String>,
    /// YYYY-MM-DD, or an ISO 8601 date-time for a due time
    due_date: Option<String>,
    /// Plain-text notes
    description: Option<String>,
    /// Tag gids
    tags: Option<Vec<String>>,
}

async fn create_task(ctx: Ctx, a: CreateTask) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert(
        "workspace".into(),
        json!(non_empty(&a.workspace_id, "workspace_id")?),
    );
    insert_opt(&mut body, "projects", a.project.map(|p| vec![p]));
    insert_opt(&mut body, "parent", a.parent_task_id);
    insert_opt(&mut body, "assignee", a.assignee_id);
    insert_opt(&mut body, "notes", a.description);
    insert_opt(&mut body, "tags", a.tags.filter(|t| !t.is_empty()));
    api::put_date(&mut body, "start", "start_date", a.start_date.as_deref())?;
    api::put_date(&mut body, "due", "due_date", a.due_date.as_deref())?;
    api::send(&ctx, Method::POST, "/tasks", body, Some(TASK_FIELDS)).await
}

/// Get one task: name, status, assignee, dates, notes, projects, section, tags, parent,
/// URL, and its first subtasks.
#[derive(Deserialize, JsonSchema)]
pub struct GetTask {
    task_id: String,
    /// Subtasks to include (0 for none)
    #[schemars(extend("default" = 10, "maximum" = 100))]
    max_subtasks: Option<Count>,
}

async fn get_task(ctx: Ctx, a: GetTask) -> Result<Value, ToolError> {
    let id = gid(&a.task_id, "task_id")?;
    let max = a.max_subtasks.map_or(10, Count::get).min(100);
    let mut task = api::get(
        &ctx,
        &format!("/tasks/{id}"),
        &[("opt_fields", TASK_FIELDS.to_owned())],
    )
    .await?;
    let has_subtasks = task
        .get("num_subtasks")
        .and_then(Value::as_u64)
        .unwrap_or(0)
        > 0;
    if max > 0 && has_subtasks {
        let subs = api::get(
            &ctx,
            &format!("/tasks/{id}/subtasks"),
            &[
                ("limit", max.to_string()),
                ("opt_fields", "name,completed".to_owned()),
            ],
        )
        .await?;
        if let Some(m) = task.as_object_mut() {
            m.insert("subtasks".into(), subs);
        }
    }
    Ok(task)
}

// How results are sorted.
#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortBy {
    CreatedAt,
    ModifiedAt,
    DueDate,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortOrder {
    Ascending,
    Descending,
}

/// Search a workspace's tasks (Asana's advanced search, paid plans only). Dates are
/// YYYY-MM-DD; `_or_after`/`_or_before` bound a range. Returns up to `limit` tasks, no cursor:
/// narrow the filters to see others.
#[derive(Deserialize, JsonSchema)]
pub struct SearchTasks {
    workspace_id: String,
    /// Full-text search on name and description
    keywords: Option<String>,
    /// User gid or `me`
    assignee_id: Option<String>,
    /// Project gid
    project: Option<String>,
    /// Team gid
    team_id: Option<String>,
    /// Tag gids (any of them)
    tags: Option<Vec<String>>,
    due_on: Option<String>,
    due_on_or_after: Option<String>,
    due_on_or_before: Option<String>,
    start_on: Option<String>,
    start_on_or_after: Option<String>,
    start_on_or_before: Option<String>,
    completed: Option<bool>,
    #[schemars(extend("default" = 20, "maximum" = 100))]
    limit: Option<Count>,
    sort_by: Option<SortBy>,
    sort_order: Option<SortOrder>,
}

async fn search_tasks(ctx: Ctx, a: SearchTasks) -> Result<Value, ToolError> {
    let ws = gid(&a.workspace_id, "workspace_id")?;
    let limit = match a.limit {
        None => 20,
        Some(n) => api::page_size(Some(n))? as usize,
    };
    let mut q: Vec<(&str, String)> = Vec::new();
    let mut opt = |k: &'static str, v: Option<String>| {
        if let Some(v) = v.filter(|v| !v.trim().is_empty()) {
            q.push((k, v));
        }
    };
    opt("text", a.keywords);
    opt("assignee.any", a.assignee_id);
    opt("projects.any", a.project);
    opt("teams.any", a.team_id);
    opt("tags.any", a.tags.map(|t| t.join(",")));
    opt("due_on", a.due_on);
    opt("due_on.after", a.due_on_or_after);
    opt("due_on.before", a.due_on_or_before);
    opt("start_on", a.start_on);
    opt("start_on.after", a.start_on_or_after);
    opt("start_on.before", a.start_on_or_before);
    opt("completed", a.completed.map(|c| c.to_string()));
    opt("sort_by", a.sort_by.map(|s| mcp_shared::json::enum_str(&s)));
    opt(
        "sort_ascending",
        a.sort_order
            .map(|o| matches!(o, SortOrder::Ascending).to_string()),
    );
    q.push(("opt_fields", TASK_LIST_FIELDS.to_owned()));
    let found = api::get(&ctx, &format!("/workspaces/{ws}/tasks/search"), &q).await?;
    let mut items = found.as_array().cloned().unwrap_or_default();
    let more = items.len() > limit;
    items.truncate(limit);
    Ok(json!({ "items": items, "truncated": more }))
}

/// Change a task's name, completion, dates, notes or assignee (only the fields given).
/// Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTask {
    task_id: String,
    name: Option<String>,
    completed: Option<bool>,
    /// YYYY-MM-DD or an ISO 8601 date-time
    start_date: Option<String>,
    /// YYYY-MM-DD or an ISO 8601 date-time
    due_date: Option<String>,
    /// Plain-text notes (replaces them)
    description: Option<String>,
    /// User gid, email or `me`
    assignee_id: Option<String>,
}

async fn update_task(ctx: Ctx, a: UpdateTask) -> Result<Value, ToolError> {
    let id = gid(&a.task_id, "task_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "name", a.name);
    insert_opt(&mut body, "completed", a.completed);
    insert_opt(&mut body, "notes", a.description);
    insert_opt(&mut body, "assignee", a.assignee_id);
    api::put_date(&mut body, "start", "start_date", a.start_date.as_deref())?;
    api::put_date(&mut body, "due", "due_date", a.due_date.as_deref())?;
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, completed, start_date, due_date, description, assignee_id",
        ));
    }
    api::send(
        &ctx,
        Method::PUT,
        &format!("/tasks/{id}"),
        body,
        Some(TASK_LIST_FIELDS),
    )
    .await
}

/// Mark a task completed. Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct MarkTaskCompleted {
    task_id: String,
}

async fn mark_task_completed(ctx: Ctx, a: MarkTaskCompleted) -> Result<Value, ToolError> {
    let id = gid(&a.task_id, "task_id")?;
    let mut body = Map::new();
    body.insert("completed".into(), json!(true));
    api::send(
        &ctx,
        Method::PUT,
        &format!("/tasks/{id}"),
        body,
        Some(TASK_LIST_FIELDS),
    )
    .await
}

/// List a task's subtasks, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetSubtasks {
    task_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_subtasks(ctx: Ctx, a: GetSubtasks) -> Result<Value, ToolError> {
    let id = gid(&a.task_id, "task_id")?;
    api::list(
        &ctx,
        &format!("/tasks/{id}/subtasks"),
        Vec::new(),
        a.limit,
        a.next_page_token.as_deref(),
        TASK_LIST_FIELDS,
    )
    .await
}

/// Attach a file to a task: give exactly one of `file_content_url` (a link attachment),
/// `file_content_str` (text) or `file_content_base64`. Returns the attachment.
#[derive(Deserialize, JsonSchema)]
pub struct AttachFileToTask {
    task_id: String,
    /// Name shown in Asana; its extension sets the content type
    file_name: String,
    file_content_str: Option<String>,
    file_content_base64: Option<String>,
    /// A public URL, attached as a link (Asana does not download it)
    file_content_url: Option<String>,
    /// Encoding of file_content_str
    #[schemars(extend("default" = "utf-8"))]
    file_encoding: Option<String>,
}

const BOUNDARY: &str = "asana-mcp-boundary-7f3a9c2e51d84b06";

async fn attach_file_to_task(ctx: Ctx, a: AttachFileToTask) -> Result<Value, ToolError> {
    let parent = non_empty(&a.task_id, "task_id")?.to_owned();
    let name = non_empty(&a.file_name, "file_name")?.to_owned();
    let given = [
        a.file_content_str.is_some(),
        a.file_content_base64.is_some(),
        a.file_content_url.is_some(),
    ]
    .iter()
    .filter(|g| **g)
    .count();
    if given != 1 {
        return Err(ToolError::invalid_input(
            "give exactly one of file_content_url, file_content_str or file_content_base64",
        ));
    }
    let mut form = Multipart::default();
    form.text("parent", &parent);
    if let Some(url) = a.file_content_url {
        let url = url.trim();
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err(ToolError::invalid_input(
                "file_content_url must be an http(s) URL",
            ));
        }
        form.text("resource_subtype", "external");
        form.text("url", url);
        form.text("name", &name);
    } else {
        let bytes = match (a.file_content_str, a.file_content_base64) {
            (Some(s), _) => {
                let enc = a
                    .file_encoding
                    .as_deref()
                    .unwrap_or("utf-8")
                    .to_ascii_lowercase();
                if !matches!(enc.as_str(), "utf-8" | "utf8" | "ascii" | "us-ascii") {
                    return Err(ToolError::invalid_input(format!(
                        "file_encoding {enc:?} is not supported: send the text as UTF-8, or the bytes in file_content_base64"
                    )));
                }
                s.into_bytes()
            }
            (None, Some(b)) => {
                use base64::Engine;
                let compact: String = b.split_whitespace().collect();
                base64::engine::general_purpose::STANDARD
                    .decode(compact.as_bytes())
                    .map_err(|e| {
                        ToolError::invalid_input(format!(
                            "file_content_base64 is not valid base64 ({e})"
                        ))
                    })?
            }
            (None, None) => Vec::new(),
        };
        let mime = mime_guess::from_path(&name).first_or_octet_stream();
        form.file("file", &name, mime.essence_str(), &bytes);
    }
    let v: Value = ctx
        .authorized(Method::POST, "/attachments")?
        .query(
            "opt_fields",
            "name,resource_subtype,host,size,download_url,view_url,permanent_url,parent.name",
        )
        .bytes(
            form.finish(),
            &format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .send_json()
        .await?;
    Ok(api::data(v))
}

/// A `multipart/form-data` body (Asana's `POST /attachments` takes only that).
#[derive(Default)]
struct Multipart(Vec<u8>);

impl Multipart {
    fn text(&mut self, name: &str, value: &str) {
        self.0.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }

    fn file(&mut self, name: &str, file_name: &str, mime: &str, data: &[u8]) {
        let safe: String = file_name
            .chars()
            .map(|c| {
                if c == '"' || c == '\\' || c.is_control() {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        self.0.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{safe}\"\r\nContent-Type: {mime}\r\n\r\n"
            )
            .as_bytes(),
        );
        self.0.extend_from_slice(data);
        self.0.extend_from_slice(b"\r\n");
    }

    fn finish(mut self) -> Vec<u8> {
        self.0
            .extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        self.0
    }
}

/// Move a task into a section of one of its projects (asana_get_sections), at the end unless
/// placed before or after another task of that section.
#[derive(Deserialize, JsonSchema)]
pub struct AddTaskToSection {
    section_id: String,
    task_id: String,
    /// Task gid to insert before
    insert_before: Option<String>,
    /// Task gid to insert after
    insert_after: Option<String>,
}

async fn add_task_to_section(ctx: Ctx, a: AddTaskToSection) -> Result<Value, ToolError> {
    let id = gid(&a.section_id, "section_id")?;
    if a.insert_before.is_some() && a.insert_after.is_some() {
        return Err(ToolError::invalid_input(
            "give insert_before or insert_after, not both",
        ));
    }
    let mut body = Map::new();
    body.insert("task".into(), json!(non_empty(&a.task_id, "task_id")?));
    insert_opt(&mut body, "insert_before", a.insert_before);
    insert_opt(&mut body, "insert_after", a.insert_after);
    api::send(
        &ctx,
        Method::POST,
        &format!("/sections/{id}/addTask"),
        body,
        None,
    )
    .await?;
    Ok(json!({ "section_id": a.section_id, "task_id": a.task_id, "added": true }))
}
