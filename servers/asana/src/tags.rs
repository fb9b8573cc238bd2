//! Tags.

use crate::api::{self, Count, gid};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

const TAG_FIELDS: &str = "name,color,notes,workspace.name,permalink_url";

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("asana_get_tags", "Get tags", Effect::Read, get_tags).toolset("tags"),
        tool("asana_get_tag", "Get tag", Effect::Read, get_tag).toolset("tags"),
        tool("asana_create_tag", "Create tag", Effect::Write, create_tag).toolset("tags"),
    ]
}

/// List a workspace's tags (gid, name, color), a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetTags {
    workspace_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_tags(ctx: Ctx, a: GetTags) -> Result<Value, ToolError> {
    let id = gid(&a.workspace_id, "workspace_id")?;
    api::list(
        &ctx,
        &format!("/workspaces/{id}/tags"),
        Vec::new(),
        a.limit,
        a.next_page_token.as_deref(),
        "name,color",
    )
    .await
}

/// Get one tag: name, color, notes, workspace and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetTag {
    tag_id: String,
}

async fn get_tag(ctx: Ctx, a: GetTag) -> Result<Value, ToolError> {
    let id = gid(&a.tag_id, "tag_id")?;
    api::get(
        &ctx,
        &format!("/tags/{id}"),
        &[("opt_fields", TAG_FIELDS.to_owned())],
    )
    .await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    DarkPink,
    DarkGreen,
    DarkBlue,
    DarkRed,
    DarkTeal,
    DarkBrown,
    DarkOrange,
    DarkPurple,
    DarkWarmGray,
    LightPink,
    LightGreen,
    LightBlue,
    LightRed,
    LightTeal,
    LightBrown,
    LightOrange,
    LightPurple,
    LightWarmGray,
}

/// Create a tag in a workspace. Returns the new tag.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTag {
    name: String,
    workspace_id: String,
    /// Notes on the tag
    description: Option<String>,
    color: Option<Color>,
}

async fn create_tag(ctx: Ctx, a: CreateTag) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert(
        "workspace".into(),
        json!(non_empty(&a.workspace_id, "workspace_id")?),
    );
    insert_opt(&mut body, "notes", a.description);
    insert_opt(&mut body, "color", a.color);
    api::send(&ctx, Method::POST, "/tags", body, Some(TAG_FIELDS)).await
}
