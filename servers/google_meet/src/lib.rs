//! Google Meet MCP server: meetings scheduled as Google Calendar events with a Meet
//! conference (Calendar API v3), and Meet spaces, conference records, participants,
//! recordings and transcripts (Meet REST API v2).
//!
//! `GOOGLE_MEET_API_BASE_URL` overrides `https://www.googleapis.com` (tools call
//! `/calendar/v3/...` under it); `GOOGLE_MEET_REST_API_BASE_URL` (or Klavis's `MEET_API_BASE`)
//! overrides `https://meet.googleapis.com/v2`.

mod api;
mod conferences;
mod meetings;
mod spaces;

use mcp_shared::{ExtraApi, ServerSpec, ToolDef, Toolset};

/// The Meet REST API v2, beside the Calendar API (the server's main base).
pub const MEET_API: ExtraApi = ExtraApi {
    name: "meet",
    display_name: "Google Meet",
    default_base_url: "https://meet.googleapis.com/v2",
    base_url_var: "GOOGLE_MEET_REST_API_BASE_URL",
    auth: None,
};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "meetings",
        description: "Scheduled meetings: Google Calendar events with a Meet link (create, list, read, update, delete, invitees).",
        default: true,
    },
    Toolset {
        name: "spaces",
        description: "Meet spaces: instant meetings, a space's link and settings, ending the active call.",
        default: true,
    },
    Toolset {
        name: "conferences",
        description: "Conference records of held meetings: participants, recordings, transcripts.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = meetings::tools();
    t.extend(spaces::tools());
    t.extend(conferences::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_meet",
    display_name: "Google Meet",
    binary: "google-meet-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Meet for AI agents: scheduled meetings, instant spaces, participants, transcripts.",
    instructions: "Tools act with the Google OAuth access token of the request. Scheduled meetings are Google Calendar \
        events of the primary calendar with a Meet link, named by `event_id`. Meet spaces are named `spaces/{id}` or by \
        meeting code (abc-mnop-xyz). A held meeting is a conference record (`conferenceRecords/{id}`, kept 30 days): \
        google_meet_v2_list_meetings finds them, then participants, recordings and transcripts. Lists take `max_results` \
        or `limit` and `cursor`, and return `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://www.googleapis.com"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[MEET_API],
    flags: &[],
    env_aliases: &[("GOOGLE_MEET_REST_API_BASE_URL", "MEET_API_BASE")],
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/calendar.events",
            "https://www.googleapis.com/auth/calendar.calendars.readonly",
            "https://www.googleapis.com/auth/meetings.space.created",
            "https://www.googleapis.com/auth/meetings.space.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/calendar",
            "https://www.googleapis.com/auth/calendar.readonly",
            "https://www.googleapis.com/auth/calendar.events.readonly",
            "https://www.googleapis.com/auth/meetings.space.settings",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#meet",
    )),
    ..ServerSpec::DEFAULT
};
