//! Comments: `GET|POST /v1/files/{key}/comments`, `DELETE /v1/files/{key}/comments/{id}`
//! (Klavis calls `DELETE /v1/comments/{id}`, which Figma does not have).

use crate::api::{file_key, id, opt, request, user};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_file_comments",
            "Get file comments",
            Effect::Read,
            get_file_comments,
        )
        .toolset("comments"),
        tool(
            "figma_post_file_comment",
            "Post file comment",
            Effect::Write,
            post_file_comment,
        )
        .toolset("comments"),
        tool(
            "figma_delete_comment",
            "Delete comment",
            Effect::Destructive,
            delete_comment,
        )
        .toolset("comments"),
    ]
}

fn comment(c: &Value) -> Value {
    let mut o = pick(
        c,
        &[
            "id",
            "message",
            "parent_id",
            "order_id",
            "created_at",
            "resolved_at",
            "client_meta",
        ],
    );
    if let Some(m) = o.as_object_mut() {
        if let Some(u) = c.get("user") {
            m.insert("user".into(), user(u));
        }
        if let Some(n) = c
            .get("reactions")
            .and_then(Value::as_array)
            .map(Vec::len)
            .filter(|n| *n > 0)
        {
            m.insert("reactions".into(), json!(n));
        }
    }
    o
}

/// The comments of a file, replies included (`parent_id`): id, message, author, times,
/// where it is pinned (`client_meta`).
#[derive(Deserialize, JsonSchema)]
pub struct GetFileComments {
    /// File key from the file's URL, or the URL
    file_key: String,
    /// Messages as Markdown where they have formatting
    as_md: Option<bool>,
}

async fn get_file_comments(ctx: Ctx, a: GetFileComments) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/comments"))?
        .query_opt("as_md", a.as_md)
        .send_json()
        .await?;
    let comments: Vec<Value> = v
        .get("comments")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(comment).collect())
        .unwrap_or_default();
    Ok(json!({ "comments": comments }))
}

/// Post a comment on a file, or reply to a root comment with `comment_id`. Returns the
/// comment.
#[derive(Deserialize, JsonSchema)]
pub struct PostFileComment {
    /// File key from the file's URL, or the URL
    file_key: String,
    message: String,
    /// Where to pin it: `{"x":..,"y":..}` on the canvas, or `{"node_id":"1:2","node_offset":{"x":..,"y":..}}`
    /// in a frame (either may add `region_width`, `region_height`); default unpinned
    client_meta: Option<Map<String, Value>>,
    /// Root comment to reply to
    comment_id: Option<String>,
}

async fn post_file_comment(ctx: Ctx, a: PostFileComment) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let mut body = Map::new();
    body.insert("message".into(), json!(non_empty(&a.message, "message")?));
    if let Some(c) = opt(&a.comment_id) {
        id(c, "comment_id")?;
        body.insert("comment_id".into(), json!(c));
    }
    if let Some(meta) = a.client_meta.filter(|m| !m.is_empty()) {
        body.insert("client_meta".into(), Value::Object(meta));
    }
    let v: Value = request(&ctx, Method::POST, &format!("/v1/files/{key}/comments"))?
        .json(&body)
        .send_json()
        .await?;
    Ok(comment(&v))
}

/// Delete a comment (only its author can). Figma needs the comment's `file_key`.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteComment {
    comment_id: String,
    /// File key of the file the comment is on (required by Figma)
    file_key: Option<String>,
}

async fn delete_comment(ctx: Ctx, a: DeleteComment) -> Result<Value, ToolError> {
    let cid = id(&a.comment_id, "comment_id")?;
    let Some(fk) = opt(&a.file_key) else {
        return Err(ToolError::invalid_input(
            "`file_key` is required: Figma deletes a comment at /v1/files/{file_key}/comments/{comment_id}",
        ));
    };
    let key = file_key(fk)?;
    request(
        &ctx,
        Method::DELETE,
        &format!("/v1/files/{key}/comments/{cid}"),
    )?
    .send()
    .await?;
    Ok(json!({ "deleted": true, "comment_id": a.comment_id.trim() }))
}
