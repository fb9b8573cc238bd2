//! Shopify MCP server: products, collections, orders, draft orders, fulfillments, customers,
//! locations, inventory and discounts through the GraphQL Admin API of the shop named by the
//! credentials' `shop_domain` (`POST https://{shop}.myshopify.com/admin/api/{version}/graphql.json`,
//! token in `X-Shopify-Access-Token`). The API version is pinned (`SHOPIFY_API_VERSION`
//! overrides it); cost throttling and `THROTTLED` answers are waited out by the shared
//! GraphQL client; `userErrors` of mutations become tool errors.

mod api;
mod customers;
mod discounts;
mod fulfillments;
mod inventory;
mod orders;
mod products;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, TenantUrl, ToolDef, Toolset};

pub use api::{API_VERSION, shop_host};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "products",
        description: "Products and their variants: list, read, create, update.",
        default: true,
    },
    Toolset {
        name: "collections",
        description: "Collections: list, read, create.",
        default: true,
    },
    Toolset {
        name: "orders",
        description: "Orders and draft orders: list, read, create.",
        default: true,
    },
    Toolset {
        name: "fulfillments",
        description: "Fulfillments of orders: list, create with tracking.",
        default: true,
    },
    Toolset {
        name: "customers",
        description: "Customers: list, read.",
        default: true,
    },
    Toolset {
        name: "inventory",
        description: "Shop, locations, inventory items and levels, adjustments.",
        default: true,
    },
    Toolset {
        name: "discounts",
        description: "Discounts: list, read, create code discounts.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = products::tools();
    t.extend(orders::tools());
    t.extend(fulfillments::tools());
    t.extend(customers::tools());
    t.extend(inventory::tools());
    t.extend(discounts::tools());
    t
}

/// Every GraphQL document the server sends, by operation name (checked against Shopify's
/// published Admin schema in the tests).
pub fn documents() -> Vec<(&'static str, &'static str)> {
    let mut d = products::DOCS.to_vec();
    d.extend_from_slice(orders::DOCS);
    d.extend_from_slice(fulfillments::DOCS);
    d.extend_from_slice(customers::DOCS);
    d.extend_from_slice(inventory::DOCS);
    d.extend_from_slice(discounts::DOCS);
    d
}

/// The shop's own host: `shop_domain` as `acme`, `acme.myshopify.com` or
/// `https://acme.myshopify.com/` becomes `acme.myshopify.com` (see [`shop_host`]); any other
/// host is refused by the host guard before a request is made.
const BASES: &[TenantUrl] = &[TenantUrl {
    template: "https://{shop_host}",
    hosts: &["*.myshopify.com"],
    derive: Some(api::derive_shop_host),
    requires: &[],
}];

pub static SPEC: ServerSpec = ServerSpec {
    service: "shopify",
    display_name: "Shopify",
    binary: "shopify-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Shopify products, orders, customers, inventory, fulfillments and discounts for AI agents.",
    instructions: "Ids may be given as numbers (123456) or GraphQL gids (gid://shopify/Product/123456); results carry both (`id`, `gid`). Money is a decimal string with its currency. List tools return `next_cursor` when there is more.",
    base: Base::Tenant(BASES),
    auth: Auth::Header {
        name: "x-shopify-access-token",
        prefix: "",
        fields: &["access_token"],
    },
    credential_env: &[
        ("SHOPIFY_ACCESS_TOKEN", "access_token"),
        ("SHOPIFY_SHOP_DOMAIN", "shop_domain"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[ServerOption {
        name: "api-version",
        env: "SHOPIFY_API_VERSION",
        help: "GraphQL Admin API version to call, e.g. 2026-10 (the default) or 2026-07",
    }],
    ..ServerSpec::DEFAULT
};
