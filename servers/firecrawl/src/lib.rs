//! Firecrawl MCP server: scrape, search, map, crawl, batch scrape, extract and llms.txt over
//! Firecrawl's v1 API (`FIRECRAWL_API_BASE_URL` overrides `https://api.firecrawl.dev`, for a
//! self-hosted Firecrawl too), with the API key of each request sent as a Bearer token.

mod api;
mod crawl;
mod extract;
mod scrape;
mod search;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "scrape",
        description: "Scrape one page, or many as a batch job and its status (/v1/scrape, /v1/batch/scrape).",
        default: true,
    },
    Toolset {
        name: "search",
        description: "Web search and a site's URL map (/v1/search, /v1/map).",
        default: true,
    },
    Toolset {
        name: "crawl",
        description: "Crawl a site as a job and check it (/v1/crawl).",
        default: true,
    },
    Toolset {
        name: "extract",
        description: "LLM extraction and llms.txt generation, waited for with progress (/v1/extract, /v1/llmstxt).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = scrape::tools();
    t.extend(search::tools());
    t.extend(crawl::tools());
    t.extend(extract::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "firecrawl",
    display_name: "Firecrawl",
    binary: "firecrawl-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Firecrawl web scraping, search, site maps, crawls and LLM extraction for AI agents.",
    instructions: "firecrawl_search finds pages (title, url, description); firecrawl_scrape reads one page as markdown. Crawls and batch scrapes are jobs: start them, then check them with the id returned. Extract and llms.txt wait for their result.",
    base: mcp_shared::Base::Fixed("https://api.firecrawl.dev"),
    auth: Auth::Bearer(api::KEY_FIELDS),
    credential_env: &[("API_KEY", "api_key"), ("FIRECRAWL_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[mcp_shared::ServerOption {
        name: "max-wait-secs",
        env: "FIRECRAWL_MAX_WAIT_SECS",
        help: "Longest a tool waits for an extract or llms.txt job before answering with its id (default 120)",
    }],
    // Klavis's (and Firecrawl's own) variable for a self-hosted Firecrawl.
    env_aliases: &[("FIRECRAWL_API_BASE_URL", "FIRECRAWL_API_URL")],
    ..ServerSpec::DEFAULT
};
