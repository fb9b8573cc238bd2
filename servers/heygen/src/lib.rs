//! HeyGen MCP server: account credits, voices and locales, avatar groups and looks, and avatar
//! videos (generate, wait with progress, status, list, delete) over HeyGen's REST API
//! (`HEYGEN_API_BASE_URL` overrides `https://api.heygen.com`). HeyGen's v3 API is used
//! wherever it has the endpoint; only the voice locale list is still v2.

mod account;
mod api;
mod avatars;
mod videos;
mod voices;

use mcp_shared::{Auth, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "account",
        description: "The account's remaining credits or balance.",
        default: true,
    },
    Toolset {
        name: "voices",
        description: "Voices and voice locales for text-to-speech.",
        default: true,
    },
    Toolset {
        name: "avatars",
        description: "Avatar groups and their looks (the avatar ids videos use).",
        default: true,
    },
    Toolset {
        name: "videos",
        description: "Avatar videos: generate, wait for, check, list, delete.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = account::tools();
    t.extend(voices::tools());
    t.extend(avatars::tools());
    t.extend(videos::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "heygen",
    display_name: "HeyGen",
    binary: "heygen-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "HeyGen avatar videos, avatars, voices and credits for AI agents (API v3).",
    instructions: "Tools act on HeyGen with the request's API key. \
        An avatar id is a look id from heygen_list_avatars or heygen_get_avatars_in_avatar_group; \
        a voice id comes from heygen_get_voices. \
        heygen_generate_avatar_video returns the video id at once unless `wait_seconds` is given; \
        heygen_wait_for_video waits for a video with progress notifications, \
        heygen_get_avatar_video_status checks it once. \
        List tools take `limit` and `token` and return `items`, `has_more` and `next_token`.",
    base: mcp_shared::Base::Fixed("https://api.heygen.com"),
    // HeyGen takes its API key in `X-Api-Key` (Klavis reads it from `api_key` or `token`);
    // an OAuth access token (HeyGen's partner apps) goes as `Authorization: Bearer`.
    auth: Auth::FirstOf(&[
        Auth::Header {
            name: "x-api-key",
            prefix: "",
            fields: &["api_key", "token"],
        },
        Auth::Bearer(&["access_token"]),
    ]),
    credential_env: &[("HEYGEN_API_KEY", "api_key"), ("API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[ServerOption {
        name: "max-wait-secs",
        env: "HEYGEN_MAX_WAIT_SECS",
        help: "Longest a tool waits for a video before answering with its id (default 600)",
    }],
    // HeyGen OAuth 2.0 (PKCE) for approved integration partners; no scope parameter, no metadata.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.heygen.com/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[],
        more_scopes: &[],
        docs: "https://docs.heygen.com/docs/heygen-oauth",
    }),
    ..ServerSpec::DEFAULT
};
