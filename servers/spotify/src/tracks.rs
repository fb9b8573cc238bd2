//! Search and tracks: `GET /search`, `GET /tracks/{id}`, saved tracks (`GET /me/tracks`)
//! and the library endpoints for tracks.

use crate::api::{self, Kind, library_change, library_contains, list, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_search_tracks",
            "Search Spotify",
            Effect::Read,
            search,
        )
        .toolset("tracks"),
        tool(
            "spotify_get_track_info",
            "Get tracks",
            Effect::Read,
            get_tracks,
        )
        .toolset("tracks"),
        tool(
            "spotify_get_user_saved_tracks",
            "List saved tracks",
            Effect::Read,
            saved_tracks,
        )
        .toolset("tracks"),
        tool(
            "spotify_check_user_saved_tracks",
            "Check saved tracks",
            Effect::Read,
            check_tracks,
        )
        .toolset("tracks"),
        tool(
            "spotify_save_tracks_for_current_user",
            "Save tracks",
            Effect::IdempotentWrite,
            save_tracks,
        )
        .toolset("tracks"),
        tool(
            "spotify_remove_user_saved_tracks",
            "Remove saved tracks",
            Effect::Destructive,
            remove_tracks,
        )
        .toolset("tracks"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum SearchType {
    Track,
    Album,
    Artist,
    Playlist,
    Show,
    Episode,
    Audiobook,
}

/// Search Spotify's catalog for one type of item. Returns `items`, `total` and
/// `next_offset`. Spotify caps search at 10 results per call (2026): a larger `limit` is
/// lowered to 10 and the result says so.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Keywords; field filters such as `artist:Miles year:1959` work
    query: String,
    #[serde(rename = "type")]
    kind: SearchType,
    /// 1-10
    #[schemars(extend("default" = 10))]
    limit: Option<Count>,
    /// 0-1000
    offset: Option<Count>,
    /// ISO country code
    market: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let asked = a.limit.map_or(10, Count::get);
    if asked == 0 {
        return Err(ToolError::invalid_input("`limit` must be between 1 and 10"));
    }
    let offset = a.offset.map_or(0, Count::get);
    if offset > 1000 {
        return Err(ToolError::invalid_input(
            "`offset` must be at most 1000 (Spotify's search limit)",
        ));
    }
    let limit = asked.min(10);
    let kind = mcp_shared::json::enum_str(&a.kind);
    let v: Value = ctx
        .authorized(Method::GET, "/search")?
        .query("q", q)
        .query("type", &kind)
        .query("limit", limit)
        .query("offset", offset)
        .query_opt("market", api::market(&a.market, "market")?)
        .send_json()
        .await?;
    let item = match a.kind {
        SearchType::Track => api::track,
        SearchType::Album => api::album,
        SearchType::Artist => api::artist,
        SearchType::Playlist => api::playlist,
        SearchType::Show | SearchType::Audiobook => api::show,
        SearchType::Episode => api::episode,
    };
    let mut out = page(&v[format!("{kind}s")], item);
    if asked > 10
        && let Some(m) = out.as_object_mut()
    {
        m.insert(
            "note".into(),
            json!(format!(
                "limit lowered from {asked} to 10, Spotify's maximum for search; page with `offset`"
            )),
        );
    }
    Ok(out)
}

/// Get tracks by id: name, artists, album, duration, URI and link. Spotify removed the
/// several-at-once endpoint in 2026, so each id is one request (at most 20).
#[derive(Deserialize, JsonSchema)]
pub struct GetTracks {
    /// Track ids or spotify:track: URIs
    ids: Vec<String>,
    /// ISO country code
    market: Option<String>,
}

async fn get_tracks(ctx: Ctx, a: GetTracks) -> Result<Value, ToolError> {
    let ids = api::ids_of(&a.ids, Kind::Track, "ids", 20)?;
    let market = api::market(&a.market, "market")?;
    api::each(&ctx, Kind::Track, ids, market.as_deref(), api::track).await
}

/// List the tracks saved in the user's library (Liked Songs), newest first, with
/// `added_at`. Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct SavedTracks {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn saved_tracks(ctx: Ctx, a: SavedTracks) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/me/tracks", a.limit, a.offset, 50)?
        .send_json()
        .await?;
    Ok(page(&v, api::saved("track", api::track)))
}

/// Check whether tracks are in the user's library. Returns `items` of `{id, saved}`.
#[derive(Deserialize, JsonSchema)]
pub struct CheckTracks {
    /// Track ids or spotify:track: URIs, at most 40
    track_ids: Vec<String>,
}

async fn check_tracks(ctx: Ctx, a: CheckTracks) -> Result<Value, ToolError> {
    library_contains(&ctx, Kind::Track, &a.track_ids, "track_ids", "saved").await
}

/// Save tracks to the user's library (Liked Songs).
#[derive(Deserialize, JsonSchema)]
pub struct SaveTracks {
    /// Track ids or spotify:track: URIs, at most 40
    track_ids: Vec<String>,
}

async fn save_tracks(ctx: Ctx, a: SaveTracks) -> Result<Value, ToolError> {
    library_change(&ctx, Method::PUT, Kind::Track, &a.track_ids, "track_ids").await
}

/// Remove tracks from the user's library (Liked Songs).
#[derive(Deserialize, JsonSchema)]
pub struct RemoveTracks {
    /// Track ids or spotify:track: URIs, at most 40
    track_ids: Vec<String>,
}

async fn remove_tracks(ctx: Ctx, a: RemoveTracks) -> Result<Value, ToolError> {
    library_change(&ctx, Method::DELETE, Kind::Track, &a.track_ids, "track_ids").await
}
