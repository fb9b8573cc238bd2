//! Workspace users and the integration's bot user.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, id, page_size, req};
use crate::shape;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("notion_get_user", "Get user", Effect::Read, get_user)
            .official_name("API-get-user")
            .toolset("users"),
        tool("notion_list_users", "List users", Effect::Read, list_users)
            .official_name("API-get-users")
            .toolset("users"),
        tool("notion_get_me", "Get bot user", Effect::Read, get_me)
            .official_name("API-get-self")
            .toolset("users"),
    ]
}

/// Retrieve a user: name, type, email (with that capability), avatar.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    user_id: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let path = format!("/v1/users/{}", id(&a.user_id, "user_id")?);
    let v: Value = req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(shape::user(&v))
}

/// List the workspace's people and bots (not guests): id, name, type, email. Pages with
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/v1/users")?
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    Ok(api::list(&v, shape::user))
}

/// Retrieve the token's bot user: id, name, workspace and owner.
#[derive(Deserialize, JsonSchema)]
pub struct GetMe {}

async fn get_me(ctx: Ctx, _a: GetMe) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/v1/users/me")?.send_json().await?;
    Ok(shape::user(&v))
}
