//! Report Generation server tests: the pipeline against three fakes on 127.0.0.1 (Firecrawl
//! `/v2/search`, Anthropic `/v1/messages`, a Supabase project's PostgREST), each asserting the
//! exact request, through a real MCP client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod report;

mcp_testkit::standard_suite!(
    report_generation_mcp_server::SPEC,
    "report-generation-mcp-server"
);
