//! Confluence MCP server: pages (create, read, list, update, rename), spaces (create, list,
//! get, page tree), attachments, and CQL search, over Confluence Cloud's REST API v2 (v1 for
//! search and space creation), with an Atlassian OAuth token (through
//! `api.atlassian.com/ex/confluence/{cloud_id}`) or a site + email + API token. Page bodies are
//! Markdown in (sent as storage format) and out (read as Atlassian Document Format).

mod api;
mod attachments;
mod pages;
mod spaces;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_atlassian as atlassian;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "pages",
        description: "Create, read, list, update and rename pages; CQL search.",
        default: true,
    },
    Toolset {
        name: "spaces",
        description: "Create, list and read spaces and their page tree.",
        default: true,
    },
    Toolset {
        name: "attachments",
        description: "Attachments of the site and of a page.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = pages::tools();
    t.extend(spaces::tools());
    t.extend(attachments::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "confluence",
    display_name: "Confluence",
    binary: "confluence-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Confluence Cloud pages, spaces, attachments and CQL search for AI agents.",
    instructions: "Pages and spaces are named by numeric id; a space also by its key. Page content is Markdown in and out. \
        List tools return next_pagination_token: pass it as pagination_token for the next page.",
    base: mcp_shared::Base::Tenant(&atlassian::CONFLUENCE),
    auth: atlassian::AUTH,
    credential_env: &[
        ("CONFLUENCE_ACCESS_TOKEN", "access_token"),
        ("CONFLUENCE_EMAIL", "email"),
        ("CONFLUENCE_API_TOKEN", "api_token"),
        ("CONFLUENCE_SITE", "site"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[atlassian::API],
    // Atlassian's authorization server (OAuth 2.0 3LO): its authorize URL also takes
    // `audience=api.atlassian.com`, and it refuses `openid`.
    // The v2 API takes granular scopes only; v1 search and space creation take classic ones.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://auth.atlassian.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "read:page:confluence",
            "write:page:confluence",
            "read:space:confluence",
            "read:attachment:confluence",
            "search:confluence",
            "write:confluence-space",
        ],
        more_scopes: &[
            "offline_access",
            "read:confluence-content.all",
            "read:confluence-space.summary",
            "write:confluence-content",
            "read:content-details:confluence",
            "write:space:confluence",
        ],
        docs: "https://developer.atlassian.com/cloud/confluence/scopes-for-oauth-2-3LO-and-forge-apps/",
    }),
    ..ServerSpec::DEFAULT
};
