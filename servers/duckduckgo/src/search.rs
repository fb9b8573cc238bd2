//! `search`: `POST /html/` on `html.duckduckgo.com` with the form `q`, `b`, `kl` (as the
//! variant's upstream, duckduckgo-mcp-server 0.1.1, sends it), the results page read with
//! scraper. Not a published API: a bot check (HTTP 202/403/429 or the "anomaly" page) is a
//! clear error, and a page whose results cannot be read says that the layout may have changed.

use std::time::Duration;

use mcp_shared::fetch::BROWSER_USER_AGENT;
use mcp_shared::{Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, tool as def};
use schemars::JsonSchema;
use scraper::{ElementRef, Html, Selector};
use serde::Deserialize;
use tokio::sync::Mutex;
use tokio::time::Instant;

/// Polite rate limit: at most one search per second per process (searches queue).
const MIN_INTERVAL: Duration = Duration::from_secs(1);
static LAST_SEARCH: Mutex<Option<Instant>> = Mutex::const_new(None);

const DEFAULT_MAX_RESULTS: i64 = 10;
const MAX_MAX_RESULTS: i64 = 50;

pub fn tool() -> ToolDef {
    def("search", "Search the web", Effect::Read, search).toolset("search")
}

/// Search the web with DuckDuckGo. Returns the results of the first page: per result its
/// title, URL and summary.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// What to search for
    query: String,
    /// How many results to return, 1 to 50 (default 10; the first results page only)
    #[serde(default = "default_max_results")]
    max_results: i64,
}

fn default_max_results() -> i64 {
    DEFAULT_MAX_RESULTS
}

struct Hit {
    title: String,
    url: String,
    snippet: String,
}

fn sel(s: &str) -> Result<Selector, ToolError> {
    Selector::parse(s).map_err(|e| ToolError::transport(format!("bad selector {s}: {e}")))
}

/// The element's text as a browser shows it, white space collapsed.
fn text_of(e: ElementRef<'_>) -> String {
    e.text()
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn blocked(status: u16) -> ToolError {
    ToolError::new(
        ErrorKind::Upstream,
        format!("DuckDuckGo answered with its bot check instead of results (HTTP {status})."),
    )
    .with_status(status)
    .with_hint("DuckDuckGo limits automated searches: retry in a few minutes, or run the server through an egress proxy (PROXY_HOST, PROXY_PORT, ...).")
}

fn is_challenge(html: &str) -> bool {
    [
        "anomaly-modal",
        "challenge-form",
        "bots use DuckDuckGo too",
        "/anomaly.js",
    ]
    .iter()
    .any(|m| html.contains(m))
}

/// Wait until a second has passed since the previous search of this process.
async fn pace() {
    let mut last = LAST_SEARCH.lock().await;
    if let Some(t) = *last {
        let next = t + MIN_INTERVAL;
        if next > Instant::now() {
            tokio::time::sleep_until(next).await;
        }
    }
    *last = Some(Instant::now());
}

async fn search(ctx: Ctx, a: Search) -> Result<String, ToolError> {
    let query = a.query.split_whitespace().collect::<Vec<_>>().join(" ");
    if query.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give words to search for.",
        ));
    }
    let max = a.max_results;
    if !(1..=MAX_MAX_RESULTS).contains(&max) {
        return Err(ToolError::invalid_input(format!(
            "`max_results` must be between 1 and {MAX_MAX_RESULTS}, not {max}."
        )));
    }
    pace().await;
    let resp = ctx
        .authorized(Method::POST, "/html/")?
        .header("User-Agent", BROWSER_USER_AGENT)
        .form(vec![
            ("q".to_owned(), query.clone()),
            ("b".to_owned(), String::new()),
            ("kl".to_owned(), String::new()),
        ])
        .send_raw()
        .await?;
    let status = resp.status.as_u16();
    if matches!(status, 202 | 403 | 429) {
        return Err(blocked(status));
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    let html = resp.text();
    if is_challenge(&html) {
        return Err(blocked(status));
    }
    let (hits, no_results) = parse(&html, usize::try_from(max).unwrap_or(10))?;
    if hits.is_empty() {
        if no_results {
            return Ok(format!(
                "No results were found for your search query \"{query}\". Try other or fewer words."
            ));
        }
        return Err(ToolError::new(
            ErrorKind::Upstream,
            "DuckDuckGo's results page had no results that could be read.",
        )
        .with_hint("the page is not a published API and its layout may have changed, or a bot check was served; retry in a few minutes."));
    }
    Ok(format_hits(&hits))
}

/// The variant's text: `Found N search results:` then `i. title / URL: / Summary:` blocks.
fn format_hits(hits: &[Hit]) -> String {
    let mut out = format!("Found {} search results:\n\n", hits.len());
    for (i, h) in hits.iter().enumerate() {
        out.push_str(&format!(
            "{}. {}\n   URL: {}\n   Summary: {}\n\n",
            i + 1,
            h.title,
            h.url,
            h.snippet
        ));
    }
    out.truncate(out.trim_end().len());
    out
}

/// The page's organic results (ads left out), at most `max`, and whether the page says it
/// found nothing.
fn parse(html: &str, max: usize) -> Result<(Vec<Hit>, bool), ToolError> {
    let doc = Html::parse_document(html);
    let result = sel(".result")?;
    let link = sel(".result__title a, a.result__a")?;
    let snippet = sel(".result__snippet")?;
    let no_results = doc.select(&sel(".no-results")?).next().is_some();
    let mut hits = Vec::new();
    for r in doc.select(&result) {
        let classes: Vec<&str> = r.value().classes().collect();
        if classes.contains(&"result--ad") || classes.contains(&"result--no-result") {
            continue;
        }
        let Some(a) = r.select(&link).next() else {
            continue;
        };
        let href = a.value().attr("href").unwrap_or_default();
        if href.is_empty() || href.contains("y.js") {
            continue;
        }
        let title = text_of(a);
        let snippet = r.select(&snippet).next().map(text_of).unwrap_or_default();
        hits.push(Hit {
            title,
            url: unwrap_redirect(href),
            snippet,
        });
        if hits.len() >= max {
            break;
        }
    }
    Ok((hits, no_results))
}

/// DuckDuckGo links results through `//duckduckgo.com/l/?uddg=<target>&rut=...`: the target.
fn unwrap_redirect(href: &str) -> String {
    let absolute = if href.starts_with("//") {
        format!("https:{href}")
    } else {
        href.to_owned()
    };
    match url::Url::parse(&absolute) {
        Ok(u) if u.path() == "/l/" || u.path() == "/l" => u
            .query_pairs()
            .find(|(k, _)| k == "uddg")
            .map(|(_, v)| v.into_owned())
            .unwrap_or(absolute),
        Ok(_) => absolute,
        Err(_) => href.to_owned(),
    }
}
