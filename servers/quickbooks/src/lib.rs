//! QuickBooks Online MCP server: accounts, customers, invoices, payments, vendors and
//! reports over Intuit's Accounting API v3 (`/v3/company/{realm_id}`), on the production or
//! sandbox host named by the credentials' `environment`, with the OAuth access token of each
//! request as Bearer.

mod accounts;
mod api;
mod customers;
mod invoices;
mod payments;
mod reports;
mod vendors;

use mcp_shared::{ExtraApi, ServerOption, ServerSpec, ToolDef, Toolset};

const fn set(name: &'static str, description: &'static str) -> Toolset {
    Toolset {
        name,
        description,
        default: true,
    }
}

pub const TOOLSETS: &[Toolset] = &[
    set(
        "accounts",
        "Chart of accounts: create, read, update, list, search.",
    ),
    set(
        "customers",
        "Customers: create, read, update, (de)activate, list, search.",
    ),
    set(
        "invoices",
        "Invoices: create, read, update, delete, void, send, list, search.",
    ),
    set(
        "payments",
        "Customer payments: create, read, update, delete, void, send, list, search.",
    ),
    set(
        "vendors",
        "Vendors: create, read, update, (de)activate, list, search.",
    ),
    set("reports", "Company information and financial reports."),
];

fn tools() -> Vec<ToolDef> {
    let mut t = accounts::tools();
    t.extend(customers::tools());
    t.extend(invoices::tools());
    t.extend(payments::tools());
    t.extend(vendors::tools());
    t.extend(reports::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "quickbooks",
    display_name: "QuickBooks",
    binary: "quickbooks-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "QuickBooks Online accounting for AI agents: invoices, payments, customers, vendors.",
    instructions: "Tools act on the QuickBooks company (realm_id) of the request's credentials. Ids are strings. \
        Amounts are exact decimals (numbers or strings like \"12.50\"). List and search tools take `limit` and `cursor` \
        and return `items` and `next_cursor` (null on the last page). Updates, voids and deletes read the record's \
        SyncToken first unless `sync_token` is given; creates are retried only with a `request_id` (sent as QuickBooks' requestid, which makes a repeat safe).",
    base: mcp_shared::Base::Fixed("https://quickbooks.api.intuit.com"),
    auth: mcp_shared::Auth::Bearer(&["access_token"]),
    credential_env: &[
        ("QB_ACCESS_TOKEN", "access_token"),
        ("QB_REALM_ID", "realm_id"),
        ("QB_ENVIRONMENT", "environment"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    extra_apis: &[ExtraApi {
        name: api::SANDBOX,
        display_name: "QuickBooks (sandbox)",
        default_base_url: "https://sandbox-quickbooks.api.intuit.com",
        base_url_var: "QUICKBOOKS_SANDBOX_API_BASE_URL",
        auth: None,
    }],
    options: &[ServerOption {
        name: "minor-version",
        env: "QUICKBOOKS_MINOR_VERSION",
        help: "Accounting API minorversion sent on every request (default 75, Intuit's minimum)",
    }],
    env_aliases: &[("QUICKBOOKS_MCP_SERVER_PORT", "QB_MCP_SERVER_PORT")],
    // Intuit publishes its OpenID metadata at
    // developer.api.intuit.com/.well-known/openid_configuration, not under the issuer.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://oauth.platform.intuit.com/op/v1",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["com.intuit.quickbooks.accounting"],
        more_scopes: &[
            "com.intuit.quickbooks.payment",
            "openid",
            "profile",
            "email",
        ],
        docs: "https://developer.intuit.com/app/developer/qbo/docs/learn/scopes",
    }),
    ..ServerSpec::DEFAULT
};
