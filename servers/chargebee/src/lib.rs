//! Chargebee MCP server: customers, subscriptions, invoices and transactions, events, and the
//! product catalog (items, item prices) over Chargebee's API v2 (Product Catalog 2.0), on the
//! site's own host `https://{site}.chargebee.com/api/v2`, with the API key as HTTP Basic user.

mod api;
mod customers;
mod events;
mod invoices;
mod items;
mod subscriptions;

pub use api::{check_site, form_pairs};

use mcp_shared::{Auth, Base, Part, ServerSpec, TenantUrl, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "customers",
        description: "Customers: list, get, create, update, delete (/customers).",
        default: true,
    },
    Toolset {
        name: "subscriptions",
        description: "Subscriptions: list, get, create, update and cancel for item prices (/subscriptions).",
        default: true,
    },
    Toolset {
        name: "invoices",
        description: "Invoices and payment transactions (/invoices, /transactions).",
        default: true,
    },
    Toolset {
        name: "events",
        description: "The site's event log (/events).",
        default: true,
    },
    Toolset {
        name: "catalog",
        description: "Product catalog 2.0: items and item prices (/items, /item_prices).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = customers::tools();
    t.extend(subscriptions::tools());
    t.extend(invoices::tools());
    t.extend(events::tools());
    t.extend(items::tools());
    t
}

/// The site's host: `site` is the site name (`acme`, `acme-test`), its host
/// (`acme.chargebee.com`) or its URL; any other host is refused before a request.
const BASES: &[TenantUrl] = &[TenantUrl {
    template: "https://{site}.chargebee.com/api/v2",
    hosts: &["*.chargebee.com"],
    derive: None,
    requires: &[],
}];

pub static SPEC: ServerSpec = ServerSpec {
    service: "chargebee",
    display_name: "Chargebee",
    binary: "chargebee-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Chargebee customers, subscriptions, invoices, transactions, events and items for AI agents.",
    instructions: "Chargebee Product Catalog 2.0. Ids are strings. Amounts are integers in the currency's smallest unit (cents: 1000 = 10.00 USD); dates are Unix seconds. \
        List tools take `limit` (1-100) and `offset`, and return `next_offset` while there are more: pass it as `offset`. \
        chargebee_list_item_prices finds the item_price_id a subscription needs.",
    base: Base::Tenant(BASES),
    auth: Auth::Basic {
        user: Part::Field(&["api_key", "access_token", "token"]),
        password: Part::Fixed(""),
    },
    credential_env: &[
        ("CHARGEBEE_API_KEY", "api_key"),
        ("CHARGEBEE_ACCESS_TOKEN", "access_token"),
        ("CHARGEBEE_SITE", "site"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    ..ServerSpec::DEFAULT
};
