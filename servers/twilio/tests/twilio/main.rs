//! Twilio server tests: each tool against a fake Twilio REST API 2010-04-01 that asserts the
//! exact request (method, path with the account SID, query, HTTP Basic, form body) and
//! answers with the shapes of Twilio's OpenAPI description (twilio_api_v2010.json), through a
//! real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod account;
mod auth;
mod common;
mod messages;
mod numbers;
mod paging;
mod voice;

mcp_testkit::standard_suite!(twilio_mcp_server::SPEC, "twilio-mcp-server");
