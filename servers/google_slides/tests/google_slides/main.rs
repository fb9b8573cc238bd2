//! Google Slides server tests: every tool against a fake Slides API (and a fake Drive API for
//! listing) that asserts the exact request, through a real MCP client over streamable HTTP;
//! Google's errors; the standard suite (the binary over stdio and HTTP, schemas, failure
//! classes) and the binary's Drive base URL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod editing;
mod errors;
mod presentations;
mod surface;

mcp_testkit::standard_suite!(google_slides_mcp_server::SPEC, "google-slides-mcp-server");
