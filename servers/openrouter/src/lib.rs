//! OpenRouter MCP server: the model catalogue, chat completions (one model or several
//! compared), the API key's limits, credits, activity and generation stats over OpenRouter's
//! API (`OPENROUTER_API_BASE_URL` overrides `https://openrouter.ai/api/v1`), with the API key
//! of each request sent as a bearer token.

mod account;
mod api;
mod chat;
mod models;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "models",
        description: "The model catalogue: list, search, details, pricing, cost estimates, recommendations.",
        default: true,
    },
    Toolset {
        name: "chat",
        description: "Chat completions, prompt completions, model comparison and benchmarking (spend credits).",
        default: true,
    },
    Toolset {
        name: "account",
        description: "The API key's limits and usage, credits, activity and generation stats.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = models::tools();
    t.extend(chat::tools());
    t.extend(account::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "openrouter",
    display_name: "OpenRouter",
    binary: "openrouter-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "OpenRouter models, chat completions, credits, key limits and generation stats for AI agents.",
    instructions: "Model ids are `author/slug` (e.g. `openai/gpt-4o`, `:free` variants allowed). Prices are USD per token as OpenRouter gives them; `per_million` fields are USD per 1M tokens. Chat tools spend the key's credits.",
    base: mcp_shared::Base::Fixed("https://openrouter.ai/api/v1"),
    auth: Auth::Bearer(api::KEY_FIELDS),
    credential_env: &[("OPENROUTER_API_KEY", "api_key"), ("API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    // The token OpenRouter's OAuth issues is an API key (sk-or-v1-...), with its own spend cap.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://openrouter.ai",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[],
        more_scopes: &["openrouter:all"],
        docs: "https://openrouter.ai/docs/guides/overview/mcp-server",
    }),
    ..ServerSpec::DEFAULT
};
