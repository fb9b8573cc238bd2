//! How a request reaches the server: streamable HTTP (`/mcp`, health, metrics, Host and Origin
//! checks, sessions), the direct path that answers plain tool calls without rmcp's session
//! machinery, and their sessions. stdio is served by rmcp in [`crate::runner`]. Each
//! transport reads the wire (headers, environment) and hands the server one call.

pub(crate) mod direct;
pub(crate) mod edge;
mod handler;
pub mod http;
pub(crate) mod sessions;
pub(crate) mod sse;
