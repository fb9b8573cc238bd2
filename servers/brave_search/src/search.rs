//! The four searches (`/web/search`, `/news/search`, `/images/search`, `/videos/search`).

use mcp_shared::json::{at, enum_str};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::clean;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("brave_web_search", "Web search", Effect::Read, web).toolset("search"),
        tool("brave_image_search", "Image search", Effect::Read, images).toolset("search"),
        tool("brave_news_search", "News search", Effect::Read, news).toolset("search"),
        tool("brave_video_search", "Video search", Effect::Read, videos).toolset("search"),
    ]
}

/// Results per page when `count` is not given (Brave's own defaults are 20 to 50).
const DEFAULT_COUNT: u32 = 10;
/// Brave's largest page index.
const MAX_OFFSET: u32 = 9;

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum SafeSearch {
    Off,
    Moderate,
    Strict,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ImageSafeSearch {
    Off,
    Strict,
}

/// Search the web: ranked results (title, url, description, age), `next_offset` if more.
#[derive(Deserialize, JsonSchema)]
pub struct WebSearch {
    #[schemars(length(max = 400))]
    query: String,
    /// Default 10
    #[schemars(range(min = 1, max = 20))]
    count: Option<u32>,
    /// Page index
    #[schemars(range(max = 9))]
    offset: Option<u32>,
    /// Country code, or ALL
    #[schemars(length(max = 3))]
    country: Option<String>,
    #[schemars(length(max = 16))]
    search_lang: Option<String>,
    safesearch: Option<SafeSearch>,
    /// pd, pw, pm, py (past day...year) or YYYY-MM-DDtoYYYY-MM-DD
    #[schemars(length(max = 22))]
    freshness: Option<String>,
}

/// Search news: ranked articles (title, url, description, age, source).
#[derive(Deserialize, JsonSchema)]
pub struct NewsSearch {
    #[schemars(length(max = 400))]
    query: String,
    /// Default 10
    #[schemars(range(min = 1, max = 50))]
    count: Option<u32>,
    /// Page index
    #[schemars(range(max = 9))]
    offset: Option<u32>,
    /// Country code, or ALL
    #[schemars(length(max = 3))]
    country: Option<String>,
    #[schemars(length(max = 16))]
    search_lang: Option<String>,
    safesearch: Option<SafeSearch>,
    /// pd, pw, pm, py or YYYY-MM-DDtoYYYY-MM-DD
    #[schemars(length(max = 22))]
    freshness: Option<String>,
}

/// Search videos: ranked videos (title, url, description, age, duration, creator).
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct VideoSearch(NewsSearch);

/// Search images: title, page url, image_url, source.
#[derive(Deserialize, JsonSchema)]
pub struct ImageSearch {
    #[schemars(length(max = 400))]
    query: String,
    /// Default 10
    #[schemars(range(min = 1, max = 200))]
    count: Option<u32>,
    /// Page index; (offset+1) x count is at most 200
    offset: Option<u32>,
    #[schemars(length(max = 16))]
    search_lang: Option<String>,
    /// Country code, or ALL
    #[schemars(length(max = 3))]
    country: Option<String>,
    safesearch: Option<ImageSafeSearch>,
}

/// The query parameters every search shares.
#[derive(Default)]
pub(crate) struct Query<'a> {
    pub q: &'a str,
    pub count: u32,
    pub offset: Option<u32>,
    pub country: Option<&'a str>,
    pub search_lang: Option<&'a str>,
    pub safesearch: Option<String>,
    pub freshness: Option<&'a str>,
    /// Only these result types (`locations`, `web`...), web search only
    pub result_filter: Option<&'a str>,
}

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

pub(crate) fn check(
    query: &str,
    count: Option<u32>,
    max: u32,
    offset: Option<u32>,
) -> Result<u32, ToolError> {
    if query.trim().is_empty() {
        return Err(ToolError::invalid_input("`query` must not be empty"));
    }
    let count = count.unwrap_or(DEFAULT_COUNT);
    if !(1..=max).contains(&count) {
        return Err(ToolError::invalid_input(format!(
            "`count` must be between 1 and {max} (got {count})"
        )));
    }
    if let Some(o) = offset
        && o > MAX_OFFSET
    {
        return Err(ToolError::invalid_input(format!(
            "`offset` is a page index from 0 to {MAX_OFFSET} (got {o}); Brave serves no further pages"
        )));
    }
    Ok(count)
}

pub(crate) async fn get(ctx: &Ctx, path: &str, q: Query<'_>) -> Result<Value, ToolError> {
    let req = ctx
        .authorized(Method::GET, path)?
        .query("q", q.q.trim())
        .query("count", q.count)
        .query_opt("offset", q.offset.filter(|o| *o > 0))
        .query_opt("country", q.country)
        .query_opt("search_lang", q.search_lang)
        .query_opt("safesearch", q.safesearch)
        .query_opt("freshness", q.freshness)
        .query_opt("result_filter", q.result_filter);
    req.send_json().await
}

fn text(v: &Value, path: &str) -> Option<Value> {
    at(v, path).and_then(Value::as_str).map(|s| json!(clean(s)))
}

