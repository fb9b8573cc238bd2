//! Channels: the user's channel, uploads and subscriptions, a channel's videos, channel
//! search, recent uploads of subscribed channels. A channel's videos are read from its
//! uploads playlist (channels.list, playlistItems.list, videos.list: 3 units) rather than
//! search.list (100 units).

use futures::StreamExt as _;
use mcp_shared::json::{at, pick};
use mcp_shared::{Count, Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    CHANNELS_LIST, PLAYLIST_ITEMS_LIST, SEARCH_LIST, SUBSCRIPTIONS_LIST, channel, cursor, data,
    days_ago, id_arg, item_strings, items, max_results, next_token, page, playlist_items, search,
    send, videos_by_id,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "youtube_get_my_channel",
            "Get my channel",
            Effect::Read,
            get_my_channel,
        )
        .toolset("channels"),
        tool(
            "youtube_get_my_videos",
            "List my uploads",
            Effect::Read,
            get_my_videos,
        )
        .toolset("channels"),
        tool(
            "youtube_get_channel_videos",
            "List channel videos",
            Effect::Read,
            get_channel_videos,
        )
        .toolset("channels"),
        tool(
            "youtube_search_channels",
            "Search channels",
            Effect::Read,
            search_channels,
        )
        .toolset("channels"),
        tool(
            "youtube_get_subscriptions",
            "List subscriptions",
            Effect::Read,
            get_subscriptions,
        )
        .toolset("channels"),
        tool(
            "youtube_get_recent_uploads",
            "Recent uploads of subscriptions",
            Effect::Read,
            get_recent_uploads,
        )
        .toolset("channels"),
    ]
}

fn no_channel(which: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Upstream,
        format!("YouTube has no channel {which}."),
    )
}

/// The user's channel (channels.list mine=true) with these parts.
async fn my_channel(ctx: &Ctx, part: &str) -> Result<Value, ToolError> {
    let v = send(
        CHANNELS_LIST,
        data(ctx, Method::GET, "/channels")?
            .query("part", part)
            .query("mine", "true"),
    )
    .await?;
    v.pointer("/items/0").cloned().ok_or_else(|| {
        no_channel("for this Google account").with_hint(
            "the account has not created a YouTube channel; create one on youtube.com, or sign in with the account that owns it.",
        )
    })
}

/// Get the user's channel: title, description, handle, subscribers, views, video count and
/// uploads playlist id. Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetMyChannel {}

async fn get_my_channel(ctx: Ctx, _a: GetMyChannel) -> Result<Value, ToolError> {
    let c = my_channel(&ctx, "snippet,contentDetails,statistics").await?;
    Ok(channel(&c, true))
}

/// A page of an uploads playlist, as videos with statistics.
async fn uploads(
    ctx: &Ctx,
    playlist: &str,
    n: u64,
    cur: Option<&str>,
) -> Result<(Vec<Value>, Value), ToolError> {
    let v = send(
        PLAYLIST_ITEMS_LIST,
        playlist_items(ctx, playlist, "contentDetails", n, cur)?,
    )
    .await?;
    let ids = item_strings(&v, "contentDetails.videoId");
    Ok((videos_by_id(ctx, &ids).await?, next_token(&v)))
}

/// The id of a channel's uploads playlist (`contentDetails.relatedPlaylists.uploads`).
pub(crate) fn uploads_id(c: &Value) -> Result<String, ToolError> {
    at(c, "contentDetails.relatedPlaylists.uploads")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("YouTube returned the channel without its uploads playlist")
        })
}

