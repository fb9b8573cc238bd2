//! The MCP-Atlas view (`--profile atlas`, Klavis's `exa_atlas`, a copy of `exa-mcp-server`
//! 0.3.10): its eight tools with their parameters, on Exa's `/search` and `/contents`.
//! MCP-Atlas starts that server without `--tools`, so only `web_search_exa` is listed by
//! default (toolset `search`); the other seven are in the toolset `atlas_more`, off by default,
//! listed with `--toolsets all` (or `atlas_more`) or named with `--tools`. Results are Exa's
//! own result objects, as that server prints them.

use mcp_shared::{Ctx, Effect, Int, Method, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{MAX_RESULTS, non_empty};

/// The toolset of the tools that server leaves off unless started with `--tools`.
pub const MORE: &str = "atlas_more";

/// Characters of page text per result when the call does not say (that server's default).
const MAX_CHARACTERS: u64 = 3000;

pub fn tools() -> Vec<ToolDef> {
    let atlas = |t: ToolDef, set: &'static str| t.toolset(set).only_in(&[Profile::Atlas]);
    vec![
        atlas(
            tool("web_search_exa", "Web search", Effect::Read, web_search),
            "search",
        ),
        atlas(
            tool(
                "research_paper_search",
                "Research paper search",
                Effect::Read,
                research_paper_search,
            ),
            MORE,
        ),
        atlas(
            tool(
                "company_research",
                "Company research",
                Effect::Read,
                company_research,
            ),
            MORE,
        ),
        atlas(
            tool(
                "competitor_finder",
                "Competitor finder",
                Effect::Read,
                competitor_finder,
            ),
            MORE,
        ),
        atlas(
            tool(
                "github_search",
                "GitHub search",
                Effect::Read,
                github_search,
            ),
            MORE,
        ),
        atlas(
            tool(
                "linkedin_search",
                "LinkedIn search",
                Effect::Read,
                linkedin_search,
            ),
            MORE,
        ),
        atlas(
            tool(
                "wikipedia_search_exa",
                "Wikipedia search",
                Effect::Read,
                wikipedia_search,
            ),
            MORE,
        ),
        atlas(
            tool("crawling", "Crawl a URL", Effect::Read, crawling),
            MORE,
        ),
    ]
}

/// One `/search` of that server: `type: "auto"`, the page text (`maxCharacters`) of each
/// result, and a live crawl (`maxAgeHours: 0`, what `livecrawl: "always"` was) unless `cached`.
#[derive(Default)]
struct Search<'a> {
    query: &'a str,
    num_results: u64,
    category: Option<&'a str>,
    include_domains: Option<Vec<String>>,
    exclude_domains: Option<Vec<String>>,
    /// `None`: the whole page text (`text: true`).
    max_characters: Option<u64>,
    /// Exa's cached pages do (it crawls live only when it has none: that server's
    /// `livecrawl: "fallback"`).
    cached: bool,
    subpages: Option<u64>,
    subpage_target: Option<Vec<String>>,
}

impl Search<'_> {
    fn body(&self) -> Value {
        let mut contents = Map::new();
        contents.insert(
            "text".into(),
            match self.max_characters {
                Some(n) => json!({ "maxCharacters": n }),
                None => json!(true),
            },
        );
        if !self.cached {
            contents.insert("maxAgeHours".into(), json!(0));
        }
        if let Some(n) = self.subpages {
            contents.insert("subpages".into(), json!(n));
        }
        if let Some(t) = &self.subpage_target {
            contents.insert("subpageTarget".into(), json!(t));
        }
        let mut body = Map::new();
        body.insert("query".into(), json!(self.query));
        body.insert("type".into(), json!("auto"));
        body.insert("numResults".into(), json!(self.num_results));
        if let Some(c) = self.category {
            body.insert("category".into(), json!(c));
        }
        if let Some(d) = &self.include_domains {
            body.insert("includeDomains".into(), json!(d));
        }
        if let Some(d) = &self.exclude_domains {
            body.insert("excludeDomains".into(), json!(d));
        }
        body.insert("contents".into(), Value::Object(contents));
        Value::Object(body)
    }

    /// `{"results": [...]}` as Exa gives them, or `none` when there are none.
    async fn run(&self, ctx: &Ctx, none: &str) -> Result<Output, ToolError> {
        let v: Value = ctx
            .authorized(Method::POST, "/search")?
            .json(&self.body())
            .send_json()
            .await?;
        Ok(found(&v, none))
    }
}

fn found(v: &Value, none: &str) -> Output {
    match v.get("results").and_then(Value::as_array) {
        Some(r) if !r.is_empty() => Output::Json(json!({ "results": r })),
        _ => Output::Text(none.to_owned()),
    }
}

