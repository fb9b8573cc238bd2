//! Google Workspace server tests: each tool against fake Gmail and Calendar APIs (and Google's
//! token endpoint) that assert the exact request, through a real MCP client; the atlas
//! profile's tool surface and its write tools that send nothing; the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod atlas;
mod calendar;
mod common;
mod credentials;
mod gmail;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(
    google_workspace_mcp_server::SPEC,
    "google-workspace-mcp-server"
);
mcp_testkit::profile_suite!(atlas_profile, google_workspace_mcp_server::SPEC, atlas);
