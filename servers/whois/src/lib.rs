//! WHOIS MCP server: domain, TLD, IP and AS lookups over WHOIS (RFC 3912: a query line on TCP
//! port 43, a plain-text answer), starting at IANA's server and following its referrals to the
//! registry (and a domain's registrar). Not an HTTP API: no base URL, no credentials.

mod client;
mod lookups;
mod parse;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "whois",
    description: "WHOIS lookups of domains, TLDs, IP addresses and AS numbers.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    lookups::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "whois",
    display_name: "WHOIS",
    binary: "whois-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "WHOIS lookups of domains, TLDs, IP addresses and AS numbers for AI agents.",
    instructions: "Read-only WHOIS lookups; no credentials. Each asks IANA's WHOIS server first and follows its referral to the authoritative registry (for a domain, also to the registrar). \
        Results list each server's answer as parsed `Key: value` fields (repeated keys as arrays), or its text when it has none; many registries redact personal data.",
    base: Base::None,
    auth: Auth::None,
    state: Some(client::make_state),
    options: &[ServerOption {
        name: client::SERVER_OPTION,
        env: "WHOIS_SERVER",
        help: "Send every query (IANA's and each referral's) to this WHOIS server, whois://host[:port] (a local WHOIS proxy)",
    }],
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
