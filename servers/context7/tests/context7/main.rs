//! Context7 server tests: each tool against a fake Context7 API that asserts the exact
//! request (path, query, optional bearer key) and answers as Context7 does (JSON for the
//! library search, plain text for documentation), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod docs;
mod secrets;
mod suite;
