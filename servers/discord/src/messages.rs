//! Messages and reactions: `GET|POST /channels/{channel.id}/messages` and
//! `PUT|DELETE /channels/{channel.id}/messages/{message.id}/reactions/{emoji}/@me`.

use std::time::Duration;

use crate::api::{bucket_wait, cursor, emoji, limit, message, next_cursor, snowflake};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Spacing between reactions when an answer carries no rate-limit headers (Discord's
/// reactions bucket allows about one per 250 ms per channel).
const REACTION_SPACING: Duration = Duration::from_millis(250);
/// The longest bucket wait one call sits through between two reactions; a longer reset
/// ends the call with the rest reported as not added.
const MAX_REACTION_WAIT: Duration = Duration::from_secs(5);
/// Discord's cap of distinct reactions on one message.
const MAX_REACTIONS: usize = 20;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "discord_read_messages",
            "Read messages",
            Effect::Read,
            read_messages,
        )
        .toolset("messages"),
        tool(
            "discord_send_message",
            "Send message",
            Effect::Write,
            send_message,
        )
        .toolset("messages"),
        tool(
            "discord_add_reaction",
            "Add reaction",
            Effect::IdempotentWrite,
            add_reaction,
        )
        .toolset("messages"),
        tool(
            "discord_add_multiple_reactions",
            "Add reactions",
            Effect::IdempotentWrite,
            add_multiple_reactions,
        )
        .toolset("messages"),
        tool(
            "discord_remove_reaction",
            "Remove reaction",
            Effect::Destructive,
            remove_reaction,
        )
        .toolset("messages"),
    ]
}

/// Read a channel's recent messages, newest first: author, content, time, attachments,
/// reactions, the message replied to. Needs View Channel and Read Message History. Returns
/// `messages` and `next_cursor` (older messages).
#[derive(Deserialize, JsonSchema)]
pub struct ReadMessages {
    channel_id: String,
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page (messages before this message id)
    cursor: Option<String>,
}

async fn read_messages(ctx: Ctx, a: ReadMessages) -> Result<Value, ToolError> {
    let path = format!(
        "/channels/{}/messages",
        snowflake(&a.channel_id, "channel_id")?
    );
    let n = limit(a.limit, 50, 100)?;
    let v: Vec<Value> = ctx
        .authorized(Method::GET, &path)?
        .query("limit", n)
        .query_opt("before", cursor(&a.cursor, "cursor")?)
        .send_json()
        .await?;
    let messages: Vec<Value> = v.iter().map(message).collect();
    Ok(json!({ "messages": messages, "next_cursor": next_cursor(&v, n, "id") }))
}

/// Send a text message to a channel (the bot needs Send Messages there), optionally as a
/// reply. Mentions in the text notify as usual. Returns the message (with its id).
#[derive(Deserialize, JsonSchema)]
pub struct SendMessage {
    channel_id: String,
    /// Markdown text, 1-2000 characters
    content: String,
    /// Id of a message of this channel to reply to
    reply_to_message_id: Option<String>,
}

async fn send_message(ctx: Ctx, a: SendMessage) -> Result<Value, ToolError> {
    let path = format!(
        "/channels/{}/messages",
        snowflake(&a.channel_id, "channel_id")?
    );
    if a.content.trim().is_empty() || a.content.chars().count() > 2000 {
        return Err(ToolError::invalid_input(
            "`content` must be 1 to 2000 characters (split longer text into several messages)",
        ));
    }
    let mut body = Map::new();
    body.insert("content".into(), json!(a.content));
    insert_opt(
        &mut body,
        "message_reference",
        cursor(&a.reply_to_message_id, "reply_to_message_id")?
            .map(|id| json!({ "message_id": id, "fail_if_not_exists": true })),
    );
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(message(&v))
}

/// The path of the bot's own reaction with this (already encoded) emoji.
fn reaction_path(channel_id: &str, message_id: &str, emoji: &str) -> Result<String, ToolError> {
    Ok(format!(
        "/channels/{}/messages/{}/reactions/{emoji}/@me",
        snowflake(channel_id, "channel_id")?,
        snowflake(message_id, "message_id")?
    ))
}

