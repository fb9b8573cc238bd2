//! Notion server tests: every tool against a fake Notion API that asserts the exact request
//! (method, path, query, token, `Notion-Version`, body), through a real MCP client over
//! streamable HTTP; the Markdown conversion; the profiles of Notion's own server (official,
//! and the benchmarks' atlas, mcpmark, toolathlon with its root-page limit); what the binary
//! reads from its environment; and the standard and profile suites.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod blocks;
mod comments;
mod common;
mod databases;
mod environment;
mod errors;
mod jail;
mod legacy;
mod markdown;
mod official;
mod pages;
mod search;
mod surface;
mod users;

mcp_testkit::standard_suite!(notion_mcp_server::SPEC, "notion-mcp-server");
mcp_testkit::profile_suite!(official_profile, notion_mcp_server::SPEC, official);
mcp_testkit::profile_suite!(atlas_profile, notion_mcp_server::SPEC, atlas);
mcp_testkit::profile_suite!(mcpmark_profile, notion_mcp_server::SPEC, mcpmark);
mcp_testkit::profile_suite!(toolathlon_profile, notion_mcp_server::SPEC, toolathlon);
