//! Brave Search server tests: each tool against a fake Brave Search API that asserts the
//! exact request (path, query, `X-Subscription-Token`) and answers with Brave's documented
//! response shapes, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod common;
mod images;
mod surface;
mod web;

mcp_testkit::standard_suite!(brave_search_mcp_server::SPEC, "brave-search-mcp-server");
mcp_testkit::profile_suite!(atlas_profile, brave_search_mcp_server::SPEC, atlas);
