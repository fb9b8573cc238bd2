//! Mem0 server tests: each tool against a fake Mem0 API that asserts the exact request
//! (path, query, `Authorization: Token`, JSON body) and answers with the shapes of Mem0's
//! OpenAPI description (`docs/openapi.json`), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod entities;
mod memories;
mod secrets;

mcp_testkit::standard_suite!(mem0_mcp_server::SPEC, "mem0-mcp-server");
