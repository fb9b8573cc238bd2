//! Firecrawl Deep Research MCP server: Klavis's `firecrawl_deep_research` tool, run on
//! Firecrawl's agent endpoint (`POST /v2/agent`, then `GET /v2/agent/{id}`), which replaces
//! the Deep Research API that answers 410 Gone from 2026-12-10. `FIRECRAWL_DEEP_RESEARCH_API_BASE_URL`
//! overrides `https://api.firecrawl.dev`; the API key of each request is a Bearer token.

mod research;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "research",
    description: "Deep research on Firecrawl's agent (/v2/agent), waited for with progress.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    research::tools()
}

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`).
const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

/// Firecrawl's error body: `{"success": false, "error": "..."}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/error", "/message"],
    status_hints: &[
        (
            401,
            "the Firecrawl API key was refused: check it at firecrawl.dev/app/api-keys (keys start with fc-).",
        ),
        (
            402,
            "the Firecrawl account is out of credits: add credits or upgrade the plan at firecrawl.dev/pricing, or lower maxCredits.",
        ),
        (
            404,
            "no such agent job (job results expire after 24 hours).",
        ),
    ],
    ..mcp_shared::ErrorShape::NONE
};

pub static SPEC: ServerSpec = ServerSpec {
    service: "firecrawl_deep_research",
    display_name: "Firecrawl Deep Research",
    binary: "firecrawl-deep-research-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Deep web research for AI agents on Firecrawl's agent: a cited answer to a question.",
    instructions: "firecrawl_deep_research researches a question on the web and waits for the answer (minutes); if it is still running at the time limit, check it later with firecrawl_check_research_status.",
    base: mcp_shared::Base::Fixed("https://api.firecrawl.dev"),
    auth: Auth::Bearer(KEY_FIELDS),
    credential_env: &[("API_KEY", "api_key"), ("FIRECRAWL_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&ERRORS),
    options: &[mcp_shared::ServerOption {
        name: "max-wait-secs",
        env: "FIRECRAWL_MAX_WAIT_SECS",
        help: "Longest wait for a research job when the call gives no timeLimit (default 300)",
    }],
    // Klavis's (and Firecrawl's own) variable for a self-hosted Firecrawl.
    env_aliases: &[("FIRECRAWL_DEEP_RESEARCH_API_BASE_URL", "FIRECRAWL_API_URL")],
    ..ServerSpec::DEFAULT
};
