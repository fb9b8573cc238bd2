//! Mailchimp server tests: each tool against a fake Marketing API 3.0 that asserts the exact
//! request (method, path, query, HTTP Basic with the API key or Bearer, JSON body) and answers
//! with the shapes of Mailchimp's API reference, through a real MCP client over streamable
//! HTTP; the data-centre host rules; problem+json errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod account;
mod audiences;
mod campaigns;
mod common;
mod members;
mod tenant;

mcp_testkit::standard_suite!(mailchimp_mcp_server::SPEC, "mailchimp-mcp-server");
