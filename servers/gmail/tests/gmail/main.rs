//! Gmail server tests: every tool against a fake Gmail (and People) API that asserts the exact
//! request, through a real MCP client over streamable HTTP, and the binary over stdio and HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod attachments;
mod batch;
mod common;
mod contacts;
mod drafts;
mod errors;
mod labels;
mod messages;
mod process;
mod reading;
mod sending;
mod surface;
mod threads;

mcp_testkit::standard_suite!(gmail_mcp_server::SPEC, "gmail-mcp-server");
