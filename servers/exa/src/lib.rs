//! Exa MCP server: search, contents, similar pages, grounded answers and deep research over
//! Exa's API (`EXA_API_BASE_URL` overrides `https://api.exa.ai`), with the API key of each
//! request sent as `x-api-key`.

mod answers;
mod api;
mod atlas;
mod search;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "search",
        description: "Search, similar pages and page contents (/search, /findSimilar, /contents).",
        default: true,
    },
    Toolset {
        name: "answers",
        description: "Answers with citations (/answer) and deep research (deep-reasoning search).",
        default: true,
    },
    Toolset {
        name: atlas::MORE,
        description: "--profile atlas only: exa-mcp-server's tools that MCP-Atlas leaves off (research papers, companies, competitors, GitHub, LinkedIn, Wikipedia, crawling).",
        default: false,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = search::tools();
    t.extend(answers::tools());
    t.extend(atlas::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "exa",
    display_name: "Exa",
    binary: "exa-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Exa web search, page contents, similar pages, answers and research for AI agents.",
    instructions: "Search tools return ranked results (title, url, published_date, highlights); ask for `text` only when the full page is needed. Pass result URLs to exa_get_contents for more.",
    base: mcp_shared::Base::Fixed("https://api.exa.ai"),
    auth: Auth::Header {
        name: "x-api-key",
        prefix: "",
        fields: api::KEY_FIELDS,
    },
    credential_env: &[("API_KEY", "api_key"), ("EXA_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    ..ServerSpec::DEFAULT
};
