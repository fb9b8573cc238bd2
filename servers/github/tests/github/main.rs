//! GitHub server tests: every tool against a fake GitHub that asserts the exact request,
//! through a real MCP client over streamable HTTP (and the binary over stdio and HTTP).

mod common;
mod issues;
