//! Meet spaces (Meet REST API v2 `spaces.create`, `spaces.get`, `spaces.patch`,
//! `spaces.endActiveConference`).

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{SpaceOut, meet, seg_name, space, space_ref};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_meet_v2_create_instant",
            "Create instant meeting space",
            Effect::Write,
            create_instant,
        )
        .toolset("spaces")
        .output::<SpaceOut>(),
        tool(
            "google_meet_v2_get_meeting",
            "Get meeting space",
            Effect::Read,
            get_meeting,
        )
        .toolset("spaces")
        .output::<SpaceOut>(),
        tool(
            "google_meet_v2_update_space",
            "Update meeting space settings",
            Effect::IdempotentWrite,
            update_space,
        )
        .toolset("spaces")
        .output::<SpaceOut>(),
        tool(
            "google_meet_v2_end_active_conference",
            "End active call",
            Effect::Destructive,
            end_active_conference,
        )
        .toolset("spaces"),
    ]
}

// Who can join without knocking: OPEN anyone with the link, TRUSTED the organization and
// invitees, RESTRICTED invitees only.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum AccessType {
    Open,
    Trusted,
    Restricted,
}

// Entry points that may join: ALL, or only the app that created the space.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EntryPointAccess {
    All,
    CreatorAppOnly,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Moderation {
    On,
    Off,
}

/// Create a Meet space for an instant meeting (no calendar event); share its `meetingUri`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateInstant {
    /// Who joins without knocking (see google_meet_v2_update_space); default the user's setting
    access_type: Option<AccessType>,
}

async fn create_instant(ctx: Ctx, a: CreateInstant) -> Result<Value, ToolError> {
    let mut body = json!({});
    if let Some(t) = a.access_type {
        body["config"] = json!({ "accessType": t });
    }
    let v: Value = meet(&ctx, Method::POST, "/spaces")?
        .json(&body)
        .send_json()
        .await?;
    Ok(space(&v))
}

/// Get a Meet space: link, meeting code, access settings, and `activeConference` during a
/// call.
#[derive(Deserialize, JsonSchema)]
pub struct GetMeeting {
    /// spaces/{id}, the id, a meeting code (abc-mnop-xyz) or the Meet URL
    space_id: String,
}

async fn get_meeting(ctx: Ctx, a: GetMeeting) -> Result<Value, ToolError> {
    let s = space_ref(&a.space_id, "space_id")?;
    let v: Value = meet(&ctx, Method::GET, &s.path())?.send_json().await?;
    Ok(space(&v))
}

/// Change a Meet space's settings (those given). The caller must own the space.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSpace {
    /// spaces/{id}, a meeting code or the Meet URL
    space_id: String,
    /// Who joins without knocking: OPEN anyone with the link, TRUSTED the organization and
    /// invitees, RESTRICTED invitees
    access_type: Option<AccessType>,
    entry_point_access: Option<EntryPointAccess>,
    /// Host controls
    moderation: Option<Moderation>,
}

async fn update_space(ctx: Ctx, a: UpdateSpace) -> Result<Value, ToolError> {
    let mut config = Map::new();
    let mut mask = Vec::new();
    for (key, v) in [
        ("accessType", a.access_type.map(|x| json!(x))),
        ("entryPointAccess", a.entry_point_access.map(|x| json!(x))),
        ("moderation", a.moderation.map(|x| json!(x))),
    ] {
        if let Some(v) = v {
            mask.push(format!("config.{key}"));
            config.insert(key.into(), v);
        }
    }
    if config.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of access_type, entry_point_access, moderation",
        ));
    }
    let name = space_ref(&a.space_id, "space_id")?.name(&ctx).await?;
    let v: Value = meet(&ctx, Method::PATCH, &seg_name(&name))?
        .query("updateMask", mask.join(","))
        .json(&json!({ "config": config }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(space(&v))
}

/// End the call going on in a Meet space, for everyone in it. The caller must own the
/// space.
#[derive(Deserialize, JsonSchema)]
pub struct EndActiveConference {
    /// spaces/{id}, a meeting code or the Meet URL
    space_id: String,
}

async fn end_active_conference(ctx: Ctx, a: EndActiveConference) -> Result<Value, ToolError> {
    let name = space_ref(&a.space_id, "space_id")?.name(&ctx).await?;
    meet(
        &ctx,
        Method::POST,
        &format!("{}:endActiveConference", seg_name(&name)),
    )?
    .json(&json!({}))
    .send()
    .await
    .map_err(|e| match e.status {
        Some(400 | 412) => e.with_hint(
            "there may be no call going on in the space (google_meet_v2_get_meeting shows activeConference), or the caller does not own it.",
        ),
        _ => e,
    })?;
    Ok(json!({ "ended": true, "space": name }))
}
