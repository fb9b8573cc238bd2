//! monday.com server tests: each tool against a fake monday GraphQL API that asserts the exact
//! operation, variables, raw `Authorization` token and `API-Version`, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod boards;
mod common;
mod items;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(monday_mcp_server::SPEC, "monday-mcp-server");
