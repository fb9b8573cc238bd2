//! YouTube Transcript MCP server: transcripts (with or without timestamps) and information of
//! public YouTube videos, read from YouTube's public web endpoints: the watch page
//! (`/watch?v=`), the InnerTube player endpoint (`/youtubei/v1/player`) and the caption track's
//! timedtext URL. These are not a published API and may change; the official YouTube Data API
//! (our `youtube` server) gives captions only to a video's owner. No credentials.
//! `YOUTUBE_TRANSCRIPT_API_BASE_URL` overrides `https://www.youtube.com`; the `PROXY_*`
//! variables route the calls through an outbound proxy. The client of these endpoints is
//! `mcp-vendor-youtube` (shared with the `youtube` server's toolathlon profile); this crate
//! is its MCP tool layer.

mod tools;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "transcripts",
    description: "Transcripts and information of public YouTube videos.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    tools::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "youtube_transcript",
    display_name: "YouTube Transcript",
    binary: "youtube-transcript-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Transcripts and information of public YouTube videos for AI agents.",
    instructions: "Read-only; no credentials. Give a video id or any YouTube URL (watch?v=, youtu.be/, shorts/, \
        embed/). Transcripts come in the first available language of `lang` (comma-separated codes, English as \
        the last fallback); long ones come in pages: pass the answer's next_cursor back to read on. These are \
        YouTube's unofficial web endpoints: YouTube may block automated clients (then retry later).",
    base: Base::Fixed("https://www.youtube.com"),
    proxy_vars: true,
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    options: &[ServerOption {
        name: tools::RESPONSE_LIMIT,
        env: "YOUTUBE_TRANSCRIPT_RESPONSE_LIMIT",
        help: "Characters of transcript per answer before it is cut into pages (default 50000; 0: never page)",
    }],
    ..ServerSpec::DEFAULT
};
