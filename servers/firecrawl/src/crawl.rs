//! Crawling a site as a job (`POST /v1/crawl`) and checking it (`GET /v1/crawl/{id}`).

use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, v1_scrape_options, web_url};
use crate::scrape::Window;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("firecrawl_crawl", "Start a crawl", Effect::Read, crawl).toolset("crawl"),
        tool(
            "firecrawl_check_crawl_status",
            "Check a crawl",
            Effect::Read,
            check_crawl_status,
        )
        .toolset("crawl"),
    ]
}

/// A webhook URL, or {url, headers, metadata, events}.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Webhook {
    Url(String),
    Spec(Map<String, Value>),
}

/// Start crawling a site from `url` (pages under its path); returns the job id for
/// firecrawl_check_crawl_status. Credits are spent per page.
#[derive(Deserialize, JsonSchema)]
pub struct Crawl {
    #[schemars(length(max = 2048))]
    url: String,
    /// Path regexes to skip, e.g. ^/blog/.*
    #[serde(rename = "excludePaths")]
    exclude_paths: Option<Vec<String>>,
    /// Path regexes to keep
    #[serde(rename = "includePaths")]
    include_paths: Option<Vec<String>>,
    /// Default 10
    #[serde(rename = "maxDepth")]
    max_depth: Option<Int>,
    #[serde(rename = "ignoreSitemap")]
    ignore_sitemap: Option<bool>,
    /// Most pages (default 10000)
    limit: Option<Int>,
    /// Also follow links above the start URL's path
    #[serde(rename = "allowBackwardLinks")]
    allow_backward_links: Option<bool>,
    /// Also follow links to other sites
    #[serde(rename = "allowExternalLinks")]
    allow_external_links: Option<bool>,
    webhook: Option<Webhook>,
    #[serde(rename = "deduplicateSimilarURLs")]
    deduplicate_similar_urls: Option<bool>,
    #[serde(rename = "ignoreQueryParameters")]
    ignore_query_parameters: Option<bool>,
    /// Options for each page, as in firecrawl_scrape (formats, onlyMainContent, ...)
    #[serde(rename = "scrapeOptions")]
    scrape_options: Option<Map<String, Value>>,
}

async fn crawl(ctx: Ctx, a: Crawl) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("url".into(), json!(web_url(&a.url, "url")?));
    if a.limit == Some(Int(0)) {
        return Err(ToolError::invalid_input("`limit` must be at least 1"));
    }
    let webhook = match a.webhook {
        Some(Webhook::Url(u)) => Some(json!({"url": web_url(&u, "webhook")?})),
        Some(Webhook::Spec(m)) => {
            if !m.get("url").is_some_and(Value::is_string) {
                return Err(ToolError::invalid_input(
                    "`webhook` as an object needs `url`: {\"url\": \"https://...\"}",
                ));
            }
            Some(Value::Object(m))
        }
        None => None,
    };
    insert_opt(&mut body, "excludePaths", a.exclude_paths);
    insert_opt(&mut body, "includePaths", a.include_paths);
    insert_opt(&mut body, "maxDepth", a.max_depth);
    insert_opt(&mut body, "ignoreSitemap", a.ignore_sitemap);
    insert_opt(&mut body, "limit", a.limit);
    insert_opt(&mut body, "allowBackwardLinks", a.allow_backward_links);
    insert_opt(&mut body, "allowExternalLinks", a.allow_external_links);
    insert_opt(&mut body, "webhook", webhook);
    insert_opt(
        &mut body,
        "deduplicateSimilarURLs",
        a.deduplicate_similar_urls,
    );
    insert_opt(
        &mut body,
        "ignoreQueryParameters",
        a.ignore_query_parameters,
    );
    insert_opt(
        &mut body,
        "scrapeOptions",
        a.scrape_options.map(v1_scrape_options),
    );
    let v: Value = ctx
        .authorized(Method::POST, "/v1/crawl")?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({
        "id": at(&v, "id"),
        "status": "started",
        "check_with": "firecrawl_check_crawl_status",
    }))
}

/// Status of a crawl: status, completed/total, credits used, and its pages (markdown cut at
/// 4000 characters; page through with offset/limit).
#[derive(Deserialize, JsonSchema)]
pub struct CheckCrawl {
    #[serde(flatten)]
    w: Window,
}

async fn check_crawl_status(ctx: Ctx, a: CheckCrawl) -> Result<Value, ToolError> {
    let (offset, limit) = a.w.window()?;
    let path = format!("/v1/crawl/{}", seg_id(&a.w.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(api::job_status(
        &v,
        offset,
        limit,
        "firecrawl_check_crawl_status",
    ))
}
