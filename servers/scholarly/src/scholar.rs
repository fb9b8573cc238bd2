//! `search-google-scholar`: `GET https://scholar.google.com/scholar?q=<kw>&hl=en`, the HTML
//! results page read with scraper. Scholar has no API and blocks automated clients often: a
//! block (HTTP 403/429, the CAPTCHA or "unusual traffic" page) is a clear error, never retried
//! beyond the shared client's bounded retries.

use mcp_shared::{Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, tool as def};
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

fn text_of(e: ElementRef<'_>) -> String {
    e.text()
        .collect::<Vec<_>>()
        .join(" ")
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

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
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
    let results = parse(&html)?;
    Ok(json!({ "results": results }))
}

fn parse(html: &str) -> Result<Vec<Value>, ToolError> {
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
        let cited_by = r.select(&footer).find_map(|f| {
            text_of(f)
                .strip_prefix("Cited by ")
                .and_then(|n| n.trim().parse::<u64>().ok())
        });
        let mut v = json!({
            "title": title_text,
            "url": a.and_then(|a| a.value().attr("href")),
            "authors_venue": r.select(&byline).next().map(text_of),
            "snippet": r.select(&snippet).next().map(text_of),
            "cited_by": cited_by,
            "pdf_url": r.select(&pdf).next().and_then(|p| p.value().attr("href")),
        });
        if let Value::Object(m) = &mut v {
            m.retain(|_, x| !x.is_null());
        }
        out.push(v);
    }
    Ok(out)
}
