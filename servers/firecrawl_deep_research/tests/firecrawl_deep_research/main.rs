//! Firecrawl Deep Research server tests: the tool against a fake Firecrawl agent API that
//! asserts the exact requests (`POST /v2/agent` with its JSON body, then `GET /v2/agent/{id}`
//! while it runs) and answers with the shapes of Firecrawl's v2 reference, through a real MCP
//! client over streamable HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod research;

mcp_testkit::standard_suite!(
    firecrawl_deep_research_mcp_server::SPEC,
    "firecrawl-deep-research-mcp-server"
);
