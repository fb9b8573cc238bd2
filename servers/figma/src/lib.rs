//! Figma MCP server: files as concise node trees (the depth and nodes asked for, never the
//! whole document by default), renders, image fills, versions, published components and
//! styles, projects, comments, variables, dev resources, webhooks and library analytics over
//! Figma's REST API (`FIGMA_API_BASE_URL` overrides `https://api.figma.com`), acting with the
//! token of each request: a personal access token as `X-Figma-Token`, an OAuth token as
//! Bearer.

mod account;
mod analytics;
mod api;
mod comments;
mod dev_resources;
mod files;
mod library;
mod projects;
mod variables;
mod webhooks;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "account",
        description: "The token's user: check the connection, read the profile.",
        default: true,
    },
    Toolset {
        name: "files",
        description: "Files: node trees, chosen nodes, rendered images, metadata, version history.",
        default: true,
    },
    Toolset {
        name: "library",
        description: "A library file's published components and styles.",
        default: true,
    },
    Toolset {
        name: "projects",
        description: "A team's projects and a project's files.",
        default: true,
    },
    Toolset {
        name: "comments",
        description: "File comments: list, post or reply, delete.",
        default: true,
    },
    Toolset {
        name: "variables",
        description: "Variables and collections (Enterprise): local, published, bulk changes.",
        default: true,
    },
    Toolset {
        name: "dev_resources",
        description: "Dev Mode resources (links on nodes): list, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "webhooks",
        description: "Team webhooks (v2): list, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "library_analytics",
        description: "Library analytics (Enterprise): usages and actions of components, styles, variables.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = account::tools();
    t.extend(files::tools());
    t.extend(library::tools());
    t.extend(projects::tools());
    t.extend(comments::tools());
    t.extend(variables::tools());
    t.extend(dev_resources::tools());
    t.extend(webhooks::tools());
    t.extend(analytics::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "figma",
    display_name: "Figma",
    binary: "figma-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Figma files, nodes, renders, comments, variables, dev resources and webhooks for AI agents.",
    instructions: "Tools act on Figma with the request's token. \
        A file key is the part after /design/ or /file/ in a file's URL (a URL is accepted too); \
        node ids look like `1:2` (the URL's `node-id=1-2` is accepted). \
        figma_get_file returns a summary tree (id, name, type, children) to `depth` (default 2); \
        read chosen nodes' properties with figma_get_file_nodes. \
        Variables and library analytics need an Enterprise org.",
    base: mcp_shared::Base::Fixed("https://api.figma.com"),
    // Personal access tokens go in `X-Figma-Token`, OAuth tokens as Bearer (Figma's OpenAPI
    // `PersonalAccessToken` and `OAuth2` schemes); an `access_token` that is a PAT (`figd_`)
    // is sent as a PAT by `api::request`.
    auth: Auth::FirstOf(&[
        Auth::Header {
            name: "x-figma-token",
            prefix: "",
            fields: api::PAT_FIELDS,
        },
        Auth::Bearer(&["access_token"]),
    ]),
    credential_env: &[("FIGMA_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // The variables scopes exist on Enterprise plans only; files:read is Figma's deprecated
    // catch-all read scope.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://api.figma.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "current_user:read",
            "file_content:read",
            "file_metadata:read",
            "file_versions:read",
            "file_comments:read",
            "file_comments:write",
            "library_content:read",
            "projects:read",
            "file_dev_resources:read",
            "file_dev_resources:write",
            "webhooks:read",
            "webhooks:write",
            "library_analytics:read",
        ],
        more_scopes: &[
            "file_variables:read",
            "file_variables:write",
            "files:read",
            "library_assets:read",
            "team_library_content:read",
        ],
        docs: "https://developers.figma.com/docs/rest-api/scopes/",
    }),
    ..ServerSpec::DEFAULT
};
