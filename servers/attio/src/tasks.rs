//! Tasks: `POST /tasks`, `GET /tasks`.

use crate::api::{data, page, paged};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "attio_create_task",
            "Create task",
            Effect::Write,
            create_task,
        )
        .toolset("tasks"),
        tool("attio_list_tasks", "List tasks", Effect::Read, list_tasks).toolset("tasks"),
    ]
}

fn task(t: &Value) -> Value {
    let mut v = pick(
        t,
        &[
            "task_id=id.task_id",
            "content_plaintext",
            "deadline_at",
            "is_completed",
            "created_at",
        ],
    );
    let linked: Vec<Value> = t
        .get("linked_records")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|r| {
                    pick(
                        r,
                        &["object=target_object_id", "record_id=target_record_id"],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let assignees: Vec<Value> = t
        .get("assignees")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|r| r.get("referenced_actor_id").cloned())
                .collect()
        })
        .unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        m.insert("linked_records".into(), json!(linked));
        m.insert("assignee_ids".into(), json!(assignees));
    }
    v
}

// A record the task is linked to.
#[derive(Deserialize, JsonSchema)]
pub struct Linked {
    /// Object slug (`people`, `companies`, `deals`)
    object: String,
    record_id: String,
}

/// Create a task assigned to workspace members, optionally linked to records. Returns the
/// new task.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTask {
    /// Up to 2000 characters
    content_plaintext: String,
    /// ISO 8601 (`2026-05-01T17:00:00Z`)
    deadline_at: Option<String>,
    /// Email addresses of workspace members
    assignee_emails: Vec<String>,
    linked_records: Option<Vec<Linked>>,
}

async fn create_task(ctx: Ctx, a: CreateTask) -> Result<Value, ToolError> {
    let content = non_empty(&a.content_plaintext, "content_plaintext")?;
    if content.chars().count() > 2000 {
        return Err(ToolError::invalid_input(
            "content_plaintext is longer than Attio's 2000 characters; shorten it and put details in a note",
        ));
    }
    let assignees: Vec<Value> = a
        .assignee_emails
        .iter()
        .map(|e| e.trim())
        .filter(|e| !e.is_empty())
        .map(|e| json!({ "workspace_member_email_address": e }))
        .collect();
    let linked = a
        .linked_records
        .unwrap_or_default()
        .into_iter()
        .map(|l| {
            Ok(json!({
                "target_object": non_empty(&l.object, "linked_records.object")?,
                "target_record_id": non_empty(&l.record_id, "linked_records.record_id")?,
            }))
        })
        .collect::<Result<Vec<Value>, ToolError>>()?;
    let deadline = a
        .deadline_at
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty());
    let body = json!({"data": {
        "content": content,
        "format": "plaintext",
        "deadline_at": deadline,
        "is_completed": false,
        "linked_records": linked,
        "assignees": assignees,
    }});
    let v: Value = ctx
        .authorized(Method::POST, "/tasks")?
        .json(&body)
        .send_json()
        .await?;
    Ok(task(&data(v)))
}

/// List tasks, newest first, optionally by assignee, completion or linked record. Returns
/// `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTasks {
    /// Workspace member email address or id
    assignee: Option<String>,
    is_completed: Option<bool>,
    /// Object slug of a linked record; with linked_record_id
    linked_object: Option<String>,
    linked_record_id: Option<String>,
    /// 1-500
    #[schemars(extend("default" = 50))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_tasks(ctx: Ctx, a: ListTasks) -> Result<Value, ToolError> {
    let (limit, offset) = page(a.limit, a.cursor.as_deref(), None, 50, 500)?;
    let lo = a
        .linked_object
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let lid = a
        .linked_record_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if lo.is_some() != lid.is_some() {
        return Err(ToolError::invalid_input(
            "give linked_object and linked_record_id together",
        ));
    }
    let v: Value = ctx
        .authorized(Method::GET, "/tasks")?
        .query("limit", limit)
        .query("offset", offset)
        .query("sort", "created_at:desc")
        .query_opt("linked_object", lo)
        .query_opt("linked_record_id", lid)
        .query_opt("assignee", a.assignee.as_deref().map(str::trim))
        .query_opt("is_completed", a.is_completed)
        .send_json()
        .await?;
    let rows = data(v).as_array().cloned().unwrap_or_default();
    Ok(paged(
        rows.iter().map(task).collect(),
        rows.len(),
        limit,
        offset,
    ))
}
