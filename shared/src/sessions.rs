//! The session manager of the streamable HTTP transport: rmcp's [`LocalSessionManager`],
//! every method passed through, with the idle timeout kept here.
//!
//! The direct path (`direct.rs`) answers some requests of a session (plain JSON replies)
//! without reaching the session's worker, whose idle timer therefore cannot see them; the
//! idle timeout is kept here instead, counting every request of the session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use futures::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::common::server_side_http::{ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    EventStore, RestoreOutcome, SessionManager,
};

/// What the sweeper shares with the manager.
struct State {
    rmcp: LocalSessionManager,
    /// When each open session last had a request.
    seen: Mutex<HashMap<SessionId, Instant>>,
    idle: Duration,
}

/// See the module documentation.
pub struct Sessions {
    state: Arc<State>,
    sweeper: OnceLock<()>,
}

impl Sessions {
    pub fn new(idle: Duration) -> Self {
        let mut rmcp = LocalSessionManager::default();
        // The idle timeout is ours (see the module documentation).
        rmcp.session_config.keep_alive = None;
        Self {
            state: Arc::new(State {
                rmcp,
                seen: Mutex::new(HashMap::new()),
                idle,
            }),
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
        self.state.rmcp.create_stream(id, message).await
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

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        let outcome = self.state.rmcp.restore_session(id.clone()).await?;
        if matches!(outcome, RestoreOutcome::Restored(_))
            && let Ok(mut seen) = self.state.seen.lock()
        {
            seen.insert(id, Instant::now());
        }
        Ok(outcome)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.state.rmcp.event_store()
    }
}
