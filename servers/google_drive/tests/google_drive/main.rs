//! Google Drive server tests: every tool against a fake Drive API that asserts the exact
//! request (method, path, query with its `fields` mask, bearer token, body), through a real MCP
//! client over streamable HTTP; the binary over stdio and HTTP, the schemas and the standard
//! failure classes in the standard suite.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod common;
mod content;
mod documents;
mod drives;
mod errors;
mod files;
mod permissions;
mod surface;
mod tree;
mod upload;

// Drive requires a requestId; the server makes one up when the caller gives none.
mcp_testkit::standard_suite!(
    google_drive_mcp_server::SPEC,
    "google-drive-mcp-server",
    catalog_not_required: &[("google_drive_create_shared_drive", "request_id")]
);
