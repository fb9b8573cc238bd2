//! Mixpanel server tests: each tool against a fake Mixpanel (Query, Raw Export and
//! Ingestion APIs on one fake) that asserts the exact request (method, path, query, Basic
//! credentials, body) and answers with the shapes of Mixpanel's OpenAPI descriptions
//! (`mixpanel/docs`, `openapi/*.openapi.yaml`), through a real MCP client over streamable
//! HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod events;
mod export;
mod ingestion;
mod regions;
mod reports;
mod surface;

mcp_testkit::standard_suite!(
    mixpanel_mcp_server::SPEC,
    "mixpanel-mcp-server",
    catalog_not_required: &[
        // A saved funnel (`funnel_id`) brings its own steps; count_type defaults to unique.
        ("mixpanel_run_funnels_query", "events"),
        ("mixpanel_run_funnels_query", "count_type"),
    ]
);
