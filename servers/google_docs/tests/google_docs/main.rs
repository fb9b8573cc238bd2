//! Google Docs server tests: every tool against a fake Docs API (and a fake Drive API for
//! listing) that asserts the exact request, through a real MCP client over streamable HTTP;
//! Markdown in and out; Google's errors; the standard suite (the binary over stdio and HTTP,
//! schemas, failure classes) and the binary's Drive base URL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod editing;
mod errors;
mod listing;
mod markdown;
mod reading;
mod surface;
mod writing;

mcp_testkit::standard_suite!(google_docs_mcp_server::SPEC, "google-docs-mcp-server");
