//! Yahoo Finance MCP server: prices, company data, statements, holders, recommendations,
//! news and options from Yahoo Finance's unofficial query API
//! (`YAHOO_FINANCE_API_BASE_URL` overrides `https://query2.finance.yahoo.com`), with the
//! cookie + crumb session Yahoo asks for, kept per process (no user credential is involved).

mod api;
mod company;
mod options;
mod prices;

use mcp_shared::{Auth, ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "prices",
        description: "Price history, the price on a date, dividends and splits.",
        default: true,
    },
    Toolset {
        name: "company",
        description: "Company profile and key figures, statements, holders, analyst views, news.",
        default: true,
    },
    Toolset {
        name: "options",
        description: "Option expirations and chains.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut all = prices::tools();
    all.extend(company::tools());
    all.extend(options::tools());
    all
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "yahoo_finance",
    display_name: "Yahoo Finance",
    binary: "yahoo-finance-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Yahoo Finance prices, fundamentals, holders, options and news for AI agents.",
    instructions: "Tickers are Yahoo symbols (AAPL, BRK-B, ^GSPC, EURUSD=X, BTC-USD); dates are YYYY-MM-DD. Yahoo's API is unofficial and rate-limits: avoid needless repeats.",
    base: mcp_shared::Base::Fixed(api::DEFAULT_BASE),
    auth: Auth::None,
    credential_env: &[],
    state: Some(api::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    extra_apis: &[ExtraApi {
        name: "cookie",
        display_name: "Yahoo (cookie)",
        default_base_url: api::DEFAULT_COOKIE_BASE,
        base_url_var: "YAHOO_FINANCE_COOKIE_BASE_URL",
        auth: Some(Auth::None),
    }],
    ..ServerSpec::DEFAULT
};
