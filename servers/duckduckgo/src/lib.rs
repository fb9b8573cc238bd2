//! DuckDuckGo MCP server: web search over DuckDuckGo's HTML results page
//! (`POST https://html.duckduckgo.com/html/`, read with `scraper`; `DUCKDUCKGO_API_BASE_URL`
//! overrides the origin) and a page's readable text through the shared guarded fetch. The
//! results page is not a published API: its layout may change. No credentials; the egress
//! proxy (`PROXY_*`) applies to searches.

mod content;
mod search;

pub use content::{MAX_CHARS, readable_text};
pub use mcp_shared::fetch::BROWSER_USER_AGENT;

use mcp_shared::{Auth, Base, Profile, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "search",
    description: "Web search on DuckDuckGo and reading the pages it finds.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    vec![search::tool(), content::tool()]
        .into_iter()
        .map(|t| t.in_profile(Profile::Atlas))
        .collect()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "duckduckgo",
    display_name: "DuckDuckGo",
    binary: "duckduckgo-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "DuckDuckGo web search and page reading for AI agents.",
    instructions: "search finds web pages on DuckDuckGo (title, URL, summary per result); fetch_content reads one page's text (up to 8000 characters). \
        No credentials. DuckDuckGo sometimes answers automated searches with a bot check: then retry in a few minutes. \
        Private and loopback addresses are refused by fetch_content unless the operator allows them (MCP_FETCH_ALLOW_HOSTS).",
    base: Base::Fixed("https://html.duckduckgo.com"),
    proxy_vars: true,
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
