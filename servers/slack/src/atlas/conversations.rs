//! `conversations_history`, `conversations_replies` and `conversations_add_message` of the
//! atlas profile: `conversations.history` / `conversations.replies` as CSV rows, with the
//! `limit` that is either a count or a time window (`1d`, `2w`, `3m`). Posting is disabled.

use chrono::{Days, Months, Utc};
use mcp_shared::{Ctx, Effect, Profile, Secret, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::csv::{self, MessageRow};
use super::directory;
use crate::api::{self, Form};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "conversations_history",
            "Channel history (CSV)",
            Effect::Read,
            history,
        )
        .toolset("messages")
        .only_in(&[Profile::Atlas]),
        tool(
            "conversations_replies",
            "Thread replies (CSV)",
            Effect::Read,
            replies,
        )
        .toolset("messages")
        .only_in(&[Profile::Atlas]),
        // It never writes: MCP-Atlas's Slack server refuses every post, and so does this.
        tool(
            "conversations_add_message",
            "Add message (disabled)",
            Effect::Read,
            add_message,
        )
        .toolset("messages")
        .only_in(&[Profile::Atlas]),
    ]
}

/// Messages when `limit` is absent or empty.
const DEFAULT_COUNT: u64 = 50;
/// Messages per page inside a time window.
const WINDOW_COUNT: u64 = 100;
/// Slack's cap on `limit` for conversations.history.
const HISTORY_MAX: u64 = 999;
/// Slack's cap on `limit` for conversations.replies.
const REPLIES_MAX: u64 = 1000;

/// Get messages of a channel or DM, newest first, as CSV
/// (`UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Cursor`); when the last row's `Cursor`
/// is not empty, pass it as `cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct History {
    /// A channel ID (C...), or a name: `#general`, or `@username` for the DM with that user
    channel_id: String,
    /// Include activity messages such as channel_join and channel_leave
    #[serde(default)]
    #[schemars(extend("default" = false))]
    include_activity_messages: bool,
    /// The last row's `Cursor` of the previous page
    cursor: Option<String>,
    /// A time window back from now (`1d` today, `1w` the last 7 days, `30d`, `3m` months) or a
    /// number of messages (`50`). Absent: the 50 newest messages
    #[serde(default, deserialize_with = "super::text_or_number")]
    #[schemars(extend("default" = "50"))]
    limit: Option<String>,
}

/// Get a thread (its parent and replies, oldest first) as CSV
/// (`UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Cursor`); when the last row's `Cursor`
/// is not empty, pass it as `cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct Replies {
    /// A channel ID (C...), or a name: `#general`, or `@username` for the DM with that user
    channel_id: String,
    /// The ts of the thread's parent or of a message in it (1234567890.123456)
    thread_ts: String,
    /// Include activity messages such as channel_join and channel_leave
    #[serde(default)]
    #[schemars(extend("default" = false))]
    include_activity_messages: bool,
    /// The last row's `Cursor` of the previous page
    cursor: Option<String>,
    /// A time window back from now (`1d` today, `1w` the last 7 days, `30d`, `3m` months) or a
    /// number of messages (`50`). Absent: the first 50 messages
    #[serde(default, deserialize_with = "super::text_or_number")]
    #[schemars(extend("default" = "50"))]
    limit: Option<String>,
}

/// What `limit` asks Slack for: a page size, and a window (`oldest`, `latest`) for a duration.
#[derive(Debug, PartialEq, Eq)]
pub struct Window {
    pub limit: u64,
    pub oldest: Option<String>,
    pub latest: Option<String>,
}

/// Read `limit`: `Nd` is today and the N-1 days before (from midnight UTC), `Nw` N weeks the
/// same way, `Nm` N calendar months back from midnight, each up to now and 100 messages a
/// page; a number is a page of that many (at most `max`); absent or empty, 50.
pub fn window(limit: Option<&str>, max: u64) -> Result<Window, ToolError> {
    let raw = limit.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Ok(Window {
            limit: DEFAULT_COUNT,
            oldest: None,
            latest: None,
        });
    }
    let unit = raw.chars().last().unwrap_or(' ');
    if matches!(unit, 'd' | 'w' | 'm') {
        let bad = || {
            ToolError::invalid_input(format!(
                "invalid `limit` {raw:?}: a time window is a whole number of days, weeks or months followed by d, w or m (1d, 2w, 3m)"
            ))
        };
        let n: u32 = raw
            .strip_suffix(unit)
            .and_then(|n| n.parse().ok())
            .filter(|n| *n > 0)
            .ok_or_else(bad)?;
        let now = Utc::now();
        let midnight = now.date_naive().and_time(chrono::NaiveTime::MIN).and_utc();
        let oldest = match unit {
            'd' => midnight.checked_sub_days(Days::new(u64::from(n) - 1)),
            'w' => midnight.checked_sub_days(Days::new(u64::from(n) * 7 - 1)),
            _ => midnight.checked_sub_months(Months::new(n)),
        }
        .ok_or_else(bad)?;
        return Ok(Window {
            limit: WINDOW_COUNT,
            oldest: Some(format!("{}.000000", oldest.timestamp())),
            latest: Some(format!("{}.000000", now.timestamp())),
        });
    }
    match raw.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(Window {
            limit: n.min(max),
            oldest: None,
            latest: None,
        }),
        _ => Err(ToolError::invalid_input(format!(
            "invalid `limit` {raw:?}: give a number of messages (1 to {max}) or a time window such as 1d, 1w or 30d"
        ))),
    }
}

