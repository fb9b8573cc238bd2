//! Playlists: `GET|PUT /playlists/{id}`, `GET|POST|DELETE /playlists/{id}/items` (which
//! replaced `/tracks` in February 2026), `GET|POST /me/playlists`, following through
//! `PUT|DELETE /me/library` with `spotify:playlist:` URIs, and the other user's playlists
//! that Spotify removed for development-mode apps.

use crate::api::{self, Kind, library_change, list, page};
use mcp_shared::json::insert_opt;
use mcp_shared::text::ellipsis;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_playlist_by_id",
            "Get playlist",
            Effect::Read,
            get_playlist,
        )
        .toolset("playlists"),
        tool(
            "spotify_get_user_owned_playlists",
            "List a user's playlists",
            Effect::Read,
            user_playlists,
        )
        .toolset("playlists"),
        tool(
            "spotify_update_playlist_details",
            "Update playlist details",
            Effect::IdempotentWrite,
            update_playlist,
        )
        .toolset("playlists"),
        tool(
            "spotify_follow_playlist",
            "Follow playlist",
            Effect::IdempotentWrite,
            follow,
        )
        .toolset("playlists"),
        tool(
            "spotify_unfollow_playlist",
            "Unfollow playlist",
            Effect::Destructive,
            unfollow,
        )
        .toolset("playlists"),
        tool(
            "spotify_add_items_to_playlist",
            "Add items to playlist",
            Effect::Write,
            add_items,
        )
        .toolset("playlists"),
        tool(
            "spotify_remove_items_from_playlist",
            "Remove items from playlist",
            Effect::Destructive,
            remove_items,
        )
        .toolset("playlists"),
        tool(
            "spotify_get_current_user_playlists",
            "List my playlists",
            Effect::Read,
            my_playlists,
        )
        .toolset("playlists"),
        tool(
            "spotify_get_playlist_items",
            "List playlist items",
            Effect::Read,
            playlist_items,
        )
        .toolset("playlists"),
        tool(
            "spotify_create_playlist",
            "Create playlist",
            Effect::Write,
            create_playlist,
        )
        .toolset("playlists"),
    ]
}

/// A track or episode URI for a playlist: a spotify:track:/spotify:episode: URI, an
/// open.spotify.com link, or a bare track id.
fn item_uri(raw: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    for kind in [Kind::Track, Kind::Episode] {
        let k = kind.name();
        if s.starts_with(&format!("spotify:{k}:")) || s.contains(&format!("open.spotify.com/{k}/"))
        {
            return Ok(format!("spotify:{k}:{}", api::id_of(s, kind, "uris")?));
        }
    }
    if s.starts_with("spotify:") || s.contains('/') {
        return Err(ToolError::invalid_input(format!(
            "`uris`: `{}` is not a track or episode URI (playlists hold only tracks and episodes)",
            ellipsis(s, 60)
        )));
    }
    Ok(format!(
        "spotify:track:{}",
        api::id_of(s, Kind::Track, "uris")?
    ))
}

fn item_uris(list: &[String]) -> Result<Vec<String>, ToolError> {
    if list.is_empty() || list.len() > 100 {
        return Err(ToolError::invalid_input(format!(
            "`uris` must name 1 to 100 items (got {})",
            list.len()
        )));
    }
    list.iter().map(|s| item_uri(s)).collect()
}

/// Get a playlist: name, owner, description, visibility, item count, snapshot id, and its
/// first page of items. Spotify returns items only for playlists the user owns or
/// collaborates on; page further with spotify_get_playlist_items.
#[derive(Deserialize, JsonSchema)]
pub struct GetPlaylist {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    /// ISO country code
    market: Option<String>,
}

async fn get_playlist(ctx: Ctx, a: GetPlaylist) -> Result<Value, ToolError> {
    let id = api::id_of(&a.playlist_id, Kind::Playlist, "playlist_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/playlists/{}", seg(&id)))?
        .query_opt("market", api::market(&a.market, "market")?)
        .query("additional_types", "track,episode")
        .send_json()
        .await?;
    let mut out = api::playlist(&v);
    let items = v.get("items").filter(|p| p.get("items").is_some());
    if let (Some(p), Some(m)) = (items, out.as_object_mut()) {
        let first = page(p, api::playlist_entry);
        m.insert("items".into(), first["items"].clone());
        m.insert("items_next_offset".into(), first["next_offset"].clone());
    }
    Ok(out)
}

/// List the tracks and episodes of a playlist the user owns or collaborates on (others
/// answer 403 since 2026). Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct PlaylistItems {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    offset: Option<Count>,
    /// ISO country code
    market: Option<String>,
}

async fn playlist_items(ctx: Ctx, a: PlaylistItems) -> Result<Value, ToolError> {
    let id = api::id_of(&a.playlist_id, Kind::Playlist, "playlist_id")?;
    let v: Value = list(&ctx, &format!("/playlists/{}/items", seg(&id)), a.limit, a.offset, 50)?
        .query_opt("market", api::market(&a.market, "market")?)
        .query("additional_types", "track,episode")
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(403) => e.with_hint(
                "since 2026 Spotify lists the items only of playlists the user owns or collaborates on.",
            ),
            _ => e,
        })?;
    Ok(page(&v, api::playlist_entry))
}

