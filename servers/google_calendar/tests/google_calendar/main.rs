//! Google Calendar server tests: every tool against a fake Calendar API (and People API) that
//! asserts the exact request, through a real MCP client over streamable HTTP; the free-slot
//! arithmetic on its own; the binary over stdio and HTTP, the schemas and the standard
//! failure classes in the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod calendars;
mod changes;
mod common;
mod create;
mod errors;
mod freebusy;
mod reading;
mod slots;
mod surface;
mod toolathlon;

mcp_testkit::standard_suite!(
    google_calendar_mcp_server::SPEC,
    "google-calendar-mcp-server"
);
mcp_testkit::profile_suite!(
    toolathlon_profile,
    google_calendar_mcp_server::SPEC,
    toolathlon
);

// google_calendar_search_contacts against a fake People API: the contact search the Google
// servers share.
mcp_vendor_google::google_contacts_suite!(
    google_calendar_mcp_server::SPEC,
    "google-calendar-mcp-server",
    "google_calendar_search_contacts",
    crate::common::TOKEN
);
