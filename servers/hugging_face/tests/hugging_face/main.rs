//! Hugging Face server tests: each tool against a fake Hub that asserts the exact request
//! (method, path, query, bearer token, JSON body) and answers with the Hub's documented
//! shapes, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account;
mod common;
mod docs;
mod hub;
mod jobs;
mod secrets;
mod spaces;
mod surface;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes (the
// token is optional for the smoke call, so "no credentials" is tested per tool here).
mcp_testkit::standard_suite!(hugging_face_mcp_server::SPEC, "hugging-face-mcp-server");