/// One result with the fields that are present.
fn item(r: &Value, fields: &[(&str, &str)]) -> Value {
    let mut out = serde_json::Map::new();
    for (key, path) in fields {
        let value = match *key {
            "title" | "description" => text(r, path),
            _ => at(r, path).cloned(),
        };
        if let Some(x) = value.filter(|x| x != &json!(false)) {
            out.insert((*key).to_owned(), x);
        }
    }
    Value::Object(out)
}

/// The concise answer: the query as Brave ran it, the results, and the next page index.
fn answer(v: &Value, results: Vec<Value>, more: bool, offset: u32) -> Value {
    let mut out = json!({ "results": results });
    if let Some(q) = at(v, "query.altered") {
        out["altered_query"] = q.clone();
    }
    if more && offset < MAX_OFFSET {
        out["next_offset"] = json!(offset + 1);
    }
    out
}

fn list<'a>(v: &'a Value, path: &str) -> &'a [Value] {
    at(v, path)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

async fn web(ctx: Ctx, a: WebSearch) -> Result<Value, ToolError> {
    let count = check(&a.query, a.count, 20, a.offset)?;
    let v = get(
        &ctx,
        "/web/search",
        Query {
            q: &a.query,
            count,
            offset: a.offset,
            country: non_empty(&a.country),
            search_lang: non_empty(&a.search_lang),
            safesearch: a.safesearch.map(|s| enum_str(&s)),
            freshness: non_empty(&a.freshness),
            result_filter: None,
        },
    )
    .await?;
    let results = list(&v, "web.results")
        .iter()
        .map(|r| {
            item(
                r,
                &[
                    ("title", "title"),
                    ("url", "url"),
                    ("description", "description"),
                    ("age", "age"),
                ],
            )
        })
        .collect();
    let more = at(&v, "query.more_results_available").and_then(Value::as_bool) == Some(true);
    Ok(answer(&v, results, more, a.offset.unwrap_or(0)))
}

async fn news(ctx: Ctx, a: NewsSearch) -> Result<Value, ToolError> {
    listing(
        &ctx,
        "/news/search",
        &a,
        &[
            ("title", "title"),
            ("url", "url"),
            ("description", "description"),
            ("age", "age"),
            ("source", "meta_url.hostname"),
            ("breaking", "breaking"),
        ],
    )
    .await
}

async fn videos(ctx: Ctx, a: VideoSearch) -> Result<Value, ToolError> {
    listing(
        &ctx,
        "/videos/search",
        &a.0,
        &[
            ("title", "title"),
            ("url", "url"),
            ("description", "description"),
            ("age", "age"),
            ("duration", "video.duration"),
            ("creator", "video.creator"),
            ("publisher", "video.publisher"),
        ],
    )
    .await
}

/// A news or video search (the same parameters) at `path`: its `results` with these fields
/// (ours, Brave's path).
async fn listing(
    ctx: &Ctx,
    path: &str,
    a: &NewsSearch,
    fields: &[(&str, &str)],
) -> Result<Value, ToolError> {
    let count = check(&a.query, a.count, 50, a.offset)?;
    let v = get(
        ctx,
        path,
        Query {
            q: &a.query,
            count,
            offset: a.offset,
            country: non_empty(&a.country),
            search_lang: non_empty(&a.search_lang),
            safesearch: a.safesearch.map(|s| enum_str(&s)),
            freshness: non_empty(&a.freshness),
            result_filter: None,
        },
    )
    .await?;
    Ok(listed(&v, count, a.offset, fields))
}

/// A news or video answer: its `results` with these fields (ours, Brave's path), and whether
/// a next page may have more (a full page).
fn listed(v: &Value, count: u32, offset: Option<u32>, fields: &[(&str, &str)]) -> Value {
    let found = list(v, "results");
    let results = found.iter().map(|r| item(r, fields)).collect();
    let more = found.len() as u32 >= count;
    answer(v, results, more, offset.unwrap_or(0))
}

/// Brave's largest image result set.
const MAX_IMAGES: u32 = 200;

async fn images(ctx: Ctx, a: ImageSearch) -> Result<Value, ToolError> {
    let count = check(&a.query, a.count, MAX_IMAGES, None)?;
    let offset = a.offset.unwrap_or(0);
    let wanted = count.saturating_mul(offset.saturating_add(1));
    if wanted > MAX_IMAGES {
        return Err(ToolError::invalid_input(format!(
            "Brave returns at most {MAX_IMAGES} images a query: (offset + 1) x count must not exceed it (got {wanted})"
        )));
    }
    let v = get(
        &ctx,
        "/images/search",
        Query {
            q: &a.query,
            count: wanted,
            offset: None,
            country: non_empty(&a.country),
            search_lang: non_empty(&a.search_lang),
            safesearch: a.safesearch.map(|s| enum_str(&s)),
            freshness: None,
            result_filter: None,
        },
    )
    .await?;
    let found = list(&v, "results");
    let skip = (offset * count) as usize;
    let results = found
        .iter()
        .skip(skip)
        .map(|r| {
            item(
                r,
                &[
                    ("title", "title"),
                    ("url", "url"),
                    ("image_url", "properties.url"),
                    ("source", "source"),
                ],
            )
        })
        .collect();
    let mut out = answer(&v, results, false, offset);
    if found.len() as u32 >= wanted && wanted + count <= MAX_IMAGES {
        out["next_offset"] = json!(offset + 1);
    }
    Ok(out)
}
