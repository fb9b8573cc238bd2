//! Notion MCP server: pages, databases and their data sources, blocks (with Markdown in and
//! out), comments, users and search, over Notion's REST API (`NOTION_API_BASE_URL`,
//! `Notion-Version` from `NOTION_VERSION`, default 2025-09-03).
//!
//! Tools keep the Klavis names and parameters. The tools of Notion's own MCP server are
//! profiles of ours (`variants`): `--profile official` (its 2.x server, `--tool-names
//! official`), and `--profile atlas|mcpmark|toolathlon` (the benchmarks' copies of its 1.8-1.9
//! server, Notion-Version 2022-06-28), optionally limited to root pages (`roots`, `jail`).

mod api;
mod blocks;
mod comments;
mod databases;
mod ids;
mod jail;
pub mod markdown;
mod pages;
mod properties;
mod roots;
mod search;
mod shape;
mod users;
mod variants;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

pub use api::DEFAULT_NOTION_VERSION;

/// Notion's areas, as its API reference groups them.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "pages",
        description: "Pages: create (with Markdown content), read (optionally as Markdown), update properties, move, read one property.",
        default: true,
    },
    Toolset {
        name: "databases",
        description: "Databases and their data sources: query, read and change schemas, create rows, templates.",
        default: true,
    },
    Toolset {
        name: "blocks",
        description: "Blocks: read, list children, append (Markdown or block objects), update, delete.",
        default: true,
    },
    Toolset {
        name: "comments",
        description: "Comments on pages and blocks.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Workspace users and the integration's bot user.",
        default: true,
    },
    Toolset {
        name: "search",
        description: "Search pages and data sources by title.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(pages::tools());
    t.extend(databases::tools());
    t.extend(blocks::tools());
    t.extend(comments::tools());
    t.extend(users::tools());
    t.extend(search::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "notion",
    display_name: "Notion",
    binary: "notion-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Notion pages, databases, blocks (Markdown in and out), comments, users and search for AI agents.",
    instructions: "Tools act on Notion as the integration (or OAuth user) whose token the request carries; \
        pages and databases must be shared with that integration. Ids are Notion ids (with or without dashes) or Notion URLs. \
        Content is accepted as Markdown and can be read back as Markdown (notion_get_page with include_content). \
        Property values may be given in a simple form ({\"Status\": \"Done\", \"Due\": \"2025-01-31\"}) or in Notion's JSON form. \
        A database holds one or more data sources; database tools resolve the data source for you. \
        List tools take start_cursor and page_size (max 100) and return next_cursor and has_more.",
    base: mcp_shared::Base::Fixed("https://api.notion.com"),
    credential_env: &[
        ("NOTION_TOKEN", "access_token"),
        ("NOTION_API_KEY", "access_token"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    // `Notion-Version` is configurable (NOTION_VERSION), so it is added per request.
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    options: roots::OPTIONS,
    state: Some(api::config),
    // Capabilities are set on the integration; the token reaches the pages the user shares with it.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://api.notion.com/v1/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[],
        more_scopes: &[],
        docs: "https://developers.notion.com/docs/authorization",
    }),
    ..ServerSpec::DEFAULT
};
