//! The four tools: one guarded GET, then the body as it is, as Markdown, as text or as JSON.

use std::collections::BTreeMap;

use mcp_shared::fetch::BROWSER_USER_AGENT;
use mcp_shared::html::visible_text;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "fetch_html",
            "Fetch a page as HTML",
            Effect::Read,
            fetch_html,
        )
        .toolset("fetch"),
        tool(
            "fetch_markdown",
            "Fetch a page as Markdown",
            Effect::Read,
            fetch_markdown,
        )
        .toolset("fetch"),
        tool(
            "fetch_txt",
            "Fetch a page as plain text",
            Effect::Read,
            fetch_txt,
        )
        .toolset("fetch"),
        tool(
            "fetch_json",
            "Fetch a JSON document",
            Effect::Read,
            fetch_json,
        )
        .toolset("fetch"),
    ]
}

/// The URL to fetch and optional request headers.
#[derive(Deserialize, JsonSchema)]
pub struct Fetch {
    /// Absolute http(s) URL. Private, loopback and link-local hosts are refused.
    url: String,
    /// Request headers to send, e.g. {"Accept-Language": "de"}. A browser User-Agent is sent
    /// unless one is given here; Host, Content-Length and connection headers are ignored.
    #[serde(default)]
    headers: Option<BTreeMap<String, String>>,
}

async fn get(ctx: &Ctx, a: &Fetch) -> Result<(String, String), ToolError> {
    let mut headers: Vec<(String, String)> = a
        .headers
        .iter()
        .flatten()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if !headers
        .iter()
        .any(|(k, _)| k.trim().eq_ignore_ascii_case("user-agent"))
    {
        headers.push(("User-Agent".to_owned(), BROWSER_USER_AGENT.to_owned()));
    }
    let f = ctx.fetch_with_headers(&a.url, &headers).await?;
    let text = String::from_utf8_lossy(&f.body).into_owned();
    Ok((f.url.to_string(), text))
}

/// Fetch a URL and return its body as it came (HTML for a web page).
async fn fetch_html(ctx: Ctx, a: Fetch) -> Result<String, ToolError> {
    Ok(get(&ctx, &a).await?.1)
}

/// Fetch a web page and return it as Markdown (scripts and styles left out): the best form
/// for reading a page.
async fn fetch_markdown(ctx: Ctx, a: Fetch) -> Result<String, ToolError> {
    let (url, html) = get(&ctx, &a).await?;
    mcp_shared::markdown::from_html(&html).map_err(|e| {
        ToolError::invalid_input(format!("{url} could not be converted to Markdown: {e}"))
    })
}

/// Fetch a web page and return its visible text: scripts, styles and templates left out,
/// every run of whitespace one space.
async fn fetch_txt(ctx: Ctx, a: Fetch) -> Result<String, ToolError> {
    let (_, html) = get(&ctx, &a).await?;
    Ok(visible_text(&html, &[]))
}

/// Fetch a JSON document and return it as compact JSON.
async fn fetch_json(ctx: Ctx, a: Fetch) -> Result<String, ToolError> {
    let (url, body) = get(&ctx, &a).await?;
    let v: serde_json::Value =
        serde_json::from_str(body.trim_start_matches('\u{feff}')).map_err(|e| {
            ToolError::invalid_input(format!(
                "{url} did not answer with JSON ({e}); use fetch_txt or fetch_html to read it"
            ))
        })?;
    Ok(v.to_string())
}
