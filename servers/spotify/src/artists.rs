//! Artists: `GET /artists/{id}`, `GET /artists/{id}/albums`, and the top tracks that Spotify
//! removed for development-mode apps in 2026.

use crate::api::{self, Kind, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_artists_info",
            "Get artists",
            Effect::Read,
            get_artists,
        )
        .toolset("artists"),
        tool(
            "spotify_get_artist_albums",
            "List artist albums",
            Effect::Read,
            artist_albums,
        )
        .toolset("artists"),
        tool(
            "spotify_get_artist_top_tracks",
            "Get artist top tracks",
            Effect::Read,
            top_tracks,
        )
        .toolset("artists"),
    ]
}

/// Get artists by id: name, URI and link (genres, popularity and followers only where
/// Spotify still returns them). Each id is one request; at most 20.
#[derive(Deserialize, JsonSchema)]
pub struct GetArtists {
    /// Artist ids or spotify:artist: URIs
    artist_ids: Vec<String>,
}

async fn get_artists(ctx: Ctx, a: GetArtists) -> Result<Value, ToolError> {
    let ids = api::ids_of(&a.artist_ids, Kind::Artist, "artist_ids", 20)?;
    api::each(&ctx, Kind::Artist, ids, None, api::artist).await
}

/// List an artist's albums and singles. Spotify returns at most 10 per call (2026): a
/// larger `limit` is lowered to 10. Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct ArtistAlbums {
    /// Artist id or spotify:artist: URI
    artist_id: String,
    /// 1-10
    #[schemars(extend("default" = 10))]
    limit: Option<Count>,
    offset: Option<Count>,
    /// Comma-separated: album, single, appears_on, compilation
    include_groups: Option<String>,
    /// ISO country code
    market: Option<String>,
}

async fn artist_albums(ctx: Ctx, a: ArtistAlbums) -> Result<Value, ToolError> {
    let id = api::id_of(&a.artist_id, Kind::Artist, "artist_id")?;
    let limit = a.limit.map_or(10, Count::get);
    if limit == 0 {
        return Err(ToolError::invalid_input("`limit` must be between 1 and 10"));
    }
    let groups = api::opt(&a.include_groups);
    if let Some(g) = groups
        && !g
            .split(',')
            .map(str::trim)
            .all(|x| matches!(x, "album" | "single" | "appears_on" | "compilation"))
    {
        return Err(ToolError::invalid_input(
            "`include_groups` takes album, single, appears_on and compilation, comma-separated",
        ));
    }
    let groups = groups.map(|g| g.split(',').map(str::trim).collect::<Vec<_>>().join(","));
    let v: Value = ctx
        .authorized(Method::GET, &format!("/artists/{}/albums", seg(&id)))?
        .query_opt("include_groups", groups)
        .query_opt("market", api::market(&a.market, "market")?)
        .query("limit", limit.min(10))
        .query("offset", a.offset.map_or(0, Count::get))
        .send_json()
        .await?;
    let mut out = page(&v, api::album);
    if limit > 10
        && let Some(m) = out.as_object_mut()
    {
        m.insert(
            "note".into(),
            json!(format!(
                "limit lowered from {limit} to 10, Spotify's maximum"
            )),
        );
    }
    Ok(out)
}

/// Get an artist's top tracks in a market. Spotify removed this endpoint for
/// development-mode apps in February 2026; such apps get an error that says what to use.
#[derive(Deserialize, JsonSchema)]
pub struct TopTracks {
    /// Artist id or spotify:artist: URI
    artist_id: String,
    /// ISO country code (the market)
    country: Option<String>,
}

async fn top_tracks(ctx: Ctx, a: TopTracks) -> Result<Value, ToolError> {
    let id = api::id_of(&a.artist_id, Kind::Artist, "artist_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/artists/{}/top-tracks", seg(&id)))?
        .query_opt("market", api::market(&a.country, "country")?)
        .send_json()
        .await
        .map_err(|e| {
            api::removed(
                e,
                "GET /artists/{id}/top-tracks",
                "Use spotify_search_tracks with `artist:<name>` or spotify_get_artist_albums instead.",
            )
        })?;
    Ok(json!({ "items": mcp_shared::json::map_array(&v["tracks"], api::track) }))
}
