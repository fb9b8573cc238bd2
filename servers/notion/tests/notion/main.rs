//! Notion server tests: every tool against a fake Notion API that asserts the exact request
//! (method, path, query, token, `Notion-Version`, body), through a real MCP client over
//! streamable HTTP; the Markdown conversion; the official naming; what the binary reads from
//! its environment; and the standard suite.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod blocks;
mod comments;
mod common;
mod databases;
mod environment;
mod errors;
mod markdown;
mod official;
mod pages;
mod search;
mod surface;
mod users;

mcp_testkit::standard_suite!(notion_mcp_server::SPEC, "notion-mcp-server");
