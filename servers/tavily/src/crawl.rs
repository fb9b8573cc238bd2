//! `POST /crawl` and `POST /map`: a site's pages from a root URL.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{cut, non_empty, vendor_timeout};
use crate::search::{ExtractDepth, Format};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("tavily_crawl", "Crawl a site", Effect::Read, crawl).toolset("web"),
        tool("tavily_map", "Map a site", Effect::Read, map).toolset("web"),
    ]
}

/// Characters of each crawled page returned (tavily_extract gives a whole page).
const PAGE_CHARS: usize = 4000;

/// Crawl a site from a root URL: each page's url and content, cut at 4,000 characters
/// (`truncated`; tavily_extract gives whole pages). `categories` is ignored (Tavily dropped
/// it).
#[derive(Deserialize, JsonSchema)]
pub struct Crawl {
    #[serde(flatten)]
    walk: Walk,
    extract_depth: Option<ExtractDepth>,
    format: Option<Format>,
    include_favicon: Option<bool>,
}

/// List a site's URLs from a root URL, without content. `categories` is ignored.
#[derive(Deserialize, JsonSchema)]
pub struct SiteMap {
    #[serde(flatten)]
    walk: Walk,
}

/// The traversal fields both endpoints share (`categories` is accepted and ignored).
#[derive(Deserialize, JsonSchema)]
pub struct Walk {
    #[schemars(length(max = 2048))]
    url: String,
    #[schemars(range(min = 1, max = 5))]
    max_depth: Option<u32>,
    /// Links followed per page
    #[schemars(range(min = 1, max = 500))]
    max_breadth: Option<u32>,
    /// Pages in all
    #[schemars(range(min = 1))]
    limit: Option<u32>,
    #[schemars(length(max = 2000))]
    instructions: Option<String>,
    /// Regexes
    #[schemars(inner(length(max = 256)))]
    select_paths: Option<Vec<String>>,
    /// Regexes
    #[schemars(inner(length(max = 256)))]
    select_domains: Option<Vec<String>>,
    allow_external: Option<bool>,
    #[schemars(inner(length(max = 64)))]
    categories: Option<Vec<String>>,
}

impl Walk {
    fn body(&self, ctx: &Ctx) -> Result<Map<String, Value>, ToolError> {
        for (name, v, max) in [
            ("max_depth", self.max_depth, 5),
            ("max_breadth", self.max_breadth, 500),
        ] {
            if let Some(n) = v
                && !(1..=max).contains(&n)
            {
                return Err(ToolError::invalid_input(format!(
                    "`{name}` must be between 1 and {max} (got {n})"
                )));
            }
        }
        if self.limit == Some(0) {
            return Err(ToolError::invalid_input("`limit` must be at least 1"));
        }
        let mut body = Map::new();
        body.insert("url".into(), json!(non_empty(&self.url, "url")?));
        let mut opt = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                body.insert(k.to_owned(), v);
            }
        };
        opt("max_depth", self.max_depth.map(|v| json!(v)));
        opt("max_breadth", self.max_breadth.map(|v| json!(v)));
        opt("limit", self.limit.map(|v| json!(v)));
        opt(
            "instructions",
            self.instructions
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| json!(s)),
        );
        opt(
            "select_paths",
            self.select_paths
                .as_ref()
                .filter(|v| !v.is_empty())
                .map(|v| json!(v)),
        );
        opt(
            "select_domains",
            self.select_domains
                .as_ref()
                .filter(|v| !v.is_empty())
                .map(|v| json!(v)),
        );
        opt("allow_external", self.allow_external.map(|v| json!(v)));
        body.insert("timeout".into(), json!(vendor_timeout(ctx, 10, 150)));
        Ok(body)
    }
}

async fn crawl(ctx: Ctx, a: Crawl) -> Result<Value, ToolError> {
    let _ = &a.walk.categories;
    let mut body = a.walk.body(&ctx)?;
    for (k, v) in [
        ("extract_depth", a.extract_depth.map(|d| json!(d))),
        ("format", a.format.map(|f| json!(f))),
        ("include_favicon", a.include_favicon.map(|f| json!(f))),
    ] {
        if let Some(v) = v {
            body.insert(k.into(), v);
        }
    }
    let v = ctx
        .authorized(Method::POST, "/crawl")?
        .json(&body)
        .send_json()
        .await?;
    let pages: Vec<Value> = at(&v, "results")
        .and_then(Value::as_array)
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    let mut page = pick(r, &["url", "favicon"]);
                    if let Some(text) = at(r, "raw_content").and_then(Value::as_str) {
                        let (content, truncated) = cut(text, PAGE_CHARS);
                        page["content"] = json!(content);
                        if truncated {
                            page["truncated"] = json!(true);
                        }
                    }
                    page
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({"base_url": at(&v, "base_url").cloned().unwrap_or(Value::Null), "results": pages}))
}

async fn map(ctx: Ctx, a: SiteMap) -> Result<Value, ToolError> {
    let _ = &a.walk.categories;
    let body = a.walk.body(&ctx)?;
    let v = ctx
        .authorized(Method::POST, "/map")?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({
        "base_url": at(&v, "base_url").cloned().unwrap_or(Value::Null),
        "results": at(&v, "results").cloned().unwrap_or_else(|| json!([])),
    }))
}
