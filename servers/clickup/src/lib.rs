//! ClickUp MCP server: workspaces, spaces, folders, lists, tasks and comments over ClickUp's
//! API v2 (`CLICKUP_API_BASE_URL` overrides `https://api.clickup.com/api/v2`), acting with
//! the personal token (`pk_...`) or OAuth access token of each request, sent raw in
//! `Authorization` as ClickUp takes both.

mod api;
mod comments;
mod spaces;
mod tasks;
mod workspaces;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "workspaces",
        description: "Workspaces (\"teams\"), their members, and the token's user.",
        default: true,
    },
    Toolset {
        name: "spaces",
        description: "Spaces, folders and lists.",
        default: true,
    },
    Toolset {
        name: "tasks",
        description: "List, read, create, update and search tasks.",
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
    t.extend(spaces::tools());
    t.extend(tasks::tools());
    t.extend(comments::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "clickup",
    display_name: "ClickUp",
    binary: "clickup-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "ClickUp workspaces, spaces, folders, lists, tasks and comments for AI agents.",
    instructions: "Tools act on ClickUp with the request's token. The hierarchy is workspace (team_id, from clickup_get_teams) > space > folder (optional) > list > task. \
        Dates are Unix milliseconds; priority is 1 urgent to 4 low; user ids are numbers.",
    base: mcp_shared::Base::Fixed("https://api.clickup.com/api/v2"),
    auth: mcp_shared::Auth::Raw(&["access_token", "api_key"]),
    credential_env: &[("CLICKUP_API_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // ClickUp's OAuth has no scopes and no metadata document: authorize at
    // https://app.clickup.com/api, token at https://api.clickup.com/api/v2/oauth/token.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.clickup.com/api",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[],
        more_scopes: &[],
        docs: "https://developer.clickup.com/docs/authentication",
    }),
    ..ServerSpec::DEFAULT
};
