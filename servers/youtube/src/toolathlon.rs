//! The `toolathlon` profile (Klavis's `youtube_toolathlon`, ZubeidHendricks's
//! `zubeid-youtube-mcp-server` 1.0.0 with an API key): nine tools with that server's names and
//! parameters, answering with YouTube's own resources (thumbnails left out) as it does. They
//! use the crate's Data API requests (`api`, `channels`); `transcripts_getTranscript` reads a
//! public video's captions from YouTube's web endpoints through `mcp-vendor-youtube`, as the
//! variant does, and only in this profile; `channels_listVideos` keeps a list session
//! (`lists`).

use mcp_shared::json::at;
use mcp_shared::{
    Ctx, Effect, ErrorKind, Int, Method, Profile, ToolDef, ToolError, non_empty, tool,
};
use mcp_vendor_youtube::Web;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{
    PLAYLIST_ITEMS_LIST, PLAYLISTS_LIST, SEARCH_LIST, VIDEO_PARTS, data, id_arg, item_strings,
    page_size, playlist_items, search, send, video_id, videos_raw, without_thumbnails,
};
use crate::channels::{channel_by_id, uploads_id};
use crate::lists::{Lists, Owner};
use crate::videos::no_video;

/// The server's state: the list sessions of this profile.
pub fn make_state(_: &mcp_shared::Settings) -> Result<mcp_shared::State, String> {
    Ok(std::sync::Arc::new(Lists::<VideoList>::new(
        crate::lists::MAX_LISTS,
        crate::lists::MAX_PER_CALLER,
        crate::lists::TTL,
    )))
}

/// The server option with the default language of `transcripts_getTranscript`.
pub const TRANSCRIPT_LANG: &str = "public-transcript-language";

pub fn tools() -> Vec<ToolDef> {
    let only = |t: ToolDef, toolset| t.toolset(toolset).only_in(&[Profile::Toolathlon]);
    vec![
        only(
            tool("videos_getVideo", "Get video", Effect::Read, get_video),
            "videos",
        ),
        only(
            tool(
                "videos_searchVideos",
                "Search videos",
                Effect::Read,
                search_videos,
            ),
            "videos",
        ),
        only(
            tool(
                "transcripts_getTranscript",
                "Get video transcript",
                Effect::Read,
                get_transcript,
            ),
            "transcripts",
        ),
        only(
            tool(
                "channels_getChannel",
                "Get channel",
                Effect::Read,
                get_channel,
            ),
            "channels",
        ),
        only(
            tool(
                "channels_listVideos",
                "List channel videos",
                Effect::Read,
                list_videos,
            ),
            "channels",
        ),
        only(
            tool(
                "channels_navigateList",
                "Page a channel video list",
                Effect::Read,
                navigate_list,
            ),
            "channels",
        ),
        only(
            tool(
                "playlists_getPlaylist",
                "Get playlist",
                Effect::Read,
                get_playlist,
            ),
            "playlists",
        ),
        only(
            tool(
                "playlists_getPlaylistItems",
                "List playlist items",
                Effect::Read,
                get_playlist_items,
            ),
            "playlists",
        ),
        only(
            tool(
                "playlists_searchPlaylists",
                "Search playlists",
                Effect::Read,
                search_playlists,
            ),
            "playlists",
        ),
    ]
}

// ---- videos

/// Get a video as YouTube's Data API describes it (videos.list, thumbnails left out): by
/// default its snippet, contentDetails and statistics. Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetVideo {
    /// The YouTube video ID (or a video URL)
    #[serde(rename = "videoId")]
    video_id: String,
    /// Parts of the video to retrieve (videos.list `part`: snippet, contentDetails,
    /// statistics, status, topicDetails, player, recordingDetails, localizations...)
    parts: Option<Vec<String>>,
}

