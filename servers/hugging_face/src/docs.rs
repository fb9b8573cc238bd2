//! Documentation: semantic search (`GET /api/docs/search`, the index at `GET /api/docs`) and
//! fetching one page of the Hugging Face (`huggingface.co/docs/...`) or Gradio
//! (`www.gradio.app`) documentation as Markdown.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{compact, cut};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hf_doc_search",
            "Search documentation",
            Effect::Read,
            doc_search,
        )
        .toolset("docs"),
        tool(
            "hf_doc_fetch",
            "Fetch a documentation page",
            Effect::Read,
            doc_fetch,
        )
        .toolset("docs"),
    ]
}

/// Search Hugging Face product and library documentation: ranked excerpts with title, url,
/// product and snippet. An empty query lists the documentation products instead.
#[derive(Deserialize, JsonSchema)]
pub struct DocSearch {
    #[schemars(length(max = 200))]
    query: String,
    /// Product id from the empty-query list, e.g. transformers, hub, diffusers
    #[schemars(length(max = 100))]
    product: Option<String>,
}

const RESULTS: usize = 15;
const SNIPPET: usize = 500;

async fn doc_search(ctx: Ctx, a: DocSearch) -> Result<Value, ToolError> {
    let query = a.query.trim();
    if query.is_empty() {
        let v: Vec<Value> = ctx
            .authorized(Method::GET, "/api/docs")?
            .send_json()
            .await?;
        let products: Vec<Value> = v
            .iter()
            .map(|p| pick(p, &["id", "url", "category"]))
            .collect();
        return Ok(json!({ "products": products }));
    }
    if query.chars().count() < 3 {
        return Err(ToolError::invalid_input(
            "`query` needs at least 3 characters (or leave it empty to list the products)",
        ));
    }
    let product = a
        .product
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let v: Vec<Value> = ctx
        .authorized(Method::GET, "/api/docs/search")?
        .query("q", query.to_lowercase())
        .query_opt("product", product)
        .send_json()
        .await?;
    let total = v.len();
    let results: Vec<Value> = v
        .iter()
        .take(RESULTS)
        .map(|r| {
            let page = at(r, "source_page_title")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let heading = at(r, "heading2")
                .or_else(|| at(r, "heading1"))
                .and_then(Value::as_str)
                .unwrap_or_default();
            let title = match (page, heading) {
                (p, h) if h.is_empty() || p == h => p.to_owned(),
                ("", h) => h.to_owned(),
                (p, h) => format!("{p} › {h}"),
            };
            let mut out = pick(r, &["url=source_page_url", "product"]);
            out["title"] = json!(title);
            if let Some(t) = at(r, "text").and_then(Value::as_str) {
                out["snippet"] = json!(cut(t.trim(), SNIPPET));
            }
            compact(out)
        })
        .collect();
    Ok(json!({ "results": results, "total": total }))
}

/// Fetch a documentation page as Markdown, in chunks of about 7500 tokens; a cut page ends
/// with the `offset` of the next chunk.
#[derive(Deserialize, JsonSchema)]
pub struct DocFetch {
    /// https://huggingface.co/docs/... or https://www.gradio.app/...
    #[schemars(length(max = 500))]
    doc_url: String,
    /// Token offset of the chunk, from the truncation note
    offset: Option<Int>,
}

/// Characters per token, as the chunking estimates it.
const CHARS_PER_TOKEN: usize = 4;
const CHUNK_TOKENS: usize = 7500;

async fn doc_fetch(ctx: Ctx, a: DocFetch) -> Result<Output, ToolError> {
    let raw = a.doc_url.trim();
    let url = url_of(raw)?;
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let mut path = url.path().to_owned();
    if let Some(q) = url.query() {
        path = format!("{path}?{q}");
    }
    let req = match host.as_str() {
        "huggingface.co" | "www.huggingface.co" | "hf.co" => {
            if !url.path().starts_with("/docs/") {
                return Err(bad_url(raw));
            }
            ctx.authorized(Method::GET, &path)?
        }
        "gradio.app" | "www.gradio.app" => ctx.api_authorized("gradio", Method::GET, &path)?,
        _ => return Err(bad_url(raw)),
    };
    let resp = req.header("accept", "text/markdown").send().await?;
    let ctype = resp.header("content-type").unwrap_or_default().to_owned();
    let mut text = resp.text();
    let head = text
        .trim_start()
        .get(..15)
        .unwrap_or_default()
        .to_ascii_lowercase();
    if ctype.contains("html") || head.starts_with("<!doctype html") || head.starts_with("<html") {
        text = html_to_text(&text);
    }
    chunk(&text, a.offset.map(|o| o.get() as usize).unwrap_or(0)).map(Output::Text)
}

