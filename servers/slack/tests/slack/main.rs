//! Slack server tests: every tool against a fake Slack Web API that asserts the exact request
//! (method, path, bearer token, form or JSON body), through a real MCP client over streamable
//! HTTP; the binary over stdio and HTTP is the standard suite's.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod atlas_search;
mod channels;
mod common;
mod errors;
mod files;
mod messages;
mod reactions;
mod search;
mod surface;
mod tenants;
mod users;

mcp_testkit::standard_suite!(slack_mcp_server::SPEC, "slack-mcp-server");
mcp_testkit::profile_suite!(atlas_profile, slack_mcp_server::SPEC, atlas);
