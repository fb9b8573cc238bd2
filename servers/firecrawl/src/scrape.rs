//! Scraping: one page (`POST /v1/scrape`), many pages as a job (`POST /v1/batch/scrape`) and
//! that job's status (`GET /v1/batch/scrape/{id}`).

use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, v1_scrape_options, web_url, web_urls};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("firecrawl_scrape", "Scrape a page", Effect::Read, scrape).toolset("scrape"),
        tool(
            "firecrawl_batch_scrape",
            "Start a batch scrape",
            Effect::Read,
            batch_scrape,
        )
        .toolset("scrape"),
        tool(
            "firecrawl_check_batch_status",
            "Check a batch scrape",
            Effect::Read,
            check_batch_status,
        )
        .toolset("scrape"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq)]
pub enum Format {
    #[serde(rename = "markdown")]
    Markdown,
    #[serde(rename = "html")]
    Html,
    #[serde(rename = "rawHtml")]
    RawHtml,
    #[serde(rename = "screenshot")]
    Screenshot,
    #[serde(rename = "links")]
    Links,
    #[serde(rename = "screenshot@fullPage")]
    ScreenshotFullPage,
    #[serde(rename = "extract")]
    Extract,
    #[serde(rename = "json")]
    Json,
}

impl Format {
    fn v1(self) -> &'static str {
        match self {
            Format::Markdown => "markdown",
            Format::Html => "html",
            Format::RawHtml => "rawHtml",
            Format::Screenshot => "screenshot",
            Format::Links => "links",
            Format::ScreenshotFullPage => "screenshot@fullPage",
            Format::Extract | Format::Json => "json",
        }
    }
}

/// Scrape one URL: its title, status and the formats asked for (markdown by default).
/// `extract`/`json` returns data shaped by `extract` ({prompt, schema, systemPrompt}).
#[derive(Deserialize, JsonSchema)]
pub struct Scrape {
    #[schemars(length(max = 2048))]
    url: String,
    formats: Option<Vec<Format>>,
    /// Drop headers, navs, footers (default true)
    #[serde(rename = "onlyMainContent")]
    only_main_content: Option<bool>,
    /// CSS selectors to keep
    #[serde(rename = "includeTags")]
    include_tags: Option<Vec<String>>,
    /// CSS selectors to drop
    #[serde(rename = "excludeTags")]
    exclude_tags: Option<Vec<String>>,
    /// Milliseconds to wait for the page before scraping
    #[serde(rename = "waitFor")]
    wait_for: Option<Int>,
    /// Milliseconds (Firecrawl's default: 30000)
    timeout: Option<Int>,
    /// Browser actions first, e.g. {"type": "click", "selector": "#more"}
    actions: Option<Vec<Map<String, Value>>>,
    /// {prompt, schema, systemPrompt} for the extract format
    extract: Option<Map<String, Value>>,
    mobile: Option<bool>,
    #[serde(rename = "skipTlsVerification")]
    skip_tls_verification: Option<bool>,
    #[serde(rename = "removeBase64Images")]
    remove_base64_images: Option<bool>,
    /// {country: ISO 3166-1 alpha-2, languages: [...]}
    location: Option<Map<String, Value>>,
}

