//! WooCommerce MCP server (Klavis's `woocommerce_toolathlon`): products and variations,
//! categories, tags and reviews, orders with notes and refunds, customers, coupons, reports,
//! shipping zones, taxes, settings and payment gateways, system status and webhooks, over the
//! WooCommerce REST API v3 of one store: `{site_url}/wp-json/wc/v3`.
//!
//! The store's address comes from each request's credentials (`site_url`), so it goes
//! through the tenant-host guard: any public host over https; `WOOCOMMERCE_ALLOWED_HOSTS`
//! lets an operator allow hosts on their own network (and plain http there). The REST API
//! key pair (`consumer_key`, `consumer_secret`) is sent as WooCommerce documents: HTTP Basic
//! over https, the OAuth 1.0a one-legged signature (HMAC-SHA256) over plain http.

mod api;
mod coupons;
mod customers;
mod oauth;
mod orders;
mod products;
mod reports;
mod settings;
mod shipping;
mod system;
mod taxes;
mod taxonomy;
mod webhooks;

pub use oauth::{base_string, sign};

use mcp_shared::{Auth, Base, Part, Profile, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "products",
        description: "Products and variations, categories, tags and reviews; batch writes.",
        default: true,
    },
    Toolset {
        name: "orders",
        description: "Orders: list, get, create, update, delete, batch; notes and refunds.",
        default: true,
    },
    Toolset {
        name: "customers",
        description: "Customers: list, get, create, update.",
        default: true,
    },
    Toolset {
        name: "coupons",
        description: "Coupons: list, get, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "reports",
        description: "Sales, top sellers, customer, order and product totals, stock levels.",
        default: true,
    },
    Toolset {
        name: "shipping",
        description: "Shipping zones and their methods.",
        default: true,
    },
    Toolset {
        name: "taxes",
        description: "Tax rates and tax classes.",
        default: true,
    },
    Toolset {
        name: "settings",
        description: "Settings groups and payment gateways.",
        default: true,
    },
    Toolset {
        name: "system",
        description: "System status and its maintenance tools.",
        default: true,
    },
    Toolset {
        name: "webhooks",
        description: "Webhooks: list, create.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = products::tools();
    t.extend(taxonomy::tools());
    t.extend(orders::tools());
    t.extend(customers::tools());
    t.extend(coupons::tools());
    t.extend(reports::tools());
    t.extend(shipping::tools());
    t.extend(taxes::tools());
    t.extend(system::tools());
    t.extend(settings::tools());
    t.extend(webhooks::tools());
    t.into_iter()
        .map(|t| t.in_profile(Profile::Toolathlon))
        .collect()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "woocommerce",
    display_name: "WooCommerce",
    binary: "woocommerce-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "WooCommerce stores for AI agents: products, orders, customers, coupons, reports, shipping, taxes.",
    instructions: "The WooCommerce REST API v3 of one store (`site_url`, `consumer_key`, `consumer_secret`). \
        Ids are numbers; prices and amounts are strings (\"19.99\"). Create and update tools take \
        WooCommerce's own objects with its snake_case field names. List tools take `perPage` (1-100) \
        and `page`, and return `total`, `total_pages` and `next_page`. Batch tools write up to 100 \
        objects at once. Deleting with `force: true`, refunds and system tools cannot be undone.",
    base: Base::Tenant(api::BASES),
    // WooCommerce's REST API keys: the consumer key as user, the secret as password (over
    // https; over plain http `api::send` signs with OAuth 1.0a instead).
    auth: Auth::Basic {
        user: Part::Field(api::KEY),
        password: Part::Field(api::SECRET),
    },
    credential_env: &[
        ("WORDPRESS_SITE_URL", "site_url"),
        ("WOOCOMMERCE_CONSUMER_KEY", "consumer_key"),
        ("WOOCOMMERCE_CONSUMER_SECRET", "consumer_secret"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[api::PLAIN_HTTP_SIGNING],
    ..ServerSpec::DEFAULT
};
