//! YouTube MCP server: the YouTube Data API v3 (videos, channels, subscriptions, playlists,
//! caption tracks) and the YouTube Analytics API v2 (channel and video reports).
//!
//! `YOUTUBE_API_BASE_URL` overrides `https://youtube.googleapis.com` (the discovery document's
//! root; tools call `/youtube/v3/...` under it); `YOUTUBE_ANALYTICS_API_BASE_URL` overrides
//! `https://youtubeanalytics.googleapis.com/v2`.
//!
//! Credentials: the user's Google OAuth access token (`Authorization: Bearer`), or an API key
//! (`?key=`, public data only). `--profile toolathlon` (Klavis's `youtube_toolathlon`) lists
//! nine tools of its own (`toolathlon`), one of which reads public captions from
//! www.youtube.com through `mcp-vendor-youtube` (`YOUTUBE_WEB_BASE_URL`); the default profile
//! uses only the Data and Analytics APIs.

mod analytics;
mod api;
mod channels;
mod lists;
mod playlists;
mod toolathlon;
mod transcripts;
mod videos;

/// When the daily quota resets after a given time (for tests).
#[doc(hidden)]
pub use api::reset_text;

use mcp_shared::{Auth, ExtraApi, ServerOption, ServerSpec, ToolDef, Toolset};

/// The YouTube Analytics API v2, beside the Data API (the server's main base).
pub const ANALYTICS_API: ExtraApi = ExtraApi {
    name: "analytics",
    display_name: "YouTube Analytics",
    default_base_url: "https://youtubeanalytics.googleapis.com/v2",
    base_url_var: "YOUTUBE_ANALYTICS_API_BASE_URL",
    auth: None,
};

/// YouTube's public web pages (watch page, InnerTube player, caption tracks), read by
/// `transcripts_getTranscript` of `--profile toolathlon`; no credential is sent there.
pub const WEB_API: ExtraApi = ExtraApi {
    name: "web",
    display_name: "YouTube (web)",
    default_base_url: "https://www.youtube.com",
    base_url_var: "YOUTUBE_WEB_BASE_URL",
    auth: Some(Auth::None),
};

/// The user's OAuth access token, else an API key (`?key=`, public data only).
pub const AUTH: Auth = Auth::FirstOf(&[
    Auth::BEARER,
    Auth::Query {
        name: "key",
        fields: &["api_key"],
    },
]);

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
    t.extend(toolathlon::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "youtube",
    display_name: "YouTube",
    binary: "youtube-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "YouTube for AI agents: search, videos, channels, playlists, analytics, own-video transcripts.",
    instructions: "Tools act with the Google OAuth access token of the request on the YouTube Data API v3 (an API key \
        reads public videos, channels, playlists and search only), whose project quota is counted in units (10,000 a \
        day, reset at midnight Pacific time): each tool says what it costs; searches cost 100 units, most reads 1. \
        Transcripts come from the official captions API, which serves only videos the user owns. Lists take \
        `max_results` (at most 50) and `cursor`, and return `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://youtube.googleapis.com"),
    auth: AUTH,
    credential_env: &[("YOUTUBE_API_KEY", "api_key")],
    state: Some(toolathlon::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[ANALYTICS_API, WEB_API],
    flags: &[],
    options: &[
        ServerOption {
            name: "transcript-language",
            env: "TRANSCRIPT_LANGUAGE",
            help: "Preferred caption languages for transcripts, comma-separated (default: en)",
        },
        ServerOption {
            name: toolathlon::TRANSCRIPT_LANG,
            env: "YOUTUBE_TRANSCRIPT_LANG",
            help: "Caption language of transcripts_getTranscript in --profile toolathlon (default: en)",
        },
    ],
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
