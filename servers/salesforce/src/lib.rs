//! Salesforce MCP server: accounts, contacts, opportunities, leads, cases, campaigns and
//! files through the REST API (`/services/data/vXX.X`) of the org named by the credentials'
//! `instance_url`, with its OAuth access token as Bearer; SOQL queries and sObject describe.

mod api;
mod convert;
mod files;
mod metadata;
mod records;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, TenantUrl, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "accounts",
        description: "Accounts: list with filters, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Contacts: list with filters, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "opportunities",
        description: "Opportunities: list with filters, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "leads",
        description: "Leads: list with filters, create, update, delete, conversion.",
        default: true,
    },
    Toolset {
        name: "cases",
        description: "Cases: list with filters, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "campaigns",
        description: "Campaigns: list with filters, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "files",
        description: "Files and attachments of records, file search, temporary download links.",
        default: true,
    },
    Toolset {
        name: "metadata",
        description: "SOQL queries, object lists and object descriptions.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = records::tools();
    t.extend(files::tools());
    t.extend(metadata::tools());
    t
}

/// The org's own host, from the OAuth answer's `instance_url`.
const BASES: &[TenantUrl] = &[TenantUrl {
    template: "{instance_url}",
    hosts: &["*.salesforce.com", "*.force.com"],
    derive: None,
    requires: &[],
}];

pub static SPEC: ServerSpec = ServerSpec {
    service: "salesforce",
    display_name: "Salesforce",
    binary: "salesforce-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Salesforce CRM records, SOQL queries and object metadata for AI agents.",
    instructions: "Record ids are Salesforce ids (15 or 18 characters). Field and object names are API names (Account, Custom__c); salesforce_describe_object lists an object's fields. Dates are YYYY-MM-DD or ISO-8601 date-times.",
    base: Base::Tenant(BASES),
    auth: Auth::BEARER,
    credential_env: &[
        ("SALESFORCE_ACCESS_TOKEN", "access_token"),
        ("SALESFORCE_INSTANCE_URL", "instance_url"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[ServerOption {
        name: "api-version",
        env: "SALESFORCE_API_VERSION",
        help: "REST API version to call, e.g. 67.0 (default v67.0, Summer '26)",
    }],
    // The generic login host; orgs with My Domain also sign in at
    // https://{domain}.my.salesforce.com (sandboxes at https://test.salesforce.com).
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://login.salesforce.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &["api"],
        more_scopes: &["refresh_token", "id", "openid", "web", "full"],
        docs: "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_tokens_scopes.htm&type=5",
    }),
    ..ServerSpec::DEFAULT
};
