//! Context7 MCP server: find a library's Context7 id and query its current documentation
//! (`CONTEXT7_API_BASE_URL` overrides `https://context7.com/api`). An API key is optional:
//! without one Context7 serves at lower rate limits.

mod docs;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

/// Credential fields that may carry the API key (`ctx7sk...`): Klavis reads `token`, then
/// `api_key`; a bare token in `AUTH_DATA` or a Bearer header arrives as `access_token`.
pub(crate) const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "docs",
    description: "Library search and documentation queries.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    docs::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "context7",
    display_name: "Context7",
    binary: "context7-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Context7 up-to-date library documentation and code examples for AI agents.",
    instructions: "Call resolve-library-id first to get a library's Context7 id (/org/project), unless the user gave one, then query-docs with that id and the question.",
    base: mcp_shared::Base::Fixed("https://context7.com/api"),
    auth: Auth::Optional(&Auth::Bearer(KEY_FIELDS)),
    credential_env: &[("CONTEXT7_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&docs::ERRORS),
    // Context7's own server reads its API's address from CONTEXT7_API_URL.
    env_aliases: &[("CONTEXT7_API_BASE_URL", "CONTEXT7_API_URL")],
    ..ServerSpec::DEFAULT
};
