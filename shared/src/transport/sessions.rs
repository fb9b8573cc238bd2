//! The session manager of the streamable HTTP transport: rmcp's [`LocalSessionManager`],
//! every method passed through, with the idle timeout and the parking of idle sessions kept
//! here.
//!
//! **Idle timeout.** The direct path (`direct.rs`) answers some requests of a session (plain
//! JSON replies) without reaching the session's worker, whose idle timer therefore cannot see
//! them; the idle timeout is kept here instead, counting every request of the session.
//!
//! **Parking.** An open rmcp session is three tasks (the session worker, the service loop and
//! the task that waits on it) and seven channels, each of whose first block holds 32
//! messages of 48 to 400 bytes: about 70 kB, whatever the session does. A session of ours
//! needs nothing between requests but its handshake, since a tenant's credentials come with
//! every request. So a session with no request and no open request stream for `park` is
//! parked (a GET stream stays open meanwhile, see `create_standalone_stream`): its
//! rmcp worker is closed, and only the handshake stays (rmcp's `SessionState`, under 1 KiB),
//! in [`Store`], which is rmcp's session store. The next request of a parked session finds
//! no worker; rmcp loads the handshake from the store, asks here for a new worker
//! (`restore_session`) and replays the handshake into it, as it does for a session opened on
//! another instance, then serves the request. What a parked session loses is what rmcp drops
//! after a minute anyway: the replay caches of its finished streams (`Last-Event-ID`).
//! Sessions with state of their own (dynamic toolsets) are never parked.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};
use std::time::{Duration, Instant};

use futures::{Stream, StreamExt as _};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::common::server_side_http::{ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    EventStore, RestoreOutcome, SessionManager, SessionState, SessionStore, SessionStoreError,
};
use tokio_util::sync::CancellationToken;

/// How long a restore waits for the worker of a parked session to end (it ends within
/// milliseconds of being closed; this only bounds a worker that hangs).
const RETIRE_WAIT: Duration = Duration::from_secs(5);

/// One open session, as this manager sees it.
struct Entry {
    /// When the session last had a request, or one of its streams ended.
    seen: Instant,
    /// Its reply streams still open (a POST's, a resumed one; not the GET stream): it is not
    /// idle meanwhile.
    streams: usize,
    /// Its handshake as rmcp stores it, once the session is initialised (what restores it).
    handshake: Option<Box<SessionState>>,
    /// rmcp has no worker for it: its next request restores one.
    parked: bool,
    /// A worker closed here has not ended yet. rmcp calls `close_session` when a worker ends,
    /// and that call must not close the session.
    retiring: bool,
    /// Cancelled when the session is closed (the entry dropped): ends its GET streams.
    closed: Option<CancellationToken>,
}

impl Drop for Entry {
    fn drop(&mut self) {
        if let Some(closed) = &self.closed {
            closed.cancel();
        }
    }
}

/// What the sweeper, the store and the open streams share with the manager.
struct State {
    rmcp: LocalSessionManager,
    sessions: Mutex<HashMap<SessionId, Entry>>,
    idle: Duration,
    park: Option<Duration>,
    /// Wakes restores that wait for a parked session's worker to end.
    retired: tokio::sync::Notify,
}

impl State {
    fn lock(&self) -> Option<MutexGuard<'_, HashMap<SessionId, Entry>>> {
        self.sessions.lock().ok()
    }
}

/// See the module documentation.
pub struct Sessions {
    state: Arc<State>,
    sweeper: OnceLock<()>,
}

impl Sessions {
    /// `park`: how long a session stays idle before it is parked (`None`: never).
    pub fn new(idle: Duration, park: Option<Duration>) -> Self {
        let mut rmcp = LocalSessionManager::default();
        // The idle timeout is ours (see the module documentation).
        rmcp.session_config.keep_alive = None;
        Self {
            state: Arc::new(State {
                rmcp,
                sessions: Mutex::new(HashMap::new()),
                idle,
                park: park.filter(|p| *p < idle),
                retired: tokio::sync::Notify::new(),
            }),
            sweeper: OnceLock::new(),
        }
    }

    /// Sessions open now (parked ones included).
    pub(crate) fn len(&self) -> usize {
        self.state.lock().map(|s| s.len()).unwrap_or(0)
    }

    /// The session store to configure rmcp's service with, when sessions are parked.
    pub fn store(&self) -> Option<Arc<dyn SessionStore>> {
        self.state
            .park
            .map(|_| Arc::new(Store(self.state.clone())) as Arc<dyn SessionStore>)
    }

