//! Podcast shows: `GET /shows/{id}`, `GET /shows/{id}/episodes`, saved shows
//! (`GET /me/shows`) and the library endpoints for shows.

use crate::api::{self, Kind, library_change, library_contains, list, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_multiple_shows",
            "Get shows",
            Effect::Read,
            get_shows,
        )
        .toolset("shows"),
        tool(
            "spotify_get_show_episodes",
            "List show episodes",
            Effect::Read,
            show_episodes,
        )
        .toolset("shows"),
        tool(
            "spotify_get_current_user_saved_shows",
            "List saved shows",
            Effect::Read,
            saved_shows,
        )
        .toolset("shows"),
        tool(
            "spotify_save_shows_to_user_library",
            "Save shows",
            Effect::IdempotentWrite,
            save_shows,
        )
        .toolset("shows"),
        tool(
            "spotify_remove_shows_from_user_library",
            "Remove saved shows",
            Effect::Destructive,
            remove_shows,
        )
        .toolset("shows"),
        tool(
            "spotify_check_user_saved_shows",
            "Check saved shows",
            Effect::Read,
            check_shows,
        )
        .toolset("shows"),
    ]
}

/// Get podcast shows by id: name, publisher, episode count, description (cut at 300
/// characters), URI and link. Each id is one request; at most 20.
#[derive(Deserialize, JsonSchema)]
pub struct GetShows {
    /// Show ids or spotify:show: URIs
    show_ids: Vec<String>,
    /// ISO country code
    market: Option<String>,
}

async fn get_shows(ctx: Ctx, a: GetShows) -> Result<Value, ToolError> {
    let ids = api::ids_of(&a.show_ids, Kind::Show, "show_ids", 20)?;
    let market = api::market(&a.market, "market")?;
    api::each(&ctx, Kind::Show, ids, market.as_deref(), api::show).await
}

/// List a show's episodes, newest first. Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct ShowEpisodes {
    /// Show id or spotify:show: URI
    show_id: String,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
    /// ISO country code
    market: Option<String>,
}

async fn show_episodes(ctx: Ctx, a: ShowEpisodes) -> Result<Value, ToolError> {
    let id = api::id_of(&a.show_id, Kind::Show, "show_id")?;
    let v: Value = list(
        &ctx,
        &format!("/shows/{}/episodes", seg(&id)),
        a.limit,
        a.offset,
        50,
    )?
    .query_opt("market", api::market(&a.market, "market")?)
    .send_json()
    .await?;
    Ok(page(&v, api::episode))
}

/// List the shows the user saved (follows), with `added_at`. Returns `items`, `total` and
/// `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct SavedShows {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn saved_shows(ctx: Ctx, a: SavedShows) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/me/shows", a.limit, a.offset, 50)?
        .send_json()
        .await?;
    Ok(page(&v, api::saved("show", api::show)))
}

/// Save shows to the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct SaveShows {
    /// Show ids or spotify:show: URIs, at most 40
    show_ids: Vec<String>,
}

async fn save_shows(ctx: Ctx, a: SaveShows) -> Result<Value, ToolError> {
    library_change(&ctx, Method::PUT, Kind::Show, &a.show_ids, "show_ids").await
}

/// Remove shows from the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveShows {
    /// Show ids or spotify:show: URIs, at most 40
    show_ids: Vec<String>,
}

async fn remove_shows(ctx: Ctx, a: RemoveShows) -> Result<Value, ToolError> {
    library_change(&ctx, Method::DELETE, Kind::Show, &a.show_ids, "show_ids").await
}

/// Check whether shows are in the user's library. Returns `items` of `{id, saved}`.
#[derive(Deserialize, JsonSchema)]
pub struct CheckShows {
    /// Show ids or spotify:show: URIs, at most 40
    show_ids: Vec<String>,
}

async fn check_shows(ctx: Ctx, a: CheckShows) -> Result<Value, ToolError> {
    library_contains(&ctx, Kind::Show, &a.show_ids, "show_ids", "saved").await
}