/// The `part` of a videos.list: the given part names, or the lists' default.
fn parts(given: Option<&[String]>) -> Result<String, ToolError> {
    let mut out: Vec<&str> = Vec::new();
    for p in given.into_iter().flatten().flat_map(|p| p.split(',')) {
        let p = p.trim();
        if p.is_empty() || !p.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ToolError::invalid_input(format!(
                "`parts`: {p:?} is not a part name: give names such as snippet, contentDetails, statistics, status"
            )));
        }
        if !out.contains(&p) {
            out.push(p);
        }
    }
    Ok(if out.is_empty() {
        VIDEO_PARTS.to_owned()
    } else {
        out.join(",")
    })
}

async fn get_video(ctx: Ctx, a: GetVideo) -> Result<Value, ToolError> {
    let id = video_id(&a.video_id, "videoId")?;
    let part = parts(a.parts.as_deref())?;
    let found = videos_raw(&ctx, std::slice::from_ref(&id), &part).await?;
    found
        .into_iter()
        .next()
        .map(without_thumbnails)
        .ok_or_else(|| no_video(&id))
}

/// Search YouTube videos: a JSON array of video resources (snippet, contentDetails,
/// statistics; thumbnails left out) in the search's order. Quota: 101 units (search.list
/// 100, videos.list 1).
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Search query
    query: String,
    /// Maximum number of results to return
    #[serde(rename = "maxResults")]
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Int>,
}

async fn search_videos(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let n = page_size(a.max_results.map(Int::get), 10, "maxResults", "")?;
    let v = send(SEARCH_LIST, search(&ctx, q, "video", n)?).await?;
    let ids = item_strings(&v, "id.videoId");
    let videos = videos_raw(&ctx, &ids, VIDEO_PARTS).await?;
    Ok(without_thumbnails(Value::Array(videos)))
}

// ---- transcripts

/// Get a public video's transcript from its captions on youtube.com (not the Data API):
/// `{videoId, language, transcript: [{text, duration, offset, lang}]}`, times in seconds. The
/// caption track of `language` (made by hand before generated), else YouTube's translation
/// into it, else English. No quota.
#[derive(Deserialize, JsonSchema)]
pub struct GetTranscript {
    /// The YouTube video ID (or a video URL)
    #[serde(rename = "videoId")]
    video_id: String,
    /// Language code for the transcript (default: the server's YOUTUBE_TRANSCRIPT_LANG, else
    /// en); several may be given comma-separated, in order of preference
    language: Option<String>,
}

async fn get_transcript(ctx: Ctx, a: GetTranscript) -> Result<Value, ToolError> {
    let lang = a
        .language
        .as_deref()
        .filter(|l| !l.trim().is_empty())
        .or_else(|| ctx.option(TRANSCRIPT_LANG))
        .unwrap_or("en");
    let web = Web::api(&ctx, crate::WEB_API.name)?;
    let t = mcp_vendor_youtube::fetch_transcript(
        web,
        &a.video_id,
        &mcp_vendor_youtube::languages(lang),
    )
    .await?;
    let lines: Vec<Value> = t
        .snippets
        .iter()
        .map(|s| {
            json!({
                "text": s.text,
                "duration": s.duration,
                "offset": s.start,
                "lang": t.language_code,
            })
        })
        .collect();
    Ok(json!({
        "videoId": t.video_id,
        "language": t.language_code,
        "transcript": lines,
    }))
}

// ---- channels

/// Get a channel as YouTube's Data API describes it (channels.list: snippet, statistics,
/// contentDetails; thumbnails left out). Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetChannel {
    /// The YouTube channel ID (UC...) or handle (@name)
    #[serde(rename = "channelId")]
    channel_id: String,
}

async fn get_channel(ctx: Ctx, a: GetChannel) -> Result<Value, ToolError> {
    let c = channel_by_id(
        &ctx,
        &a.channel_id,
        "snippet,statistics,contentDetails",
        "channelId",
    )
    .await?;
    Ok(without_thumbnails(c))
}

// The order of a channel's video list.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    #[default]
    Newest,
    Oldest,
    Popular,
}

