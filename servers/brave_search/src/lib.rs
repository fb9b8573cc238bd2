//! Brave Search MCP server: web, news, image and video search over the Brave Search API
//! (`BRAVE_SEARCH_API_BASE_URL` overrides `https://api.search.brave.com/res/v1`), with the API
//! key of each request sent as `X-Subscription-Token`.

mod api;
mod atlas;
mod search;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "search",
    description: "Web, news, image and video search.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = search::tools();
    t.extend(atlas::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "brave_search",
    display_name: "Brave Search",
    binary: "brave-search-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Brave Search web, news, image and video search for AI agents.",
    instructions: "Search tools return ranked results (title, URL, snippet). Page with `offset` (a page index, 0-9) and `count`; `next_offset` is set while Brave has more.",
    base: mcp_shared::Base::Fixed("https://api.search.brave.com/res/v1"),
    auth: Auth::Header {
        name: "x-subscription-token",
        prefix: "",
        fields: api::KEY_FIELDS,
    },
    // `BRAVE_API_KEY`: the variable of the reference server and Klavis's MCP-Atlas copy.
    credential_env: &[
        ("API_KEY", "api_key"),
        ("BRAVE_SEARCH_API_KEY", "api_key"),
        ("BRAVE_API_KEY", "api_key"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    ..ServerSpec::DEFAULT
};
