//! Users: `GET /users/{user.id}`, `GET /users/@me`, `GET /users/@me/guilds`.

use crate::api::{cursor, limit, next_cursor, snowflake, user};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "discord_get_user_info",
            "Get user info",
            Effect::Read,
            get_user_info,
        )
        .toolset("users"),
        tool(
            "discord_list_servers",
            "List the bot's servers",
            Effect::Read,
            list_servers,
        )
        .toolset("users"),
    ]
}

/// Get a user's public profile: username, display name, bot flag, avatar and banner hashes.
/// `@me` is the bot itself.
#[derive(Deserialize, JsonSchema)]
pub struct GetUserInfo {
    /// User id, or `@me`
    user_id: String,
}

async fn get_user_info(ctx: Ctx, a: GetUserInfo) -> Result<Value, ToolError> {
    let id = match a.user_id.trim() {
        "@me" => "@me".to_owned(),
        other => snowflake(other, "user_id")?,
    };
    let v: Value = ctx
        .authorized(Method::GET, &format!("/users/{id}"))?
        .send_json()
        .await?;
    Ok(user(&v))
}

/// List the servers (guilds) the bot is in, in id order: id, name, owner flag, the bot's
/// permissions and approximate member counts. Returns `servers` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListServers {
    /// 1-200
    #[schemars(extend("default" = 100))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page (servers after this id)
    cursor: Option<String>,
}

async fn list_servers(ctx: Ctx, a: ListServers) -> Result<Value, ToolError> {
    let n = limit(a.limit, 100, 200)?;
    let v: Vec<Value> = ctx
        .authorized(Method::GET, "/users/@me/guilds")?
        .query("limit", n)
        .query_opt("after", cursor(&a.cursor, "cursor")?)
        .query("with_counts", "true")
        .send_json()
        .await?;
    let servers: Vec<Value> = v
        .iter()
        .map(|g| {
            pick(
                g,
                &[
                    "id",
                    "name",
                    "owner",
                    "permissions",
                    "member_count=approximate_member_count",
                    "online_count=approximate_presence_count",
                    "icon",
                ],
            )
        })
        .collect();
    Ok(json!({ "servers": servers, "next_cursor": next_cursor(&v, n, "id") }))
}
