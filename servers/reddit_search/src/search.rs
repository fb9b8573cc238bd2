//! Search: subreddits (`/subreddits/search`), posts in a subreddit (`/r/{sub}/search`) and
//! posts like a given one (`/api/info`, then `/search`).

use mcp_shared::json::{at, enum_str};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, Grant, listing, post, subreddit_summary};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "reddit_find_subreddits",
            "Find subreddits",
            Effect::Read,
            find_subreddits,
        )
        .toolset("search"),
        tool(
            "reddit_search_posts",
            "Search posts in a subreddit",
            Effect::Read,
            search_posts,
        )
        .toolset("search"),
        tool(
            "reddit_find_similar_posts",
            "Find similar posts",
            Effect::Read,
            find_similar,
        )
        .toolset("search"),
        tool(
            "reddit_get_subreddit_posts",
            "Browse a subreddit",
            Effect::Read,
            subreddit_posts,
        )
        .toolset("search"),
    ]
}

/// Find subreddits by topic: name, title, description, subscribers, url; `next_cursor` if more.
#[derive(Deserialize, JsonSchema)]
pub struct FindSubreddits {
    query: String,
    /// Default 10, at most 100
    limit: Option<u32>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn find_subreddits(ctx: Ctx, a: FindSubreddits) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let v: Value = api::request(&ctx, Method::GET, "/subreddits/search", Grant::App)
        .await?
        .query("q", q)
        .query("limit", api::limit(a.limit, 10)?)
        .query_opt("after", a.cursor.as_deref())
        .send_json()
        .await?;
    Ok(listing(&v, subreddit_summary))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    Relevance,
    Hot,
    Top,
    New,
    Comments,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Time {
    Hour,
    Day,
    Week,
    Month,
    Year,
    All,
}

/// Search posts in one subreddit: id, title, author, score, comments, permalink, text.
#[derive(Deserialize, JsonSchema)]
pub struct SearchPosts {
    /// Subreddit name, without r/
    subreddit: String,
    /// Reddit search syntax (`title:`, `author:`, `flair:`, AND/OR)
    query: String,
    /// Default 10, at most 100
    limit: Option<u32>,
    /// Default relevance
    sort: Option<Sort>,
    /// Time window, default all
    time: Option<Time>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn search_posts(ctx: Ctx, a: SearchPosts) -> Result<Value, ToolError> {
    let sub = api::subreddit(&a.subreddit)?;
    let q = non_empty(&a.query, "query")?;
    let v: Value = api::request(
        &ctx,
        Method::GET,
        &format!("/r/{}/search", seg(&sub)),
        Grant::App,
    )
    .await?
    .query("q", q)
    .query("restrict_sr", "true")
    .query("type", "link")
    .query("limit", api::limit(a.limit, 10)?)
    .query_opt("sort", a.sort.as_ref().map(enum_str))
    .query_opt("t", a.time.as_ref().map(enum_str))
    .query_opt("after", a.cursor.as_deref())
    .send_json()
    .await?;
    Ok(listing(&v, post))
}

/// Find posts across Reddit similar to a post (a search by its title), excluding the post
/// itself.
#[derive(Deserialize, JsonSchema)]
pub struct FindSimilar {
    /// Post id (`1abc2d` or `t3_1abc2d`)
    post_id: String,
    /// Default 10, at most 100
    #[schemars(extend("default" = 10))]
    limit: Option<u32>,
}

async fn find_similar(ctx: Ctx, a: FindSimilar) -> Result<Value, ToolError> {
    let id = api::post_id(&a.post_id)?;
    let limit = api::limit(a.limit, 10)?;
    let info: Value = api::request(&ctx, Method::GET, "/api/info", Grant::App)
        .await?
        .query("id", format!("t3_{id}"))
        .send_json()
        .await?;
    let Some(title) = at(&info, "data.children.0.data.title").and_then(Value::as_str) else {
        return Err(ToolError::new(
            mcp_shared::ErrorKind::Upstream,
            format!("Reddit has no post `{id}` (or it is not visible to this app)."),
        )
        .with_status(404)
        .with_hint("check the post id: the part after /comments/ in the post's URL."));
    };
    let v: Value = api::request(&ctx, Method::GET, "/search", Grant::App)
        .await?
        .query("q", title)
        .query("type", "link")
        .query("sort", "relevance")
        .query("limit", (limit + 1).min(api::MAX_LIMIT))
        .send_json()
        .await?;
    let mut page = listing(&v, post);
    if let Some(items) = page.get_mut("items").and_then(Value::as_array_mut) {
        items.retain(|p| p.get("id").and_then(Value::as_str) != Some(id.as_str()));
        items.truncate(limit as usize);
    }
    let mut out = json!({ "source_title": title });
    out["items"] = page["items"].take();
    Ok(out)
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Feed {
    Hot,
    New,
    Top,
    Rising,
    Controversial,
}

/// Browse a subreddit's hot, new, top, rising or controversial posts; `next_cursor` if more.
#[derive(Deserialize, JsonSchema)]
pub struct SubredditPosts {
    /// Subreddit name, without r/
    subreddit: String,
    /// Default hot
    sort: Option<Feed>,
    /// Time window for top and controversial, default day
    time: Option<Time>,
    /// Default 10, at most 100
    limit: Option<u32>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn subreddit_posts(ctx: Ctx, a: SubredditPosts) -> Result<Value, ToolError> {
    let sub = api::subreddit(&a.subreddit)?;
    let feed = a.sort.unwrap_or(Feed::Hot);
    let timed = matches!(feed, Feed::Top | Feed::Controversial);
    let v: Value = api::request(
        &ctx,
        Method::GET,
        &format!("/r/{}/{}", seg(&sub), enum_str(&feed)),
        Grant::App,
    )
    .await?
    .query("limit", api::limit(a.limit, 10)?)
    .query_opt("t", a.time.filter(|_| timed).as_ref().map(enum_str))
    .query_opt("after", a.cursor.as_deref())
    .send_json()
    .await?;
    Ok(listing(&v, post))
}
