//! Attio MCP server: people, companies and deals (record queries with filters), notes and
//! tasks over Attio's REST API (`ATTIO_API_BASE_URL` overrides `https://api.attio.com/v2`),
//! acting with the API key or OAuth token of each request.

mod api;
mod notes;
mod records;
mod tasks;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "records",
        description: "People, companies and deals: search, create, update.",
        default: true,
    },
    Toolset {
        name: "notes",
        description: "Notes on records.",
        default: true,
    },
    Toolset {
        name: "tasks",
        description: "Tasks assigned to workspace members.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = records::tools();
    t.extend(notes::tools());
    t.extend(tasks::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "attio",
    display_name: "Attio",
    binary: "attio-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Attio CRM people, companies, deals, notes and tasks for AI agents.",
    instructions: "Tools act on Attio with the request's API key or OAuth token. Records are named by their record_id (a UUID). \
        Search tools take `limit` and `cursor` and return `items` and `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://api.attio.com/v2"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("ATTIO_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Attio's authorize endpoint takes no `scope`: the app's registration sets them
    // (record_permission:read-write, object_configuration:read, note:read-write,
    // task:read-write, user_management:read for these tools).
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.attio.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[],
        more_scopes: &[],
        docs: "https://docs.attio.com/docs/oauth/authorize",
    }),
    ..ServerSpec::DEFAULT
};
