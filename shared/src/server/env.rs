//! What one request brings to a call, read once by its transport: the caller's credentials,
//! the request's narrowing of the tools, the switches it turned on, whether it belongs to a
//! session, the caller's trace and progress token. The server core takes a [`CallEnv`] and
//! never reads a header: HTTP builds it from the request's headers
//! (`transport::edge`), stdio from the process's environment alone.

use crate::call::context::ProgressSink;
use crate::credentials::auth::{AuthError, Credentials};
use crate::server::oauth::ScopeSlot;
use crate::server::scope::Filter;
use crate::telemetry::Wire;
use crate::telemetry::trace::TraceContext;

/// One request's part of a tool call (see the module's comment).
pub(crate) struct CallEnv<'a> {
    /// The caller's credentials (`None`: none sent, and no process credentials), or why the
    /// ones sent could not be read.
    pub(crate) credentials: Result<Option<Credentials>, AuthError>,
    /// The request's narrowing of the tools (a gateway's `X-MCP-*` headers).
    pub(crate) filter: Option<Filter>,
    /// The server's flags this request switched on (each flag's header).
    pub(crate) flags: Vec<&'static str>,
    /// The call belongs to a session (stdio, or an HTTP request with a session id): dynamic
    /// toolsets it enables last beyond the call.
    pub(crate) persistent: bool,
    /// The caller's trace context.
    pub(crate) trace: Option<TraceContext>,
    /// How the request came, for the call's telemetry span.
    pub(crate) wire: Wire<'a>,
    /// Where the call's progress notifications go.
    pub(crate) progress: Option<ProgressSink>,
    /// Where a missing scope is left for the HTTP reply's scope challenge.
    pub(crate) scope_slot: Option<&'a ScopeSlot>,
}

impl CallEnv<'_> {
    /// A call over stdio: the process's credentials, its flags only, one session.
    pub(crate) fn pipe(credentials: Result<Option<Credentials>, AuthError>) -> Self {
        CallEnv {
            credentials,
            filter: None,
            flags: Vec::new(),
            persistent: true,
            trace: None,
            wire: Wire::Pipe,
            progress: None,
            scope_slot: None,
        }
    }
}