/// Start a list of a channel's uploaded videos in an order (creates a list session): page 1
/// of video resources (snippet, statistics, contentDetails), `listId`, `totalPages`,
/// `totalVideos`; read other pages with channels_navigateList. `newest` reads the uploads
/// playlist as far as the pages asked for; `oldest` and `popular` read it whole first (up to
/// the newest 1,000 uploads). Lists last an hour after their last use. Quota: 3 units for
/// newest; oldest 1 unit per 50 uploads, popular 2 per 50, then 1 a page.
#[derive(Deserialize, JsonSchema)]
pub struct ListVideos {
    /// The YouTube channel ID (UC...) or handle (@name)
    #[serde(rename = "channelId")]
    channel_id: String,
    /// Videos per page
    #[serde(rename = "maxResults")]
    #[schemars(extend("default" = 20, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Int>,
    /// Sort order for videos
    #[serde(rename = "sortOrder")]
    #[schemars(extend("default" = "newest"))]
    sort_order: Option<SortOrder>,
}

/// Go to a page of a list channels_listVideos made (1-based): the same shape as its answer.
/// Quota: 1 unit (newest, a page not read yet: 1 more per 50 videos skipped).
#[derive(Deserialize, JsonSchema)]
pub struct NavigateList {
    /// The list session ID from a previous channels_listVideos call
    #[serde(rename = "listId")]
    list_id: String,
    /// Page number to navigate to (1-based)
    #[schemars(extend("minimum" = 1))]
    page: Int,
}

/// Uploads read per playlistItems.list call (YouTube's page size limit).
const READ_PAGE: u64 = 50;
/// Most uploads a list holds.
const MAX_ITEMS: usize = 1000;
/// Most playlistItems.list calls one list makes (a playlist that pages on without items).
const MAX_READS: u32 = 40;

/// A channel's uploads in a list session.
pub struct VideoList {
    channel_id: String,
    channel_title: Value,
    uploads: String,
    sort: SortOrder,
    page_size: u64,
    /// Video ids in the list's order, as far as read.
    ids: Vec<String>,
    /// The uploads playlist's next page while it is read on (newest).
    next: Option<String>,
    reads: u32,
    /// Every upload the list will hold is read.
    complete: bool,
    /// The uploads YouTube counts for the channel's playlist.
    uploads_total: u64,
}

impl VideoList {
    /// Videos the list holds (YouTube's count until read to the end).
    fn total(&self) -> u64 {
        if self.complete {
            self.ids.len() as u64
        } else {
            self.uploads_total.min(MAX_ITEMS as u64)
        }
    }

    fn total_pages(&self) -> u64 {
        self.total().div_ceil(self.page_size).max(1)
    }

