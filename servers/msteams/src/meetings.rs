//! Online meetings: create one, look one up by its join URL or meeting id (Graph has no way
//! to list a user's online meetings without one of them).

use crate::api::user_path;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use mcp_vendor_microsoft::{Filter, Lit, Query};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "msteams_create_online_meeting",
            "Create online meeting",
            Effect::Write,
            create_online_meeting,
        )
        .scopes("OnlineMeetings.ReadWrite")
        .toolset("meetings"),
        tool(
            "msteams_list_online_meetings",
            "Find online meetings",
            Effect::Read,
            list_online_meetings,
        )
        .scopes("OnlineMeetings.Read")
        .toolset("meetings"),
    ]
}

fn meeting(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "subject",
            "startDateTime",
            "endDateTime",
            "joinWebUrl",
            "joinMeetingId=joinMeetingIdSettings.joinMeetingId",
            "passcode=joinMeetingIdSettings.passcode",
            "chatId=chatInfo.threadId",
        ],
    )
}

/// Create a Teams online meeting organized by the signed-in user (`user_id` is `me` or the
/// user's own id). Returns its id, join URL, meeting id and passcode.
#[derive(Deserialize, JsonSchema)]
pub struct CreateMeeting {
    user_id: String,
    subject: String,
    /// ISO 8601 with an offset, e.g. 2026-12-10T15:00:00Z
    start_datetime: String,
    /// ISO 8601 with an offset
    end_datetime: String,
}

async fn create_online_meeting(ctx: Ctx, a: CreateMeeting) -> Result<Value, ToolError> {
    let start = Lit::datetime(&a.start_datetime, "start_datetime")?.to_string();
    let end = Lit::datetime(&a.end_datetime, "end_datetime")?.to_string();
    let path = format!("{}/onlineMeetings", user_path(&a.user_id)?);
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&json!({
            "startDateTime": start,
            "endDateTime": end,
            "subject": non_empty(&a.subject, "subject")?,
        }))
        .send_json()
        .await?;
    Ok(meeting(&v))
}

/// Find a user's online meeting by its join URL or its meeting id (one is required: Graph
/// cannot list all of a user's meetings; calendar events carry the join URL). Returns
/// subject, times, join URL, meeting id and passcode.
#[derive(Deserialize, JsonSchema)]
pub struct ListMeetings {
    user_id: String,
    /// The meeting's join link (https://teams.microsoft.com/l/meetup-join/...)
    join_web_url: Option<String>,
    /// The numeric meeting ID of the invitation
    join_meeting_id: Option<String>,
}

async fn list_online_meetings(ctx: Ctx, a: ListMeetings) -> Result<Value, ToolError> {
    let given = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let filter = match (given(&a.join_web_url), given(&a.join_meeting_id)) {
        (Some(url), None) => Filter::eq("JoinWebUrl", url),
        (None, Some(id)) => Filter::eq("joinMeetingIdSettings/joinMeetingId", id),
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give one of `join_web_url` and `join_meeting_id`, not both",
            ));
        }
        (None, None) => {
            return Err(ToolError::invalid_input(
                "Microsoft Graph cannot list all of a user's online meetings: give `join_web_url` (the meeting's join link) or `join_meeting_id` (the meeting ID of the invitation)",
            ));
        }
    };
    let path = Query::new()
        .filter(filter)
        .on(&format!("{}/onlineMeetings", user_path(&a.user_id)?));
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let items: Vec<Value> = v
        .get("value")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(meeting)
        .collect();
    Ok(json!({ "meetings": items }))
}
