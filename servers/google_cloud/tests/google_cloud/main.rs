//! Google Cloud server tests: each tool against fake Google Cloud APIs (BigQuery, Cloud
//! Storage, Cloud Logging, Compute Engine, Google's token endpoint) on 127.0.0.1 that assert
//! the exact request of Google's discovery documents, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod auth;
mod bigquery;
mod common;
mod compute;
mod errors;
mod logging;
mod storage;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(google_cloud_mcp_server::SPEC, "google-cloud-mcp-server");
// `--profile toolathlon` lists exactly the catalog's google_cloud_toolathlon tools.
mcp_testkit::profile_suite!(
    toolathlon_profile,
    google_cloud_mcp_server::SPEC,
    toolathlon
);
