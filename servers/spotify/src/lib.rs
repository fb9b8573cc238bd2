//! Spotify MCP server: search, tracks, albums, artists, podcast episodes and shows, the
//! user's library, playlists, follows and profile over Spotify's Web API
//! (`SPOTIFY_API_BASE_URL` overrides `https://api.spotify.com/v1`), acting with the user's
//! OAuth access token of each request. It follows Spotify's February 2026 changes for
//! development-mode apps: `/me/library` for saves and follows, `/playlists/{id}/items`,
//! single-object reads, search capped at 10, and clear errors from removed endpoints.

mod albums;
mod api;
mod artists;
mod episodes;
mod playlists;
mod shows;
mod tracks;
mod users;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "tracks",
        description: "Search the catalog; tracks and the user's saved tracks.",
        default: true,
    },
    Toolset {
        name: "albums",
        description: "Albums, their tracks, and the user's saved albums.",
        default: true,
    },
    Toolset {
        name: "artists",
        description: "Artists and their albums.",
        default: true,
    },
    Toolset {
        name: "episodes",
        description: "Podcast episodes and the user's saved episodes.",
        default: true,
    },
    Toolset {
        name: "shows",
        description: "Podcast shows, their episodes, and the user's saved shows.",
        default: true,
    },
    Toolset {
        name: "playlists",
        description: "Playlists: read, create, change details, add and remove items, follow.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "The user's profile, top items, and followed artists and users.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = tracks::tools();
    t.extend(albums::tools());
    t.extend(artists::tools());
    t.extend(episodes::tools());
    t.extend(shows::tools());
    t.extend(playlists::tools());
    t.extend(users::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "spotify",
    display_name: "Spotify",
    binary: "spotify-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Spotify search, library, playlists, follows and podcasts for AI agents.",
    instructions: "Tools act on Spotify with the user's OAuth access token. \
        Ids may be given bare, as spotify:<type>:<id> URIs or as open.spotify.com links. \
        List tools take `limit` and `offset` and return `items`, `total` and `next_offset` \
        (followed artists: `after` and `next_after`). Search returns at most 10 results per call. \
        Endpoints Spotify removed for development-mode apps in February 2026 (other users' profiles \
        and playlists, artist top tracks, artist follows) answer with an error that says what to use instead.",
    base: mcp_shared::Base::Fixed("https://api.spotify.com/v1"),
    // Spotify takes `Authorization: Bearer <user access token>`; Klavis's server reads a raw
    // token from `x-auth-token`.
    auth: Auth::Bearer(&["access_token", "token"]),
    credential_env: &[("SPOTIFY_ACCESS_TOKEN", "access_token")],
    token_headers: &[("x-auth-token", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://accounts.spotify.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "user-read-private",
            "user-library-read",
            "user-library-modify",
            "user-follow-read",
            "user-follow-modify",
            "playlist-read-private",
            "playlist-modify-public",
            "playlist-modify-private",
            "user-top-read",
        ],
        more_scopes: &[
            "user-read-email",
            "playlist-read-collaborative",
            "user-read-recently-played",
            "user-read-playback-state",
            "user-modify-playback-state",
            "ugc-image-upload",
        ],
        docs: "https://developer.spotify.com/documentation/web-api/concepts/scopes",
    }),
    ..ServerSpec::DEFAULT
};
