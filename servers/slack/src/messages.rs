//! Messages (Slack's `chat.*` methods) and reading them (`conversations.history`,
//! `conversations.replies`).

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, ActAs, Actor, Form, ResponseFormat, each, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "slack_get_channel_history",
            "Get channel history",
            Effect::Read,
            get_channel_history,
        )
        .toolset("messages"),
        tool(
            "slack_get_thread_replies",
            "Get thread replies",
            Effect::Read,
            get_thread_replies,
        )
        .toolset("messages"),
        tool(
            "slack_user_post_message",
            "Post message as user",
            Effect::Write,
            user_post_message,
        )
        .output::<Posted>()
        .toolset("messages"),
        tool(
            "slack_user_reply_to_thread",
            "Reply to thread as user",
            Effect::Write,
            user_reply_to_thread,
        )
        .output::<Posted>()
        .toolset("messages"),
        tool(
            "slack_bot_post_message",
            "Post message as bot",
            Effect::Write,
            bot_post_message,
        )
        .output::<Posted>()
        .toolset("messages"),
        tool(
            "slack_bot_reply_to_thread",
            "Reply to thread as bot",
            Effect::Write,
            bot_reply_to_thread,
        )
        .output::<Posted>()
        .toolset("messages"),
        tool(
            "slack_update_message",
            "Update message",
            Effect::IdempotentWrite,
            update_message,
        )
        .toolset("messages"),
        tool(
            "slack_delete_message",
            "Delete message",
            Effect::Destructive,
            delete_message,
        )
        .toolset("messages"),
        tool(
            "slack_get_permalink",
            "Get message permalink",
            Effect::Read,
            get_permalink,
        )
        .output::<Permalink>()
        .toolset("messages"),
        tool(
            "slack_schedule_message",
            "Schedule message",
            Effect::Write,
            schedule_message,
        )
        .toolset("messages"),
    ]
}

/// Slack's cap on `limit` for conversations.history.
const HISTORY_MAX: u64 = 999;
/// Slack's cap on `limit` for conversations.replies.
const REPLIES_MAX: u64 = 1000;

/// Get a conversation's messages, newest first (thread parents, not replies), with the user token
/// if given, else the bot's (a member). Returns `messages`, `has_more`, `next_cursor`. One message:
/// `latest` = its ts, `inclusive`, `limit` 1.
#[derive(Deserialize, JsonSchema)]
pub struct GetChannelHistory {
    channel_id: String,
    /// Slack's maximum 999
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    cursor: Option<String>,
    /// Slack ts (`1712345678.123456`)
    oldest: Option<String>,
    /// Slack ts; default now
    latest: Option<String>,
    /// Include `oldest` and `latest`
    inclusive: Option<bool>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
}

async fn get_channel_history(ctx: Ctx, a: GetChannelHistory) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("channel", non_empty(&a.channel_id, "channel_id")?)
        .set("limit", api::limit(a.limit, 10, HISTORY_MAX))
        .opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .opt("oldest", a.oldest.as_deref())
        .opt("latest", a.latest.as_deref())
        .opt("inclusive", a.inclusive);
    let v = api::read(&ctx, Actor::UserOrBot, "conversations.history", form).await?;
    Ok(messages_page(v, a.response_format.unwrap_or_default()))
}

fn messages_page(v: Value, format: ResponseFormat) -> Value {
    if format == ResponseFormat::Detailed {
        return api::detailed(v);
    }
    json!({
        "messages": each(&v, "messages", api::message),
        "has_more": v.get("has_more").cloned().unwrap_or(Value::Bool(false)),
        "next_cursor": api::next_cursor(&v),
    })
}

/// Get a thread, parent first, with the user token if given, else the bot's. Link
/// .../archives/C123/p1712345678123456 is `channel_id` C123, `thread_ts` 1712345678.123456. Returns
/// `messages`, `has_more`, `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetThreadReplies {
    channel_id: String,
    thread_ts: String,
    /// Slack's maximum 1000
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    cursor: Option<String>,
    oldest: Option<String>,
    latest: Option<String>,
    /// Include `oldest` and `latest`
    inclusive: Option<bool>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
}

async fn get_thread_replies(ctx: Ctx, a: GetThreadReplies) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("channel", non_empty(&a.channel_id, "channel_id")?)
        .set("ts", non_empty(&a.thread_ts, "thread_ts")?)
        .set("limit", api::limit(a.limit, 10, REPLIES_MAX))
        .opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .opt("oldest", a.oldest.as_deref())
        .opt("latest", a.latest.as_deref())
        .opt("inclusive", a.inclusive);
    let v = api::read(&ctx, Actor::UserOrBot, "conversations.replies", form).await?;
    Ok(messages_page(v, a.response_format.unwrap_or_default()))
}

/// Post a message as the user (user token), in Slack mrkdwn (*bold*, <@U123>, <#C123>, :emoji:).
/// Returns the channel, `ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct PostMessage {
    /// Channel ID, or a user ID for the app's DM
    channel_id: String,
    text: String,
}

/// Post a message as the bot (bot token; a member, or chat:write.public for public channels), in
/// Slack mrkdwn. Returns the channel, `ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct BotPostMessage {
    /// Channel ID, or a user ID for the app's DM
    channel_id: String,
    text: String,
}

