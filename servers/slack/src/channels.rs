//! Conversations: channels, private channels, DMs and group DMs (Slack's `conversations.*`
//! and `users.conversations`).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, ActAs, Actor, Form, ResponseFormat, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "slack_user_list_channels",
            "List channels",
            Effect::Read,
            user_list_channels,
        )
        .toolset("channels"),
        tool(
            "slack_invite_users_to_channel",
            "Invite users to channel",
            Effect::IdempotentWrite,
            invite_users_to_channel,
        )
        .toolset("channels"),
        tool(
            "slack_list_user_conversations",
            "List a user's conversations",
            Effect::Read,
            list_user_conversations,
        )
        .toolset("channels"),
        tool(
            "slack_get_channel_info",
            "Get channel info",
            Effect::Read,
            get_channel_info,
        )
        .toolset("channels"),
        tool("slack_open_dm", "Open DM", Effect::IdempotentWrite, open_dm).toolset("channels"),
        tool(
            "slack_set_channel_topic",
            "Set channel topic",
            Effect::IdempotentWrite,
            set_channel_topic,
        )
        .toolset("channels"),
        tool(
            "slack_set_channel_purpose",
            "Set channel purpose",
            Effect::IdempotentWrite,
            set_channel_purpose,
        )
        .toolset("channels"),
    ]
}

/// Slack's cap on `limit` for conversations.list and users.conversations ("under 1000").
const LIST_MAX: u64 = 999;

/// List conversations the user can see (user token): public channels, or the `types` given. Returns
/// `channels` (id, name or DM user, privacy, membership, members, topic, purpose) and
/// `next_cursor`. `channel_name` and `user_id` filter each page; keep paging to search further.
#[derive(Deserialize, JsonSchema)]
pub struct UserListChannels {
    /// Slack's maximum 999
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
    /// Comma-separated: public_channel, private_channel, mpim, im
    #[schemars(extend("default" = "public_channel"))]
    types: Option<String>,
    /// Name contains (case-insensitive); not DMs
    channel_name: Option<String>,
    /// DMs with this user
    user_id: Option<String>,
    #[schemars(extend("default" = true))]
    exclude_archived: Option<bool>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
}

async fn user_list_channels(ctx: Ctx, a: UserListChannels) -> Result<Value, ToolError> {
    let types = a
        .types
        .as_deref()
        .map(|t| {
            t.split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(",")
        })
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "public_channel".to_owned());
    let form = Form::new()
        .set("types", types)
        .set("exclude_archived", a.exclude_archived.unwrap_or(true))
        .set("limit", api::limit(a.limit, 100, LIST_MAX))
        .opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()));
    let v = api::read(&ctx, Actor::User, "conversations.list", form).await?;
    let name = a
        .channel_name
        .as_deref()
        .map(|n| n.trim().trim_start_matches('#').to_lowercase())
        .filter(|n| !n.is_empty());
    let user = a
        .user_id
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    let keep = |c: &Value| -> bool {
        if c.get("is_im").and_then(Value::as_bool) == Some(true) {
            user.is_none_or(|u| c.get("user").and_then(Value::as_str) == Some(u))
        } else {
            name.as_deref().is_none_or(|n| {
                c.get("name")
                    .and_then(Value::as_str)
                    .is_some_and(|cn| cn.to_lowercase().contains(n))
            })
        }
    };
    let kept: Vec<Value> = v
        .get("channels")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter(|c| keep(c)).cloned().collect())
        .unwrap_or_default();
    Ok(channel_page(
        &v,
        kept,
        a.response_format.unwrap_or_default(),
    ))
}

fn channel_page(v: &Value, channels: Vec<Value>, format: ResponseFormat) -> Value {
    let channels: Vec<Value> = match format {
        ResponseFormat::Detailed => channels,
        ResponseFormat::Concise => channels.iter().map(api::channel).collect(),
    };
    json!({ "channels": channels, "next_cursor": api::next_cursor(v) })
}

/// Invite users (people or bots) to a channel, with the user token if given, else the bot's (a
/// member with channels:manage or groups:write). Returns the channel.
#[derive(Deserialize, JsonSchema)]
pub struct InviteUsersToChannel {
    channel_id: String,
    /// At most 1000
    user_ids: Vec<String>,
}

async fn invite_users_to_channel(ctx: Ctx, a: InviteUsersToChannel) -> Result<Value, ToolError> {
    let users: Vec<&str> = a
        .user_ids
        .iter()
        .map(|u| u.trim())
        .filter(|u| !u.is_empty())
        .collect();
    if users.is_empty() {
        return Err(ToolError::invalid_input(
            "`user_ids` is empty: give at least one user ID (e.g. U1234567890)",
        ));
    }
    if users.len() > 1000 {
        return Err(ToolError::invalid_input(
            "`user_ids` has more than 1000 IDs, Slack's limit per call: split the list",
        ));
    }
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("users".into(), json!(users.join(",")));
    let v = api::write(&ctx, Actor::UserOrBot, "conversations.invite", body).await?;
    Ok(json!({
        "channel": v.get("channel").map(api::channel).unwrap_or(Value::Null),
        "invited": users,
    }))
}

