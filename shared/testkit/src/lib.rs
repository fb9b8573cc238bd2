//! `mcp-testkit`: run a server in-process over HTTP or as a process over stdio, connect a
//! real MCP client (rmcp's), call tools, and fake the vendor with wiremock mocks that assert
//! the exact request.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use mcp_shared::{RetryPolicy, Settings};
use serde_json::json;

pub use wiremock;

mod catalog;
mod client;
mod docs;
pub mod python;
mod raw;
mod requests;
mod scopes;
mod server;
pub mod suite;
pub mod surface;
pub mod workspace;

pub use catalog::{assert_catalog_parity, catalog, catalog_entry, tools_beyond_catalog};
pub use client::{
    Client, Recorder, connect_http, spawn_stdio, spawn_stdio_logged, structured_content_errors,
    text_of,
};
pub use docs::{assert_docs_fresh, assert_valid_tools, check_tools_subcommand, replace_between};
pub use raw::{INITIALIZE, RawReply, mcp_post, raw_request};
pub use requests::{
    Expect, FormBody, FormPartExpect, GraphqlOp, NoBody, QueryExact, assert_no_requests, expect,
    multipart_parts, request_bodies,
};
pub use scopes::{assert_declared_scopes, assert_refusals_name_permissions};
pub use server::{HttpProcess, Setup, TestServer, Traced, free_port};
pub use workspace::{LocalServer, scratch_workspace};

/// Settings for a test: upstream at `base`, fast retries without jitter, short timeout.
pub fn settings_for(base: &str) -> Settings {
    Settings {
        api_base_url: Some(base.to_owned()),
        upstream_timeout: Duration::from_secs(5),
        retry: RetryPolicy {
            max_attempts: 3,
            min_delay: Duration::from_millis(10),
            max_delay: Duration::from_millis(50),
            max_wait: Duration::from_secs(3),
            jitter: false,
        },
        shutdown_grace: Duration::from_secs(5),
        ..Settings::default()
    }
}

/// `Basic base64(user:password)`, the `Authorization` value HTTP Basic sends.
pub fn basic_auth(user: &str, password: &str) -> String {
    use base64::Engine as _;
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}

/// The `x-auth-data` value for `{"access_token": token}`.
pub fn auth_data(token: &str) -> String {
    mcp_shared::auth::encode_auth_data(&json!({ "access_token": token }))
}