/// React to a message as the bot (needs Read Message History, and Add Reactions when nobody
/// reacted with that emoji yet).
#[derive(Deserialize, JsonSchema)]
pub struct AddReaction {
    channel_id: String,
    message_id: String,
    /// Unicode emoji (👍) or custom emoji as name:id
    emoji: String,
}

async fn add_reaction(ctx: Ctx, a: AddReaction) -> Result<Value, ToolError> {
    let path = reaction_path(&a.channel_id, &a.message_id, &emoji(&a.emoji, "emoji")?)?;
    ctx.authorized(Method::PUT, &path)?.send().await?;
    Ok(json!({ "added": a.emoji.trim(), "message_id": a.message_id.trim() }))
}

/// Remove the bot's own reaction from a message.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveReaction {
    channel_id: String,
    message_id: String,
    /// Unicode emoji (👍) or custom emoji as name:id
    emoji: String,
}

async fn remove_reaction(ctx: Ctx, a: RemoveReaction) -> Result<Value, ToolError> {
    let path = reaction_path(&a.channel_id, &a.message_id, &emoji(&a.emoji, "emoji")?)?;
    ctx.authorized(Method::DELETE, &path)?.send().await?;
    Ok(json!({ "removed": a.emoji.trim(), "message_id": a.message_id.trim() }))
}

/// React to a message with several emojis, in order, spaced to Discord's reactions rate
/// limit (about 4 a second). Returns `added`, and `failed` / `not_added` with the reasons.
#[derive(Deserialize, JsonSchema)]
pub struct AddMultipleReactions {
    channel_id: String,
    message_id: String,
    /// 1-20 emojis: Unicode (👍) or custom as name:id
    emojis: Vec<String>,
}

async fn add_multiple_reactions(ctx: Ctx, a: AddMultipleReactions) -> Result<Value, ToolError> {
    if a.emojis.is_empty() || a.emojis.len() > MAX_REACTIONS {
        return Err(ToolError::invalid_input(format!(
            "`emojis` must hold 1 to {MAX_REACTIONS} emojis (a message has at most {MAX_REACTIONS} different reactions)"
        )));
    }
    // Every emoji is checked before the first request.
    let mut todo = Vec::with_capacity(a.emojis.len());
    for (i, e) in a.emojis.iter().enumerate() {
        let path = reaction_path(
            &a.channel_id,
            &a.message_id,
            &emoji(e, &format!("emojis[{i}]"))?,
        )?;
        todo.push((e.trim().to_owned(), path));
    }
    let mut added: Vec<String> = Vec::new();
    let mut failed: Vec<Value> = Vec::new();
    let mut not_added: Vec<String> = Vec::new();
    let mut note: Option<String> = None;
    let mut wait = Duration::ZERO;
    let mut first_error: Option<ToolError> = None;
    let mut rest = todo.into_iter();
    while let Some((e, path)) = rest.next() {
        if wait > MAX_REACTION_WAIT {
            note = Some(format!(
                "stopped: Discord's reactions rate limit resets in {:.1} s; add the rest later",
                wait.as_secs_f64()
            ));
            not_added.push(e);
            not_added.extend(rest.by_ref().map(|(e, _)| e));
            break;
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        let resp = ctx.authorized(Method::PUT, &path)?.send_raw().await?;
        wait = bucket_wait(&resp, REACTION_SPACING);
        if resp.status.is_success() {
            added.push(e);
            continue;
        }
        let err = resp.error();
        let status = resp.status.as_u16();
        // Only an unknown emoji is this emoji's own problem; anything else (no access, no
        // such message, a bad token, a rate limit not waited out) holds for the rest too.
        let per_emoji = status == 400 && err.code.as_deref() == Some("10014");
        failed.push(json!({ "emoji": e, "error": err.to_string() }));
        if !per_emoji {
            not_added.extend(rest.by_ref().map(|(e, _)| e));
            first_error.get_or_insert(err);
            break;
        }
    }
    if added.is_empty()
        && let Some(err) = first_error
    {
        return Err(err);
    }
    let mut out = Map::new();
    out.insert("message_id".into(), json!(a.message_id.trim()));
    out.insert("added".into(), json!(added));
    if !failed.is_empty() {
        out.insert("failed".into(), json!(failed));
    }
    if !not_added.is_empty() {
        out.insert("not_added".into(), json!(not_added));
    }
    insert_opt(&mut out, "note", note);
    Ok(Value::Object(out))
}