async fn history(ctx: Ctx, a: History) -> Result<String, ToolError> {
    let token = super::token(&ctx)?;
    let w = window(a.limit.as_deref(), HISTORY_MAX)?;
    let (channel, users) = channel(&ctx, &token, &a.channel_id).await?;
    let form = Form::new()
        .set("channel", &channel)
        .set("limit", w.limit)
        .opt("oldest", w.oldest)
        .opt("latest", w.latest)
        .opt("cursor", super::given(&a.cursor));
    let v = api::read_as(&ctx, &token, "conversations.history", form).await?;
    page(
        &ctx,
        &token,
        &v,
        (&channel, users),
        a.include_activity_messages,
    )
    .await
}

async fn replies(ctx: Ctx, a: Replies) -> Result<String, ToolError> {
    let token = super::token(&ctx)?;
    let thread = a.thread_ts.trim();
    if thread.is_empty() {
        return Err(ToolError::invalid_input(
            "`thread_ts` is empty: give the ts of the thread's parent (1234567890.123456)",
        ));
    }
    let w = window(a.limit.as_deref(), REPLIES_MAX)?;
    let (channel, users) = channel(&ctx, &token, &a.channel_id).await?;
    let form = Form::new()
        .set("channel", &channel)
        .set("ts", thread)
        .set("limit", w.limit)
        .opt("oldest", w.oldest)
        .opt("latest", w.latest)
        .opt("cursor", super::given(&a.cursor));
    let v = api::read_as(&ctx, &token, "conversations.replies", form).await?;
    page(
        &ctx,
        &token,
        &v,
        (&channel, users),
        a.include_activity_messages,
    )
    .await
}

/// The conversation `channel_id` names (an ID, `#name` or `@user`), with the users when the
/// name needed them.
async fn channel(
    ctx: &Ctx,
    token: &Secret,
    raw: &str,
) -> Result<(String, Option<directory::Users>), ToolError> {
    if raw.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`channel_id` is empty: give a channel ID (C...), `#channel` or `@user`",
        ));
    }
    directory::channel_id(ctx, token, raw).await
}

/// A page of `conversations.history` / `.replies` as CSV rows, the next cursor (when Slack
/// says there is more) in the last one.
async fn page(
    ctx: &Ctx,
    token: &Secret,
    v: &Value,
    (channel, users): (&str, Option<directory::Users>),
    activity: bool,
) -> Result<String, ToolError> {
    let messages: Vec<&Value> = v
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|m| activity || subtype(m).is_empty())
        .collect();
    let rows = rows(ctx, token, &messages, users, |_| channel.to_owned()).await?;
    let more = v.get("has_more").and_then(Value::as_bool) == Some(true);
    let next = more
        .then(|| api::next_cursor(v).as_str().map(str::to_owned))
        .flatten();
    Ok(csv::messages(rows, next))
}

fn subtype(m: &Value) -> &str {
    m.get("subtype").and_then(Value::as_str).unwrap_or_default()
}

fn field(m: &Value, k: &str) -> String {
    m.get(k)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// Message rows, with the authors' names from `users.list` (`known` when the call read it
/// already; else read only when a row has an author).
pub async fn rows(
    ctx: &Ctx,
    token: &Secret,
    messages: &[&Value],
    known: Option<directory::Users>,
    channel_of: impl Fn(&Value) -> String,
) -> Result<Vec<MessageRow>, ToolError> {
    let users = match known {
        Some(u) => u,
        None if messages.iter().any(|m| !field(m, "user").is_empty()) => {
            directory::users(ctx, token).await?
        }
        None => directory::Users::default(),
    };
    Ok(messages
        .iter()
        .map(|m| {
            let id = field(m, "user");
            let (user_name, real_name) = users.names(&id);
            MessageRow {
                user_id: id,
                user_name,
                real_name,
                channel: channel_of(m),
                thread_ts: field(m, "thread_ts"),
                text: field(m, "text"),
                time: field(m, "ts"),
                cursor: String::new(),
            }
        })
        .collect())
}

/// Disabled: MCP-Atlas's Slack server never posts. This tool checks nothing and calls nothing;
/// every call answers `write permission not allowed`.
#[derive(Deserialize, JsonSchema)]
pub struct AddMessage {
    /// A channel ID (C...), or a name: `#general`, or `@username` for a DM
    #[allow(dead_code)]
    channel_id: String,
    /// The ts of a thread's parent, to reply in that thread
    #[allow(dead_code)]
    thread_ts: Option<String>,
    /// The message, in the `content_type` format
    #[allow(dead_code)]
    payload: Option<String>,
    /// `text/markdown` or `text/plain`
    #[allow(dead_code)]
    #[schemars(extend("default" = "text/markdown"))]
    content_type: Option<String>,
}

async fn add_message(_ctx: Ctx, _a: AddMessage) -> Result<String, ToolError> {
    Err(ToolError::invalid_input(
        "write permission not allowed: this server's atlas profile never posts to Slack, as MCP-Atlas's Slack server does not",
    ))
}
