//! Fetch MCP server: a web page or document at a URL as raw HTML, Markdown, plain text or
//! JSON, for agents that read the web (Toolathlon's `fetch`). Every request goes through the
//! shared guarded fetch: no loopback, private, link-local or metadata address (after DNS
//! resolution and on every redirect), a size cap (`MCP_FETCH_MAX_BYTES`, 20 MiB) and the
//! upstream timeout. No credentials.

mod page;

pub use mcp_shared::fetch::BROWSER_USER_AGENT;

use mcp_shared::{Auth, Base, Profile, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "fetch",
    description: "Fetch a URL as HTML, Markdown, plain text or JSON.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    page::tools()
        .into_iter()
        .map(|t| t.in_profile(Profile::Toolathlon))
        .collect()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "fetch",
    display_name: "Fetch",
    binary: "fetch-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "A web page or document at a URL as HTML, Markdown, plain text or JSON.",
    instructions: "fetch_markdown reads a page as Markdown (the best for reading), fetch_txt as plain text, fetch_html as its raw HTML and fetch_json as compact JSON. \
        `headers` adds request headers (a browser User-Agent is sent unless you give one). \
        Private and loopback addresses are refused unless the operator allows them (MCP_FETCH_ALLOW_HOSTS); bodies over MCP_FETCH_MAX_BYTES (20 MiB) are refused.",
    base: Base::None,
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
