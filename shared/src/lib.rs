//! `mcp-shared`: everything every MCP server of this workspace has in common.
//!
//! A service crate declares a [`ServerSpec`] (its tools, toolsets, credentials and vendor
//! API) and its `main` calls [`run`]. This crate gives it the CLI, stdio and streamable HTTP,
//! per-request credentials and scoping, the upstream client with retries and one error model.

/// mimalloc instead of glibc's malloc: the call path allocates many small short-lived
/// buffers across threads, where glibc's arena locking and consolidation cost more CPU per
/// call (see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod auth;
pub mod content;
pub mod context;
pub mod declared;
mod direct;
pub mod docs;
pub mod dynamic;
pub mod error;
pub mod fetch;
pub mod graphql;
pub mod http_transport;
pub mod json;
mod jsonrpc;
pub mod markdown;
pub mod metrics;
pub mod oauth;
pub mod otel;
pub mod pagination;
pub mod poll;
pub mod runner;
pub mod sanitize;
pub mod scope;
pub mod secret;
pub mod server;
mod sessions;
pub mod spec;
pub mod state;
pub mod switch;
pub mod tenant;
pub mod text;
pub mod tls;
pub mod token_cache;
pub mod tool;
pub mod trace;
pub mod types;
pub mod upstream;
pub mod vendor_auth;
pub mod vendors;

pub use auth::{Credentials, EnvCredentials};
pub use context::Ctx;
pub use error::{ErrorKind, MissingScopes, ToolError};
pub use http::Method;
pub use runner::run;
pub use secret::Secret;
pub use server::McpServer;
pub use spec::{
    ExtraApi, OAuthMetadata, OAuthServer, OAuthSettings, ServerFlag, ServerOption, ServerSpec,
    Settings, Toolset,
};
pub use state::{Pools, State};
pub use tenant::{Base, TenantUrl};
pub use token_cache::TokenCache;
pub use tool::{Effect, Output, ToolDef, ToolNames, ToolResult, tool};
pub use types::{Count, Int, non_empty};
pub use upstream::{
    FormPart, Request, Response, RetryPolicy, Upstream, UpstreamConfig, VendorError,
    default_error_parser, seg, seg_id, seg_path,
};
pub use vendor_auth::{Auth, Part};

/// Re-exports for server crates, so they need not depend on these crates directly.
pub mod reexports {
    pub use http;
    pub use rmcp;
    pub use schemars;
    pub use serde;
    pub use serde_json;
}