    /// Whether session `id` is open (parked or not); if it is, count a request of it.
    pub(crate) fn touch_if_open(&self, id: &str) -> bool {
        self.state
            .lock()
            .is_some_and(|mut s| s.get_mut(id).map(|e| e.seen = Instant::now()).is_some())
    }

    /// Count a request of session `id`, and hold it open (not idle) until the guard is dropped.
    fn open(&self, id: &SessionId) -> Open {
        if let Some(mut s) = self.state.lock()
            && let Some(e) = s.get_mut(id)
        {
            e.seen = Instant::now();
            e.streams += 1;
        }
        Open {
            state: self.state.clone(),
            id: id.clone(),
        }
    }

    /// Close sessions idle for longer than the timeout and park those idle for longer than
    /// `park`, every quarter of the shorter, for as long as this manager lives.
    fn start_sweeper(&self) {
        self.sweeper.get_or_init(|| {
            let weak: Weak<State> = Arc::downgrade(&self.state);
            let shortest = self.state.park.unwrap_or(self.state.idle);
            let period = (shortest.min(self.state.idle) / 4).max(Duration::from_millis(10));
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(period).await;
                    let Some(state) = weak.upgrade() else { return };
                    if !sweep(&state).await {
                        return;
                    }
                }
            });
        });
    }
}

/// One pass of the sweeper; `false` when the state is unusable (a poisoned lock).
async fn sweep(state: &State) -> bool {
    let (expired, parking) = {
        let Some(mut sessions) = state.lock() else {
            return false;
        };
        let mut expired = Vec::new();
        let mut parking = Vec::new();
        for (id, e) in sessions.iter_mut() {
            let idle = e.seen.elapsed();
            if idle >= state.idle {
                expired.push(id.clone());
            } else if let Some(park) = state.park
                && idle >= park
                && !e.parked
                && e.streams == 0
                && e.handshake.is_some()
            {
                e.parked = true;
                e.retiring = true;
                parking.push(id.clone());
            }
        }
        for id in &expired {
            sessions.remove(id);
        }
        // A map keeps its capacity: give it back once most sessions are gone.
        let len = sessions.len();
        if sessions.capacity() > 4 * len + 64 {
            sessions.shrink_to(2 * len);
        }
        (expired, parking)
    };
    for id in expired {
        tracing::info!(session = %id, "closing an idle MCP session");
        if let Err(e) = state.rmcp.close_session(&id).await {
            tracing::debug!(error = %e, "closing an idle session");
        }
    }
    for id in parking {
        tracing::debug!(session = %id, "parking an idle MCP session");
        if let Err(e) = state.rmcp.close_session(&id).await {
            tracing::debug!(error = %e, "parking an idle session");
        }
    }
    let mut rmcp = state.rmcp.sessions.write().await;
    if rmcp.capacity() > 4 * rmcp.len() + 64 {
        let len = rmcp.len();
        rmcp.shrink_to(2 * len);
    }
    true
}

/// A stream of a session is open while this lives.
struct Open {
    state: Arc<State>,
    id: SessionId,
}

impl Drop for Open {
    fn drop(&mut self) {
        if let Some(mut s) = self.state.lock()
            && let Some(e) = s.get_mut(&self.id)
        {
            e.streams = e.streams.saturating_sub(1);
            e.seen = Instant::now();
        }
    }
}

/// `stream`, holding its session open (see [`Open`]) until it is dropped.
fn held<S>(stream: S, open: Open) -> impl Stream<Item = S::Item> + Send + Sync + 'static
where
    S: Stream + Send + Sync + 'static,
{
    stream.map(move |item| {
        let _held = &open;
        item
    })
}

