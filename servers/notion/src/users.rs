//! Workspace users and the integration's bot user.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, id, page_size, req};
use crate::shape;
use crate::variants::{self, Passthrough, shaped};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("notion_get_user", "Get user", Effect::Read, get_user).toolset("users"),
        variants::official("API-get-user", "Retrieve a user", Effect::Read, get_user)
            .toolset("users"),
        variants::legacy("API-get-user", "Retrieve a user", Effect::Read, get_user)
            .toolset("users"),
        tool("notion_list_users", "List users", Effect::Read, list_users).toolset("users"),
        variants::official("API-get-users", "List all users", Effect::Read, list_users)
            .toolset("users"),
        variants::legacy("API-get-users", "List all users", Effect::Read, list_users)
            .toolset("users"),
        tool("notion_get_me", "Get bot user", Effect::Read, get_me).toolset("users"),
        variants::official(
            "API-get-self",
            "Retrieve the bot user",
            Effect::Read,
            get_me,
        )
        .toolset("users"),
        variants::legacy(
            "API-get-self",
            "Retrieve the bot user",
            Effect::Read,
            get_me,
        )
        .toolset("users"),
    ]
}

/// Retrieve a user: name, type, email (with that capability), avatar.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    user_id: String,
}

impl Passthrough for GetUser {
    const DESCRIPTION: &'static str = "Retrieve a user by id. Returns Notion's user object (name, type, avatar_url, person.email with that capability).";
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let path = format!("/v1/users/{}", id(&a.user_id, "user_id")?);
    let v: Value = req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(shaped(&ctx, v, shape::user))
}

/// List the workspace's people and bots (not guests): id, name, type, email. Pages with
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

impl Passthrough for ListUsers {
    const DESCRIPTION: &'static str = "List the workspace's users (people and bots, not guests). Returns Notion's list: results, next_cursor, has_more.";
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/v1/users")?
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    Ok(shaped(&ctx, v, |v| api::list(v, shape::user)))
}

/// Retrieve the token's bot user: id, name, workspace and owner.
#[derive(Deserialize, JsonSchema)]
pub struct GetMe {}

impl Passthrough for GetMe {
    const DESCRIPTION: &'static str = "Retrieve the bot user of the token. Returns Notion's user object (bot.owner, bot.workspace_name).";
}

async fn get_me(ctx: Ctx, _a: GetMe) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/v1/users/me")?.send_json().await?;
    Ok(shaped(&ctx, v, shape::user))
}
