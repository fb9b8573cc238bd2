//! arXiv LaTeX MCP server: a paper's LaTeX source from arXiv's e-print endpoint
//! (`GET https://arxiv.org/e-print/{id}`, `ARXIV_LATEX_API_BASE_URL` overrides the origin),
//! unpacked in memory, flattened, and read as a prompt, an abstract or sections. Open data: no
//! credentials.

mod latex;
mod paper;
mod source;

use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "papers",
    description: "A paper's LaTeX source: full text, abstract, section list and one section.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    paper::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "arxiv_latex",
    display_name: "arXiv",
    binary: "arxiv-latex-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "arXiv papers' LaTeX source (full text, abstract, sections) for AI agents.",
    instructions: "Read-only tools over arXiv's public e-print source; no credentials. Papers are named by arXiv id \
        (`2401.12345`, `2401.12345v2`, or old-style `hep-th/9901001`). Each call downloads the source once; arXiv asks \
        for at most one request every 3 seconds, so read the section list first and fetch only the sections needed.",
    base: Base::Fixed("https://arxiv.org"),
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
