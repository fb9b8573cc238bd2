//! Podcast episodes: `GET /episodes/{id}`, saved episodes (`GET /me/episodes`) and the
//! library endpoints for episodes.

use crate::api::{self, Kind, library_change, library_contains, list, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_episodes_info",
            "Get episodes",
            Effect::Read,
            get_episodes,
        )
        .toolset("episodes"),
        tool(
            "spotify_save_episodes_for_current_user",
            "Save episodes",
            Effect::IdempotentWrite,
            save_episodes,
        )
        .toolset("episodes"),
        tool(
            "spotify_get_user_saved_episodes",
            "List saved episodes",
            Effect::Read,
            saved_episodes,
        )
        .toolset("episodes"),
        tool(
            "spotify_remove_episodes_for_current_user",
            "Remove saved episodes",
            Effect::Destructive,
            remove_episodes,
        )
        .toolset("episodes"),
        tool(
            "spotify_check_user_saved_episodes",
            "Check saved episodes",
            Effect::Read,
            check_episodes,
        )
        .toolset("episodes"),
    ]
}

/// Get podcast episodes by id: name, show, release date, duration, description (cut at 300
/// characters), URI and link. Each id is one request; at most 20.
#[derive(Deserialize, JsonSchema)]
pub struct GetEpisodes {
    /// Episode ids or spotify:episode: URIs
    episode_ids: Vec<String>,
    /// ISO country code
    market: Option<String>,
}

async fn get_episodes(ctx: Ctx, a: GetEpisodes) -> Result<Value, ToolError> {
    let ids = api::ids_of(&a.episode_ids, Kind::Episode, "episode_ids", 20)?;
    let market = api::market(&a.market, "market")?;
    api::each(&ctx, Kind::Episode, ids, market.as_deref(), api::episode).await
}

/// Save episodes to the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct SaveEpisodes {
    /// Episode ids or spotify:episode: URIs, at most 40
    episode_ids: Vec<String>,
}

async fn save_episodes(ctx: Ctx, a: SaveEpisodes) -> Result<Value, ToolError> {
    library_change(
        &ctx,
        Method::PUT,
        Kind::Episode,
        &a.episode_ids,
        "episode_ids",
    )
    .await
}

/// List the episodes saved in the user's library, with `added_at`. Returns `items`, `total`
/// and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct SavedEpisodes {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn saved_episodes(ctx: Ctx, a: SavedEpisodes) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/me/episodes", a.limit, a.offset, 50)?
        .send_json()
        .await?;
    Ok(page(&v, api::saved("episode", api::episode)))
}

/// Remove episodes from the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveEpisodes {
    /// Episode ids or spotify:episode: URIs, at most 40
    episode_ids: Vec<String>,
}

async fn remove_episodes(ctx: Ctx, a: RemoveEpisodes) -> Result<Value, ToolError> {
    library_change(
        &ctx,
        Method::DELETE,
        Kind::Episode,
        &a.episode_ids,
        "episode_ids",
    )
    .await
}

/// Check whether episodes are in the user's library. Returns `items` of `{id, saved}`.
#[derive(Deserialize, JsonSchema)]
pub struct CheckEpisodes {
    /// Episode ids or spotify:episode: URIs, at most 40
    episode_ids: Vec<String>,
}

async fn check_episodes(ctx: Ctx, a: CheckEpisodes) -> Result<Value, ToolError> {
    library_contains(&ctx, Kind::Episode, &a.episode_ids, "episode_ids", "saved").await
}
