//! `search-google-scholar`: `GET https://scholar.google.com/scholar?q=<kw>&hl=en`, the HTML
//! results page read with scraper. Scholar has no API and blocks automated clients often: a
//! block (HTTP 403/429, the CAPTCHA or "unusual traffic" page) is a clear error, never retried
//! beyond the shared client's bounded retries.

use mcp_shared::{
    Ctx, Effect, ErrorKind, Method, Output, Profile, ToolDef, ToolError, tool as def,
};
use schemars::JsonSchema;
use scraper::{ElementRef, Html, Selector};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tool() -> ToolDef {
    def(
        "search-google-scholar",
        "Search Google Scholar",
        Effect::Read,
        search,
    )
    .toolset("search")
    .in_profile(Profile::Toolathlon)
}

/// Search Google Scholar (first results page, up to 10 hits). Returns per result: title, link,
/// the authors/venue/year line, snippet, cited-by count and PDF link where shown. Scholar often
/// blocks automated clients; then use search-arxiv.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Search words, as typed into Scholar (`author:`, quotes allowed)
    keyword: String,
}

fn sel(s: &str) -> Result<Selector, ToolError> {
    Selector::parse(s).map_err(|e| ToolError::transport(format!("bad selector {s}: {e}")))
}

/// The element's text as a browser shows it (inline tags add no space: `<a>G Hinton</a>, ...`
/// is `G Hinton, ...`), white space collapsed.
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
        format!("Google Scholar blocked the request (HTTP {status}: a CAPTCHA or unusual-traffic page)."),
    )
    .with_status(status)
    .with_hint("Scholar has no API and blocks automated clients; retry much later (or through HTTPS_PROXY), or use search-arxiv.")
}

fn is_block_page(html: &str) -> bool {
    [
        "gs_captcha",
        "unusual traffic",
        "g-recaptcha",
        "/sorry/index",
    ]
    .iter()
    .any(|m| html.contains(m))
}

