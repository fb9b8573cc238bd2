//! Google Sheets server tests: every tool against a fake Sheets API (and a fake Drive API for
//! the listing) that asserts the exact request, through a real MCP client over streamable
//! HTTP; the A1 notation table; Google's errors; the standard suite (the binary over stdio
//! and HTTP, schemas, failure classes) and the binary's Drive base URL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod a1;
mod common;
mod errors;
mod format;
mod spreadsheets;
mod surface;
mod tabs;
mod toolathlon;
mod toolathlon_drive;
mod values;

mcp_testkit::standard_suite!(google_sheets_mcp_server::SPEC, "google-sheets-mcp-server");
mcp_testkit::profile_suite!(
    toolathlon_profile,
    google_sheets_mcp_server::SPEC,
    toolathlon
);
