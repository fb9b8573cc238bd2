//! Cal.com MCP server: the user's profile, availability schedules, bookings (list, get, create, cancel,
//! reschedule), event types and available slots over Cal.com's API v2
//! (`CAL_COM_API_BASE_URL` overrides `https://api.cal.com/v2`, e.g. for a self-hosted
//! instance), acting with the API key or OAuth token of each request.

mod api;
mod bookings;
mod event_types;
mod schedules;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "schedules",
        description: "The user's profile and availability schedules: list, get, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "bookings",
        description: "Bookings: list, get, create, cancel, reschedule.",
        default: true,
    },
    Toolset {
        name: "event_types",
        description: "Event types and their available slots.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = schedules::tools();
    t.extend(bookings::tools());
    t.extend(event_types::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "cal_com",
    display_name: "Cal.com",
    binary: "cal-com-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Cal.com schedules, bookings, event types and available slots for AI agents.",
    instructions: "Tools act on Cal.com (API v2) with the request's API key or OAuth token. \
        Schedules and event types are named by numeric ids, bookings by their `uid`. \
        List tools take `limit` and `cursor` and return `items` and `next_cursor` (null on the last page). \
        Times are ISO 8601 in UTC (`2026-05-01T09:00:00Z`).",
    base: mcp_shared::Base::Fixed("https://api.cal.com/v2"),
    // Cal.com wants `Authorization: Bearer cal_live_...`; Klavis passes the credential as
    // given, so a value that already carries the scheme is sent unchanged.
    auth: Auth::RawIfPrefixed {
        fields: &["token", "api_key", "access_token"],
        prefixes: &["Bearer ", "bearer "],
    },
    credential_env: &[("CAL_COM_API_KEY", "api_key"), ("API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // No metadata document: authorize at https://app.cal.com/auth/oauth2/authorize, token at
    // https://api.cal.com/v2/auth/oauth2/token; clients are reviewed by Cal.com before use.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.cal.com/auth/oauth2",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[
            "PROFILE_READ",
            "EVENT_TYPE_READ",
            "BOOKING_READ",
            "BOOKING_WRITE",
            "SCHEDULE_READ",
            "SCHEDULE_WRITE",
        ],
        more_scopes: &[],
        docs: "https://cal.com/help/apps-and-integrations/oauth",
    }),
    ..ServerSpec::DEFAULT
};
