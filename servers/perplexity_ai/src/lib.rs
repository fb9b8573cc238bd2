//! Perplexity MCP server: web-grounded answers (Sonar Pro) and reasoning (Sonar Reasoning
//! Pro) over Perplexity's OpenAI-compatible chat completions (`PERPLEXITY_AI_API_BASE_URL`
//! overrides `https://api.perplexity.ai`), with citations as structured data.

mod chat;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

/// Credential fields that may carry the API key: Klavis's `x-api-key` header fills
/// `api_key`; `token` is read as the other Klavis servers do; a bare token in `AUTH_DATA` or
/// a Bearer header arrives as `access_token`.
pub(crate) const KEY_FIELDS: &[&str] = &["api_key", "token", "access_token"];

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "chat",
    description: "Web-grounded chat completions with Sonar models.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    chat::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "perplexity_ai",
    display_name: "Perplexity",
    binary: "perplexity-ai-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Perplexity web-grounded answers and reasoning with citations for AI agents.",
    instructions: "Both tools take a chat transcript (`messages`, ending with the user's question) and answer from a live web search, with `citations` (title, url, date) numbered as the [n] markers in the answer.",
    base: mcp_shared::Base::Fixed("https://api.perplexity.ai"),
    auth: Auth::Bearer(KEY_FIELDS),
    token_headers: &[("x-api-key", "api_key")],
    credential_env: &[("PERPLEXITY_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&chat::ERRORS),
    // Klavis's server takes its port from PERPLEXITY_MCP_SERVER_PORT.
    env_aliases: &[(
        "PERPLEXITY_AI_MCP_SERVER_PORT",
        "PERPLEXITY_MCP_SERVER_PORT",
    )],
    ..ServerSpec::DEFAULT
};
