//! Jira MCP server: issues (JQL search, get, create, update, delete, comments, transitions,
//! assignable users), fields and link types over Jira Cloud's REST API v3, and boards and
//! sprints over the Jira Software agile API, with an Atlassian OAuth token (through
//! `api.atlassian.com/ex/jira/{cloud_id}`) or a site + email + API token. Descriptions and
//! comments are Markdown in and out (Atlassian Document Format on the wire, see [`adf`]).

mod agile;
mod api;
mod issues;

use mcp_shared::{ServerOption, ServerSpec, ToolDef, Toolset};
use mcp_vendor_atlassian as atlassian;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "issues",
        description: "Search, read, create, update, delete, comment on and transition issues; assignable users.",
        default: true,
    },
    Toolset {
        name: "fields",
        description: "Field ids (custom fields) and issue link types.",
        default: true,
    },
    Toolset {
        name: "agile",
        description: "Boards and sprints, and the issues of a sprint.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = issues::tools();
    t.extend(agile::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "jira",
    display_name: "Jira",
    binary: "jira-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Jira Cloud issues, JQL search, comments, transitions, boards and sprints for AI agents.",
    instructions: "Issues are named by key (PROJ-123). Descriptions and comments are Markdown; mention a user with [@Name](accountid:<id>). \
        jira_search takes JQL and returns next_page_token for the next page; agile lists return next_start_at (pass it as startAt). \
        Change status with jira_get_transitions then jira_transition_issue.",
    base: mcp_shared::Base::Tenant(&atlassian::JIRA),
    auth: atlassian::AUTH,
    credential_env: &[
        ("JIRA_ACCESS_TOKEN", "access_token"),
        ("JIRA_EMAIL", "email"),
        ("JIRA_API_TOKEN", "api_token"),
        ("JIRA_SITE", "site"),
    ],
    options: &[ServerOption {
        name: "projects-filter",
        env: "JIRA_PROJECTS_FILTER",
        help: "Comma-separated project keys jira_search is limited to when a query names no project.",
    }],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[atlassian::API],
    // Atlassian's authorization server (OAuth 2.0 3LO): its authorize URL also takes
    // `audience=api.atlassian.com`, and it refuses `openid`.
    // Classic scopes for the platform API, granular ones for the agile (boards, sprints) API.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://auth.atlassian.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "read:jira-work",
            "write:jira-work",
            "read:jira-user",
            "read:board-scope:jira-software",
            "read:project:jira",
            "read:sprint:jira-software",
            "write:sprint:jira-software",
            "read:issue-details:jira",
            "read:jql:jira",
        ],
        more_scopes: &[
            "offline_access",
            "delete:sprint:jira-software",
            "manage:jira-project",
            "read:me",
        ],
        docs: "https://developer.atlassian.com/cloud/jira/platform/scopes-for-oauth-2-3LO-and-forge-apps/",
    }),
    ..ServerSpec::DEFAULT
};