impl SessionManager for Sessions {
    type Error = LocalSessionManagerError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.start_sweeper();
        let (id, transport) = self.state.rmcp.create_session().await?;
        if let Some(mut s) = self.state.lock() {
            s.insert(
                id.clone(),
                Entry {
                    seen: Instant::now(),
                    streams: 0,
                    handshake: None,
                    parked: false,
                    retiring: false,
                    closed: None,
                },
            );
        }
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.touch_if_open(id);
        self.state.rmcp.initialize_session(id, message).await
    }

    /// A parked session has no worker: `false` makes rmcp restore it from the store.
    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        let live = self.state.lock().is_some_and(|mut s| {
            s.get_mut(id).is_some_and(|e| {
                e.seen = Instant::now();
                !e.parked
            })
        });
        Ok(live && self.state.rmcp.has_session(id).await?)
    }

    /// rmcp calls this for a DELETE and when a session's worker ends.
    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        if let Some(mut s) = self.state.lock() {
            match s.get_mut(id) {
                // The end of a worker closed here: the session stays (a DELETE that comes
                // meanwhile reaches the store's `delete` too, which closes it).
                Some(e) if e.retiring => {
                    e.retiring = false;
                    drop(s);
                    self.state.retired.notify_waiters();
                    return Ok(());
                }
                Some(_) => {
                    s.remove(id);
                }
                None => {}
            }
        }
        self.state.rmcp.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let open = self.open(id);
        let stream = self.state.rmcp.create_stream(id, message).await?;
        Ok(held(stream, open))
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        let _open = self.open(id);
        self.state.rmcp.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        // The GET stream does not hold the session open: a client keeps it for as long as it
        // is connected. When parking ends the worker, and with it the stream rmcp feeds, the
        // client's stream stays open (with rmcp's keep-alive comments) until the session is
        // closed, rather than ending and making the client reconnect. Nothing is lost: only
        // sessions without state of their own are parked, and the server sends them nothing
        // outside a request's own stream.
        self.touch_if_open(id);
        let closed = self.state.lock().and_then(|mut s| {
            s.get_mut(id)
                .map(|e| e.closed.get_or_insert_with(CancellationToken::new).clone())
        });
        let stream = self.state.rmcp.create_standalone_stream(id).await?;
        let (state, id) = (self.state.clone(), id.clone());
        let tail = futures::stream::once(async move {
            let parked = state
                .lock()
                .and_then(|s| s.get(&id).map(|e| e.parked))
                .unwrap_or(false);
            if let (true, Some(closed)) = (parked, closed) {
                closed.cancelled_owned().await;
            }
        })
        .filter_map(|()| std::future::ready(None));
        Ok(stream.chain(tail))
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let open = self.open(id);
        let stream = self.state.rmcp.resume(id, last_event_id).await?;
        Ok(held(stream, open))
    }

    /// A new worker for a parked session (rmcp then replays its handshake into it).
    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        // Its old worker must be gone first: its end calls `close_session`, which would
        // otherwise close the new one.
        let deadline = tokio::time::Instant::now() + RETIRE_WAIT;
        loop {
            let ended = self.state.retired.notified();
            let known = self
                .state
                .lock()
                .and_then(|s| s.get(&id).map(|e| e.retiring));
            match known {
                // Unknown here (deleted or expired meanwhile): nothing to restore.
                None => return Ok(RestoreOutcome::NotSupported),
                Some(false) => break,
                Some(true) if tokio::time::Instant::now() >= deadline => break,
                Some(true) => {
                    let _ = tokio::time::timeout_at(deadline, ended).await;
                }
            }
        }
        let outcome = self.state.rmcp.restore_session(id.clone()).await?;
        if matches!(outcome, RestoreOutcome::Restored(_)) {
            let kept = self.state.lock().is_some_and(|mut s| {
                s.get_mut(&id)
                    .map(|e| {
                        e.parked = false;
                        e.seen = Instant::now();
                    })
                    .is_some()
            });
            if !kept {
                // Deleted while it was being restored: end the new worker too.
                self.state.rmcp.close_session(&id).await?;
            } else {
                tracing::debug!(session = %id, "restoring a parked MCP session");
            }
        }
        Ok(outcome)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.state.rmcp.event_store()
    }
}

/// rmcp's session store: the handshakes of the open sessions, which restore parked ones.
struct Store(Arc<State>);

#[async_trait::async_trait]
impl SessionStore for Store {
    async fn load(&self, id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        Ok(self
            .0
            .lock()
            .and_then(|s| s.get(id).and_then(|e| e.handshake.as_deref().cloned())))
    }

    async fn store(&self, id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        if let Some(mut s) = self.0.lock()
            && let Some(e) = s.get_mut(id)
        {
            e.handshake = Some(Box::new(state.clone()));
        }
        Ok(())
    }

    /// rmcp calls this for a DELETE only (after `close_session`).
    async fn delete(&self, id: &str) -> Result<(), SessionStoreError> {
        let known = self.0.lock().is_some_and(|mut s| s.remove(id).is_some());
        if known {
            self.0
                .rmcp
                .close_session(&SessionId::from(id))
                .await
                .map_err(|e| Box::new(e) as SessionStoreError)?;
        }
        Ok(())
    }
}
