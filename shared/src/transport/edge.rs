//! The HTTP edge of a call: a request's headers read once into the [`CallEnv`] the server
//! core takes (the core reads no header). Both HTTP paths use it: the direct path and rmcp's
//! handler.

use http::{HeaderMap, HeaderName};

use crate::credentials::auth;
use crate::server::McpServer;
use crate::server::env::CallEnv;
use crate::server::oauth::ScopeSlot;
use crate::server::scope::{Filter, allow_lists, split, truthy};
use crate::telemetry::Wire;
use crate::telemetry::trace::TraceContext;

// `HeaderName` constants: a `&str` name is parsed and validated on every lookup, and these
// run for every call.
const SESSION_ID: HeaderName = HeaderName::from_static("mcp-session-id");
const PROTOCOL_VERSION: HeaderName = HeaderName::from_static("mcp-protocol-version");

/// The call environment of an HTTP request with these headers.
pub(crate) fn call_env<'a>(
    server: &McpServer,
    headers: &'a HeaderMap,
    scope_slot: Option<&'a ScopeSlot>,
) -> CallEnv<'a> {
    let spec = server.spec();
    let settings = server.settings();
    let text = |n: &HeaderName| headers.get(n).and_then(|v| v.to_str().ok());
    let session = text(&SESSION_ID);
    CallEnv {
        credentials: auth::resolve(
            Some(headers),
            &settings.env_credentials,
            !settings.require_auth_header,
            spec.token_headers,
        ),
        filter: filter(headers),
        flags: spec
            .flags
            .iter()
            .filter(|f| {
                f.header.is_some_and(|h| {
                    headers
                        .get(h)
                        .and_then(|v| v.to_str().ok())
                        .is_some_and(truthy)
                })
            })
            .map(|f| f.name)
            .collect(),
        persistent: headers.contains_key(SESSION_ID),
        trace: TraceContext::from_headers(headers),
        wire: Wire::Http {
            session: session.filter(|v| v.len() <= 128),
            protocol_version: text(&PROTOCOL_VERSION).filter(|v| v.len() <= 128),
        },
        progress: None,
        scope_slot,
    }
}

/// The request's narrowing of the tools from `X-MCP-Readonly`, `X-MCP-Toolsets`,
/// `X-MCP-Tools` and `X-MCP-Exclude-Tools`. `None` when it carries none of them.
pub(crate) fn filter(headers: &HeaderMap) -> Option<Filter> {
    const READ_ONLY: HeaderName = HeaderName::from_static("x-mcp-readonly");
    const TOOLSETS: HeaderName = HeaderName::from_static("x-mcp-toolsets");
    const TOOLS: HeaderName = HeaderName::from_static("x-mcp-tools");
    const EXCLUDE: HeaderName = HeaderName::from_static("x-mcp-exclude-tools");
    let get = |n: &HeaderName| headers.get(n).and_then(|v| v.to_str().ok()).map(str::trim);
    let ro = get(&READ_ONLY);
    let ts = get(&TOOLSETS);
    let tl = get(&TOOLS);
    let ex = get(&EXCLUDE);
    if ro.is_none() && ts.is_none() && tl.is_none() && ex.is_none() {
        return None;
    }
    let (toolsets, tools) = allow_lists(ts.map(split), tl.map(split));
    Some(Filter {
        read_only: ro.is_some_and(truthy),
        toolsets,
        tools,
        exclude: ex.map(split).unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;
    use std::collections::BTreeSet;

    #[test]
    fn header_filter_parsing() {
        let mut h = HeaderMap::new();
        assert_eq!(filter(&h), None);
        h.insert("x-mcp-readonly", HeaderValue::from_static("TRUE"));
        let f = filter(&h).unwrap_or_default();
        assert!(f.read_only);
        assert_eq!(f.toolsets, None);
        h.insert("x-mcp-tools", HeaderValue::from_static("a, b,,"));
        let f = filter(&h).unwrap_or_default();
        assert_eq!(f.tools, Some(split("a,b")));
        assert_eq!(f.toolsets, Some(BTreeSet::new()));
        h.insert("x-mcp-toolsets", HeaderValue::from_static("all"));
        let f = filter(&h).unwrap_or_default();
        assert_eq!(f.toolsets, None);
    }
}
