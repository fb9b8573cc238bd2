//! GitHub MCP server: repositories, issues, pull requests, search and users, over GitHub's
//! REST API (`GITHUB_API_BASE_URL` for GitHub Enterprise Server, e.g.
//! `https://ghe.example.com/api/v3`).

mod actions;
mod api;
mod atlas;
mod code_security;
mod context;
mod discussions;
mod gists;
mod issues;
mod labels;
mod lockdown;
mod orgs;
mod profiles;
mod projects;
mod pulls;
mod repos;
mod stargazers;
mod users;

mod cursor;
mod dependabot;
mod git;
mod notifications;
mod secret_protection;
mod security_advisories;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// GitHub's toolsets, named and grouped as GitHub's official MCP server groups them.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "context",
        description: "The authenticated user and their teams.",
        default: true,
    },
    Toolset {
        name: "repos",
        description: "Repositories, files, branches, tags, commits, releases and recent stargazers; repository and code search.",
        default: true,
    },
    Toolset {
        name: "issues",
        description: "Issues, comments, sub-issues, labels, issue types, Copilot assignment; issue search.",
        default: true,
    },
    Toolset {
        name: "pull_requests",
        description: "Pull requests, their diff, files, status, reviews and comments; pull request search.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "User search.",
        default: true,
    },
    Toolset {
        name: "orgs",
        description: "Organization search.",
        default: false,
    },
    Toolset {
        name: "stargazers",
        description: "Repositories a user starred; star and unstar repositories.",
        default: false,
    },
    Toolset {
        name: "code_security",
        description: "Code scanning alerts.",
        default: true,
    },
    Toolset {
        name: "actions",
        description: "GitHub Actions: workflows, runs, jobs, job logs, artifacts and usage; run, re-run and cancel workflows.",
        default: false,
    },
    Toolset {
        name: "gists",
        description: "Gists: list, get, create and update.",
        default: false,
    },
    Toolset {
        name: "labels",
        description: "Repository labels: list, create, update and delete.",
        default: false,
    },
    Toolset {
        name: "notifications",
        description: "Notifications of the authenticated user: list, read one, mark read or done; thread and repository subscriptions.",
        default: false,
    },
    Toolset {
        name: "security_advisories",
        description: "Security advisories: the GitHub Advisory Database and repository and organization advisories.",
        default: false,
    },
    Toolset {
        name: "dependabot",
        description: "Dependabot alerts: vulnerable dependencies of a repository.",
        default: false,
    },
    Toolset {
        name: "secret_protection",
        description: "Secret scanning alerts: credentials found in a repository.",
        default: false,
    },
    Toolset {
        name: "git",
        description: "Git objects: a repository's tree of files and directories.",
        default: false,
    },
    Toolset {
        name: "projects",
        description: "GitHub Projects: projects of users and organizations, their fields and items; add, update and remove items.",
        default: false,
    },
    Toolset {
        name: "discussions",
        description: "GitHub Discussions: discussions of repositories and organizations, their comments and categories.",
        default: false,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(context::tools());
    t.extend(users::tools());
    t.extend(orgs::tools());
    t.extend(repos::tools());
    t.extend(issues::tools());
    // tools.json lists pull request search between our issue tools and the official ones.
    t.push(pulls::search_tool());
    t.extend(issues::official_tools());
    t.extend(pulls::tools());
    t.extend(code_security::tools());
    t.extend(actions::tools());
    t.extend(labels::tools());
    t.extend(stargazers::tools());
    t.extend(gists::tools());
    t.extend(notifications::tools());
    t.extend(security_advisories::tools());
    t.extend(dependabot::tools());
    t.extend(secret_protection::tools());
    t.extend(git::tools());
    t.extend(projects::tools());
    t.extend(discussions::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "github",
    display_name: "GitHub",
    binary: "github-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "GitHub repositories, issues, pull requests, code search and users for AI agents.",
    instructions: "Tools act on GitHub as the user whose token the request carries. \
        Owners and repositories are given as `owner` and `repo`; list tools take `page` and `perPage` (max 100) and return `next_page`.",
    base: mcp_shared::Base::Fixed("https://api.github.com"),
    credential_env: &[("GITHUB_PERSONAL_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[
        ("accept", "application/vnd.github+json"),
        ("x-github-api-version", "2022-11-28"),
    ],
    extra_apis: &[],
    flags: &[mcp_shared::ServerFlag {
        name: lockdown::FLAG,
        env: "GITHUB_LOCKDOWN_MODE",
        header: Some("x-mcp-lockdown"),
        help: "Lockdown mode: withhold what users without push access wrote in public repositories (issues, pull requests, comments, reviews, discussions); a prompt-injection mitigation, not a security boundary",
    }],
    // GitHub serves RFC 8414 metadata in the path-inserted form,
    // https://github.com/.well-known/oauth-authorization-server/login/oauth. `workflow` is
    // needed only to write files under .github/workflows.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://github.com/login/oauth",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "repo",
            "read:org",
            "read:user",
            "gist",
            "notifications",
            "project",
        ],
        more_scopes: &["public_repo", "read:project", "security_events", "workflow"],
        docs: "https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/scopes-for-oauth-apps",
    }),
    // MCPMark's github-mcp-server v0.15.0 had every toolset on by default, and both it and
    // Klavis's official copy list the three dynamic toolset tools.
    profile_defaults: &[
        mcp_shared::ProfileDefaults {
            profile: mcp_shared::Profile::Mcpmark,
            toolsets: Some(&["all"]),
            dynamic_toolsets: true,
        },
        mcp_shared::ProfileDefaults {
            profile: mcp_shared::Profile::Official,
            toolsets: None,
            dynamic_toolsets: true,
        },
    ],
    ..ServerSpec::DEFAULT
};
