//! `search-arxiv`: `GET /api/query?search_query=all:<kw>&start=0&max_results=N&sortBy=relevance`
//! (arXiv API user manual), an Atom feed read with quick-xml.

use mcp_shared::{
    Ctx, Effect, ErrorKind, Method, Output, Profile, ToolDef, ToolError, tool as def,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Characters of an abstract kept per result.
const SUMMARY_CHARS: usize = 600;

pub fn tool() -> ToolDef {
    def("search-arxiv", "Search arXiv", Effect::Read, search)
        .toolset("search")
        .in_profile(Profile::Toolathlon)
}

/// Search arXiv papers by relevance. Returns per paper: id, title, authors, published date,
/// primary category, abstract (shortened), abs and pdf links; and the total number of matches.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Words searched in all fields (title, authors, abstract...)
    keyword: String,
    /// At most 50
    #[schemars(extend("default" = 10))]
    max_results: Option<u32>,
}

// quick-xml matches elements by local name: `totalResults` is `opensearch:totalResults`,
// `primary_category` and `doi` are in the `arxiv:` namespace.
#[derive(Deserialize, Default)]
struct Feed {
    #[serde(rename = "totalResults", default)]
    total: Option<String>,
    #[serde(rename = "entry", default)]
    entries: Vec<Entry>,
}

#[derive(Deserialize, Default)]
struct Entry {
    #[serde(default)]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    published: Option<String>,
    #[serde(default)]
    updated: Option<String>,
    #[serde(rename = "author", default)]
    authors: Vec<Author>,
    #[serde(rename = "link", default)]
    links: Vec<Link>,
    #[serde(rename = "primary_category", default)]
    primary_category: Option<Category>,
    #[serde(rename = "doi", default)]
    doi: Option<String>,
    #[serde(rename = "category", default)]
    categories: Vec<Category>,
    #[serde(rename = "journal_ref", default)]
    journal_ref: Option<String>,
    #[serde(rename = "comment", default)]
    comment: Option<String>,
}

#[derive(Deserialize, Default)]
struct Author {
    #[serde(default)]
    name: String,
}

#[derive(Deserialize, Default)]
struct Link {
    #[serde(rename = "@href", default)]
    href: String,
    #[serde(rename = "@title", default)]
    title: Option<String>,
    #[serde(rename = "@rel", default)]
    rel: Option<String>,
}

#[derive(Deserialize, Default)]
struct Category {
    #[serde(rename = "@term", default)]
    term: String,
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn shorten(s: String, n: usize) -> String {
    if s.chars().count() <= n {
        return s;
    }
    s.chars().take(n).collect::<String>() + "…"
}

fn parse(xml: &str) -> Result<Feed, ToolError> {
    // From the first `<` to the last `>`: a BOM or blanks around the document are not errors.
    let start = xml.find('<').unwrap_or(0);
    let end = xml.rfind('>').map_or(xml.len(), |i| i + 1).max(start);
    quick_xml::de::from_str(xml.get(start..end).unwrap_or(xml)).map_err(|e| {
        ToolError::new(
            ErrorKind::Upstream,
            format!("arXiv answered with a feed that could not be read ({e})."),
        )
        .with_hint("retry later; the arXiv API may be under maintenance.")
    })
}

/// arXiv reports a bad query as a feed with one entry titled `Error` whose summary says why.
fn feed_error(feed: &Feed) -> Option<String> {
    feed.entries
        .iter()
        .find(|e| squash(&e.title) == "Error" && e.id.contains("/api/errors"))
        .map(|e| squash(&e.summary))
}

async fn search(ctx: Ctx, a: Search) -> Result<Output, ToolError> {
    let keyword = squash(&a.keyword);
    if keyword.is_empty() {
        return Err(ToolError::invalid_input(
            "`keyword` is empty: give words to search for.",
        ));
    }
    let n = a.max_results.unwrap_or(10).clamp(1, 50);
    let resp = ctx
        .authorized(Method::GET, "/api/query")?
        .query("search_query", format!("all:{keyword}"))
        .query("start", 0)
        .query("max_results", n)
        .query("sortBy", "relevance")
        .send_raw()
        .await?;
    let text = resp.text();
    if !resp.status.is_success() {
        // arXiv's errors are Atom feeds too; read their message when there is one.
        let said = parse(&text).ok().as_ref().and_then(feed_error);
        return Err(match said {
            Some(m) => ToolError::new(
                ErrorKind::Upstream,
                format!(
                    "arXiv refused the search (HTTP {}): {m}",
                    resp.status.as_u16()
                ),
            )
            .with_status(resp.status.as_u16())
            .with_hint("simplify the keywords (plain words; no unbalanced quotes or parentheses)."),
            None => resp.error(),
        });
    }
    let feed = parse(&text)?;
    if let Some(m) = feed_error(&feed) {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("arXiv refused the search: {m}"),
        ));
    }
    if ctx.profile() == Profile::Toolathlon {
        return Ok(Output::Text(crate::text::articles(
            &keyword,
            feed.entries.iter().map(article),
        )));
    }
    let papers: Vec<Value> = feed.entries.into_iter().map(paper).collect();
    Ok(json!({
        "total_results": feed.total.and_then(|t| t.trim().parse::<u64>().ok()),
        "papers": papers,
    })
    .into())
}

