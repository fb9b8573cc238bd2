//! Albums: `GET /albums/{id}`, `GET /albums/{id}/tracks`, saved albums (`GET /me/albums`)
//! and the library endpoints for albums.

use crate::api::{self, Kind, library_change, library_contains, list, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_albums_info",
            "Get albums",
            Effect::Read,
            get_albums,
        )
        .toolset("albums"),
        tool(
            "spotify_get_album_tracks",
            "List album tracks",
            Effect::Read,
            album_tracks,
        )
        .toolset("albums"),
        tool(
            "spotify_get_user_saved_albums",
            "List saved albums",
            Effect::Read,
            saved_albums,
        )
        .toolset("albums"),
        tool(
            "spotify_save_albums_for_current_user",
            "Save albums",
            Effect::IdempotentWrite,
            save_albums,
        )
        .toolset("albums"),
        tool(
            "spotify_remove_albums_for_current_user",
            "Remove saved albums",
            Effect::Destructive,
            remove_albums,
        )
        .toolset("albums"),
        tool(
            "spotify_check_user_saved_albums",
            "Check saved albums",
            Effect::Read,
            check_albums,
        )
        .toolset("albums"),
    ]
}

/// Get albums by id: name, artists, type, release date, track count, URI and link. Each id
/// is one request (Spotify removed `GET /albums?ids=` in 2026); at most 20.
#[derive(Deserialize, JsonSchema)]
pub struct GetAlbums {
    /// Album ids or spotify:album: URIs
    album_ids: Vec<String>,
    /// ISO country code
    market: Option<String>,
}

async fn get_albums(ctx: Ctx, a: GetAlbums) -> Result<Value, ToolError> {
    let ids = api::ids_of(&a.album_ids, Kind::Album, "album_ids", 20)?;
    let market = api::market(&a.market, "market")?;
    api::each(&ctx, Kind::Album, ids, market.as_deref(), api::album).await
}

/// List an album's tracks in order. Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct AlbumTracks {
    /// Album id or spotify:album: URI
    album_id: String,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    offset: Option<Count>,
    /// ISO country code
    market: Option<String>,
}

async fn album_tracks(ctx: Ctx, a: AlbumTracks) -> Result<Value, ToolError> {
    let id = api::id_of(&a.album_id, Kind::Album, "album_id")?;
    let v: Value = list(
        &ctx,
        &format!("/albums/{}/tracks", seg(&id)),
        a.limit,
        a.offset,
        50,
    )?
    .query_opt("market", api::market(&a.market, "market")?)
    .send_json()
    .await?;
    Ok(page(&v, api::track))
}

/// List the albums saved in the user's library, newest first, with `added_at`. Returns
/// `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct SavedAlbums {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn saved_albums(ctx: Ctx, a: SavedAlbums) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/me/albums", a.limit, a.offset, 50)?
        .send_json()
        .await?;
    Ok(page(&v, api::saved("album", api::album)))
}

/// Save albums to the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct SaveAlbums {
    /// Album ids or spotify:album: URIs, at most 40
    album_ids: Vec<String>,
}

async fn save_albums(ctx: Ctx, a: SaveAlbums) -> Result<Value, ToolError> {
    library_change(&ctx, Method::PUT, Kind::Album, &a.album_ids, "album_ids").await
}

/// Remove albums from the user's library.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveAlbums {
    /// Album ids or spotify:album: URIs, at most 40
    album_ids: Vec<String>,
}

async fn remove_albums(ctx: Ctx, a: RemoveAlbums) -> Result<Value, ToolError> {
    library_change(&ctx, Method::DELETE, Kind::Album, &a.album_ids, "album_ids").await
}

/// Check whether albums are in the user's library. Returns `items` of `{id, saved}`.
#[derive(Deserialize, JsonSchema)]
pub struct CheckAlbums {
    /// Album ids or spotify:album: URIs, at most 40
    album_ids: Vec<String>,
}

async fn check_albums(ctx: Ctx, a: CheckAlbums) -> Result<Value, ToolError> {
    library_contains(&ctx, Kind::Album, &a.album_ids, "album_ids", "saved").await
}
