//! Motion server tests: each tool against a fake Motion API that asserts the exact request
//! (method, path, query, `X-API-Key`, JSON body) and answers with Motion's documented
//! response shapes, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod comments;
mod common;
mod errors;
mod projects;
mod tasks;
mod workspaces;

mcp_testkit::standard_suite!(motion_mcp_server::SPEC, "motion-mcp-server");