/// List the conversations of the acting identity or, with `user`, another user's public channels
/// and private ones shared with you. Returns `channels` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListUserConversations {
    /// User ID; default the acting identity
    user: Option<String>,
    /// Comma-separated: public_channel, private_channel, mpim, im
    #[schemars(extend("default" = "public_channel"))]
    types: Option<String>,
    #[schemars(extend("default" = true))]
    exclude_archived: Option<bool>,
    /// Slack's maximum 999
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn list_user_conversations(ctx: Ctx, a: ListUserConversations) -> Result<Value, ToolError> {
    let form = Form::new()
        .opt(
            "user",
            a.user.as_deref().map(str::trim).filter(|u| !u.is_empty()),
        )
        .set(
            "types",
            a.types
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .unwrap_or("public_channel"),
        )
        .set("exclude_archived", a.exclude_archived.unwrap_or(true))
        .set("limit", api::limit(a.limit, 100, LIST_MAX))
        .opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::read(&ctx, actor, "users.conversations", form).await?;
    let channels = v
        .get("channels")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    Ok(channel_page(
        &v,
        channels,
        a.response_format.unwrap_or_default(),
    ))
}

/// Get a conversation: id, name or DM user, privacy, archived, membership, members, topic, purpose.
#[derive(Deserialize, JsonSchema)]
pub struct GetChannelInfo {
    channel_id: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn get_channel_info(ctx: Ctx, a: GetChannelInfo) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("channel", non_empty(&a.channel_id, "channel_id")?)
        .set("include_num_members", true);
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::read(&ctx, actor, "conversations.info", form).await?;
    let c = v.get("channel").cloned().unwrap_or(Value::Null);
    let mut out = api::channel(&c);
    if let (Value::Object(o), Value::Object(extra)) = (
        &mut out,
        pick(
            &c,
            &[
                "created",
                "creator",
                "is_general",
                "is_shared",
                "is_ext_shared",
            ],
        ),
    ) {
        o.extend(extra);
    }
    Ok(out)
}

/// Open (or find) a DM with one user or a group DM with 2 to 8, and return its `channel_id`.
#[derive(Deserialize, JsonSchema)]
pub struct OpenDm {
    user_ids: Vec<String>,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn open_dm(ctx: Ctx, a: OpenDm) -> Result<Value, ToolError> {
    let users: Vec<&str> = a
        .user_ids
        .iter()
        .map(|u| u.trim())
        .filter(|u| !u.is_empty())
        .collect();
    if users.is_empty() || users.len() > 8 {
        return Err(ToolError::invalid_input(format!(
            "`user_ids` has {} IDs: give 1 user ID for a DM or 2 to 8 for a group DM",
            users.len()
        )));
    }
    let mut body = Map::new();
    body.insert("users".into(), json!(users.join(",")));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "conversations.open", body).await?;
    let mut out = json!({ "channel_id": v.pointer("/channel/id").cloned().unwrap_or(Value::Null) });
    if let Some(open) = v.get("already_open") {
        out["already_open"] = open.clone();
    }
    Ok(out)
}

/// Set a channel's topic (mrkdwn is not rendered there). Returns the channel ID and topic.
#[derive(Deserialize, JsonSchema)]
pub struct SetChannelTopic {
    channel_id: String,
    /// At most 250 characters
    topic: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn set_channel_topic(ctx: Ctx, a: SetChannelTopic) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("topic".into(), json!(a.topic));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "conversations.setTopic", body).await?;
    let topic = v
        .pointer("/channel/topic/value")
        .or_else(|| v.get("topic"))
        .cloned()
        .unwrap_or(json!(a.topic));
    Ok(json!({ "channel_id": a.channel_id.trim(), "topic": topic }))
}

/// Set a channel's purpose (description). Returns the channel ID and purpose.
#[derive(Deserialize, JsonSchema)]
pub struct SetChannelPurpose {
    channel_id: String,
    /// At most 250 characters
    purpose: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn set_channel_purpose(ctx: Ctx, a: SetChannelPurpose) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "channel".into(),
        json!(non_empty(&a.channel_id, "channel_id")?),
    );
    body.insert("purpose".into(), json!(a.purpose));
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::write(&ctx, actor, "conversations.setPurpose", body).await?;
    let purpose = v
        .pointer("/channel/purpose/value")
        .or_else(|| v.get("purpose"))
        .cloned()
        .unwrap_or(json!(a.purpose));
    Ok(json!({ "channel_id": a.channel_id.trim(), "purpose": purpose }))
}
