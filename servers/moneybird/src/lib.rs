//! Moneybird MCP server: administrations, contacts, sales invoices, products, projects and
//! time entries over Moneybird's REST API v2 (`MONEYBIRD_API_BASE_URL` overrides
//! `https://moneybird.com/api/v2`), acting with the API token or OAuth token of each request.
//! The administration is a path segment every tool takes as `administration_id`.

mod administrations;
mod api;
mod contacts;
mod invoices;
mod products;
mod time;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "administrations",
        description: "Administrations and their financial accounts, tax rates and ledger accounts.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Contacts and contact people.",
        default: true,
    },
    Toolset {
        name: "sales_invoices",
        description: "Sales invoices: list, read, create drafts.",
        default: true,
    },
    Toolset {
        name: "products",
        description: "Products.",
        default: true,
    },
    Toolset {
        name: "time_tracking",
        description: "Projects and time entries.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = administrations::tools();
    t.extend(contacts::tools());
    t.extend(invoices::tools());
    t.extend(products::tools());
    t.extend(time::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "moneybird",
    display_name: "Moneybird",
    binary: "moneybird-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Moneybird contacts, sales invoices, products and time entries for AI agents.",
    instructions: "Tools act on Moneybird with the request's API or OAuth token. Every tool but moneybird_list_administrations \
        takes an administration_id (from that tool). Ids are digit strings: pass them as strings, never numbers. \
        Amounts are decimal strings. Lists take `limit` and `cursor` and return `items` and `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://moneybird.com/api/v2"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("MONEYBIRD_API_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://moneybird.com/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["sales_invoices", "settings", "bank", "time_entries"],
        more_scopes: &["documents", "estimates"],
        docs: "https://developer.moneybird.com/authentication/",
    }),
    ..ServerSpec::DEFAULT
};
