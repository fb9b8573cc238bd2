//! Servers (guilds): `GET /guilds/{guild.id}`, `GET /guilds/{guild.id}/members`,
//! `GET|POST /guilds/{guild.id}/channels`.

use crate::api::{cursor, limit, next_cursor, snowflake, user};
use mcp_shared::json::{insert_opt, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "discord_get_server_info",
            "Get server info",
            Effect::Read,
            get_server_info,
        )
        .toolset("servers"),
        tool(
            "discord_list_members",
            "List server members",
            Effect::Read,
            list_members,
        )
        .toolset("servers"),
        tool(
            "discord_list_channels",
            "List server channels",
            Effect::Read,
            list_channels,
        )
        .toolset("servers"),
        tool(
            "discord_create_text_channel",
            "Create text channel",
            Effect::Write,
            create_text_channel,
        )
        .toolset("servers"),
    ]
}

/// Get a server (guild) the bot is in: name, description, owner, approximate member and
/// online counts, boost tier, locale and features.
#[derive(Deserialize, JsonSchema)]
pub struct GetServerInfo {
    /// Server (guild) id
    server_id: String,
}

async fn get_server_info(ctx: Ctx, a: GetServerInfo) -> Result<Value, ToolError> {
    let path = format!("/guilds/{}", snowflake(&a.server_id, "server_id")?);
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("with_counts", "true")
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "id",
            "name",
            "description",
            "owner_id",
            "member_count=approximate_member_count",
            "online_count=approximate_presence_count",
            "premium_tier",
            "premium_subscription_count",
            "preferred_locale",
            "verification_level",
            "nsfw_level",
            "system_channel_id",
            "rules_channel_id",
            "vanity_url_code",
            "icon",
            "features",
        ],
    ))
}

/// List a server's members in user-id order: user, nickname, role ids, join time. Needs the
/// bot's privileged Server Members intent. Returns `members` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListMembers {
    /// Server (guild) id
    server_id: String,
    /// 1-1000
    #[schemars(extend("default" = 100))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page (members after this user id)
    cursor: Option<String>,
}

async fn list_members(ctx: Ctx, a: ListMembers) -> Result<Value, ToolError> {
    let path = format!("/guilds/{}/members", snowflake(&a.server_id, "server_id")?);
    let n = limit(a.limit, 100, 1000)?;
    let v: Vec<Value> = ctx
        .authorized(Method::GET, &path)?
        .query("limit", n)
        .query_opt("after", cursor(&a.cursor, "cursor")?)
        .send_json()
        .await?;
    let members: Vec<Value> = v.iter().map(member).collect();
    let next = next_cursor(&v, n, "user.id");
    Ok(json!({ "members": members, "next_cursor": next }))
}

fn member(m: &Value) -> Value {
    let mut v = pick(
        m,
        &[
            "nick",
            "roles",
            "joined_at",
            "premium_since",
            "pending",
            "communication_disabled_until",
        ],
    );
    if let (Some(o), Some(u)) = (v.as_object_mut(), m.get("user")) {
        o.insert("user".into(), user(u));
    }
    v
}

/// Channel types by number, as Discord documents them.
fn channel_kind(t: Option<u64>) -> &'static str {
    match t {
        Some(0) => "text",
        Some(2) => "voice",
        Some(4) => "category",
        Some(5) => "announcement",
        Some(10) => "announcement_thread",
        Some(11) => "public_thread",
        Some(12) => "private_thread",
        Some(13) => "stage",
        Some(14) => "directory",
        Some(15) => "forum",
        Some(16) => "media",
        _ => "other",
    }
}

fn channel(c: &Value) -> Value {
    let mut v = pick(
        c,
        &[
            "id",
            "name",
            "type",
            "parent_id",
            "position",
            "topic",
            "nsfw",
            "guild_id",
        ],
    );
    if let Some(o) = v.as_object_mut() {
        o.insert(
            "kind".into(),
            json!(channel_kind(c.get("type").and_then(Value::as_u64))),
        );
    }
    v
}

/// List a server's channels (not threads): id, name, kind (text, voice, category, forum...),
/// category (`parent_id`), position and topic.
#[derive(Deserialize, JsonSchema)]
pub struct ListChannels {
    /// Server (guild) id
    server_id: String,
}

async fn list_channels(ctx: Ctx, a: ListChannels) -> Result<Value, ToolError> {
    let path = format!("/guilds/{}/channels", snowflake(&a.server_id, "server_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(json!({ "channels": map_array(&v, channel) }))
}

/// Create a text channel in a server (the bot needs Manage Channels). Discord lowercases the
/// name and turns spaces into dashes. Returns the channel (with its id).
#[derive(Deserialize, JsonSchema)]
pub struct CreateTextChannel {
    /// Server (guild) id
    server_id: String,
    /// 1-100 characters
    name: String,
    /// Id of the category to put it in
    category_id: Option<String>,
    /// Up to 1024 characters
    topic: Option<String>,
}

async fn create_text_channel(ctx: Ctx, a: CreateTextChannel) -> Result<Value, ToolError> {
    let path = format!("/guilds/{}/channels", snowflake(&a.server_id, "server_id")?);
    let name = a.name.trim();
    if !(1..=100).contains(&name.chars().count()) {
        return Err(ToolError::invalid_input(
            "`name` must be 1 to 100 characters",
        ));
    }
    let topic = a.topic.as_deref().map(str::trim).filter(|t| !t.is_empty());
    if topic.is_some_and(|t| t.chars().count() > 1024) {
        return Err(ToolError::invalid_input(
            "`topic` must be at most 1024 characters",
        ));
    }
    let mut body = Map::new();
    body.insert("name".into(), json!(name));
    body.insert("type".into(), json!(0));
    insert_opt(&mut body, "topic", topic);
    insert_opt(
        &mut body,
        "parent_id",
        cursor(&a.category_id, "category_id")?,
    );
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(channel(&v))
}
