//! Tavily server tests: each tool against a fake Tavily API that asserts the exact request
//! (path, bearer key, JSON body) and answers with Tavily's documented response shapes,
//! through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod crawl;
mod search;
mod surface;

mcp_testkit::standard_suite!(tavily_mcp_server::SPEC, "tavily-mcp-server");
