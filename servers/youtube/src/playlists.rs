//! Playlists: list (a channel's or the user's), items, create, add a video.

use mcp_shared::json::{at, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{
    PLAYLIST_ITEMS_INSERT, PLAYLIST_ITEMS_LIST, PLAYLISTS_INSERT, PLAYLISTS_LIST, cursor, data,
    id_arg, items, max_results, next_token, page, playlist_item, playlist_items, send, video_id,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "youtube_list_playlists",
            "List playlists",
            Effect::Read,
            list_playlists,
        )
        .toolset("playlists"),
        tool(
            "youtube_get_playlist_items",
            "List playlist items",
            Effect::Read,
            get_playlist_items,
        )
        .toolset("playlists"),
        tool(
            "youtube_create_playlist",
            "Create playlist",
            Effect::Write,
            create_playlist,
        )
        .toolset("playlists"),
        tool(
            "youtube_add_video_to_playlist",
            "Add video to playlist",
            Effect::Write,
            add_video_to_playlist,
        )
        .toolset("playlists"),
    ]
}

fn playlist_url(id: &str) -> String {
    format!("https://www.youtube.com/playlist?list={id}")
}

fn playlist(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "title=snippet.title",
            "description=snippet.description",
            "publishedAt=snippet.publishedAt",
            "itemCount=contentDetails.itemCount",
            "privacyStatus=status.privacyStatus",
            "thumbnailUrl=snippet.thumbnails.medium.url",
        ],
    );
    if let Some(id) = at(v, "id").and_then(Value::as_str) {
        o["url"] = json!(playlist_url(id));
    }
    o
}

/// List the playlists of a channel, or the user's own (`mine`, or no channel_id). Quota: 1
/// unit.
#[derive(Deserialize, JsonSchema)]
pub struct ListPlaylists {
    /// Channel id (UC...); ignored when mine is true
    channel_id: Option<String>,
    #[schemars(extend("default" = false))]
    mine: Option<bool>,
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn list_playlists(ctx: Ctx, a: ListPlaylists) -> Result<Value, ToolError> {
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let channel = a
        .channel_id
        .as_deref()
        .filter(|c| !c.trim().is_empty() && a.mine != Some(true))
        .map(|c| id_arg(c, "channel_id"))
        .transpose()?;
    let req = data(&ctx, Method::GET, "/playlists")?
        .query("part", "snippet,contentDetails,status")
        .query("maxResults", n)
        .query_opt("pageToken", cursor(a.cursor.as_deref()));
    let req = match channel {
        Some(c) => req.query("channelId", c),
        None => req.query("mine", "true"),
    };
    let v = send(PLAYLISTS_LIST, req).await?;
    Ok(page("playlists", items(&v, playlist), next_token(&v)))
}

/// List the videos of a playlist in playlist order: item id, video id, title, position.
/// Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetPlaylistItems {
    /// Playlist id (PL...)
    playlist_id: String,
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn get_playlist_items(ctx: Ctx, a: GetPlaylistItems) -> Result<Value, ToolError> {
    let id = id_arg(&a.playlist_id, "playlist_id")?;
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let v = send(
        PLAYLIST_ITEMS_LIST,
        playlist_items(&ctx, &id, "snippet,contentDetails", n, a.cursor.as_deref())?,
    )
    .await?;
    let mut out = page("items", items(&v, playlist_item), next_token(&v));
    out["playlist_id"] = json!(id);
    Ok(out)
}

// Who can see a playlist.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum Privacy {
    Public,
    #[default]
    Private,
    Unlisted,
}

/// Create a playlist on the user's channel. Quota: 50 units.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePlaylist {
    title: String,
    #[schemars(extend("default" = ""))]
    description: Option<String>,
    #[schemars(extend("default" = "private"))]
    privacy_status: Option<Privacy>,
}

async fn create_playlist(ctx: Ctx, a: CreatePlaylist) -> Result<Value, ToolError> {
    let title = non_empty(&a.title, "title")?;
    let privacy = mcp_shared::json::enum_str(&a.privacy_status.unwrap_or_default());
    let mut snippet = Map::new();
    snippet.insert("title".into(), json!(title));
    if let Some(d) = a.description.as_deref().filter(|d| !d.is_empty()) {
        snippet.insert("description".into(), json!(d));
    }
    let body = json!({ "snippet": snippet, "status": { "privacyStatus": privacy } });
    let v = send(
        PLAYLISTS_INSERT,
        data(&ctx, Method::POST, "/playlists")?
            .query("part", "snippet,status")
            .json(&body),
    )
    .await?;
    let id = at(&v, "id").and_then(Value::as_str).unwrap_or_default();
    Ok(json!({
        "success": true,
        "playlist_id": id,
        "title": at(&v, "snippet.title").cloned().unwrap_or(json!(title)),
        "description": at(&v, "snippet.description").cloned().unwrap_or(json!("")),
        "privacy_status": at(&v, "status.privacyStatus").cloned().unwrap_or(json!(privacy)),
        "url": playlist_url(id),
    }))
}

/// Add a video to one of the user's playlists, at the end or at `position`. Quota: 50
/// units.
#[derive(Deserialize, JsonSchema)]
pub struct AddVideoToPlaylist {
    /// Playlist id (PL...)
    playlist_id: String,
    /// Video id or URL
    video_id: String,
    /// 0-based place in the playlist (default: the end)
    position: Option<Count>,
}

async fn add_video_to_playlist(ctx: Ctx, a: AddVideoToPlaylist) -> Result<Value, ToolError> {
    let playlist = id_arg(&a.playlist_id, "playlist_id")?;
    let video = video_id(&a.video_id, "video_id")?;
    let mut snippet = json!({
        "playlistId": playlist,
        "resourceId": { "kind": "youtube#video", "videoId": video },
    });
    if let Some(p) = a.position {
        if p.get() > 1_000_000 {
            return Err(ToolError::invalid_input(format!(
                "`position` {} is beyond any playlist: give a 0-based place, or leave it out to add at the end",
                p.get()
            )));
        }
        snippet["position"] = json!(p.get());
    }
    let v = send(
        PLAYLIST_ITEMS_INSERT,
        data(&ctx, Method::POST, "/playlistItems")?
            .query("part", "snippet")
            .json(&json!({ "snippet": snippet })),
    )
    .await?;
    Ok(json!({
        "success": true,
        "playlist_item_id": at(&v, "id").cloned().unwrap_or(Value::Null),
        "playlist_id": playlist,
        "video_id": video,
        "position": at(&v, "snippet.position").cloned().unwrap_or(Value::Null),
    }))
}
