//! The session manager of the streamable HTTP transport: rmcp's [`LocalSessionManager`], with
//! `tools/call` and `tools/list` answered in the HTTP request's own task.
//!
//! rmcp routes every request of a session through the session's worker task and its service
//! loop: the request crosses four tasks and a round trip to open its reply channel before a
//! handler runs, and the reply crosses them back. Our handlers need nothing from the session
//! but the request's headers (the tenant's credentials travel with every request), so when a
//! session has no per-session state — no dynamic toolsets — [`Sessions`] runs them directly
//! and hands rmcp a one-event reply stream. Everything else (`initialize`, notifications,
//! pings, the GET stream, resumption, DELETE) goes to rmcp unchanged.
//!
//! Most such requests never get here: the direct path (`direct.rs`) answers the plain ones
//! before rmcp reads them. This path serves those it leaves to rmcp, such as calls with
//! `_meta` (a progress token) or `tools/list` with a cursor.
//!
//! Since fast calls never reach the session worker, its idle timer cannot see them; the idle
//! timeout is kept here instead, counting every request of the session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use futures::{Stream, StreamExt as _};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, GetExtensions, ServerJsonRpcMessage};
use rmcp::transport::common::server_side_http::{ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError, SessionConfig,
};
use sync_wrapper::SyncFuture;

use crate::direct::answer;
use crate::server::McpServer;

/// How long a session may go without a request before it is closed (rmcp's default).
pub const IDLE_TIMEOUT: Duration = SessionConfig::DEFAULT_KEEP_ALIVE;

/// What the sweeper shares with the manager.
struct State {
    rmcp: LocalSessionManager,
    /// When each open session last had a request.
    seen: Mutex<HashMap<SessionId, Instant>>,
    idle: Duration,
}

/// Where a request of a session is answered.
// Returned once and matched at once, never stored: boxing the message would only add an
// allocation per request.
#[allow(clippy::large_enum_variant)]
enum Route<F> {
    /// Here, by this future.
    Here(F),
    /// By rmcp, in the session.
    Rmcp(ClientJsonRpcMessage),
}

/// See the module documentation.
pub struct Sessions {
    state: Arc<State>,
    /// Answers the fast requests; `None` when sessions have state of their own.
    server: Option<McpServer>,
    sweeper: OnceLock<()>,
}

impl Sessions {
    pub fn new(server: &McpServer, idle: Duration) -> Self {
        let mut rmcp = LocalSessionManager::default();
        // The idle timeout is ours (see the module documentation).
        rmcp.session_config.keep_alive = None;
        Self {
            state: Arc::new(State {
                rmcp,
                seen: Mutex::new(HashMap::new()),
                idle,
            }),
            server: (!server.has_session_state()).then(|| server.clone()),
            sweeper: OnceLock::new(),
        }
    }

    /// Count a request of session `id` (rmcp checks that it is open).
    fn touch(&self, id: &SessionId) {
        self.touch_if_open(id);
    }

    /// Whether session `id` is open; if it is, count a request of it. `seen` holds exactly
    /// rmcp's open sessions: entries are added after rmcp's in `create_session` and removed
    /// before rmcp's in `close_session` and the sweeper, the only ways rmcp closes one here
    /// (no session store is configured, so none is restored).
    pub(crate) fn touch_if_open(&self, id: &str) -> bool {
        self.state
            .seen
            .lock()
            .is_ok_and(|mut seen| seen.get_mut(id).map(|t| *t = Instant::now()).is_some())
    }

    /// Close sessions idle for longer than the timeout, every quarter of it, for as long as
    /// this manager lives.
    fn start_sweeper(&self) {
        self.sweeper.get_or_init(|| {
            let weak: Weak<State> = Arc::downgrade(&self.state);
            let period = (self.state.idle / 4).max(Duration::from_millis(10));
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(period).await;
                    let Some(state) = weak.upgrade() else { return };
                    let idle: Vec<SessionId> = match state.seen.lock() {
                        Ok(seen) => seen
                            .iter()
                            .filter(|(_, t)| t.elapsed() >= state.idle)
                            .map(|(id, _)| id.clone())
                            .collect(),
                        Err(_) => return,
                    };
                    for id in idle {
                        tracing::info!(session = %id, "closing an idle MCP session");
                        if let Ok(mut seen) = state.seen.lock() {
                            seen.remove(&id);
                        }
                        if let Err(e) = state.rmcp.close_session(&id).await {
                            tracing::debug!(error = %e, "closing an idle session");
                        }
                    }
                }
            });
        });
    }

    /// The event answering `tools/call` or `tools/list`, to be run by the reply stream; rmcp
    /// answers the rest.
    ///
    /// The call runs when the response body is polled, not before the head: the head (with
    /// rmcp's keep-alive comments after it) still reaches the client of a slow call at once,
    /// and a client that goes away drops, and so cancels, the call.
    fn fast(
        &self,
        message: ClientJsonRpcMessage,
    ) -> Route<impl Future<Output = ServerSseMessage> + Send + 'static> {
        let Some(server) = &self.server else {
            return Route::Rmcp(message);
        };
        let ClientJsonRpcMessage::Request(req) = message else {
            return Route::Rmcp(message);
        };
        if !matches!(
            req.request,
            ClientRequest::CallToolRequest(_) | ClientRequest::ListToolsRequest(_)
        ) {
            return Route::Rmcp(ClientJsonRpcMessage::Request(req));
        }
        let server = server.clone();
        let mut req = req;
        Route::Here(async move {
            let headers = req
                .request
                .extensions_mut()
                .remove::<http::request::Parts>()
                .map(|p| p.headers);
            let call = match req.request {
                ClientRequest::CallToolRequest(call) => {
                    Some((call.params.name, call.params.arguments))
                }
                _ => None,
            };
            let mut event = ServerSseMessage::default();
            event.message = Some(Arc::new(
                answer(&server, req.id, call, headers.as_ref()).await,
            ));
            event
        })
    }
}

impl SessionManager for Sessions {
    type Error = LocalSessionManagerError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.start_sweeper();
        let (id, transport) = self.state.rmcp.create_session().await?;
        if let Ok(mut seen) = self.state.seen.lock() {
            seen.insert(id.clone(), Instant::now());
        }
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.touch(id);
        self.state.rmcp.initialize_session(id, message).await
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.state.rmcp.has_session(id).await
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        if let Ok(mut seen) = self.state.seen.lock() {
            seen.remove(id);
        }
        self.state.rmcp.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.touch(id);
        match self.fast(message) {
            // rmcp wants a `Sync` stream; the call is polled through `&mut` only.
            Route::Here(reply) => Ok(futures::stream::once(SyncFuture::new(reply)).left_stream()),
            Route::Rmcp(message) => Ok(self
                .state
                .rmcp
                .create_stream(id, message)
                .await?
                .right_stream()),
        }
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.touch(id);
        self.state.rmcp.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.touch(id);
        self.state.rmcp.create_standalone_stream(id).await
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.touch(id);
        self.state.rmcp.resume(id, last_event_id).await
    }
}
