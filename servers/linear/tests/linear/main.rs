//! Linear server tests: each tool against a fake Linear GraphQL API that asserts the exact
//! operation, variables and `Authorization` header, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod initiatives;
mod issues;
mod projects;
mod teams;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(linear_mcp_server::SPEC, "linear-mcp-server");
