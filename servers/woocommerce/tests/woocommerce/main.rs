//! WooCommerce server tests: each tool against a fake store (`/wp-json/wc/v3` on 127.0.0.1)
//! that asserts the exact request (method, path, query, JSON body, HTTP Basic key pair) and
//! answers with bodies shaped like the WooCommerce REST API v3 docs' examples, through a real
//! MCP client; the OAuth 1.0a signature over plain http; the tenant-host guard; paging
//! headers; error bodies; writes never repeated.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod auth;
mod common;
mod orders;
mod people;
mod products;
mod reports;

mod store;
mod taxonomy;

mcp_testkit::standard_suite!(woocommerce_mcp_server::SPEC, "woocommerce-mcp-server");
mcp_testkit::profile_suite!(toolathlon_profile, woocommerce_mcp_server::SPEC, toolathlon);

#[tokio::test]
async fn all_55_tools_are_listed_by_default_too() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert_eq!(tools.len(), 55);
}
