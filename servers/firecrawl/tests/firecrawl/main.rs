//! Firecrawl server tests: each tool against a fake Firecrawl API that asserts the exact
//! request (path, Bearer key, JSON body) and answers with the shapes of Firecrawl's v1
//! OpenAPI description, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod crawl;
mod extract;
mod scrape;
mod search;
mod surface;

mcp_testkit::standard_suite!(firecrawl_mcp_server::SPEC, "firecrawl-mcp-server");
