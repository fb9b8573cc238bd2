//! Context7 server tests: each tool against a fake Context7 API that asserts the exact
//! request (path, query, optional bearer key) and answers as Context7 does (JSON for the
//! library search, plain text for documentation), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod docs;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes (the
// key is optional, so a call without credentials is not one of them: see docs.rs).
mcp_testkit::standard_suite!(context7_mcp_server::SPEC, "context7-mcp-server");
