//! OpenRouter server tests: each tool against a fake OpenRouter API that asserts the exact
//! request (path, query, bearer key, JSON body) and answers with the shapes of OpenRouter's
//! OpenAPI description, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account;
mod chat;
mod common;
mod models;
mod secrets;
mod surface;

mcp_testkit::standard_suite!(openrouter_mcp_server::SPEC, "openrouter-mcp-server");