async fn scrape(ctx: Ctx, a: Scrape) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("url".into(), json!(web_url(&a.url, "url")?));
    let formats = a.formats.unwrap_or_default();
    let wants_json = formats
        .iter()
        .any(|f| matches!(f, Format::Extract | Format::Json));
    if wants_json && a.extract.is_none() {
        return Err(ToolError::invalid_input(
            "the `extract` format needs `extract`: {\"prompt\": \"...\"} or {\"schema\": {...}}",
        ));
    }
    if !formats.is_empty() {
        let mut v1: Vec<&str> = formats.iter().map(|f| f.v1()).collect();
        v1.dedup();
        body.insert("formats".into(), json!(v1));
    }
    insert_opt(&mut body, "onlyMainContent", a.only_main_content);
    insert_opt(&mut body, "includeTags", a.include_tags);
    insert_opt(&mut body, "excludeTags", a.exclude_tags);
    insert_opt(&mut body, "waitFor", a.wait_for);
    insert_opt(&mut body, "timeout", a.timeout);
    insert_opt(&mut body, "actions", a.actions);
    insert_opt(&mut body, "jsonOptions", a.extract);
    insert_opt(&mut body, "mobile", a.mobile);
    insert_opt(&mut body, "skipTlsVerification", a.skip_tls_verification);
    insert_opt(&mut body, "removeBase64Images", a.remove_base64_images);
    insert_opt(&mut body, "location", a.location);
    let v: Value = ctx
        .authorized(Method::POST, "/v1/scrape")?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::page(at(&v, "data").unwrap_or(&Value::Null), None))
}

/// Start scraping many URLs as one job; returns its id for firecrawl_check_batch_status.
#[derive(Deserialize, JsonSchema)]
pub struct BatchScrape {
    #[schemars(length(min = 1, max = 1000), inner(length(max = 2048)))]
    urls: Vec<String>,
    /// Scrape options as in firecrawl_scrape (formats, onlyMainContent, ...), plus webhook and ignoreInvalidURLs
    options: Option<Map<String, Value>>,
}

async fn batch_scrape(ctx: Ctx, a: BatchScrape) -> Result<Value, ToolError> {
    let urls = web_urls(&a.urls, "urls")?;
    let mut body = v1_scrape_options(a.options.unwrap_or_default());
    if body.contains_key("urls") || body.contains_key("url") {
        return Err(ToolError::invalid_input(
            "give the URLs in `urls`, not inside `options`",
        ));
    }
    body.insert("urls".into(), json!(urls));
    let v: Value = ctx
        .authorized(Method::POST, "/v1/batch/scrape")?
        .json(&body)
        .send_json()
        .await?;
    let mut out = json!({
        "id": at(&v, "id"),
        "status": "started",
        "check_with": "firecrawl_check_batch_status",
    });
    if let Some(bad) = at(&v, "invalidURLs").and_then(Value::as_array)
        && !bad.is_empty()
    {
        out["invalid_urls"] = Value::Array(bad.clone());
    }
    Ok(out)
}

// A job id and the window of its pages to return.
#[derive(Deserialize, JsonSchema)]
pub struct Window {
    /// The job id from the start call
    #[schemars(length(max = 64))]
    pub id: String,
    /// Pages to skip in this answer
    pub offset: Option<Int>,
    /// Pages to return
    #[schemars(range(min = 1, max = 50), extend("default" = 10))]
    pub limit: Option<Int>,
}

impl Window {
    pub fn window(&self) -> Result<(usize, usize), ToolError> {
        let limit = self.limit.map_or(10, Int::get);
        if !(1..=50).contains(&limit) {
            return Err(ToolError::invalid_input(format!(
                "`limit` must be between 1 and 50 (got {limit})"
            )));
        }
        let offset = self.offset.map_or(0, Int::get);
        Ok((
            usize::try_from(offset).unwrap_or(usize::MAX),
            usize::try_from(limit).unwrap_or(10),
        ))
    }
}

/// Status of a batch scrape: status, completed/total, credits used, and its pages (markdown
/// cut at 4000 characters; page through with offset/limit).
#[derive(Deserialize, JsonSchema)]
pub struct CheckBatch {
    #[serde(flatten)]
    w: Window,
}

async fn check_batch_status(ctx: Ctx, a: CheckBatch) -> Result<Value, ToolError> {
    let (offset, limit) = a.w.window()?;
    let path = format!("/v1/batch/scrape/{}", seg_id(&a.w.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(api::job_status(
        &v,
        offset,
        limit,
        "firecrawl_check_batch_status",
    ))
}
