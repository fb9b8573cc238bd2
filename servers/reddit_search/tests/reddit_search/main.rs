//! Reddit server tests: each tool against a fake Reddit (OAuth API and token endpoint) that
//! asserts the exact request and answers with Reddit's response shapes, through a real MCP
//! client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod posts;
mod search;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(reddit_search_mcp_server::SPEC, "reddit-search-mcp-server");
