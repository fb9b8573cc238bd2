//! Tavily MCP server: search, extract, crawl and map over Tavily's API
//! (`TAVILY_API_BASE_URL` overrides `https://api.tavily.com`), with the API key of each
//! request sent as a bearer token.

mod api;
mod crawl;
mod search;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "web",
    description: "Web search, page extraction, site crawl and site map.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = search::tools();
    t.extend(crawl::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "tavily",
    display_name: "Tavily",
    binary: "tavily-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Tavily web search, page extraction, site crawl and site map for AI agents.",
    instructions: "tavily_search returns ranked results with snippets; tavily_extract gives whole pages; tavily_map lists a site's URLs and tavily_crawl their content.",
    base: mcp_shared::Base::Fixed("https://api.tavily.com"),
    auth: Auth::Bearer(api::KEY_FIELDS),
    credential_env: &[("API_KEY", "api_key"), ("TAVILY_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    ..ServerSpec::DEFAULT
};
