//! Shopify server tests: each tool against a fake GraphQL Admin API that asserts the exact
//! operation, variables, path (with the pinned API version) and `X-Shopify-Access-Token`,
//! through a real MCP client; every document and every variables object the tests see is
//! checked against Shopify's published Admin schema.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod customers;
mod discounts;
mod errors;
mod fulfillments;
mod gql_check;
mod inventory;
mod orders;
mod products;
mod schema;
mod tenant;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(shopify_mcp_server::SPEC, "shopify-mcp-server");
