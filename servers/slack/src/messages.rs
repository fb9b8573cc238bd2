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

/// Get messages of a channel, DM or group DM, newest first (top-level messages and thread
/// parents; use slack_get_thread_replies for replies). Returns `messages` (ts, user, text,
/// thread_ts, reply_count, reactions, files), `has_more` and `next_cursor`. To fetch one
/// message, give `latest` = its ts, `inclusive` = true and `limit` = 1. Acts with the user
/// token when the request has one, else with the bot token (the bot must be in the channel).
#[derive(Deserialize, JsonSchema)]
pub struct GetChannelHistory {
    /// Channel ID (e.g. C1234567890; DMs start with D)
    channel_id: String,
    /// Number of messages to return (default 10, Slack's maximum 999)
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// `next_cursor` of a previous result, for the next (older) page
    cursor: Option<String>,
    /// Only messages after this Slack timestamp (e.g. 1712345678.123456)
    oldest: Option<String>,
    /// Only messages before this Slack timestamp (default: now)
    latest: Option<String>,
    /// Include messages whose ts equals `oldest` or `latest`
    inclusive: Option<bool>,
    /// `concise` (default): the fields above; `detailed`: Slack's message objects as they are
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

/// Get a thread: its parent message followed by the replies, oldest first. Returns
/// `messages`, `has_more` and `next_cursor`. A message link
/// https://x.slack.com/archives/C123456/p1712345678123456 is `channel_id` C123456 and
/// `thread_ts` 1712345678.123456. Acts with the user token when the request has one, else
/// with the bot token.
#[derive(Deserialize, JsonSchema)]
pub struct GetThreadReplies {
    /// Channel ID of the thread (e.g. C1234567890)
    channel_id: String,
    /// ts of the thread's parent message (e.g. 1712345678.123456)
    thread_ts: String,
    /// Number of messages to return (default 10, Slack's maximum 1000)
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// `next_cursor` of a previous result, for the next page
    cursor: Option<String>,
    /// Only messages after this Slack timestamp
    oldest: Option<String>,
    /// Only messages before this Slack timestamp
    latest: Option<String>,
    /// Include messages whose ts equals `oldest` or `latest`
    inclusive: Option<bool>,
    /// `concise` (default) or `detailed` (Slack's message objects as they are)
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

/// Post a message to a channel as the user who installed the app (user token). The text is
/// sent as given: Slack mrkdwn (*bold*, _italic_, <@U123> mentions, <#C123> channel links,
/// :emoji:) and any Unicode. Returns the channel, the new message's `ts` and its text.
#[derive(Deserialize, JsonSchema)]
pub struct PostMessage {
    /// Channel ID (e.g. C1234567890), or a user ID to message them in the app's DM
    channel_id: String,
    /// Message text (Slack mrkdwn)
    text: String,
}

/// Post a message to a channel as the app's bot user (bot token; the bot must be a member of
/// private channels, and of public ones unless it has chat:write.public). The text is sent as
/// given: Slack mrkdwn and any Unicode. Returns the channel, the new message's `ts` and its
/// text.
#[derive(Deserialize, JsonSchema)]
pub struct BotPostMessage {
    /// Channel ID (e.g. C1234567890), or a user ID to message them in the app's DM
    channel_id: String,
    /// Message text (Slack mrkdwn)
    text: String,
}

async fn user_post_message(ctx: Ctx, a: PostMessage) -> Result<Value, ToolError> {
    post(&ctx, Actor::User, &a.channel_id, &a.text, None, None).await
}

async fn bot_post_message(ctx: Ctx, a: BotPostMessage) -> Result<Value, ToolError> {
    post(&ctx, Actor::Bot, &a.channel_id, &a.text, None, None).await
}

/// Reply in a thread as the user who installed the app (user token). Returns the channel,
/// the reply's `ts`, `thread_ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct ReplyToThread {
    /// Channel ID of the thread (e.g. C1234567890)
    channel_id: String,
    /// ts of the thread's parent message (e.g. 1712345678.123456); never a reply's ts
    thread_ts: String,
    /// Reply text (Slack mrkdwn)
    text: String,
    /// Also post the reply to the channel (default false)
    reply_broadcast: Option<bool>,
}

/// Reply in a thread as the app's bot user (bot token). Returns the channel, the reply's
/// `ts`, `thread_ts` and text.
#[derive(Deserialize, JsonSchema)]
pub struct BotReplyToThread {
    /// Channel ID of the thread (e.g. C1234567890)
    channel_id: String,
    /// ts of the thread's parent message (e.g. 1712345678.123456); never a reply's ts
    thread_ts: String,
    /// Reply text (Slack mrkdwn)
    text: String,
    /// Also post the reply to the channel (default false)
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
    /// Channel ID the message was posted in
    channel: String,
    /// The new message's ts (its ID within the channel)
    ts: String,
    /// ts of the thread's parent message, for a reply
    thread_ts: Option<String>,
    /// The message text as Slack stored it
    text: Option<String>,
}

/// A message's permanent link.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Permalink {
    /// Channel ID of the message
    channel: String,
    /// URL of the message
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

/// Edit the text of a message. A bot can only edit its own messages and a user their own:
/// set `act_as` to whoever posted it. Returns the channel, `ts` and the new text.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMessage {
    /// Channel ID of the message
    channel_id: String,
    /// ts of the message to edit
    ts: String,
    /// New message text (Slack mrkdwn), replacing the old text
    text: String,
    /// Act as the app's `bot` (default, bot token) or the `user` (user token)
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

/// Delete a message permanently (it cannot be restored). A bot can only delete its own
/// messages and a user their own (unless a workspace admin): set `act_as` to whoever posted
/// it. Returns the channel and `ts` of the deleted message.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMessage {
    /// Channel ID of the message
    channel_id: String,
    /// ts of the message to delete
    ts: String,
    /// Act as the app's `bot` (default, bot token) or the `user` (user token)
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

/// Get the permanent link (URL) of a message, to share or cite it. Returns `channel` and
/// `permalink`.
#[derive(Deserialize, JsonSchema)]
pub struct GetPermalink {
    /// Channel ID of the message
    channel_id: String,
    /// ts of the message
    message_ts: String,
    /// Act as the app's `bot` (default, bot token) or the `user` (user token)
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

/// Schedule a message to be posted later (up to 120 days ahead), in a channel or as a thread
/// reply. Returns `scheduled_message_id`, `channel` and `post_at`.
#[derive(Deserialize, JsonSchema)]
pub struct ScheduleMessage {
    /// Channel ID to post in
    channel_id: String,
    /// Message text (Slack mrkdwn)
    text: String,
    /// When to post it: Unix timestamp in seconds (e.g. 1767225600), in the future
    post_at: Int,
    /// ts of a thread's parent message, to post the message as a reply
    thread_ts: Option<String>,
    /// Act as the app's `bot` (default, bot token) or the `user` (user token)
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
