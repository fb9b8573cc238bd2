//! WordPress.com MCP server: posts (Markdown in, Markdown out), categories and tags, the
//! user's sites, site info and stats over the WordPress.com REST API v1.1
//! (`WORDPRESS_API_BASE_URL` overrides `https://public-api.wordpress.com/rest/v1.1`), acting
//! with the OAuth2 token of each request. The site is named in the path by id or domain.

mod api;
mod posts;
mod sites;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "posts",
        description: "Posts (create, list, get, update, trash), categories and tags.",
        default: true,
    },
    Toolset {
        name: "sites",
        description: "The user's sites and a site's details.",
        default: true,
    },
    Toolset {
        name: "stats",
        description: "Site stats and top posts.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = posts::tools();
    t.extend(sites::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "wordpress",
    display_name: "WordPress.com",
    binary: "wordpress-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "WordPress.com posts, categories, tags, sites and stats for AI agents.",
    instructions: "Tools act on WordPress.com (and Jetpack-connected sites) with the request's OAuth2 token. \
        `site` is a site id or domain (e.g. example.wordpress.com); wordpress_get_user_sites lists them. \
        Post content is written as Markdown (sent to WordPress as HTML) and read back as Markdown; titles and excerpts are plain text. \
        wordpress_create_post publishes unless `status` says otherwise (e.g. `draft`).",
    base: mcp_shared::Base::Fixed("https://public-api.wordpress.com/rest/v1.1"),
    auth: Auth::BEARER,
    credential_env: &[("WORDPRESS_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // WordPress.com's OAuth 2.1 server (/oauth2-1/); `global` reaches every site of the user.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://public-api.wordpress.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &["global"],
        more_scopes: &[
            "auth", "sites", "posts", "taxonomy", "stats", "media", "read",
        ],
        docs: "https://developer.wordpress.com/docs/api/oauth2/",
    }),
    ..ServerSpec::DEFAULT
};
