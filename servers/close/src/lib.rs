//! Close MCP server: leads, contacts, opportunities, tasks, users and activities (emails,
//! calls, SMS, meetings, WhatsApp messages, notes) over Close's REST API
//! (`CLOSE_API_BASE_URL` overrides `https://api.close.com/api/v1`), with an API key (HTTP
//! Basic) or an OAuth access token (Bearer) per request.

mod activities;
mod api;
mod config;
mod crm;
mod leads;

use mcp_shared::{Auth, Part, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "leads",
        description: "Leads (companies) and their contacts.",
        default: true,
    },
    Toolset {
        name: "opportunities",
        description: "Opportunities (deals) on leads.",
        default: true,
    },
    Toolset {
        name: "tasks",
        description: "To-do tasks on leads.",
        default: true,
    },
    Toolset {
        name: "activities",
        description: "Emails, calls, SMS, meetings, WhatsApp messages and notes.",
        default: true,
    },
    Toolset {
        name: "config",
        description: "Lead statuses, pipelines and custom fields.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "The current user and the organization's users.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = leads::tools();
    t.extend(crm::tools());
    t.extend(activities::tools());
    t.extend(config::tools());
    t
}

/// An API key (`api_key`) as the Basic user with an empty password; else an OAuth token.
const AUTH: Auth = Auth::FirstOf(&[
    Auth::Basic {
        user: Part::Field(&["api_key"]),
        password: Part::Fixed(""),
    },
    Auth::Bearer(&["access_token"]),
]);

pub static SPEC: ServerSpec = ServerSpec {
    service: "close",
    display_name: "Close",
    binary: "close-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Close CRM leads, contacts, opportunities, tasks and activities for AI agents.",
    instructions: "Tools act on Close with the request's API key or OAuth token. Ids carry a prefix (lead_, cont_, oppo_, task_, user_, acti_, stat_). \
        List tools take `limit` (1-100) and `cursor` and return `items` and `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://api.close.com/api/v1"),
    auth: AUTH,
    credential_env: &[
        ("CLOSE_API_KEY", "api_key"),
        ("CLOSE_ACCESS_TOKEN", "access_token"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Close grants every OAuth app all.full_access (the API key's access) and offline_access.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://api.close.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &["all.full_access"],
        more_scopes: &["offline_access"],
        docs: "https://developer.close.com/api/overview/oauth-authentication",
    }),
    ..ServerSpec::DEFAULT
};
