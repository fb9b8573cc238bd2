//! Google Workspace MCP server (the MCP-Atlas `google_workspace_atlas` variant): Gmail
//! messages (list, search, send, relabel) and the events of the primary Google Calendar
//! (list, create, update, delete).
//!
//! `GOOGLE_WORKSPACE_API_BASE_URL` overrides `https://gmail.googleapis.com` (tools call
//! `/gmail/v1/users/me/...` under it); `GOOGLE_CALENDAR_API_BASE_URL` overrides
//! `https://www.googleapis.com` (tools call `/calendar/v3/...` under it).
//!
//! Under `--profile atlas` the five write tools answer `ok` and send nothing, as the
//! benchmark's server does (its account is shared and seeded; the answer is judged, not the
//! mailbox). In every other profile they write.

mod api;
mod calendar;
mod gmail;

use mcp_shared::{ExtraApi, ServerSpec, ToolDef, Toolset};

/// The Calendar API v3, beside Gmail (the server's main base).
pub const CALENDAR_API: ExtraApi = ExtraApi {
    name: "calendar",
    display_name: "Google Calendar",
    default_base_url: "https://www.googleapis.com",
    base_url_var: "GOOGLE_CALENDAR_API_BASE_URL",
    auth: None,
};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "gmail",
        description: "Gmail messages: list and search with their text, send, add and remove labels.",
        default: true,
    },
    Toolset {
        name: "calendar",
        description: "Events of the primary Google Calendar: list, create, update, delete.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = gmail::tools();
    t.extend(calendar::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_workspace",
    display_name: "Google Workspace",
    binary: "google-workspace-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Gmail and Google Calendar for AI agents: read and send mail, manage events.",
    instructions: "Tools act on the Gmail mailbox and the primary Google Calendar of the request's Google \
        credentials (an OAuth access token, or client_id, client_secret and refresh_token). \
        Message ids come from the email list and search tools; event ids from the event list. \
        Times are RFC 3339 with an offset (2025-03-31T09:00:00+02:00); a date alone (2025-03-31) \
        makes an all-day event. Under --profile atlas the write tools send nothing and answer `ok`.",
    base: mcp_shared::Base::Fixed("https://gmail.googleapis.com"),
    auth: mcp_shared::Auth::BEARER,
    // MCP-Atlas starts the upstream server with GOOGLE_CLIENT_ID/SECRET/REFRESH_TOKEN.
    credential_env: &[
        ("GOOGLE_WORKSPACE_ACCESS_TOKEN", "access_token"),
        ("GOOGLE_CLIENT_ID", "client_id"),
        ("GOOGLE_CLIENT_SECRET", "client_secret"),
        ("GOOGLE_REFRESH_TOKEN", "refresh_token"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[CALENDAR_API],
    flags: &[],
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/gmail.modify",
            "https://www.googleapis.com/auth/calendar.events",
        ],
        &[
            "https://www.googleapis.com/auth/gmail.readonly",
            "https://www.googleapis.com/auth/gmail.send",
            "https://mail.google.com/",
            "https://www.googleapis.com/auth/calendar",
            "https://www.googleapis.com/auth/calendar.events.readonly",
            "https://www.googleapis.com/auth/calendar.readonly",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#gmail",
    )),
    ..ServerSpec::DEFAULT
};
