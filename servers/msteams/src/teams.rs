//! Teams and channels: list and read teams, list and create channels, post to a channel.

use crate::api::{Format, chat_message, listed_message, message_body};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "msteams_list_all_teams",
            "List teams",
            Effect::Read,
            list_all_teams,
        )
        .scopes("Team.ReadBasic.All")
        .toolset("teams"),
        tool("msteams_get_team", "Get team", Effect::Read, get_team)
            .scopes("Team.ReadBasic.All")
            .toolset("teams"),
        tool(
            "msteams_list_channels",
            "List channels",
            Effect::Read,
            list_channels,
        )
        .scopes("Channel.ReadBasic.All")
        .toolset("teams"),
        tool(
            "msteams_create_channel",
            "Create channel",
            Effect::Write,
            create_channel,
        )
        .scopes("Channel.Create")
        .toolset("teams"),
        tool(
            "msteams_list_channel_messages",
            "List channel messages",
            Effect::Read,
            list_channel_messages,
        )
        .scopes("ChannelMessage.Read.All")
        .toolset("teams"),
        tool(
            "msteams_send_channel_message",
            "Send channel message",
            Effect::Write,
            send_channel_message,
        )
        .scopes("ChannelMessage.Send")
        .toolset("teams"),
    ]
}

const TEAM_FIELDS: [&str; 4] = ["id", "displayName", "description", "visibility"];
const CHANNEL_FIELDS: [&str; 6] = [
    "id",
    "displayName",
    "description",
    "membershipType",
    "webUrl",
    "createdDateTime",
];

fn team_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/teams/{}", seg_id(id, "team_id")?))
}

/// List the teams of the organization (`joined_only`: those the user is a member of): id,
/// name, description, visibility.
#[derive(Deserialize, JsonSchema)]
pub struct ListTeams {
    /// Only the teams the signed-in user belongs to
    joined_only: Option<bool>,
    /// At most 100; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_all_teams(ctx: Ctx, a: ListTeams) -> Result<Value, ToolError> {
    let limit = page_size(a.limit.map(Count::get), 50, 100, "limit")?;
    let list = if a.joined_only == Some(true) {
        // joinedTeams takes no $top and no $select.
        List::new("/me/joinedTeams", Query::new()).no_top()
    } else {
        List::new("/teams", Query::new().select(TEAM_FIELDS))
    };
    let page = list
        .limit(limit)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("teams", |t| pick(t, &TEAM_FIELDS)))
}

/// Get one team: name, description, visibility, web URL, archived or not, and its settings
/// for members and guests.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeam {
    /// The team's id (a GUID)
    team_id: String,
}

async fn get_team(ctx: Ctx, a: GetTeam) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &team_path(&a.team_id)?)?
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "id",
            "displayName",
            "description",
            "visibility",
            "webUrl",
            "isArchived",
            "createdDateTime",
            "memberSettings",
            "guestSettings",
        ],
    ))
}

/// List a team's channels: id, name, description, membership type (standard, private,
/// shared), web URL.
#[derive(Deserialize, JsonSchema)]
pub struct ListChannels {
    team_id: String,
    /// At most 100; default 100
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_channels(ctx: Ctx, a: ListChannels) -> Result<Value, ToolError> {
    let path = format!("{}/channels", team_path(&a.team_id)?);
    // Graph lists channels without $top.
    let page = List::new(path, Query::new().select(CHANNEL_FIELDS))
        .no_top()
        .limit(page_size(a.limit.map(Count::get), 100, 100, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("channels", |c| pick(c, &CHANNEL_FIELDS)))
}

/// Create a standard channel in a team. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateChannel {
    team_id: String,
    /// Up to 50 characters; unique in the team
    display_name: String,
    description: Option<String>,
}

async fn create_channel(ctx: Ctx, a: CreateChannel) -> Result<Value, ToolError> {
    let path = format!("{}/channels", team_path(&a.team_id)?);
    let mut body = Map::new();
    body.insert(
        "displayName".into(),
        json!(non_empty(&a.display_name, "display_name")?),
    );
    if let Some(d) = a.description.as_deref().filter(|d| !d.trim().is_empty()) {
        body.insert("description".into(), json!(d));
    }
    body.insert("membershipType".into(), json!("standard"));
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, &CHANNEL_FIELDS))
}

/// Post a message to a team's channel as the signed-in user. Returns the message's id and
/// web URL.
#[derive(Deserialize, JsonSchema)]
pub struct SendChannelMessage {
    team_id: String,
    /// The channel's id (19:...@thread.tacv2)
    channel_id: String,
    message: String,
    /// Format of message
    content_type: Option<Format>,
}

async fn send_channel_message(ctx: Ctx, a: SendChannelMessage) -> Result<Value, ToolError> {
    let path = format!(
        "{}/channels/{}/messages",
        team_path(&a.team_id)?,
        seg_id(&a.channel_id, "channel_id")?
    );
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&message_body(&a.message, a.content_type)?)
        .send_json()
        .await?;
    Ok(chat_message(&v))
}

/// List a channel's messages (top-level posts, newest first): id, sender, time, body (first
/// 4 KB), web URL. Returns `next_cursor` for older ones.
#[derive(Deserialize, JsonSchema)]
pub struct ListChannelMessages {
    team_id: String,
    channel_id: String,
    /// At most 50; default 20
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_channel_messages(ctx: Ctx, a: ListChannelMessages) -> Result<Value, ToolError> {
    let path = format!(
        "{}/channels/{}/messages",
        team_path(&a.team_id)?,
        seg_id(&a.channel_id, "channel_id")?
    );
    let page = List::new(path, Query::new())
        .limit(page_size(a.limit.map(Count::get), 20, 50, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("messages", listed_message))
}