async fn user_post_message(ctx: Ctx, a: PostMessage) -> Result<Value, ToolError> {
    post(&ctx, Actor::User, &a.channel_id, &a.text, None, None).await
}

async fn bot_post_message(ctx: Ctx, a: BotPostMessage) -> Result<Value, ToolError> {
    post(&ctx, Actor::Bot, &a.channel_id, &a.text, None, None).await
}

/// Reply in a thread as the user (user token). Returns the channel, `ts`, `thread_ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct ReplyToThread {
    channel_id: String,
    /// The parent's ts, never a reply's
    thread_ts: String,
    text: String,
    /// Also post to the channel
    reply_broadcast: Option<bool>,
}

/// Reply in a thread as the bot (bot token). Returns the channel, `ts`, `thread_ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct BotReplyToThread {
    channel_id: String,
    /// The parent's ts, never a reply's
    thread_ts: String,
    text: String,
    /// Also post to the channel
    reply_broadcast: Option<bool>,
}

async fn user_reply_to_thread(ctx: Ctx, a: ReplyToThread) -> Result<Value, ToolError> {
    let ts = non_empty(&a.thread_ts, "thread_ts")?;
    post(
        &ctx,
        Actor::User,
        &a.channel_id,
        &a.text,
        Some(ts),
        a.reply_broadcast,
    )
    .await
}

async fn bot_reply_to_thread(ctx: Ctx, a: BotReplyToThread) -> Result<Value, ToolError> {
    let ts = non_empty(&a.thread_ts, "thread_ts")?;
    post(
        &ctx,
        Actor::Bot,
        &a.channel_id,
        &a.text,
        Some(ts),
        a.reply_broadcast,
    )
    .await
}

fn text_arg(text: &str) -> Result<&str, ToolError> {
    if text.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`text` is empty: Slack does not post empty messages",
        ));
    }
    Ok(text)
}

async fn post(
    ctx: &Ctx,
    actor: Actor,
    channel: &str,
    text: &str,
    thread_ts: Option<&str>,
    broadcast: Option<bool>,
) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("channel".into(), json!(non_empty(channel, "channel_id")?));
    body.insert("text".into(), json!(text_arg(text)?));
    insert_opt(&mut body, "thread_ts", thread_ts);
    insert_opt(&mut body, "reply_broadcast", broadcast.filter(|b| *b));
    let v = api::write(ctx, actor, "chat.postMessage", body).await?;
    Ok(posted(&v))
}

/// A posted message.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Posted {
    channel: String,
    ts: String,
    thread_ts: Option<String>,
    text: Option<String>,
}

/// A message's permanent link.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Permalink {
    channel: String,
    permalink: String,
}

fn posted(v: &Value) -> Value {
    pick(
        v,
        &[
            "channel",
            "ts",
            "thread_ts=message.thread_ts",
            "text=message.text",
        ],
    )
}

/// Edit a message's text; only its poster can, so set `act_as` to them. Returns the channel, `ts`
/// and text.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMessage {
    channel_id: String,
    ts: String,
    text: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn update_message(ctx: Ctx, a: UpdateMessage) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("ts".into(), json!(non_empty(&a.ts, "ts")?));
    body.insert("text".into(), json!(text_arg(&a.text)?));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "chat.update", body).await?;
    Ok(pick(&v, &["channel", "ts", "text"]))
}

/// Delete a message for good; only its poster (or an admin) can, so set `act_as` to them. Returns
/// the channel and `ts`.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMessage {
    channel_id: String,
    ts: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn delete_message(ctx: Ctx, a: DeleteMessage) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("ts".into(), json!(non_empty(&a.ts, "ts")?));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "chat.delete", body).await?;
    let mut out = pick(&v, &["channel", "ts"]);
    out["deleted"] = json!(true);
    Ok(out)
}

/// Get a message's permanent URL. Returns `channel` and `permalink`.
#[derive(Deserialize, JsonSchema)]
pub struct GetPermalink {
    channel_id: String,
    message_ts: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn get_permalink(ctx: Ctx, a: GetPermalink) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("channel", non_empty(&a.channel_id, "channel_id")?)
        .set("message_ts", non_empty(&a.message_ts, "message_ts")?);
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::read(&ctx, actor, "chat.getPermalink", form).await?;
    Ok(pick(&v, &["channel", "permalink"]))
}

/// Schedule a message (up to 120 days ahead) in a channel or thread. Returns
/// `scheduled_message_id`, `channel` and `post_at`.
#[derive(Deserialize, JsonSchema)]
pub struct ScheduleMessage {
    channel_id: String,
    text: String,
    /// Unix time in seconds
    post_at: Int,
    /// Parent ts, to reply
    thread_ts: Option<String>,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn schedule_message(ctx: Ctx, a: ScheduleMessage) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("text".into(), json!(text_arg(&a.text)?));
    body.insert("post_at".into(), json!(a.post_at.get()));
    insert_opt(
        &mut body,
        "thread_ts",
        a.thread_ts.as_deref().filter(|t| !t.trim().is_empty()),
    );
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "chat.scheduleMessage", body).await?;
    Ok(pick(&v, &["scheduled_message_id", "channel", "post_at"]))
}