/// A paper as Klavis's `scholarly_toolathlon` writes it (the `arxiv` package's fields, one
/// `Label: value` line each, `N/A` where arXiv gives none), the whole abstract included.
fn article(e: &Entry) -> String {
    let or_na = |v: Option<&str>| {
        v.map(squash)
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "N/A".to_owned())
    };
    let day = |v: Option<&String>| or_na(v.map(|d| d.trim()).map(|d| d.get(..10).unwrap_or(d)));
    let pdf = e
        .links
        .iter()
        .find(|l| l.title.as_deref() == Some("pdf"))
        .map(|l| l.href.as_str());
    let lines = [
        ("Title", squash(&e.title)),
        (
            "Authors",
            e.authors
                .iter()
                .map(|a| squash(&a.name))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("Published", day(e.published.as_ref())),
        ("Updated", day(e.updated.as_ref())),
        (
            "Primary Category",
            or_na(e.primary_category.as_ref().map(|c| c.term.as_str())),
        ),
        (
            "All Categories",
            e.categories
                .iter()
                .map(|c| c.term.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("DOI", or_na(e.doi.as_deref())),
        ("Journal Reference", or_na(e.journal_ref.as_deref())),
        ("Comment", or_na(e.comment.as_deref())),
        ("Entry ID", e.id.trim().to_owned()),
        ("PDF URL", or_na(pdf)),
        (
            "All Links",
            e.links
                .iter()
                .map(|l| l.href.as_str())
                .collect::<Vec<_>>()
                .join("||"),
        ),
        ("Summary", squash(&e.summary)),
    ];
    crate::text::lines(&lines)
}

fn paper(e: Entry) -> Value {
    let abs = e
        .links
        .iter()
        .find(|l| l.rel.as_deref() == Some("alternate"))
        .map(|l| l.href.clone())
        .unwrap_or_else(|| e.id.trim().to_owned());
    let pdf = e
        .links
        .iter()
        .find(|l| l.title.as_deref() == Some("pdf"))
        .map(|l| l.href.clone());
    let id =
        e.id.trim()
            .rsplit_once("/abs/")
            .map_or_else(|| e.id.trim().to_owned(), |(_, id)| id.to_owned());
    let mut v = json!({
        "id": id,
        "title": squash(&e.title),
        "authors": e.authors.iter().map(|a| squash(&a.name)).collect::<Vec<_>>(),
        "published": e.published.as_deref().map(str::trim),
        "updated": e.updated.as_deref().map(str::trim),
        "primary_category": e.primary_category.map(|c| c.term),
        "summary": shorten(squash(&e.summary), SUMMARY_CHARS),
        "abs_url": abs,
        "pdf_url": pdf,
        "doi": e.doi.as_deref().map(str::trim),
    });
    if let Value::Object(m) = &mut v {
        m.retain(|_, x| !x.is_null());
    }
    v
}
