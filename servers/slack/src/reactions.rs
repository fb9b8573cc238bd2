//! Emoji reactions on messages (Slack's `reactions.*` methods).

use mcp_shared::json::map_array;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, ActAs, Actor, Form, emoji_name, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "slack_user_add_reaction",
            "Add reaction as user",
            Effect::IdempotentWrite,
            user_add_reaction,
        )
        .toolset("reactions"),
        tool(
            "slack_bot_add_reaction",
            "Add reaction as bot",
            Effect::IdempotentWrite,
            bot_add_reaction,
        )
        .toolset("reactions"),
        tool(
            "slack_get_reactions",
            "Get message reactions",
            Effect::Read,
            get_reactions,
        )
        .toolset("reactions"),
        tool(
            "slack_remove_reaction",
            "Remove reaction",
            Effect::IdempotentWrite,
            remove_reaction,
        )
        .toolset("reactions"),
    ]
}

/// Add an emoji reaction to a message as the user (user token).
#[derive(Deserialize, JsonSchema)]
pub struct UserAddReaction {
    channel_id: String,
    /// The message's ts
    timestamp: String,
    /// Emoji name without colons (`thumbsup`)
    reaction: String,
}

/// Add an emoji reaction to a message as the bot (bot token).
#[derive(Deserialize, JsonSchema)]
pub struct BotAddReaction {
    channel_id: String,
    /// The message's ts
    timestamp: String,
    /// Emoji name without colons (`thumbsup`)
    reaction: String,
}

async fn user_add_reaction(ctx: Ctx, a: UserAddReaction) -> Result<Value, ToolError> {
    react(
        &ctx,
        Actor::User,
        "reactions.add",
        &a.channel_id,
        &a.timestamp,
        &a.reaction,
    )
    .await
}

async fn bot_add_reaction(ctx: Ctx, a: BotAddReaction) -> Result<Value, ToolError> {
    react(
        &ctx,
        Actor::Bot,
        "reactions.add",
        &a.channel_id,
        &a.timestamp,
        &a.reaction,
    )
    .await
}

async fn react(
    ctx: &Ctx,
    actor: Actor,
    method: &str,
    channel: &str,
    ts: &str,
    reaction: &str,
) -> Result<Value, ToolError> {
    let name = emoji_name(reaction)?;
    let channel = non_empty(channel, "channel_id")?;
    let ts = non_empty(ts, "timestamp")?;
    let mut body = Map::new();
    body.insert("channel".into(), json!(channel));
    body.insert("timestamp".into(), json!(ts));
    body.insert("name".into(), json!(name));
    api::write(ctx, actor, method, body).await?;
    let done = if method == "reactions.add" {
        "added"
    } else {
        "removed"
    };
    Ok(json!({ (done): true, "channel": channel, "timestamp": ts, "reaction": name }))
}

/// Remove your own emoji reaction from a message: set `act_as` to whoever added it.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveReaction {
    channel_id: String,
    /// The message's ts
    timestamp: String,
    /// Without colons
    reaction: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn remove_reaction(ctx: Ctx, a: RemoveReaction) -> Result<Value, ToolError> {
    let actor = a.act_as.unwrap_or_default().actor();
    react(
        &ctx,
        actor,
        "reactions.remove",
        &a.channel_id,
        &a.timestamp,
        &a.reaction,
    )
    .await
}

/// List a message's reactions: emoji, count, user IDs. Returns `channel`, `ts`, `text` and
/// `reactions`.
#[derive(Deserialize, JsonSchema)]
pub struct GetReactions {
    channel_id: String,
    /// The message's ts
    timestamp: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn get_reactions(ctx: Ctx, a: GetReactions) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("channel", non_empty(&a.channel_id, "channel_id")?)
        .set("timestamp", non_empty(&a.timestamp, "timestamp")?)
        .set("full", true);
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::read(&ctx, actor, "reactions.get", form).await?;
    let m = v.get("message").cloned().unwrap_or(Value::Null);
    let mut out = pick(&m, &["ts", "text"]);
    out["channel"] = v.get("channel").cloned().unwrap_or(Value::Null);
    out["reactions"] = m.get("reactions").map_or(json!([]), |r| {
        map_array(r, |r| pick(r, &["name", "count", "users"]))
    });
    Ok(out)
}
