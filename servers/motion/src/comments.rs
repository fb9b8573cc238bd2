//! Task comments.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, opt};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "motion_get_comments",
            "Get comments",
            Effect::Read,
            get_comments,
        )
        .toolset("comments"),
        tool(
            "motion_create_comment",
            "Create comment",
            Effect::Write,
            create_comment,
        )
        .toolset("comments"),
    ]
}

/// Comments of a task: id, content, author, createdAt; `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetComments {
    task_id: String,
    cursor: Option<String>,
}

async fn get_comments(ctx: Ctx, a: GetComments) -> Result<Value, ToolError> {
    let task = non_empty(&a.task_id, "task_id")?;
    let v: Value = ctx
        .authorized(Method::GET, "/comments")?
        .query("taskId", task)
        .query_opt("cursor", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(api::page(&v, "comments", api::comment))
}

/// Add a comment to a task. Returns the comment.
#[derive(Deserialize, JsonSchema)]
pub struct CreateComment {
    task_id: String,
    /// Markdown
    content: String,
}

async fn create_comment(ctx: Ctx, a: CreateComment) -> Result<Value, ToolError> {
    let body = json!({
        "taskId": non_empty(&a.task_id, "task_id")?,
        "content": non_empty(&a.content, "content")?,
    });
    let v: Value = ctx
        .authorized(Method::POST, "/comments")?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::comment(&v))
}
