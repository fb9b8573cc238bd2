//! Linear MCP server: teams, workflow states, labels, issues, comments, projects and
//! initiatives over Linear's GraphQL API (`LINEAR_API_BASE_URL` overrides
//! `https://api.linear.app`, operations go to `/graphql`). Personal API keys (`lin_api_…`) are
//! sent raw in `Authorization`, OAuth access tokens as `Bearer`.

mod api;
mod initiatives;
mod issues;
mod projects;
mod teams;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "teams",
        description: "Teams, their workflow states and issue labels.",
        default: true,
    },
    Toolset {
        name: "issues",
        description: "Issues: list, search, read, create, update; their comments.",
        default: true,
    },
    Toolset {
        name: "projects",
        description: "Projects: list, create, update.",
        default: true,
    },
    Toolset {
        name: "initiatives",
        description: "Initiatives and the projects they group.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = teams::tools();
    t.extend(issues::tools());
    t.extend(projects::tools());
    t.extend(initiatives::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "linear",
    display_name: "Linear",
    binary: "linear-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Linear issues, projects, initiatives, comments and teams for AI agents.",
    instructions: "Ids are Linear UUIDs; issues also take their identifier (ENG-123). Get team, state and label ids with linear_get_teams, linear_get_workflow_states and linear_get_labels before creating or moving issues. List tools return `next_cursor` when there is more.",
    base: mcp_shared::Base::Fixed("https://api.linear.app"),
    auth: Auth::RawIfPrefixed {
        fields: &["access_token", "api_key"],
        prefixes: &["lin_api_"],
    },
    credential_env: &[
        ("LINEAR_API_KEY", "api_key"),
        ("LINEAR_ACCESS_TOKEN", "access_token"),
    ],
    toolsets: TOOLSETS,
    tools,
    // Authorize at linear.app/oauth/authorize, token at api.linear.app/oauth/token; no metadata.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://linear.app/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["read", "write"],
        more_scopes: &[
            "issues:create",
            "comments:create",
            "timeSchedule:write",
            "admin",
        ],
        docs: "https://linear.app/developers/oauth-2-0-authentication",
    }),
    ..ServerSpec::DEFAULT
};
