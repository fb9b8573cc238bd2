//! Comments on pages and blocks.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::api::{self, page_size, req};
use crate::markdown::{RichTextInput, rich_text_from};
use crate::shape;
use crate::variants::{self, Passthrough, shaped};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "notion_create_comment",
            "Create comment",
            Effect::Write,
            create_comment,
        )
        .toolset("comments"),
        variants::official_unversioned(
            "API-create-a-comment",
            "Create comment",
            Effect::Write,
            create_a_comment,
        )
        .toolset("comments"),
        variants::legacy(
            "API-create-a-comment",
            "Create comment",
            Effect::Write,
            create_a_comment,
        )
        .toolset("comments"),
        tool(
            "notion_get_comments",
            "Get comments",
            Effect::Read,
            get_comments,
        )
        .toolset("comments"),
        variants::official(
            "API-retrieve-a-comment",
            "Retrieve comments",
            Effect::Read,
            get_comments,
        )
        .toolset("comments"),
        variants::legacy(
            "API-retrieve-a-comment",
            "Retrieve comments",
            Effect::Read,
            get_comments,
        )
        .toolset("comments"),
    ]
}

async fn post_comment(
    ctx: &Ctx,
    parent: Option<Map<String, Value>>,
    discussion_id: Option<String>,
    rich_text: Vec<RichTextInput>,
) -> Result<Value, ToolError> {
    let rich_text = rich_text_from(rich_text, true);
    if rich_text.is_empty() {
        return Err(ToolError::invalid_input(
            "`rich_text` is empty: give the comment's text",
        ));
    }
    let mut body = Map::new();
    match (parent, discussion_id) {
        (Some(p), None) => {
            body.insert("parent".into(), Value::Object(api::parent(&p)?));
        }
        (None, Some(d)) => {
            body.insert(
                "discussion_id".into(),
                Value::String(api::bare_id(&d, "discussion_id")?),
            );
        }
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give either `parent` (a new discussion on a page or block) or `discussion_id` (a reply), not both",
            ));
        }
        (None, None) => {
            return Err(ToolError::invalid_input(
                "give `parent` ({\"page_id\": \"...\"} or {\"block_id\": \"...\"}) to start a discussion, or `discussion_id` to reply in one",
            ));
        }
    }
    body.insert("rich_text".into(), Value::Array(rich_text));
    let v: Value = req(ctx, Method::POST, "/v1/comments")?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    Ok(shaped(ctx, v, shape::comment))
}

/// Comment on a page or block, or reply in a discussion (needs the insert comments capability).
/// Returns the comment.
#[derive(Deserialize, JsonSchema)]
pub struct CreateComment {
    /// {"page_id"} or {"block_id"}, for a new discussion
    parent: Option<Map<String, Value>>,
    /// Rich text objects or strings (inline Markdown)
    rich_text: Vec<RichTextInput>,
    /// Reply here instead
    discussion_id: Option<String>,
}

async fn create_comment(ctx: Ctx, a: CreateComment) -> Result<Value, ToolError> {
    post_comment(&ctx, a.parent, a.discussion_id, a.rich_text).await
}

/// Comment on a page (Notion's official server's `API-create-a-comment`). Returns the new
/// comment.
#[derive(Deserialize, JsonSchema)]
pub struct CreateAComment {
    /// The page: {"page_id": "..."}
    parent: Map<String, Value>,
    /// The comment as rich text objects, e.g. [{"text": {"content": "Looks good"}}]
    rich_text: Vec<RichTextInput>,
}

impl Passthrough for CreateAComment {
    const DESCRIPTION: &'static str = "Comment on a page (needs the insert comments capability). Returns Notion's comment object.";
}

async fn create_a_comment(ctx: Ctx, a: CreateAComment) -> Result<Value, ToolError> {
    post_comment(&ctx, Some(a.parent), None, a.rich_text).await
}

/// List a page's or block's open comments, oldest first: Markdown text, author, discussion id,
/// times (needs the read comments capability).
#[derive(Deserialize, JsonSchema)]
pub struct GetComments {
    /// Page or block id
    block_id: String,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

impl Passthrough for GetComments {
    const DESCRIPTION: &'static str = "List the open comments of a page or block, oldest first (needs the read comments capability). Returns Notion's list: results (comment objects), next_cursor, has_more.";
}

async fn get_comments(ctx: Ctx, a: GetComments) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/v1/comments")?
        .query("block_id", api::bare_id(&a.block_id, "block_id")?)
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    Ok(shaped(&ctx, v, |v| api::list(v, shape::comment)))
}