    /// Read the uploads playlist on until `want` ids are known, it ends, or the list is full.
    async fn read_until(&mut self, ctx: &Ctx, want: usize) -> Result<(), ToolError> {
        while !self.complete && self.ids.len() < want.min(MAX_ITEMS) {
            let read = send(
                PLAYLIST_ITEMS_LIST,
                playlist_items(
                    ctx,
                    &self.uploads,
                    "contentDetails",
                    READ_PAGE,
                    self.next.as_deref(),
                )?,
            )
            .await;
            let v = match read {
                Ok(v) => v,
                // A channel that never uploaded has no uploads playlist to read.
                Err(e) if e.status == Some(404) && self.reads == 0 => {
                    self.complete = true;
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            if self.reads == 0 {
                self.uploads_total = at(&v, "pageInfo.totalResults")
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
            }
            self.reads += 1;
            self.ids.extend(item_strings(&v, "contentDetails.videoId"));
            let next = v
                .get("nextPageToken")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
                .map(str::to_owned);
            // A repeated token would read the same page again.
            let repeated = next.is_some() && next == self.next;
            self.next = next;
            if self.next.is_none() || repeated || self.reads >= MAX_READS {
                self.complete = true;
            }
            if self.ids.len() >= MAX_ITEMS {
                self.ids.truncate(MAX_ITEMS);
                self.complete = true;
            }
        }
        Ok(())
    }

    /// Read the whole list and put it in its order (oldest, popular).
    async fn order(&mut self, ctx: &Ctx) -> Result<(), ToolError> {
        if self.sort == SortOrder::Newest {
            return Ok(());
        }
        self.read_until(ctx, MAX_ITEMS).await?;
        match self.sort {
            SortOrder::Newest => {}
            // The uploads playlist is newest first.
            SortOrder::Oldest => self.ids.reverse(),
            SortOrder::Popular => {
                let mut views: Map<String, Value> = Map::new();
                for chunk in self.ids.chunks(50) {
                    for v in videos_raw(ctx, chunk, "statistics").await? {
                        if let Some(id) = v.get("id").and_then(Value::as_str) {
                            let n = at(&v, "statistics.viewCount")
                                .and_then(|n| n.as_str().and_then(|s| s.parse::<u64>().ok()))
                                .unwrap_or(0);
                            views.insert(id.to_owned(), json!(n));
                        }
                    }
                }
                let count = |id: &String| views.get(id).and_then(Value::as_u64).unwrap_or(0);
                // Stable: equal counts stay newest first.
                self.ids.sort_by_key(|id| std::cmp::Reverse(count(id)));
            }
        }
        Ok(())
    }

    /// Page `page` (1-based, checked) as the tools answer it.
    async fn page(&mut self, ctx: &Ctx, list_id: &str, page: u64) -> Result<Value, ToolError> {
        let size = usize::try_from(self.page_size).unwrap_or(50);
        let start = usize::try_from(page.saturating_sub(1))
            .unwrap_or(usize::MAX)
            .saturating_mul(size);
        self.read_until(ctx, start.saturating_add(size)).await?;
        let end = start.saturating_add(size).min(self.ids.len());
        let ids = self.ids.get(start..end).unwrap_or_default();
        let videos = videos_raw(ctx, ids, VIDEO_PARTS).await?;
        let total_pages = self.total_pages();
        let mut out = json!({
            "listId": list_id,
            "channelId": self.channel_id,
            "channelTitle": self.channel_title,
            "sortOrder": self.sort,
            "currentPage": page,
            "totalPages": total_pages,
            "pageSize": self.page_size,
            "totalVideos": self.total(),
            "videos": without_thumbnails(Value::Array(videos)),
            "hasNextPage": page < total_pages,
            "hasPrevPage": page > 1,
        });
        if self.uploads_total > MAX_ITEMS as u64 {
            out["note"] = json!(format!(
                "the channel has {} uploads; a list holds the newest {MAX_ITEMS} of them",
                self.uploads_total
            ));
        }
        Ok(out)
    }
}

fn lists(ctx: &Ctx) -> Result<&Lists<VideoList>, ToolError> {
    ctx.state::<Lists<VideoList>>()
}

async fn list_videos(ctx: Ctx, a: ListVideos) -> Result<Value, ToolError> {
    let size = page_size(a.max_results.map(Int::get), 20, "maxResults", "")?;
    let owner = Owner::of(&ctx)?;
    let c = channel_by_id(
        &ctx,
        &a.channel_id,
        "contentDetails,snippet,statistics",
        "channelId",
    )
    .await?;
    let mut list = VideoList {
        channel_id: at(&c, "id")
            .and_then(Value::as_str)
            .unwrap_or(&a.channel_id)
            .to_owned(),
        channel_title: at(&c, "snippet.title").cloned().unwrap_or(Value::Null),
        uploads: uploads_id(&c)?,
        sort: a.sort_order.unwrap_or_default(),
        page_size: size,
        ids: Vec::new(),
        next: None,
        reads: 0,
        complete: false,
        uploads_total: 0,
    };
    list.order(&ctx).await?;
    let (id, list) = lists(&ctx)?.insert(owner, list)?;
    let mut list = list.lock().await;
    list.page(&ctx, &id, 1).await
}

async fn navigate_list(ctx: Ctx, a: NavigateList) -> Result<Value, ToolError> {
    let owner = Owner::of(&ctx)?;
    let id = a.list_id.trim();
    let list = lists(&ctx)?.get(owner, id).ok_or_else(|| {
        ToolError::invalid_input(format!("List session expired or not found: {id}"))
            .with_hint(
                "a list lasts an hour after its last use and is read only with the credentials that made it: call channels_listVideos again for a new listId.",
            )
    })?;
    let mut list = list.lock().await;
    let pages = list.total_pages();
    let page = a.page.get();
    if page < 1 || page > pages {
        return Err(ToolError::invalid_input(format!(
            "Invalid page number: {page}. Valid range: 1-{pages}"
        )));
    }
    list.page(&ctx, id, page).await
}

// ---- playlists

/// Get a playlist as YouTube's Data API describes it (playlists.list: snippet,
/// contentDetails, status; thumbnails left out). Quota: 1 unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetPlaylist {
    /// The YouTube playlist ID
    #[serde(rename = "playlistId")]
    playlist_id: String,
}

async fn get_playlist(ctx: Ctx, a: GetPlaylist) -> Result<Value, ToolError> {
    let id = id_arg(&a.playlist_id, "playlistId")?;
    let v = send(
        PLAYLISTS_LIST,
        data(&ctx, Method::GET, "/playlists")?
            .query("part", "snippet,contentDetails,status")
            .query("id", &id),
    )
    .await?;
    v.pointer("/items/0")
        .cloned()
        .map(without_thumbnails)
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                format!("YouTube has no playlist {id}: it does not exist, was deleted, or is private to another account."),
            )
        })
}

