//! Yahoo Finance server tests: each tool against a fake Yahoo (cookie host, crumb host and
//! query host on one listener) that asserts the exact request, cookie and crumb included,
//! and answers with the shapes Yahoo returns (as the yfinance package reads them), through a
//! real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod company;
mod options;
mod prices;
mod session;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(yahoo_finance_mcp_server::SPEC, "yahoo-finance-mcp-server");
