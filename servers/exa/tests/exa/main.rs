//! Exa server tests: each tool against a fake Exa API that asserts the exact request
//! (path, `x-api-key`, JSON body) and answers with the shapes of Exa's OpenAPI description,
//! through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod answers;
mod atlas;
mod common;
mod search;
mod surface;

mcp_testkit::standard_suite!(exa_mcp_server::SPEC, "exa-mcp-server");
mcp_testkit::profile_suite!(atlas_profile, exa_mcp_server::SPEC, atlas);