/// Get the videos of a playlist: `{items: [{playlistItem, videoDetails}], totalResults,
/// nextPageToken}`, each playlist item (snippet, contentDetails, status) with its video
/// (snippet, statistics, contentDetails), thumbnails left out. Quota: 2 units.
#[derive(Deserialize, JsonSchema)]
pub struct GetPlaylistItems {
    /// The YouTube playlist ID
    #[serde(rename = "playlistId")]
    playlist_id: String,
    /// Maximum number of results to return
    #[serde(rename = "maxResults")]
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Int>,
    /// nextPageToken of the previous answer, for the next page
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
}

async fn get_playlist_items(ctx: Ctx, a: GetPlaylistItems) -> Result<Value, ToolError> {
    let id = id_arg(&a.playlist_id, "playlistId")?;
    let n = page_size(a.max_results.map(Int::get), 50, "maxResults", "")?;
    let v = send(
        PLAYLIST_ITEMS_LIST,
        playlist_items(
            &ctx,
            &id,
            "snippet,contentDetails,status",
            n,
            a.page_token.as_deref(),
        )?,
    )
    .await?;
    let ids = item_strings(&v, "contentDetails.videoId");
    let mut videos = videos_raw(&ctx, &ids, VIDEO_PARTS).await?;
    let items: Vec<Value> = v
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|item| {
            let video = at(item, "contentDetails.videoId")
                .and_then(Value::as_str)
                .and_then(|vid| videos.iter().position(|d| d["id"] == vid))
                .map(|i| videos.swap_remove(i));
            json!({
                "playlistItem": without_thumbnails(item.clone()),
                "videoDetails": video.map_or(Value::Null, without_thumbnails),
            })
        })
        .collect();
    let mut out = json!({
        "totalResults": at(&v, "pageInfo.totalResults").cloned().unwrap_or(json!(items.len())),
        "items": items,
    });
    for key in ["nextPageToken", "prevPageToken"] {
        if let Some(t) = v.get(key).filter(|t| t.is_string()) {
            out[key] = t.clone();
        }
    }
    Ok(out)
}

/// Search YouTube playlists: a JSON array of search results (`id.playlistId`, snippet;
/// thumbnails left out). Quota: 100 units.
#[derive(Deserialize, JsonSchema)]
pub struct SearchPlaylists {
    /// Search query for playlists
    query: String,
    /// Maximum number of results to return
    #[serde(rename = "maxResults")]
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 50))]
    max_results: Option<Int>,
}

async fn search_playlists(ctx: Ctx, a: SearchPlaylists) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let n = page_size(a.max_results.map(Int::get), 10, "maxResults", "")?;
    let v = send(SEARCH_LIST, search(&ctx, q, "playlist", n)?).await?;
    let items = v.get("items").cloned().unwrap_or_else(|| json!([]));
    Ok(without_thumbnails(items))
}