async fn search(ctx: Ctx, a: Search) -> Result<Output, ToolError> {
    let keyword = a.keyword.split_whitespace().collect::<Vec<_>>().join(" ");
    if keyword.is_empty() {
        return Err(ToolError::invalid_input(
            "`keyword` is empty: give words to search for.",
        ));
    }
    let resp = ctx
        .api_authorized("scholar", Method::GET, "/scholar")?
        .query("q", &keyword)
        .query("hl", "en")
        .send_raw()
        .await?;
    let status = resp.status.as_u16();
    if status == 429 || status == 403 {
        return Err(blocked(status));
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    let html = resp.text();
    if is_block_page(&html) {
        return Err(blocked(status));
    }
    let hits = parse(&html)?;
    if ctx.profile() == Profile::Toolathlon {
        return Ok(Output::Text(crate::text::articles(
            &keyword,
            hits.iter().enumerate().map(|(i, h)| h.article(i + 1)),
        )));
    }
    let results: Vec<Value> = hits.iter().map(Hit::json).collect();
    Ok(json!({ "results": results }).into())
}

/// One result of the page.
struct Hit {
    title: String,
    url: Option<String>,
    /// `Authors - Venue, Year - host`.
    byline: Option<String>,
    snippet: Option<String>,
    cited_by: Option<u64>,
    pdf_url: Option<String>,
    cited_by_url: Option<String>,
    related_url: Option<String>,
    /// Scholar profile IDs of the byline's linked authors (`/citations?user=<id>`).
    author_ids: Vec<String>,
}

impl Hit {
    fn json(&self) -> Value {
        let mut v = json!({
            "title": self.title,
            "url": self.url,
            "authors_venue": self.byline,
            "snippet": self.snippet,
            "cited_by": self.cited_by,
            "pdf_url": self.pdf_url,
        });
        if let Value::Object(m) = &mut v {
            m.retain(|_, x| !x.is_null());
        }
        v
    }

    /// The result as Klavis's `scholarly_toolathlon` writes it (the `scholarly` package's
    /// fields, read here from the byline: authors before the first ` - `, then venue and year),
    /// with its placeholders where the page shows nothing.
    fn article(&self, rank: usize) -> String {
        let mut parts = self.byline.as_deref().unwrap_or_default().split(" - ");
        let authors = parts.next().map(str::trim).filter(|a| !a.is_empty());
        let source = parts.next().map(str::trim).unwrap_or_default();
        let (venue, year) = match source.rsplit_once(',') {
            Some((v, y)) if is_year(y.trim()) => (Some(v.trim()), Some(y.trim())),
            _ if is_year(source) => (None, Some(source)),
            _ => (Some(source).filter(|v| !v.is_empty()), None),
        };
        let or = |v: Option<&str>, none: &str| v.unwrap_or(none).to_owned();
        let ids = (!self.author_ids.is_empty()).then(|| self.author_ids.join(", "));
        crate::text::lines(&[
            ("Title", self.title.clone()),
            ("Authors", or(authors, "No authors available")),
            ("Publication Year", or(year, "No year available")),
            ("Venue", or(venue, "No venue available")),
            ("Google Scholar Rank", rank.to_string()),
            ("Citations", self.cited_by.unwrap_or(0).to_string()),
            ("Author IDs", or(ids.as_deref(), "No author IDs")),
            (
                "Publication URL",
                or(self.url.as_deref(), "No URL available"),
            ),
            (
                "Cited-by URL",
                or(self.cited_by_url.as_deref(), "No cited-by URL"),
            ),
            (
                "Related Articles URL",
                or(self.related_url.as_deref(), "No related articles URL"),
            ),
            (
                "Abstract",
                or(self.snippet.as_deref(), "No abstract available"),
            ),
        ])
    }
}

fn is_year(s: &str) -> bool {
    s.len() == 4 && s.chars().all(|c| c.is_ascii_digit())
}

fn parse(html: &str) -> Result<Vec<Hit>, ToolError> {
    let doc = Html::parse_document(html);
    let (result, title, link, byline, snippet, footer, pdf) = (
        sel("div.gs_r.gs_or, div.gs_ri")?,
        sel("h3.gs_rt")?,
        sel("h3.gs_rt a")?,
        sel("div.gs_a")?,
        sel("div.gs_rs")?,
        sel("div.gs_fl a")?,
        sel("div.gs_or_ggsm a, div.gs_ggs a")?,
    );
    let byline_links = sel("div.gs_a a")?;
    let mut out = Vec::new();
    for r in doc.select(&result) {
        // `div.gs_ri` inside a `div.gs_r` matched already.
        if r.value().classes().any(|c| c == "gs_ri")
            && r.parent()
                .and_then(ElementRef::wrap)
                .is_some_and(|p| p.value().classes().any(|c| c == "gs_r"))
        {
            continue;
        }
        let Some(h) = r.select(&title).next() else {
            continue;
        };
        let a = r.select(&link).next();
        let title_text = match a {
            Some(a) => text_of(a),
            // A citation without a link: drop the leading `[CITATION] [C]` tags.
            None => {
                let mut t = text_of(h);
                while t.starts_with('[') {
                    match t.find(']') {
                        Some(j) => t = t.get(j + 1..).unwrap_or_default().trim_start().to_owned(),
                        None => break,
                    }
                }
                t
            }
        };
        let cited = r
            .select(&footer)
            .find(|f| text_of(*f).starts_with("Cited by "));
        let cited_by = cited.and_then(|f| {
            text_of(f)
                .strip_prefix("Cited by ")
                .and_then(|n| n.trim().parse::<u64>().ok())
        });
        let href = |e: ElementRef<'_>| e.value().attr("href").map(str::to_owned);
        let related = r
            .select(&footer)
            .find(|f| text_of(*f) == "Related articles")
            .and_then(href);
        let author_ids = r
            .select(&byline_links)
            .filter_map(|l| l.value().attr("href"))
            .filter_map(|h| {
                h.split(['?', '&'])
                    .find_map(|kv| kv.strip_prefix("user="))
                    .map(str::to_owned)
            })
            .collect();
        out.push(Hit {
            title: title_text,
            url: a.and_then(href),
            byline: r.select(&byline).next().map(text_of),
            snippet: r.select(&snippet).next().map(text_of),
            cited_by,
            pdf_url: r.select(&pdf).next().and_then(href),
            cited_by_url: cited.and_then(href),
            related_url: related,
            author_ids,
        });
    }
    Ok(out)
}