/// List another user's public playlists. Spotify removed this endpoint for
/// development-mode apps in February 2026 (they get an error saying so); for the current
/// user use spotify_get_current_user_playlists. Returns `items`, `total`, `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct UserPlaylists {
    /// Spotify user id
    user_id: String,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn user_playlists(ctx: Ctx, a: UserPlaylists) -> Result<Value, ToolError> {
    let id = api::id_of(&a.user_id, Kind::User, "user_id")?;
    let v: Value = list(&ctx, &format!("/users/{}/playlists", seg(&id)), a.limit, a.offset, 50)?
        .send_json()
        .await
        .map_err(|e| {
            api::removed(
                e,
                "GET /users/{id}/playlists",
                "Use spotify_get_current_user_playlists for the current user's own and followed playlists.",
            )
        })?;
    Ok(page(&v, api::playlist))
}

/// List the playlists the user owns or follows. Returns `items`, `total` and `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct MyPlaylists {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn my_playlists(ctx: Ctx, a: MyPlaylists) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/me/playlists", a.limit, a.offset, 50)?
        .send_json()
        .await?;
    Ok(page(&v, api::playlist))
}

/// Change a playlist's name, visibility or description (the user must own it). Give at
/// least one of them.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePlaylist {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    name: Option<String>,
    /// true: public on the user's profile; false: private
    public: Option<bool>,
    description: Option<String>,
}

async fn update_playlist(ctx: Ctx, a: UpdatePlaylist) -> Result<Value, ToolError> {
    let id = api::id_of(&a.playlist_id, Kind::Playlist, "playlist_id")?;
    let mut body = Map::new();
    if let Some(n) = &a.name {
        body.insert("name".into(), json!(non_empty(n, "name")?));
    }
    insert_opt(&mut body, "public", a.public);
    insert_opt(&mut body, "description", a.description.as_deref());
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one of `name`, `public` or `description` to change",
        ));
    }
    let changed: Vec<String> = body.keys().cloned().collect();
    let _: Value = ctx
        .authorized(Method::PUT, &format!("/playlists/{}", seg(&id)))?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({ "playlist_id": id, "updated": changed }))
}

/// Follow a playlist (save it to the user's library). Spotify's library endpoint has no
/// public/private choice: `public` is accepted for compatibility and not sent.
#[derive(Deserialize, JsonSchema)]
pub struct Follow {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    /// Ignored since 2026 (see the description)
    public: Option<bool>,
}

async fn follow(ctx: Ctx, a: Follow) -> Result<Value, ToolError> {
    let ids = [a.playlist_id];
    let mut out = library_change(&ctx, Method::PUT, Kind::Playlist, &ids, "playlist_id").await?;
    if a.public.is_some()
        && let Some(m) = out.as_object_mut()
    {
        m.insert(
            "note".into(),
            json!("`public` was not applied: PUT /me/library, which replaced PUT /playlists/{id}/followers in 2026, has no public/private option"),
        );
    }
    Ok(out)
}

/// Unfollow a playlist (remove it from the user's library). For a playlist the user owns
/// this is how Spotify deletes it.
#[derive(Deserialize, JsonSchema)]
pub struct Unfollow {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
}

async fn unfollow(ctx: Ctx, a: Unfollow) -> Result<Value, ToolError> {
    let ids = [a.playlist_id];
    library_change(&ctx, Method::DELETE, Kind::Playlist, &ids, "playlist_id").await
}

/// Add tracks or episodes to a playlist the user owns or collaborates on, at `position`
/// (0-based; appended when absent). Returns the new `snapshot_id`.
#[derive(Deserialize, JsonSchema)]
pub struct AddItems {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    /// spotify:track:/spotify:episode: URIs (or track ids), at most 100
    uris: Vec<String>,
    position: Option<Count>,
}

async fn add_items(ctx: Ctx, a: AddItems) -> Result<Value, ToolError> {
    let id = api::id_of(&a.playlist_id, Kind::Playlist, "playlist_id")?;
    let uris = item_uris(&a.uris)?;
    let mut body = Map::new();
    body.insert("uris".into(), json!(uris));
    insert_opt(&mut body, "position", a.position.map(Count::get));
    let v: Value = ctx
        .authorized(Method::POST, &format!("/playlists/{}/items", seg(&id)))?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    Ok(json!({ "snapshot_id": v.get("snapshot_id"), "added": uris.len() }))
}

/// Remove every occurrence of these tracks or episodes from a playlist. Returns the new
/// `snapshot_id`.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveItems {
    /// Playlist id or spotify:playlist: URI
    playlist_id: String,
    /// spotify:track:/spotify:episode: URIs (or track ids), at most 100
    uris: Vec<String>,
}

async fn remove_items(ctx: Ctx, a: RemoveItems) -> Result<Value, ToolError> {
    let id = api::id_of(&a.playlist_id, Kind::Playlist, "playlist_id")?;
    let uris = item_uris(&a.uris)?;
    let items: Vec<Value> = uris.iter().map(|u| json!({ "uri": u })).collect();
    let v: Value = ctx
        .authorized(Method::DELETE, &format!("/playlists/{}/items", seg(&id)))?
        .json(&json!({ "items": items }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({ "snapshot_id": v.get("snapshot_id"), "removed": uris.len() }))
}

/// Create an empty playlist for the current user (`POST /me/playlists`). Returns its id,
/// URI and link.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePlaylist {
    name: String,
    /// Default true; false makes it private
    public: Option<bool>,
    /// Needs `public` false
    collaborative: Option<bool>,
    description: Option<String>,
}

async fn create_playlist(ctx: Ctx, a: CreatePlaylist) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut body, "public", a.public);
    insert_opt(&mut body, "collaborative", a.collaborative);
    insert_opt(&mut body, "description", api::opt(&a.description));
    if a.collaborative == Some(true) && a.public != Some(false) {
        return Err(ToolError::invalid_input(
            "a collaborative playlist must be private: set `public` to false",
        ));
    }
    let v: Value = ctx
        .authorized(Method::POST, "/me/playlists")?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    Ok(api::playlist(&v))
}
