//! Supabase server tests: each tool against a fake Management API that asserts the exact
//! request (method, path, query, Bearer token, JSON body) and answers with the shapes of
//! Supabase's OpenAPI description (`apps/docs/spec/api_v1_openapi.json`), through a real MCP
//! client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account;
mod branching;
mod common;
mod database;
mod debugging;
mod development;
mod functions;
mod surface;

mcp_testkit::standard_suite!(supabase_mcp_server::SPEC, "supabase-mcp-server");
