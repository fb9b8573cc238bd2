//! Motion MCP server: workspaces, users, tasks, projects and comments over Motion's REST API
//! (`MOTION_API_BASE_URL` overrides `https://api.usemotion.com/v1`), with each request's API
//! key sent as `X-API-Key`.

mod api;
mod comments;
mod projects;
mod tasks;
mod workspaces;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "workspaces",
        description: "Workspaces and their users.",
        default: true,
    },
    Toolset {
        name: "tasks",
        description: "Tasks: list, search, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "projects",
        description: "Projects.",
        default: true,
    },
    Toolset {
        name: "comments",
        description: "Task comments.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = workspaces::tools();
    t.extend(tasks::tools());
    t.extend(projects::tools());
    t.extend(comments::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "motion",
    display_name: "Motion",
    binary: "motion-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Motion tasks, projects, comments and workspaces for AI agents.",
    instructions: "Start with motion_get_workspaces (ids, statuses, labels). Lists return `next_cursor` while Motion has more; pass it as `cursor`. Motion allows 12 requests per minute on individual plans: avoid needless calls.",
    base: mcp_shared::Base::Fixed("https://api.usemotion.com/v1"),
    auth: Auth::Header {
        name: "x-api-key",
        prefix: "",
        fields: api::KEY_FIELDS,
    },
    credential_env: &[("MOTION_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    ..ServerSpec::DEFAULT
};
