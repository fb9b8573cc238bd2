//! Google Calendar server tests: every tool against a fake Calendar API (and People API) that
//! asserts the exact request, through a real MCP client over streamable HTTP; the free-slot
//! arithmetic on its own; and the binary over stdio and HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod calendars;
mod changes;
mod common;
mod contacts;
mod create;
mod errors;
mod freebusy;
mod process;
mod reading;
mod slots;
mod surface;

mcp_testkit::standard_suite!(
    google_calendar_mcp_server::SPEC,
    "google-calendar-mcp-server"
);
