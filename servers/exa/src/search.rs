//! Search, similar pages and page contents (`/search`, `/findSimilar`, `/contents`).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, Filters, non_empty, num_results};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("exa_search", "Search the web", Effect::Read, search).toolset("search"),
        tool(
            "exa_get_contents",
            "Get page contents",
            Effect::Read,
            get_contents,
        )
        .toolset("search"),
        tool(
            "exa_find_similar",
            "Find similar pages",
            Effect::Read,
            find_similar,
        )
        .toolset("search"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum SearchType {
    Auto,
    Neural,
    Fast,
    Keyword,
}

impl SearchType {
    pub fn exa(self) -> &'static str {
        match self {
            SearchType::Auto => "auto",
            SearchType::Neural => "neural",
            SearchType::Fast | SearchType::Keyword => "fast",
        }
    }
}

/// Search the web: ranked results (title, url, published_date, author, highlights). Dates
/// are ISO 8601; crawl dates and use_autoprompt are ignored (retired by Exa).
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    #[schemars(length(max = 2000))]
    query: String,
    #[schemars(range(min = 1, max = 100))]
    num_results: Option<u32>,
    #[serde(flatten)]
    filters: Filters,
    use_autoprompt: Option<bool>,
    /// `keyword` runs as `fast`
    #[serde(rename = "type")]
    search_type: Option<SearchType>,
    /// Full page text instead of highlights
    text: Option<bool>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let _ = a.use_autoprompt;
    let mut body = Map::new();
    body.insert("query".into(), json!(query));
    if let Some(t) = a.search_type {
        body.insert("type".into(), json!(t.exa()));
    }
    if let Some(n) = num_results(a.num_results)? {
        body.insert("numResults".into(), json!(n));
    }
    a.filters.apply(&mut body);
    body.insert("contents".into(), api::contents(a.text == Some(true)));
    let v = ctx
        .authorized(Method::POST, "/search")?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({ "results": api::results(&v) }))
}

/// Find pages similar to a URL; results and filters as in exa_search.
#[derive(Deserialize, JsonSchema)]
pub struct FindSimilar {
    #[schemars(length(max = 2048))]
    url: String,
    #[schemars(range(min = 1, max = 100))]
    num_results: Option<u32>,
    #[serde(flatten)]
    filters: Filters,
    exclude_source_domain: Option<bool>,
    /// As in exa_search
    text: Option<bool>,
}

async fn find_similar(ctx: Ctx, a: FindSimilar) -> Result<Value, ToolError> {
    let url = non_empty(&a.url, "url")?;
    let mut body = Map::new();
    body.insert("url".into(), json!(url));
    if let Some(n) = num_results(a.num_results)? {
        body.insert("numResults".into(), json!(n));
    }
    a.filters.apply(&mut body);
    if let Some(x) = a.exclude_source_domain {
        body.insert("excludeSourceDomain".into(), json!(x));
    }
    body.insert("contents".into(), api::contents(a.text == Some(true)));
    let v = ctx
        .authorized(Method::POST, "/findSimilar")?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({ "results": api::results(&v) }))
}

/// Get pages by URL: title, url, date, and text (default), highlights or summary; `failed`
/// lists pages Exa could not fetch.
#[derive(Deserialize, JsonSchema)]
pub struct GetContents {
    /// URLs
    #[schemars(length(min = 1, max = 100), inner(length(max = 2048)))]
    ids: Vec<String>,
    /// Default true without highlights or summary
    text: Option<bool>,
    /// e.g. {"query": "...", "maxCharacters": 2000}
    highlights: Option<Map<String, Value>>,
    /// e.g. {"query": "..."}
    summary: Option<Map<String, Value>>,
}

async fn get_contents(ctx: Ctx, a: GetContents) -> Result<Value, ToolError> {
    let urls: Vec<&str> = a
        .ids
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if urls.is_empty() {
        return Err(ToolError::invalid_input("`ids` must list at least one URL"));
    }
    let mut body = Map::new();
    body.insert("urls".into(), json!(urls));
    let asked_other = a.highlights.is_some() || a.summary.is_some();
    match a.text {
        Some(t) => {
            body.insert("text".into(), json!(t));
        }
        None if !asked_other => {
            body.insert("text".into(), json!(true));
        }
        None => {}
    }
    if let Some(h) = a.highlights {
        body.insert("highlights".into(), Value::Object(h));
    }
    if let Some(s) = a.summary {
        body.insert("summary".into(), Value::Object(s));
    }
    let v = ctx
        .authorized(Method::POST, "/contents")?
        .json(&body)
        .send_json()
        .await?;
    let mut out = json!({ "results": api::results(&v) });
    let failed: Vec<Value> = at(&v, "statuses")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter(|s| at(s, "status").and_then(Value::as_str) == Some("error"))
                .map(|s| {
                    pick(
                        s,
                        &[
                            "url=id",
                            "error=error.tag",
                            "http_status=error.httpStatusCode",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    if !failed.is_empty() {
        out["failed"] = Value::Array(failed);
    }
    Ok(out)
}
