//! Firecrawl Deep Research MCP server: Klavis's `firecrawl_deep_research` tool, run on
//! Firecrawl's agent endpoint (`POST /v2/agent`, then `GET /v2/agent/{id}`), which replaces
//! the Deep Research API that answers 410 Gone from 2026-12-10. `FIRECRAWL_DEEP_RESEARCH_API_BASE_URL`
//! overrides `https://api.firecrawl.dev`; the API key of each request is a Bearer token.

mod research;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset, VendorError};
use serde_json::Value;

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
fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let s = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_owned);
    let hint = match status {
        401 => Some(
            "the Firecrawl API key was refused: check it at firecrawl.dev/app/api-keys (keys start with fc-).",
        ),
        402 => Some(
            "the Firecrawl account is out of credits: add credits or upgrade the plan at firecrawl.dev/pricing, or lower maxCredits.",
        ),
        404 => Some("no such agent job (job results expire after 24 hours)."),
        _ => None,
    };
    VendorError {
        code: None,
        message: s("error").or_else(|| s("message")),
        hint: hint.map(str::to_owned),
        rate_limited: false,
        missing_scopes: None,
    }
}

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
    error_parser: parse_error,
    options: &[mcp_shared::ServerOption {
        name: "max-wait-secs",
        env: "FIRECRAWL_MAX_WAIT_SECS",
        help: "Longest wait for a research job when the call gives no timeLimit (default 300)",
    }],
    // Klavis's (and Firecrawl's own) variable for a self-hosted Firecrawl.
    env_aliases: &[("FIRECRAWL_DEEP_RESEARCH_API_BASE_URL", "FIRECRAWL_API_URL")],
    ..ServerSpec::DEFAULT
};
