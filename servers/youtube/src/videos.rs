//! Videos: search (search.list + videos.list), details, the user's liked videos, rating.

use mcp_shared::{Count, Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{
    SEARCH_LIST, VIDEO_PARTS, VIDEOS_LIST, VIDEOS_RATE, cursor, data, id_arg, item_strings, items,
    max_results, next_token, search, send, send_raw, time_bound, video, video_id, videos_by_id,
    videos_raw,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "youtube_search_videos",
            "Search videos",
            Effect::Read,
            search_videos,
        )
        .toolset("videos"),
        tool(
            "youtube_get_video_details",
            "Get video details",
            Effect::Read,
            get_video_details,
        )
        .toolset("videos"),
        tool(
            "youtube_get_liked_videos",
            "List liked videos",
            Effect::Read,
            get_liked_videos,
        )
        .toolset("videos"),
        tool(
            "youtube_rate_video",
            "Rate video",
            Effect::IdempotentWrite,
            rate_video,
        )
        .toolset("videos"),
    ]
}

// Search order.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "camelCase")]
pub enum Order {
    #[default]
    Relevance,
    Date,
    ViewCount,
    Rating,
}

/// Search YouTube videos, with views, likes and duration. Quota: 101 units (search.list 100,
/// videos.list 1).
#[derive(Deserialize, JsonSchema)]
pub struct SearchVideos {
    query: String,
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    /// Only videos of this channel (UC... id)
    channel_id: Option<String>,
    /// RFC 3339 time or date
    published_after: Option<String>,
    /// RFC 3339 time or date
    published_before: Option<String>,
    #[schemars(extend("default" = "relevance"))]
    order: Option<Order>,
    /// next_cursor of the previous page
    cursor: Option<String>,
}

async fn search_videos(ctx: Ctx, a: SearchVideos) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let n = max_results(a.max_results.map(Count::get), 10)?;
    let channel = a
        .channel_id
        .as_deref()
        .filter(|c| !c.trim().is_empty())
        .map(|c| id_arg(c, "channel_id"))
        .transpose()?;
    let after = a
        .published_after
        .as_deref()
        .map(|t| time_bound(t, "published_after"))
        .transpose()?;
    let before = a
        .published_before
        .as_deref()
        .map(|t| time_bound(t, "published_before"))
        .transpose()?;
    let order = mcp_shared::json::enum_str(&a.order.unwrap_or_default());
    let v = send(
        SEARCH_LIST,
        search(&ctx, q, "video", n)?
            .query("order", order)
            .query_opt("channelId", channel)
            .query_opt("publishedAfter", after)
            .query_opt("publishedBefore", before)
            .query_opt("pageToken", cursor(a.cursor.as_deref())),
    )
    .await?;
    let ids = item_strings(&v, "id.videoId");
    let videos = videos_by_id(&ctx, &ids).await?;
    Ok(json!({
        "query": q,
        "total_count": videos.len(),
        "videos": videos,
        "next_cursor": next_token(&v),
    }))
}

/// Get a video: title, full description, tags, channel, duration (ISO 8601), views, likes,
/// comments. Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetVideoDetails {
    /// Video id or URL
    video_id: String,
}

async fn get_video_details(ctx: Ctx, a: GetVideoDetails) -> Result<Value, ToolError> {
    let id = video_id(&a.video_id, "video_id")?;
    let found = videos_raw(&ctx, std::slice::from_ref(&id), VIDEO_PARTS).await?;
    found
        .first()
        .map(|i| video(i, true))
        .ok_or_else(|| no_video(&id))
}

/// YouTube answered a videos.list by id without the video.
pub(crate) fn no_video(id: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Upstream,
        format!(
            "YouTube has no video {id}: it does not exist, was removed, or is private to another account."
        ),
    )
}

/// List the videos the user liked, newest like first. Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetLikedVideos {
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn get_liked_videos(ctx: Ctx, a: GetLikedVideos) -> Result<Value, ToolError> {
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let v = send(
        VIDEOS_LIST,
        data(&ctx, Method::GET, "/videos")?
            .query("part", VIDEO_PARTS)
            .query("myRating", "like")
            .query("maxResults", n)
            .query_opt("pageToken", cursor(a.cursor.as_deref())),
    )
    .await?;
    let list = items(&v, |i| video(i, false));
    Ok(crate::api::page("liked_videos", list, next_token(&v)))
}

// A rating.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Rating {
    Like,
    Dislike,
    None,
}

/// Like or dislike a video as the user, or remove the rating (`none`). Quota: 50 units.
#[derive(Deserialize, JsonSchema)]
pub struct RateVideo {
    /// Video id or URL
    video_id: String,
    rating: Rating,
}

async fn rate_video(ctx: Ctx, a: RateVideo) -> Result<Value, ToolError> {
    let id = video_id(&a.video_id, "video_id")?;
    let rating = mcp_shared::json::enum_str(&a.rating);
    send_raw(
        VIDEOS_RATE,
        data(&ctx, Method::POST, "/videos/rate")?
            .query("id", &id)
            .query("rating", &rating)
            .idempotent(true),
    )
    .await?;
    Ok(json!({ "success": true, "video_id": id, "rating": rating }))
}
