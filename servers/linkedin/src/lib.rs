//! LinkedIn MCP server: the member's profile (OpenID Connect `GET /v2/userinfo`) and posts
//! on the member's feed through the versioned Posts API (`POST /rest/posts`), acting with
//! the OAuth access token of each request.

mod api;
mod posts;
mod profile;

use mcp_shared::{Auth, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "profile",
        description: "The authenticated member's profile (OpenID Connect userinfo).",
        default: true,
    },
    Toolset {
        name: "posts",
        description: "Posts on the member's feed (text and link shares) and local post formatting.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = profile::tools();
    t.extend(posts::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "linkedin",
    display_name: "LinkedIn",
    binary: "linkedin-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "LinkedIn profile and feed posts (Posts API) for AI agents.",
    instructions: "Tools act on LinkedIn as the member whose OAuth token the request carries \
        (scopes `openid profile email` to read the profile, `w_member_social` to post). \
        Post text is plain text: LinkedIn does not render Markdown; `#word` becomes a hashtag.",
    base: mcp_shared::Base::Fixed("https://api.linkedin.com"),
    auth: Auth::BEARER,
    credential_env: &[("LINKEDIN_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("x-restli-protocol-version", "2.0.0")],
    extra_apis: &[],
    flags: &[],
    options: &[ServerOption {
        name: "linkedin-version",
        env: "LINKEDIN_API_VERSION",
        help: "LinkedIn-Version (YYYYMM) sent to the versioned /rest APIs (default 202607)",
    }],
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://www.linkedin.com/oauth",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &["openid", "profile", "w_member_social"],
        more_scopes: &["email"],
        docs: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow",
    }),
    ..ServerSpec::DEFAULT
};
