//! Chargebee server tests: each tool against a fake Chargebee API v2 that asserts the exact
//! request (method, path, query, HTTP Basic with the API key, form body, idempotency key) and
//! answers with the shapes of Chargebee's API reference, through a real MCP client over
//! streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod common;
mod customers;
mod events;
mod helpers;
mod invoices;
mod items;
mod subscriptions;
mod tenant;

mcp_testkit::standard_suite!(chargebee_mcp_server::SPEC, "chargebee-mcp-server");
