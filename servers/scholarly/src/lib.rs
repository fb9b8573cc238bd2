//! Scholarly MCP server: paper search on arXiv (the arXiv API's Atom feed,
//! `https://export.arxiv.org/api/query`, `SCHOLARLY_API_BASE_URL` overrides the origin) and on
//! Google Scholar (its results page, which has no API, `GOOGLE_SCHOLAR_BASE_URL` overrides
//! `https://scholar.google.com`). Open data: no credentials.

mod arxiv;
mod scholar;
mod text;

use mcp_shared::{Auth, Base, ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "search",
    description: "Paper search on arXiv and Google Scholar.",
    default: true,
}];

/// Google Scholar, beside the arXiv API (the main base).
pub const SCHOLAR: ExtraApi = ExtraApi {
    name: "scholar",
    display_name: "Google Scholar",
    default_base_url: "https://scholar.google.com",
    base_url_var: "GOOGLE_SCHOLAR_BASE_URL",
    auth: None,
};

fn tools() -> Vec<ToolDef> {
    vec![arxiv::tool(), scholar::tool()]
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "scholarly",
    display_name: "arXiv",
    binary: "scholarly-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "arXiv and Google Scholar paper search for AI agents.",
    instructions: "Read-only paper search; no credentials. search-arxiv uses arXiv's official API (reliable; at most one \
        request every 3 seconds). search-google-scholar reads Scholar's results page, which Google often blocks for \
        automated clients: when it is blocked, use search-arxiv or retry much later.",
    base: Base::Fixed("https://export.arxiv.org"),
    proxy_vars: true,
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    extra_apis: &[SCHOLAR],
    ..ServerSpec::DEFAULT
};