fn url_of(raw: &str) -> Result<url::Url, ToolError> {
    let with_scheme = if raw.starts_with("http://") || raw.starts_with("https://") {
        raw.to_owned()
    } else {
        format!("https://{raw}")
    };
    let u = url::Url::parse(&with_scheme).map_err(|_| bad_url(raw))?;
    if u.scheme() != "https" && u.scheme() != "http" {
        return Err(bad_url(raw));
    }
    Ok(u)
}

fn bad_url(raw: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`doc_url` must be a Hugging Face documentation URL (https://huggingface.co/docs/...) or a Gradio one (https://www.gradio.app/...); got `{raw}`"
    ))
    .with_hint("find pages with hf_doc_search.")
}

fn chunk(text: &str, offset: usize) -> Result<String, ToolError> {
    let chars: Vec<char> = text.chars().collect();
    let total_tokens = chars.len().div_ceil(CHARS_PER_TOKEN);
    let start = offset.saturating_mul(CHARS_PER_TOKEN);
    if start >= chars.len() && !(offset == 0 && chars.is_empty()) {
        return Err(ToolError::invalid_input(format!(
            "`offset` {offset} is beyond the document ({total_tokens} tokens)"
        )));
    }
    let end = (start + CHUNK_TOKENS * CHARS_PER_TOKEN).min(chars.len());
    let mut out: String = chars[start..end].iter().collect();
    if end < chars.len() {
        let next = end / CHARS_PER_TOKEN;
        out.push_str(&format!(
            "\n\n=== DOCUMENT TRUNCATED ({total_tokens} tokens). CALL hf_doc_fetch WITH offset {next} FOR THE NEXT CHUNK ==="
        ));
    }
    Ok(out)
}

/// The readable text of an HTML page (for a docs host that ignores `Accept: text/markdown`):
/// scripts, styles and navigation dropped, tags removed, entities for the common characters
/// decoded, blank runs collapsed.
fn html_to_text(html: &str) -> String {
    let mut s = html.to_owned();
    for tag in [
        "script", "style", "head", "nav", "header", "footer", "svg", "noscript",
    ] {
        s = drop_elements(&s, tag);
    }
    const BLOCKS: &[&str] = &[
        "p",
        "div",
        "br",
        "li",
        "ul",
        "ol",
        "pre",
        "tr",
        "table",
        "section",
        "article",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
    ];
    let mut out = String::with_capacity(s.len());
    let mut tag: Option<String> = None;
    for c in s.chars() {
        match (&mut tag, c) {
            (None, '<') => tag = Some(String::new()),
            (Some(t), '>') => {
                let name: String = t
                    .trim_start_matches('/')
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect::<String>()
                    .to_ascii_lowercase();
                out.push(if BLOCKS.contains(&name.as_str()) {
                    '\n'
                } else {
                    ' '
                });
                tag = None;
            }
            (Some(t), c) => t.push(c),
            (None, c) => out.push(c),
        }
    }
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn drop_elements(s: &str, tag: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    // `lower` has `s`'s byte offsets (ASCII lower-casing), so its matches cut `s` too; `get`
    // keeps a cut that would not fall on a boundary from panicking all the same.
    while let Some(a) = lower.get(i..).and_then(|r| r.find(&open)).map(|a| a + i) {
        out.push_str(s.get(i..a).unwrap_or_default());
        match lower.get(a..).and_then(|r| r.find(&close)) {
            Some(b) => i = a + b + close.len(),
            None => {
                i = s.len();
                break;
            }
        }
    }
    out.push_str(s.get(i..).unwrap_or_default());
    out
}
