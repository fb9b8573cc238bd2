//! Google Calendar MCP server: calendars, events (time zones, all-day and recurring events,
//! instances, attendees, invitations, Meet links), free/busy slot finding, and contact search
//! over the Google People API.
//!
//! `GOOGLE_CALENDAR_API_BASE_URL` overrides `https://www.googleapis.com` (tools call
//! `/calendar/v3/...` under it); `PEOPLE_API_BASE_URL` overrides `https://people.googleapis.com`.

mod api;
mod calendars;
mod contacts;
mod events;
mod freebusy;
pub mod slots;
pub mod time;
mod toolathlon;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_google::PEOPLE_API;

/// Google Calendar's toolsets, after the Calendar API's resources.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "calendars",
        description: "The user's calendar list and settings: list calendars, the current time in the user's time zone.",
        default: true,
    },
    Toolset {
        name: "events",
        description: "Create, list, read, update, move and delete events; recurring events and their instances; attendees and invitation responses; Meet links.",
        default: true,
    },
    Toolset {
        name: "freebusy",
        description: "Free/busy across calendars and the free slots between busy periods.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Find attendees' email addresses: contacts, other contacts and the domain directory (Google People API).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(calendars::tools());
    t.extend(events::tools());
    t.extend(freebusy::tools());
    t.extend(contacts::tools());
    t.extend(toolathlon::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_calendar",
    display_name: "Google Calendar",
    binary: "google-calendar-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Calendar for AI agents: events, recurring events, attendees, free slots, Meet links.",
    instructions: "Tools act on the Google Calendar of the OAuth access token the request carries. \
        Call google_calendar_get_current_time first for today's date and the user's time zone. \
        Times are RFC 3339 with an offset (2025-03-31T09:00:00+02:00), or local date-times \
        (2025-03-31T09:00:00) read in the calendar's time zone or `time_zone`; a date (2025-03-31) \
        makes an all-day event, whose end date is exclusive. \
        Check availability with google_calendar_find_free_slots before proposing times. \
        Never guess attendees' addresses: look them up with google_calendar_search_contacts. \
        Calendar ids come from google_calendar_list_calendars (`primary` is the user's own).",
    base: mcp_shared::Base::Fixed("https://www.googleapis.com"),
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[PEOPLE_API],
    flags: &[],
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/calendar.events",
            "https://www.googleapis.com/auth/calendar.readonly",
            "https://www.googleapis.com/auth/contacts.readonly",
            "https://www.googleapis.com/auth/contacts.other.readonly",
            "https://www.googleapis.com/auth/directory.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/calendar",
            "https://www.googleapis.com/auth/calendar.events.readonly",
            "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
            "https://www.googleapis.com/auth/calendar.settings.readonly",
            "https://www.googleapis.com/auth/calendar.freebusy",
            "https://www.googleapis.com/auth/calendar.calendars.readonly",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#calendar",
    )),
    ..ServerSpec::DEFAULT
};
