//! Avatars: groups (`GET /v3/avatars`) and looks (`GET /v3/avatars/looks`); a look's id is the
//! `avatar_id` a video takes.

use crate::api::{limit, list, opt, paged};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "heygen_get_avatar_groups",
            "List avatar groups",
            Effect::Read,
            get_avatar_groups,
        )
        .toolset("avatars"),
        tool(
            "heygen_get_avatars_in_avatar_group",
            "List avatars in a group",
            Effect::Read,
            get_avatars_in_avatar_group,
        )
        .toolset("avatars"),
        tool(
            "heygen_list_avatars",
            "List avatars",
            Effect::Read,
            list_avatars,
        )
        .toolset("avatars"),
    ]
}

fn group(g: &Value) -> Value {
    pick(
        g,
        &[
            "id",
            "name",
            "looks_count",
            "gender",
            "default_voice_id",
            "status",
            "preview_image_url",
            "created_at",
        ],
    )
}

fn look(l: &Value) -> Value {
    pick(
        l,
        &[
            "avatar_id=id",
            "name",
            "avatar_type",
            "group_id",
            "gender",
            "default_voice_id",
            "preferred_orientation",
            "supported_api_engines",
            "status",
            "preview_image_url",
        ],
    )
}

/// List avatar groups (characters, each with one or more looks): id, name, looks_count,
/// gender, default voice, training status.
#[derive(Deserialize, JsonSchema)]
pub struct GetAvatarGroups {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// `next_token` of the previous page
    token: Option<String>,
    /// `public` (HeyGen's presets) or `private` (yours); both when absent
    ownership: Option<String>,
}

async fn get_avatar_groups(ctx: Ctx, a: GetAvatarGroups) -> Result<Value, ToolError> {
    let n = limit(a.limit, 20, 50)?;
    let v: Value = list(&ctx, "/v3/avatars", n, &a.token)?
        .query_opt("ownership", opt(&a.ownership))
        .send_json()
        .await?;
    Ok(paged(&v, group))
}

/// List the looks of one avatar group: avatar_id (for heygen_generate_avatar_video), name,
/// avatar_type, default voice, orientation, supported engines.
#[derive(Deserialize, JsonSchema)]
pub struct GetAvatarsInGroup {
    /// The group's id (from heygen_get_avatar_groups)
    group_id: String,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// `next_token` of the previous page
    token: Option<String>,
}

async fn get_avatars_in_avatar_group(ctx: Ctx, a: GetAvatarsInGroup) -> Result<Value, ToolError> {
    let group = non_empty(&a.group_id, "group_id")?;
    let n = limit(a.limit, 20, 50)?;
    let v: Value = list(&ctx, "/v3/avatars/looks", n, &a.token)?
        .query("group_id", group)
        .send_json()
        .await?;
    Ok(paged(&v, look))
}

/// List avatars (looks of every group): avatar_id (for heygen_generate_avatar_video), name,
/// avatar_type, group_id, default voice, orientation.
#[derive(Deserialize, JsonSchema)]
pub struct ListAvatars {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// `next_token` of the previous page
    token: Option<String>,
    /// `studio_avatar`, `digital_twin` or `photo_avatar`
    avatar_type: Option<String>,
    /// `public` or `private`; both when absent
    ownership: Option<String>,
}

async fn list_avatars(ctx: Ctx, a: ListAvatars) -> Result<Value, ToolError> {
    let n = limit(a.limit, 20, 50)?;
    let v: Value = list(&ctx, "/v3/avatars/looks", n, &a.token)?
        .query_opt("avatar_type", opt(&a.avatar_type))
        .query_opt("ownership", opt(&a.ownership))
        .send_json()
        .await?;
    Ok(paged(&v, look))
}
