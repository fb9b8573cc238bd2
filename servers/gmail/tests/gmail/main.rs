//! Gmail server tests: every tool against a fake Gmail (and People) API that asserts the exact
//! request, through a real MCP client over streamable HTTP; the binary over stdio and HTTP, the
//! schemas and the standard failure classes in the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod attachments;
mod batch;
mod common;
mod drafts;
mod errors;
mod labels;
mod messages;
mod oauth;
mod reading;
mod sending;
mod surface;
mod threads;

mcp_testkit::standard_suite!(gmail_mcp_server::SPEC, "gmail-mcp-server");

// gmail_search_contacts against a fake People API: the contact search the Google servers share.
mcp_vendor_google::google_contacts_suite!(
    gmail_mcp_server::SPEC,
    "gmail-mcp-server",
    "gmail_search_contacts",
    crate::common::TOKEN
);
