//! Coinbase MCP server: spot prices, exchange rates, candles and products (public), and the
//! API key owner's accounts, balances, transactions and portfolio value, over the Coinbase
//! App API v2 (`COINBASE_API_BASE_URL` overrides `https://api.coinbase.com/v2`) and Coinbase
//! Exchange's public API (`COINBASE_EXCHANGE_API_BASE_URL`, or Klavis's
//! `COINBASE_EXCHANGE_URL`). Account calls are signed per request with an ES256 JWT of the
//! caller's CDP API key (`api.rs`).

mod accounts;
mod api;
mod market;

use mcp_shared::{Auth, ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "market",
        description: "Public market data: spot prices, exchange rates, candles, products.",
        default: true,
    },
    Toolset {
        name: "accounts",
        description: "The API key owner's accounts, balances, transactions and portfolio value.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = market::tools();
    t.extend(accounts::tools());
    t
}

/// The Coinbase App API version every request pins (`CB-VERSION`).
pub const CB_VERSION: &str = "2024-10-08";

pub static SPEC: ServerSpec = ServerSpec {
    service: "coinbase",
    display_name: "Coinbase",
    binary: "coinbase-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Coinbase prices, exchange rates, candles, accounts and transactions for AI agents.",
    instructions: "Market tools need no credentials. Account tools sign each request with the caller's CDP API key \
        (ECDSA): x-auth-data {\"api_key_name\": \"organizations/.../apiKeys/...\", \"api_key_private_key\": \"-----BEGIN EC PRIVATE KEY-----\\n...\"}. \
        Amounts are decimal strings. Lists take `limit` and `cursor` and return `items` and `next_cursor`.",
    base: mcp_shared::Base::Fixed("https://api.coinbase.com/v2"),
    // Requests are signed in `api.rs` (a JWT per method and path); the shared client adds
    // nothing. Market data is public.
    auth: Auth::None,
    credential_env: &[
        ("COINBASE_API_KEY", "api_key_name"),
        ("COINBASE_API_SECRET", "api_key_private_key"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    default_headers: &[("cb-version", CB_VERSION)],
    extra_apis: &[ExtraApi {
        name: "exchange",
        display_name: "Coinbase Exchange",
        default_base_url: "https://api.exchange.coinbase.com",
        base_url_var: "COINBASE_EXCHANGE_API_BASE_URL",
        auth: Some(Auth::None),
    }],
    env_aliases: &[("COINBASE_EXCHANGE_API_BASE_URL", "COINBASE_EXCHANGE_URL")],
    // "Sign in with Coinbase" for the account tools (market data needs no credentials);
    // new OAuth clients need Coinbase's approval.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://login.coinbase.com/",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &["wallet:accounts:read", "wallet:transactions:read"],
        more_scopes: &[],
        docs: "https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/scopes",
    }),
    ..ServerSpec::DEFAULT
};
