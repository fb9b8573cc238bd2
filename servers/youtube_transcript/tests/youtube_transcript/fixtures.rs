//! The recordings of YouTube's answers and the fake's expectations live in
//! `mcp-vendor-youtube`'s testkit: the `youtube` server's toolathlon profile reads the same
//! endpoints.

pub use mcp_vendor_youtube::testkit::*;
