//! Asana MCP server: tasks, projects, sections, workspaces, users, teams and tags over
//! Asana's REST API (`ASANA_API_BASE_URL` overrides `https://app.asana.com/api/1.0`), acting
//! with the OAuth or personal access token of each request.

mod api;
mod projects;
mod tags;
mod tasks;
mod teams;
mod users;
mod workspaces;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "tasks",
        description: "Create, read, search, update and complete tasks; subtasks, attachments, sections.",
        default: true,
    },
    Toolset {
        name: "projects",
        description: "Projects, their tasks and sections.",
        default: true,
    },
    Toolset {
        name: "workspaces",
        description: "Workspaces and organizations.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Users of a workspace.",
        default: true,
    },
    Toolset {
        name: "teams",
        description: "Teams of an organization.",
        default: true,
    },
    Toolset {
        name: "tags",
        description: "Tags of a workspace.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = tasks::tools();
    t.extend(projects::tools());
    t.extend(workspaces::tools());
    t.extend(users::tools());
    t.extend(teams::tools());
    t.extend(tags::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "asana",
    display_name: "Asana",
    binary: "asana-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Asana tasks, projects, sections, workspaces, users, teams and tags for AI agents.",
    instructions: "Tools act on Asana with the request's token. Everything is named by gid (a numeric string); start from asana_get_workspaces. \
        List tools take `limit` (1-100) and `next_page_token`, and return `items` and `next_page_token` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://app.asana.com/api/1.0"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("ASANA_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // `default` is Asana's full-permissions scope; an app registered for granular scopes
    // (tasks:read, ...) must ask for those instead, the two modes exclude each other.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.asana.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &["default"],
        more_scopes: &[],
        docs: "https://developers.asana.com/docs/oauth-scopes",
    }),
    ..ServerSpec::DEFAULT
};
