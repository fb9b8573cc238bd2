//! Trello server tests: each tool against a fake Trello API that asserts the exact request
//! (method, path, query parameters with `key` and `token`) and answers with Trello's
//! documented response shapes, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod boards;
mod cards;
mod common;
mod errors;

mcp_testkit::standard_suite!(trello_mcp_server::SPEC, "trello-mcp-server");