/// List the user's uploaded videos, newest first, with views and likes. Quota: 3 units.
#[derive(Deserialize, JsonSchema)]
pub struct GetMyVideos {
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn get_my_videos(ctx: Ctx, a: GetMyVideos) -> Result<Value, ToolError> {
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let c = my_channel(&ctx, "contentDetails").await?;
    let (videos, next) = uploads(&ctx, &uploads_id(&c)?, n, a.cursor.as_deref()).await?;
    Ok(page("videos", videos, next))
}

/// List a channel's videos, newest first, with views and likes. Quota: 3 units.
#[derive(Deserialize, JsonSchema)]
pub struct GetChannelVideos {
    /// Channel id (UC...) or handle (@name)
    channel_id: String,
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

/// channels.list of one channel by id (`UC...`) or handle (`@name`, sent as `forHandle`),
/// with these parts; `what` names the argument in errors. A clear error when YouTube has none.
pub(crate) async fn channel_by_id(
    ctx: &Ctx,
    raw: &str,
    part: &str,
    what: &str,
) -> Result<Value, ToolError> {
    let raw = non_empty(raw, what)?;
    let req = data(ctx, Method::GET, "/channels")?.query("part", part);
    let req = match raw.strip_prefix('@') {
        Some(h) => req.query("forHandle", format!("@{}", id_arg(h, what)?)),
        None => req.query("id", id_arg(raw, what)?),
    };
    let v = send(CHANNELS_LIST, req).await?;
    v.pointer("/items/0").cloned().ok_or_else(|| {
        no_channel(&format!("{raw:?}")).with_hint("check the channel id (UC...) or handle (@name).")
    })
}

async fn get_channel_videos(ctx: Ctx, a: GetChannelVideos) -> Result<Value, ToolError> {
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let c = &channel_by_id(&ctx, &a.channel_id, "snippet,contentDetails", "channel_id").await?;
    let (videos, next) = uploads(&ctx, &uploads_id(c)?, n, a.cursor.as_deref()).await?;
    let mut out = page("videos", videos, next);
    out["channelId"] = at(c, "id").cloned().unwrap_or(Value::Null);
    out["channelTitle"] = at(c, "snippet.title").cloned().unwrap_or(Value::Null);
    Ok(out)
}

/// Search channels by name or keywords: title, handle, subscribers, videos. Quota: 101
/// units (search.list 100, channels.list 1).
#[derive(Deserialize, JsonSchema)]
pub struct SearchChannels {
    query: String,
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn search_channels(ctx: Ctx, a: SearchChannels) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let n = max_results(a.max_results.map(Count::get), 10)?;
    let v = send(
        SEARCH_LIST,
        search(&ctx, q, "channel", n)?.query_opt("pageToken", cursor(a.cursor.as_deref())),
    )
    .await?;
    let ids = item_strings(&v, "id.channelId");
    let mut list = Vec::new();
    if !ids.is_empty() {
        let c = send(
            CHANNELS_LIST,
            data(&ctx, Method::GET, "/channels")?
                .query("part", "snippet,statistics")
                .query("id", ids.join(","))
                .query("maxResults", ids.len()),
        )
        .await?;
        let found = items(&c, |i| channel(i, false));
        // In the search's order.
        for id in &ids {
            if let Some(ch) = found.iter().find(|c| c["channelId"] == id.as_str()) {
                list.push(ch.clone());
            }
        }
    }
    let mut out = page("channels", list, next_token(&v));
    out["query"] = json!(q);
    Ok(out)
}

fn subscription(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "subscriptionId=id",
            "channelId=snippet.resourceId.channelId",
            "channelTitle=snippet.title",
            "totalItemCount=contentDetails.totalItemCount",
            "newItemCount=contentDetails.newItemCount",
        ],
    );
    if let Some(d) = at(v, "snippet.description").and_then(Value::as_str) {
        o["description"] = json!(mcp_shared::text::ellipsis(d, 200));
    }
    if let Some(id) = at(v, "snippet.resourceId.channelId").and_then(Value::as_str) {
        o["channelUrl"] = json!(format!("https://www.youtube.com/channel/{id}"));
    }
    o
}

/// List the channels the user subscribes to. Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetSubscriptions {
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn get_subscriptions(ctx: Ctx, a: GetSubscriptions) -> Result<Value, ToolError> {
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let v = send(
        SUBSCRIPTIONS_LIST,
        data(&ctx, Method::GET, "/subscriptions")?
            .query("part", "snippet,contentDetails")
            .query("mine", "true")
            .query("maxResults", n)
            .query_opt("pageToken", cursor(a.cursor.as_deref())),
    )
    .await?;
    Ok(page(
        "subscriptions",
        items(&v, subscription),
        next_token(&v),
    ))
}

