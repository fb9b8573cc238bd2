//! Gong server tests: each tool against a fake Gong API v2 that asserts the exact request
//! (method, path, query, Basic credentials, body) and answers with the shapes of Gong's API
//! reference (help.gong.io/apidocs), through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod calls;
mod common;
mod tenant;
mod users;

mcp_testkit::standard_suite!(gong_mcp_server::SPEC, "gong-mcp-server");
