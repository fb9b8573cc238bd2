//! Google Maps server tests: each tool against a fake Google (the Maps web services under
//! `/maps/api`, Places API (New) under `/v1`, the Routes API at the root) that asserts the
//! exact request (method, path, query, key, field mask, body) and answers with Google's
//! documented response shapes, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod elevation;
mod errors;
mod geocoding;
mod places;
mod routes;

mcp_testkit::standard_suite!(google_maps_mcp_server::SPEC, "google-maps-mcp-server");
