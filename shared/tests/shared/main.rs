//! mcp-shared behaviour through a real MCP client against a small test service ("acme")
//! whose tools call a fake vendor: credentials, tenants, retries, scoping, transports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod acme;
mod auth;
mod bad_input;
mod connector;
mod direct;
mod dynamic;
mod fetch;
mod graphql;
mod http;
mod hygiene;
mod limits;
mod metrics;
mod oauth;
mod panics;
mod polling;
mod profiles;
mod props;
mod redirects;
mod retries;
mod schemes;
mod scoping;
mod tracing_ctx;
mod upload;
mod workspace;
