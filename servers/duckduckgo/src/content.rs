//! `fetch_content`: one guarded GET (the shared fetch: no loopback, private, link-local or
//! metadata address, after DNS and on every redirect; size and time caps) with a browser
//! User-Agent, then the page's readable text: scripts, styles, navigation, header and footer
//! left out, white space collapsed into one line, cut at 8000 characters.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool as def};
use schemars::JsonSchema;
use serde::Deserialize;

use mcp_shared::fetch::BROWSER_USER_AGENT;
use mcp_shared::html::{PAGE_CHROME, visible_text};

/// The variant's cap on the text returned, in characters.
pub const MAX_CHARS: usize = 8000;
const TRUNCATED: &str = "... [content truncated]";

pub fn tool() -> ToolDef {
    def(
        "fetch_content",
        "Read a web page's text",
        Effect::Read,
        fetch_content,
    )
    .toolset("search")
}

/// Fetch a web page and return its readable text (no scripts, styles, navigation, header or
/// footer), white space collapsed, at most 8000 characters.
#[derive(Deserialize, JsonSchema)]
pub struct FetchContent {
    /// Absolute http(s) URL of the page, e.g. one from `search`. Private and loopback hosts are refused.
    url: String,
}

async fn fetch_content(ctx: Ctx, a: FetchContent) -> Result<String, ToolError> {
    let headers = [("User-Agent".to_owned(), BROWSER_USER_AGENT.to_owned())];
    let f = ctx.fetch_with_headers(a.url.trim(), &headers).await?;
    let html = String::from_utf8_lossy(&f.body);
    Ok(truncate(readable_text(&html)))
}

fn truncate(text: String) -> String {
    if text.chars().nth(MAX_CHARS).is_none() {
        return text;
    }
    let mut t: String = text.chars().take(MAX_CHARS).collect();
    t.push_str(TRUNCATED);
    t
}

/// A page's readable text: the body without what browsers do not show and without the page's
/// navigation, header and footer (as the variant removes them), blocks apart, every run of
/// white space one space.
pub fn readable_text(html: &str) -> String {
    visible_text(html, PAGE_CHROME)
}
