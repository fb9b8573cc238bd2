//! `mcp-shared`: everything every MCP server of this workspace has in common.
//!
//! A service crate declares a [`ServerSpec`] (its tools, toolsets, credentials and vendor
//! API) and its `main` calls [`run`]. This crate gives it the CLI, stdio and streamable HTTP,
//! per-request credentials and scoping, the upstream client with retries and one error model.
//!
//! Its folders, from the wire to the vendor (each imports only those after it):
//! - [`runner`]: the CLI, settings from flags and environment, and the chosen transport;
//! - [`transport`]: streamable HTTP and the direct path (stdio is rmcp's);
//! - [`server`]: the spec, the settings and the MCP server they make; toolsets, scopes, docs;
//! - [`content`]: what results carry besides JSON (files, Markdown, text);
//! - [`tool`]: a tool's definition, schema and annotations, and argument types;
//! - [`call`]: one call's context, its tenant's host and pools, job polling;
//! - [`upstream`]: the vendor client (retries, redirects, errors), GraphQL, pagination, fetch;
//! - [`credentials`]: each request's credentials and the vendor's auth scheme;
//! - [`telemetry`]: metrics, traces and their exporter; [`tls`]: the crypto provider;
//! - [`error`]: the one error model every layer returns;
//! - [`workspace`]: the jail the local servers (files, git, terminal) work in: every path an
//!   agent names resolved beneath one directory.
//!
//! It names no vendor: what the servers of one vendor family share lives in crates of their
//! own beside it (`mcp-vendor-google`, `mcp-vendor-microsoft`, `mcp-vendor-atlassian`).

/// mimalloc instead of glibc's malloc: the call path allocates many small short-lived
/// buffers across threads, where glibc's arena locking and consolidation cost more CPU per
/// call (see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod call;
pub mod content;
pub mod credentials;
pub mod error;
pub mod runner;
pub mod server;
pub mod telemetry;
pub mod tls;
pub mod tool;
pub mod transport;
pub mod upstream;
pub mod workspace;

// The module paths servers name (`mcp_shared::tenant::host_as_written`), kept where they were
// before the modules moved into folders.
pub use call::{context, declared, poll, state, tenant};
pub use content::{html, json, markdown, text};
pub use credentials::{auth, secret, token_cache, vendor_auth};
pub use server::{docs, dynamic, oauth, scope, spec, switch};
pub use telemetry::{metrics, otel, trace};
pub use tool::{sanitize, types};
pub use transport::http as http_transport;
pub use upstream::{fetch, graphql, pagination};

pub use auth::{Credentials, EnvCredentials};
pub use context::Ctx;
pub use error::{ErrorKind, MissingScopes, ScopeHint, ToolError, needs_scopes};
pub use http::Method;
pub use runner::run;
pub use secret::Secret;
pub use server::McpServer;
pub use spec::{
    CredentialExchange, ExchangeFuture, ExtraApi, OAuthMetadata, OAuthServer, OAuthSettings,
    ProfileDefaults, ServerFlag, ServerOption, ServerSpec, Settings, Toolset,
};
pub use state::{Pools, State};
pub use tenant::{ANY_PUBLIC_HOST, Base, TenantUrl};
pub use token_cache::TokenCache;
pub use tool::{Effect, Output, Profile, ToolDef, ToolNames, ToolResult, tool};
pub use types::{Count, Int, non_empty};
pub use upstream::{
    Details, ErrorShape, FormPart, Request, Response, RetryPolicy, Upstream, UpstreamConfig,
    VendorError, default_error_parser, seg, seg_id, seg_path,
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
