//! monday.com MCP server: boards, columns, items, updates and users over monday's GraphQL API
//! (`MONDAY_API_BASE_URL` overrides `https://api.monday.com`, operations go to `/v2`), with the
//! token of each request sent raw in `Authorization` and the `API-Version` header pinned.

mod tools;

use mcp_shared::{Auth, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "boards",
        description: "Boards and their columns and groups.",
        default: true,
    },
    Toolset {
        name: "items",
        description: "Items: find, create, change, move, delete; their updates.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Users of the account.",
        default: true,
    },
];

fn all_tools() -> Vec<ToolDef> {
    tools::tools()
}

/// The API version sent unless `MONDAY_API_VERSION` / `--api-version` says otherwise.
pub const DEFAULT_API_VERSION: &str = "2026-10";

pub static SPEC: ServerSpec = ServerSpec {
    service: "monday",
    display_name: "monday.com",
    binary: "monday-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "monday.com boards, columns, items, updates and users for AI agents.",
    instructions: "Call monday_get_board_schema first: it gives the column ids and types and the group ids that items and column values refer to. Column values are a JSON object keyed by column id.",
    base: mcp_shared::Base::Fixed("https://api.monday.com"),
    auth: Auth::Raw(&["access_token", "api_key"]),
    credential_env: &[
        ("MONDAY_API_TOKEN", "access_token"),
        ("MONDAY_TOKEN", "access_token"),
    ],
    toolsets: TOOLSETS,
    tools: all_tools,
    options: &[ServerOption {
        name: "api-version",
        env: "MONDAY_API_VERSION",
        help: "monday API version sent as API-Version (default 2026-10)",
    }],
    // Authorize at auth.monday.com/oauth2/authorize, token at auth.monday.com/oauth2/token.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://auth.monday.com/oauth2",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["boards:read", "boards:write", "users:read", "updates:write"],
        more_scopes: &[
            "me:read",
            "updates:read",
            "workspaces:read",
            "workspaces:write",
            "account:read",
            "docs:read",
            "docs:write",
            "teams:read",
            "tags:read",
            "assets:read",
        ],
        docs: "https://developer.monday.com/apps/docs/oauth",
    }),
    ..ServerSpec::DEFAULT
};
