//! YouTube MCP server: the YouTube Data API v3 (videos, channels, subscriptions, playlists,
//! caption tracks) and the YouTube Analytics API v2 (channel and video reports).
//!
//! `YOUTUBE_API_BASE_URL` overrides `https://youtube.googleapis.com` (the discovery document's
//! root; tools call `/youtube/v3/...` under it); `YOUTUBE_ANALYTICS_API_BASE_URL` overrides
//! `https://youtubeanalytics.googleapis.com/v2`.

mod analytics;
mod api;
mod channels;
mod playlists;
mod transcripts;
mod videos;

/// When the daily quota resets after a given time (for tests).
#[doc(hidden)]
pub use api::reset_text;

use mcp_shared::{ExtraApi, ServerOption, ServerSpec, ToolDef, Toolset};

/// The YouTube Analytics API v2, beside the Data API (the server's main base).
pub const ANALYTICS_API: ExtraApi = ExtraApi {
    name: "analytics",
    display_name: "YouTube Analytics",
    default_base_url: "https://youtubeanalytics.googleapis.com/v2",
    base_url_var: "YOUTUBE_ANALYTICS_API_BASE_URL",
    auth: None,
};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "videos",
        description: "Videos: search, details, liked videos, rating.",
        default: true,
    },
    Toolset {
        name: "channels",
        description: "Channels: the user's channel, uploads and subscriptions, channel search and videos.",
        default: true,
    },
    Toolset {
        name: "playlists",
        description: "Playlists: list, read, create, add videos.",
        default: true,
    },
    Toolset {
        name: "analytics",
        description: "YouTube Analytics reports of the user's own channel and videos.",
        default: true,
    },
    Toolset {
        name: "transcripts",
        description: "Caption tracks and transcripts through the official captions API (videos the user owns).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = transcripts::tools();
    t.extend(videos::tools());
    t.extend(channels::tools());
    t.extend(playlists::tools());
    t.extend(analytics::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "youtube",
    display_name: "YouTube",
    binary: "youtube-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "YouTube for AI agents: search, videos, channels, playlists, analytics, own-video transcripts.",
    instructions: "Tools act with the Google OAuth access token of the request on the YouTube Data API v3, whose \
        project quota is counted in units (10,000 a day, reset at midnight Pacific time): each tool says what it costs; \
        searches cost 100 units, most reads 1. Transcripts come from the official captions API, which serves only videos \
        the user owns. Lists take `max_results` (at most 50) and `cursor`, and return `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://youtube.googleapis.com"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[ANALYTICS_API],
    flags: &[],
    options: &[ServerOption {
        name: "transcript-language",
        env: "TRANSCRIPT_LANGUAGE",
        help: "Preferred caption languages for transcripts, comma-separated (default: en)",
    }],
    // The captions API (transcripts) takes only youtube.force-ssl.
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/youtube.force-ssl",
            "https://www.googleapis.com/auth/yt-analytics.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/youtube",
            "https://www.googleapis.com/auth/youtube.readonly",
            "https://www.googleapis.com/auth/yt-analytics-monetary.readonly",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#youtube",
    )),
    ..ServerSpec::DEFAULT
};
