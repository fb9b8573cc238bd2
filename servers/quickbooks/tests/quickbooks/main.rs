//! QuickBooks server tests: each tool against a fake QuickBooks company that asserts the
//! exact request (path under `/v3/company/{realm_id}`, `minorversion`, token, body), through a
//! real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod common;
mod customers;
mod errors;
mod invoices;
mod payments;
mod reports;
mod vendors;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(quickbooks_mcp_server::SPEC, "quickbooks-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "quickbooks");
    extra.sort();
    assert_eq!(
        extra,
        ["quickbooks_get_company_info", "quickbooks_get_report"]
    );
}