/// `numResults`, or its default, within Exa's 1-100.
fn num_results(n: Option<Int>, default: u64) -> Result<u64, ToolError> {
    match n.map(Int::get) {
        None => Ok(default),
        Some(n) if (1..=u64::from(MAX_RESULTS)).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`numResults` must be between 1 and {MAX_RESULTS} (got {n})"
        ))),
    }
}

/// A positive count argument, or its default.
fn positive(n: Option<Int>, default: u64, what: &str) -> Result<u64, ToolError> {
    match n.map(Int::get) {
        None => Ok(default),
        Some(0) => Err(ToolError::invalid_input(format!(
            "`{what}` must be at least 1"
        ))),
        Some(n) => Ok(n),
    }
}

/// Search the web with Exa: the most relevant pages for the query with their text (up to
/// 3,000 characters each), crawled live. Returns Exa's results (title, url, publishedDate,
/// author, text).
#[derive(Deserialize, JsonSchema)]
pub struct WebSearch {
    /// Search query
    #[schemars(length(max = 2000))]
    query: String,
    /// Number of search results to return (default: 5)
    #[serde(rename = "numResults")]
    num_results: Option<Int>,
}

async fn web_search(ctx: Ctx, a: WebSearch) -> Result<Output, ToolError> {
    Search {
        query: non_empty(&a.query, "query")?,
        num_results: num_results(a.num_results, 5)?,
        max_characters: Some(MAX_CHARACTERS),
        ..Search::default()
    }
    .run(
        &ctx,
        "No search results found. Please try a different query.",
    )
    .await
}

/// Search research papers (Exa's `research paper` category): titles, authors, publication
/// dates and full-text excerpts of the most relevant papers.
#[derive(Deserialize, JsonSchema)]
pub struct ResearchPaperSearch {
    /// Research topic or keyword to search for
    #[schemars(length(max = 2000))]
    query: String,
    /// Number of research papers to return (default: 5)
    #[serde(rename = "numResults")]
    num_results: Option<Int>,
    /// Characters of text per paper (default: 3000)
    #[serde(rename = "maxCharacters")]
    max_characters: Option<Int>,
}

async fn research_paper_search(ctx: Ctx, a: ResearchPaperSearch) -> Result<Output, ToolError> {
    Search {
        query: non_empty(&a.query, "query")?,
        num_results: num_results(a.num_results, 5)?,
        category: Some("research paper"),
        max_characters: Some(positive(a.max_characters, MAX_CHARACTERS, "maxCharacters")?),
        cached: true,
        ..Search::default()
    }
    .run(
        &ctx,
        "No research papers found. Please try a different query.",
    )
    .await
}

/// Research a company from its own website (Exa's `company` category): its main page and
/// subpages (about, pricing, FAQ, blog...) with their text, crawled live.
#[derive(Deserialize, JsonSchema)]
pub struct CompanyResearch {
    /// Company website URL (e.g. 'exa.ai' or 'https://exa.ai')
    #[schemars(length(max = 2048))]
    query: String,
    /// Number of subpages to crawl (default: 10)
    subpages: Option<Int>,
    /// Sections to prefer, e.g. ['about', 'pricing', 'faq', 'blog']; the most relevant pages
    /// when absent
    #[serde(rename = "subpageTarget")]
    #[schemars(inner(length(max = 100)))]
    subpage_target: Option<Vec<String>>,
}

/// The host of a website given as a URL or a domain (`https://www.exa.ai/about` is `exa.ai`).
pub fn domain_of(site: &str) -> Option<String> {
    let site = site.trim();
    let lower = site.to_ascii_lowercase();
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|s| lower.strip_prefix(s))
        .unwrap_or(&lower);
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // Credentials before `@` and a port after `:` are not part of the domain.
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let host = host.strip_prefix("www.").unwrap_or(host);
    (!host.is_empty()).then(|| host.to_owned())
}

async fn company_research(ctx: Ctx, a: CompanyResearch) -> Result<Output, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let domain = domain_of(query).ok_or_else(|| {
        ToolError::invalid_input("`query` must be the company's website, e.g. `exa.ai`")
    })?;
    let targets: Vec<String> = a
        .subpage_target
        .iter()
        .flatten()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    Search {
        query,
        num_results: 1,
        category: Some("company"),
        include_domains: Some(vec![domain]),
        max_characters: Some(MAX_CHARACTERS),
        subpages: Some(positive(a.subpages, 10, "subpages")?),
        subpage_target: (!targets.is_empty()).then_some(targets),
        ..Search::default()
    }
    .run(
        &ctx,
        "No company information found. Please try a different query.",
    )
    .await
}

