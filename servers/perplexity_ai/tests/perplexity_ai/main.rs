//! Perplexity server tests: each tool against a fake Perplexity API that asserts the exact
//! request (path, bearer key, JSON body) and answers with Perplexity's chat-completion shape,
//! through a real MCP client over streamable HTTP; the key arrives in `x-auth-data` or in
//! Klavis's `x-api-key` header.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod chat;
mod secrets;

mcp_testkit::standard_suite!(perplexity_ai_mcp_server::SPEC, "perplexity-ai-mcp-server");
