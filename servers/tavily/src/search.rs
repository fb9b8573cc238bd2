//! `POST /search` and `POST /extract`.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{non_empty, vendor_timeout};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("tavily_search", "Search the web", Effect::Read, search).toolset("web"),
        tool("tavily_extract", "Extract pages", Effect::Read, extract).toolset("web"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub enum Depth {
    Basic,
    Advanced,
    Fast,
    UltraFast,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Topic {
    General,
    News,
    Finance,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum TimeRange {
    Day,
    Week,
    Month,
    Year,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Markdown,
    Text,
}

/// Search the web: ranked results (title, url, content snippet, published_date for news).
/// camelCase spellings of the parameters are accepted too.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    query: String,
    search_depth: Option<Depth>,
    topic: Option<Topic>,
    /// News topic only
    days: Option<u32>,
    time_range: Option<TimeRange>,
    /// YYYY-MM-DD
    #[schemars(length(max = 10))]
    start_date: Option<String>,
    #[schemars(length(max = 10))]
    end_date: Option<String>,
    #[schemars(range(max = 20))]
    max_results: Option<u32>,
    include_images: Option<bool>,
    include_image_descriptions: Option<bool>,
    include_raw_content: Option<bool>,
    #[schemars(inner(length(max = 253)))]
    include_domains: Option<Vec<String>>,
    #[schemars(inner(length(max = 253)))]
    exclude_domains: Option<Vec<String>>,
    /// e.g. united states
    #[schemars(length(max = 64))]
    country: Option<String>,
    include_favicon: Option<bool>,
    #[serde(rename = "searchDepth")]
    search_depth_camel: Option<Depth>,
    #[serde(rename = "timeRange")]
    time_range_camel: Option<TimeRange>,
    #[serde(rename = "startDate")]
    #[schemars(length(max = 10))]
    start_date_camel: Option<String>,
    #[serde(rename = "endDate")]
    #[schemars(length(max = 10))]
    end_date_camel: Option<String>,
    #[serde(rename = "maxResults")]
    #[schemars(range(max = 20))]
    max_results_camel: Option<u32>,
    #[serde(rename = "includeImages")]
    include_images_camel: Option<bool>,
    #[serde(rename = "includeImageDescriptions")]
    include_image_descriptions_camel: Option<bool>,
    #[serde(rename = "includeRawContent")]
    include_raw_content_camel: Option<bool>,
    #[serde(rename = "includeDomains")]
    #[schemars(inner(length(max = 253)))]
    include_domains_camel: Option<Vec<String>>,
    #[serde(rename = "excludeDomains")]
    #[schemars(inner(length(max = 253)))]
    exclude_domains_camel: Option<Vec<String>>,
    #[serde(rename = "includeFavicon")]
    include_favicon_camel: Option<bool>,
}

/// Put `key` into the body when either spelling of the argument was given (snake_case wins).
fn put<T: Serialize>(body: &mut Map<String, Value>, key: &str, snake: Option<T>, camel: Option<T>) {
    if let Some(v) = snake.or(camel)
        && let Ok(v) = serde_json::to_value(v)
        && !(v.is_string() && v.as_str().is_some_and(|s| s.trim().is_empty()))
    {
        body.insert(key.to_owned(), v);
    }
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("query".into(), json!(non_empty(&a.query, "query")?));
    let max = a.max_results.or(a.max_results_camel);
    if let Some(m) = max
        && m > 20
    {
        return Err(ToolError::invalid_input(format!(
            "`max_results` must be at most 20 (got {m})"
        )));
    }
    put(
        &mut body,
        "search_depth",
        a.search_depth,
        a.search_depth_camel,
    );
    put(&mut body, "topic", a.topic, None);
    put(&mut body, "days", a.days, None);
    put(&mut body, "time_range", a.time_range, a.time_range_camel);
    put(&mut body, "start_date", a.start_date, a.start_date_camel);
    put(&mut body, "end_date", a.end_date, a.end_date_camel);
    put(&mut body, "max_results", max, None);
    put(
        &mut body,
        "include_images",
        a.include_images,
        a.include_images_camel,
    );
    put(
        &mut body,
        "include_image_descriptions",
        a.include_image_descriptions,
        a.include_image_descriptions_camel,
    );
    let raw = a.include_raw_content.or(a.include_raw_content_camel);
    put(&mut body, "include_raw_content", raw, None);
    put(
        &mut body,
        "include_domains",
        a.include_domains,
        a.include_domains_camel,
    );
    put(
        &mut body,
        "exclude_domains",
        a.exclude_domains,
        a.exclude_domains_camel,
    );
    put(&mut body, "country", a.country, None);
    put(
        &mut body,
        "include_favicon",
        a.include_favicon,
        a.include_favicon_camel,
    );
    let v = ctx
        .authorized(Method::POST, "/search")?
        .json(&body)
        .send_json()
        .await?;
    let results: Vec<Value> = at(&v, "results")
        .and_then(Value::as_array)
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    pick(
                        r,
                        &[
                            "title",
                            "url",
                            "content",
                            "published_date",
                            "raw_content",
                            "favicon",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({ "results": results });
    if let Some(images) = at(&v, "images").filter(|i| i.as_array().is_some_and(|a| !a.is_empty())) {
        out["images"] = images.clone();
    }
    if let Some(answer) = at(&v, "answer") {
        out["answer"] = answer.clone();
    }
    Ok(out)
}

/// Extract whole pages (`raw_content`); `failed` lists URLs Tavily could not read.
#[derive(Deserialize, JsonSchema)]
pub struct Extract {
    #[schemars(length(min = 1, max = 20), inner(length(max = 2048)))]
    urls: Vec<String>,
    /// advanced also reads tables and embedded content
    extract_depth: Option<ExtractDepth>,
    include_images: Option<bool>,
    format: Option<Format>,
    include_favicon: Option<bool>,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ExtractDepth {
    Basic,
    Advanced,
}

async fn extract(ctx: Ctx, a: Extract) -> Result<Value, ToolError> {
    let urls: Vec<&str> = a
        .urls
        .iter()
        .map(|u| u.trim())
        .filter(|u| !u.is_empty())
        .collect();
    if urls.is_empty() {
        return Err(ToolError::invalid_input(
            "`urls` must list at least one URL",
        ));
    }
    let mut body = Map::new();
    body.insert("urls".into(), json!(urls));
    put(&mut body, "extract_depth", a.extract_depth, None);
    put(&mut body, "include_images", a.include_images, None);
    put(&mut body, "format", a.format, None);
    put(&mut body, "include_favicon", a.include_favicon, None);
    body.insert("timeout".into(), json!(vendor_timeout(&ctx, 1, 60)));
    let v = ctx
        .authorized(Method::POST, "/extract")?
        .json(&body)
        .send_json()
        .await?;
    let results: Vec<Value> = at(&v, "results")
        .and_then(Value::as_array)
        .map(|rs| {
            rs.iter()
                .map(|r| pick(r, &["url", "raw_content", "images", "favicon"]))
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({ "results": results });
    if let Some(failed) =
        at(&v, "failed_results").filter(|f| f.as_array().is_some_and(|a| !a.is_empty()))
    {
        out["failed"] = failed.clone();
    }
    Ok(out)
}
