//! Google Jobs server tests: each tool against a fake SerpApi that asserts the exact request
//! (path, every query parameter including `api_key`) and answers with SerpApi's documented
//! Google Jobs shapes, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod jobs;
mod secrets;

mcp_testkit::standard_suite!(google_jobs_mcp_server::SPEC, "google-jobs-mcp-server");
