//! Finding pages: web search (`POST /v1/search`) and a site's URLs (`POST /v1/map`).

use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, non_empty, v1_scrape_options, web_url};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("firecrawl_search", "Search the web", Effect::Read, search).toolset("search"),
        tool("firecrawl_map", "Map a site's URLs", Effect::Read, map).toolset("search"),
    ]
}

/// Search the web: ranked results (title, url, description); with scrapeOptions.formats
/// (e.g. ["markdown"]) each result also carries that page content.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    #[schemars(length(max = 2000))]
    query: String,
    #[schemars(range(min = 1, max = 100), extend("default" = 5))]
    limit: Option<Int>,
    /// Language code, e.g. en
    #[schemars(length(max = 16))]
    lang: Option<String>,
    /// Country code, e.g. us
    #[schemars(length(max = 16))]
    country: Option<String>,
    /// Time filter, e.g. qdr:d (past day), qdr:w, qdr:m, qdr:y
    #[schemars(length(max = 64))]
    tbs: Option<String>,
    #[schemars(length(max = 256))]
    filter: Option<String>,
    /// {country, languages}: sent as `country` and `lang` when those are not given
    location: Option<Map<String, Value>>,
    #[serde(rename = "scrapeOptions")]
    scrape_options: Option<Map<String, Value>>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let limit = a.limit.map(Int::get);
    if let Some(n) = limit
        && !(1..=100).contains(&n)
    {
        return Err(ToolError::invalid_input(format!(
            "`limit` must be between 1 and 100 (got {n})"
        )));
    }
    let loc = a.location.unwrap_or_default();
    let loc_str = |k: &str| loc.get(k).and_then(Value::as_str).map(str::to_owned);
    let country = a.country.or_else(|| loc_str("country"));
    let lang = a.lang.or_else(|| {
        loc.get("languages")
            .and_then(|l| l.get(0))
            .and_then(Value::as_str)
            .map(str::to_owned)
    });
    let mut body = Map::new();
    body.insert("query".into(), json!(query));
    insert_opt(&mut body, "limit", limit);
    insert_opt(&mut body, "lang", lang);
    insert_opt(&mut body, "country", country);
    insert_opt(&mut body, "tbs", a.tbs);
    insert_opt(&mut body, "filter", a.filter);
    insert_opt(
        &mut body,
        "scrapeOptions",
        a.scrape_options.map(v1_scrape_options),
    );
    let v: Value = ctx
        .authorized(Method::POST, "/v1/search")?
        .json(&body)
        .send_json()
        .await?;
    let results: Vec<Value> = at(&v, "data")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|r| {
            let mut out = pick(r, &["title", "url", "description"]);
            if let Value::Object(page) = api::page(r, None)
                && let Value::Object(o) = &mut out
            {
                for (k, x) in page {
                    if !matches!(k.as_str(), "url" | "title" | "description") {
                        o.insert(k, x);
                    }
                }
            }
            out
        })
        .collect();
    let mut out = json!({ "results": results });
    if let Some(w) = at(&v, "warning") {
        out["warning"] = w.clone();
    }
    Ok(out)
}

/// List a site's URLs (sitemap and links), optionally ranked by relevance to `search`.
#[derive(Deserialize, JsonSchema)]
pub struct MapSite {
    #[schemars(length(max = 2048))]
    url: String,
    /// Rank URLs by relevance to this text
    #[schemars(length(max = 500))]
    search: Option<String>,
    /// Skip the sitemap and discover links only (Firecrawl's default: true)
    #[serde(rename = "ignoreSitemap")]
    ignore_sitemap: Option<bool>,
    /// Only the sitemap's URLs
    #[serde(rename = "sitemapOnly")]
    sitemap_only: Option<bool>,
    /// Firecrawl's default: true
    #[serde(rename = "includeSubdomains")]
    include_subdomains: Option<bool>,
    #[schemars(range(min = 1, max = 30000), extend("default" = 5000))]
    limit: Option<Int>,
}

async fn map(ctx: Ctx, a: MapSite) -> Result<Value, ToolError> {
    let limit = a.limit.map(Int::get);
    if let Some(n) = limit
        && !(1..=30000).contains(&n)
    {
        return Err(ToolError::invalid_input(format!(
            "`limit` must be between 1 and 30000 (got {n})"
        )));
    }
    let mut body = Map::new();
    body.insert("url".into(), json!(web_url(&a.url, "url")?));
    insert_opt(
        &mut body,
        "search",
        a.search.as_deref().map(str::trim).filter(|s| !s.is_empty()),
    );
    insert_opt(&mut body, "ignoreSitemap", a.ignore_sitemap);
    insert_opt(&mut body, "sitemapOnly", a.sitemap_only);
    insert_opt(&mut body, "includeSubdomains", a.include_subdomains);
    insert_opt(&mut body, "limit", limit);
    let v: Value = ctx
        .authorized(Method::POST, "/v1/map")?
        .json(&body)
        .send_json()
        .await?;
    let links = at(&v, "links").cloned().unwrap_or_else(|| json!([]));
    let count = links.as_array().map_or(0, Vec::len);
    Ok(json!({ "count": count, "links": links }))
}
