//! Users.

use crate::api::{self, Count, gid};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("asana_get_users", "Get users", Effect::Read, get_users).toolset("users"),
        tool("asana_get_user", "Get user", Effect::Read, get_user).toolset("users"),
    ]
}

/// List a workspace's users (gid, name, email), a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetUsers {
    workspace_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_users(ctx: Ctx, a: GetUsers) -> Result<Value, ToolError> {
    api::list(
        &ctx,
        "/users",
        vec![("workspace", a.workspace_id.trim().to_owned())],
        a.limit,
        a.next_page_token.as_deref(),
        "name,email",
    )
    .await
}

/// Get one user: name, email and workspaces.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    /// User gid, email, or `me` for the token's user
    user_id: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let id = gid(&a.user_id, "user_id")?;
    api::get(
        &ctx,
        &format!("/users/{id}"),
        &[("opt_fields", "name,email,workspaces.name".to_owned())],
    )
    .await
}