/// Find competitors of a company: businesses offering similar products or services. Describe
/// what the company does in a few words (not its name); give its website to leave it out.
#[derive(Deserialize, JsonSchema)]
pub struct CompetitorFinder {
    /// What the company or product does, e.g. 'web search API'
    #[schemars(length(max = 2000))]
    query: String,
    /// The company's own website, left out of the results (e.g. 'exa.ai')
    #[serde(rename = "excludeDomain")]
    #[schemars(length(max = 2048))]
    exclude_domain: Option<String>,
    /// Number of competitors to return (default: 10)
    #[serde(rename = "numResults")]
    num_results: Option<Int>,
}

async fn competitor_finder(ctx: Ctx, a: CompetitorFinder) -> Result<Output, ToolError> {
    let exclude = a
        .exclude_domain
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| vec![d.to_owned()]);
    Search {
        query: non_empty(&a.query, "query")?,
        num_results: num_results(a.num_results, 10)?,
        exclude_domains: exclude,
        max_characters: Some(MAX_CHARACTERS),
        ..Search::default()
    }
    .run(&ctx, "No competitors found. Please try a different query.")
    .await
}

/// A search within one site: `query` and `numResults` (default 5).
#[derive(Deserialize, JsonSchema)]
pub struct SiteSearch {
    /// Search query
    #[schemars(length(max = 2000))]
    query: String,
    /// Number of search results to return (default: 5)
    #[serde(rename = "numResults")]
    num_results: Option<Int>,
}

/// Search GitHub (repositories, accounts, code) with Exa: the matching github.com pages with
/// their whole text, crawled live.
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct GithubSearch(SiteSearch);

/// Search LinkedIn for companies with Exa: include the company's URL or name followed by
/// 'company page' in the query.
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct LinkedinSearch(SiteSearch);

/// Search Wikipedia with Exa: the most relevant wikipedia.org pages with their text (up to
/// 3,000 characters each).
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct WikipediaSearch(SiteSearch);

/// A search within `domain`: that server's GitHub search asks for the whole page text, the
/// others for 3,000 characters.
async fn site(
    ctx: &Ctx,
    a: SiteSearch,
    domain: &str,
    max_characters: Option<u64>,
    none: &str,
) -> Result<Output, ToolError> {
    Search {
        query: non_empty(&a.query, "query")?,
        num_results: num_results(a.num_results, 5)?,
        include_domains: Some(vec![domain.to_owned()]),
        max_characters,
        ..Search::default()
    }
    .run(ctx, none)
    .await
}

async fn github_search(ctx: Ctx, a: GithubSearch) -> Result<Output, ToolError> {
    let none = "No GitHub results found. Please try a different query.";
    site(&ctx, a.0, "github.com", None, none).await
}

async fn linkedin_search(ctx: Ctx, a: LinkedinSearch) -> Result<Output, ToolError> {
    let none = "No LinkedIn results found. Please try a different query.";
    site(&ctx, a.0, "linkedin.com", Some(MAX_CHARACTERS), none).await
}

async fn wikipedia_search(ctx: Ctx, a: WikipediaSearch) -> Result<Output, ToolError> {
    let none = "No Wikipedia results found. Please try a different query.";
    site(&ctx, a.0, "wikipedia.org", Some(MAX_CHARACTERS), none).await
}

/// Get the whole text of one page (article, PDF, any web page) by its URL, crawled live.
/// Returns Exa's result (title, url, text).
#[derive(Deserialize, JsonSchema)]
pub struct Crawling {
    /// The URL to crawl (e.g. 'exa.ai')
    #[schemars(length(max = 2048))]
    url: String,
}

async fn crawling(ctx: Ctx, a: Crawling) -> Result<Output, ToolError> {
    let url = non_empty(&a.url, "url")?;
    let v: Value = ctx
        .authorized(Method::POST, "/contents")?
        .json(&json!({ "urls": [url], "text": true, "maxAgeHours": 0 }))
        .send_json()
        .await?;
    // Exa answers 200 for a page it could not fetch, with the reason in `statuses`.
    let why = v
        .get("statuses")
        .and_then(Value::as_array)
        .and_then(|s| s.iter().find(|s| s["status"] == "error"))
        .map(|s| {
            let tag = s["error"]["tag"].as_str().unwrap_or("error");
            match s["error"]["httpStatusCode"].as_u64() {
                Some(code) => format!(" ({tag}, HTTP {code})"),
                None => format!(" ({tag})"),
            }
        })
        .unwrap_or_default();
    Ok(found(
        &v,
        &format!("No content found at {url}{why}. Please check the URL and try again."),
    ))
}
