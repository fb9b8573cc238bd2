//! Task comments.

use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "clickup_get_comments",
            "Get comments",
            Effect::Read,
            get_comments,
        )
        .toolset("comments"),
        tool(
            "clickup_create_comment",
            "Create comment",
            Effect::Write,
            create_comment,
        )
        .toolset("comments"),
        tool(
            "clickup_update_comment",
            "Update comment",
            Effect::IdempotentWrite,
            update_comment,
        )
        .toolset("comments"),
    ]
}

/// A task's latest 25 comments: id, text, author, date (Unix ms), resolved.
#[derive(Deserialize, JsonSchema)]
pub struct GetComments {
    task_id: String,
}

async fn get_comments(ctx: Ctx, a: GetComments) -> Result<Value, ToolError> {
    let id = seg_id(&a.task_id, "task_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/task/{id}/comment"))?
        .send_json()
        .await?;
    let comments = map_array(&v["comments"], |c| {
        pick(
            c,
            &[
                "id",
                "comment_text",
                "user=user.username",
                "date",
                "resolved",
            ],
        )
    });
    Ok(json!({ "comments": comments }))
}

/// Comment on a task. Returns the new comment's id and date.
#[derive(Deserialize, JsonSchema)]
pub struct CreateComment {
    task_id: String,
    comment_text: String,
    /// Notify everyone on the task, the author included
    #[schemars(extend("default" = false))]
    notify_all: Option<bool>,
}

async fn create_comment(ctx: Ctx, a: CreateComment) -> Result<Value, ToolError> {
    let id = seg_id(&a.task_id, "task_id")?;
    let body = json!({
        "comment_text": non_empty(&a.comment_text, "comment_text")?,
        "notify_all": a.notify_all.unwrap_or(false),
    });
    let v: Value = ctx
        .authorized(Method::POST, &format!("/task/{id}/comment"))?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, &["id", "hist_id", "date"]))
}

/// Replace a comment's text.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateComment {
    comment_id: String,
    comment_text: String,
}

async fn update_comment(ctx: Ctx, a: UpdateComment) -> Result<Value, ToolError> {
    let id = seg_id(&a.comment_id, "comment_id")?;
    let body = json!({ "comment_text": non_empty(&a.comment_text, "comment_text")? });
    ctx.authorized(Method::PUT, &format!("/comment/{id}"))?
        .json(&body)
        .idempotent(true)
        .send()
        .await?;
    Ok(json!({ "comment_id": a.comment_id, "updated": true }))
}