/// Videos uploaded in the last `days` days by the first 50 channels the user subscribes
/// to, newest first. Quota: 2 units + 1 per channel (at most 52).
#[derive(Deserialize, JsonSchema)]
pub struct GetRecentUploads {
    #[schemars(extend("default" = 14, "minimum" = 1, "maximum" = 3650))]
    days: Option<Count>,
    #[schemars(extend("default" = 25, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Count>,
}

/// Newest uploads looked at per channel.
const PER_CHANNEL: u64 = 10;

async fn get_recent_uploads(ctx: Ctx, a: GetRecentUploads) -> Result<Value, ToolError> {
    let days = a.days.map_or(14, Count::get);
    if !(1..=3650).contains(&days) {
        return Err(ToolError::invalid_input(format!(
            "`days` must be between 1 and 3650 (got {days})"
        )));
    }
    let n = max_results(a.max_results.map(Count::get), 25)?;
    let since = days_ago(days);
    let subs = send(
        SUBSCRIPTIONS_LIST,
        data(&ctx, Method::GET, "/subscriptions")?
            .query("part", "snippet")
            .query("mine", "true")
            .query("maxResults", 50),
    )
    .await?;
    let channel_ids = item_strings(&subs, "snippet.resourceId.channelId");
    let mut playlists = Vec::new();
    if !channel_ids.is_empty() {
        let c = send(
            CHANNELS_LIST,
            data(&ctx, Method::GET, "/channels")?
                .query("part", "contentDetails")
                .query("id", channel_ids.join(","))
                .query("maxResults", channel_ids.len()),
        )
        .await?;
        playlists = item_strings(&c, "contentDetails.relatedPlaylists.uploads");
    }
    let reqs = playlists
        .iter()
        .map(|p| playlist_items(&ctx, p, "snippet,contentDetails", PER_CHANNEL, None))
        .collect::<Result<Vec<_>, ToolError>>()?;
    let pages: Vec<Result<Value, ToolError>> = futures::stream::iter(reqs)
        .map(|r| send(PLAYLIST_ITEMS_LIST, r))
        .buffered(4)
        .collect()
        .await;
    let mut videos = Vec::new();
    for p in pages {
        let v = match p {
            Ok(v) => v,
            // A channel without uploads has no uploads playlist to read.
            Err(e) if e.status == Some(404) => continue,
            Err(e) => return Err(e),
        };
        for i in v
            .get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let published = at(i, "contentDetails.videoPublishedAt")
                .and_then(Value::as_str)
                .unwrap_or("");
            if published.is_empty() || !is_after(published, &since) {
                continue;
            }
            let mut o = pick(
                i,
                &[
                    "id=contentDetails.videoId",
                    "title=snippet.title",
                    "channelTitle=snippet.videoOwnerChannelTitle",
                    "channelId=snippet.videoOwnerChannelId",
                    "publishedAt=contentDetails.videoPublishedAt",
                    "thumbnailUrl=snippet.thumbnails.medium.url",
                ],
            );
            if let Some(id) = at(i, "contentDetails.videoId").and_then(Value::as_str) {
                o["url"] = json!(format!("https://www.youtube.com/watch?v={id}"));
            }
            videos.push(o);
        }
    }
    videos.sort_by(|x, y| {
        let t = |v: &Value| v["publishedAt"].as_str().unwrap_or("").to_owned();
        t(y).cmp(&t(x))
    });
    videos.truncate(usize::try_from(n).unwrap_or(50));
    let mut out = json!({
        "days": days,
        "since": since,
        "total_count": videos.len(),
        "videos": videos,
        "channels_checked": playlists.len(),
    });
    if !next_token(&subs).is_null() {
        out["note"] = json!("only the first 50 subscriptions were checked");
    }
    Ok(out)
}

/// `t` (RFC 3339) is at or after `since` (RFC 3339).
fn is_after(t: &str, since: &str) -> bool {
    match (
        chrono::DateTime::parse_from_rfc3339(t),
        chrono::DateTime::parse_from_rfc3339(since),
    ) {
        (Ok(t), Ok(s)) => t >= s,
        _ => false,
    }
}
