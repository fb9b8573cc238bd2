//! Streamable HTTP on `/mcp` and `/mcp/`, `/healthz`, Host/Origin validation, body limit,
//! graceful shutdown.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt as _;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::server::jsonrpc;

use crate::server::McpServer;
use crate::server::oauth::Discovery;
use crate::transport::direct::Direct;
use crate::transport::sessions::Sessions;

/// Origins a loopback-bound server accepts from browsers.
const LOOPBACK_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

fn rmcp_config(
    server: &McpServer,
    bind: IpAddr,
    ct: CancellationToken,
) -> StreamableHttpServerConfig {
    let s = server.settings();
    let mut cfg = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(!s.stateless)
        .with_json_response(s.json_response)
        .with_max_request_body_bytes(s.max_body_bytes)
        .with_cancellation_token(ct);
    if bind.is_loopback() {
        // rmcp's default Host allow-list is the loopback names; origins likewise.
        cfg = cfg.with_allowed_origins(LOOPBACK_ORIGINS);
    } else {
        cfg = match &s.allowed_hosts {
            Some(hosts) => cfg.with_allowed_hosts(hosts.clone()),
            None => cfg.disable_allowed_hosts(),
        };
        cfg = match &s.allowed_origins {
            Some(origins) if !origins.is_empty() => cfg.with_allowed_origins(origins.clone()),
            _ => cfg.enforce_origin_validation(),
        };
    }
    cfg
}

/// The axum router of one server bound to `addr` (the bind address decides the Host/Origin
/// policy, and with `--oauth` and no `--public-url`, the resource's URL). `ct` ends the MCP
/// sessions when cancelled.
pub fn router(
    server: McpServer,
    addr: SocketAddr,
    ct: CancellationToken,
) -> Result<Router, String> {
    let bind = addr.ip();
    let discovery = match &server.settings().oauth {
        Some(o) => Some(Arc::new(Discovery::new(server.spec(), o, addr)?)),
        None => None,
    };
    server.inner.http.store(true, Ordering::SeqCst);
    let mut cfg = rmcp_config(&server, bind, ct);
    // Sessions with state of their own (dynamic toolsets) are never parked: parking drops
    // the session's handler.
    let park = server
        .settings()
        .session_park_after
        .filter(|_| !server.has_session_state());
    let sessions = Arc::new(Sessions::new(server.settings().session_idle_timeout, park));
    let metrics = server.settings().metrics.then(|| sessions.clone());
    cfg.session_store = sessions.store();
    let direct = Direct::new(
        &server,
        (!server.settings().stateless).then(|| sessions.clone()),
        &cfg,
    )
    .map(Arc::new);
    let factory_server = server.clone();
    let mcp = Shared {
        rmcp: Arc::new(StreamableHttpService::new(
            move || Ok(factory_server.new_session()),
            sessions,
            cfg,
        )),
        direct,
        json_sessions: server.settings().json_response && !server.settings().stateless,
    };
    let spec = server.spec();
    let health =
        json!({"status": "ok", "server": spec.binary, "version": spec.version}).to_string();
    let mut router = Router::new()
        .route_service("/mcp", mcp.clone())
        .route_service("/mcp/", mcp);
    if let Some(d) = &discovery {
        // Only the MCP endpoint is challenged: health, metrics and the metadata stay open.
        router = router.route_layer(axum::middleware::from_fn_with_state(d.clone(), challenge));
        let doc = d.clone();
        let metadata = get(move |headers: http::HeaderMap| {
            let doc = doc.clone();
            async move { protected_resource(&doc, &headers) }
        });
        router = router
            .route(crate::server::oauth::METADATA_PATH, metadata.clone())
            .route(
                &format!("{}/mcp", crate::server::oauth::METADATA_PATH),
                metadata,
            );
    }
    if let Some(sessions) = metrics {
        router = router.route(
            "/metrics",
            get(move || {
                let body = crate::telemetry::metrics::global().encode(sessions.len());
                async move {
                    (
                        [(
                            axum::http::header::CONTENT_TYPE,
                            crate::telemetry::metrics::CONTENT_TYPE,
                        )],
                        body,
                    )
                }
            }),
        );
    }
    let router = router
        .route(
            "/healthz",
            get(move || {
                let body = health.clone();
                async move {
                    (
                        [(axum::http::header::CONTENT_TYPE, "application/json")],
                        body,
                    )
                }
            }),
        )
        .layer(axum::middleware::from_fn_with_state(
            discovery.clone(),
            hold_head,
        ))
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                json!({"error": "not found: the MCP endpoint is /mcp, health is /healthz"})
                    .to_string(),
            )
                .into_response()
        });
    Ok(match &discovery {
        Some(_) => router.layer(cors(&server, bind)),
        None => router,
    })
}

/// Middleware of the MCP endpoint with `--oauth`: a request without any credentials gets the
/// `401` whose `WWW-Authenticate` points at the protected-resource metadata.
async fn challenge(
    axum::extract::State(d): axum::extract::State<Arc<Discovery>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if req.method() == http::Method::OPTIONS || d.has_credentials(req.headers()) {
        return next.run(req).await;
    }
    d.unauthorized(req.headers())
}

/// `GET /.well-known/oauth-protected-resource[/mcp]`: the RFC 9728 document.
fn protected_resource(d: &Discovery, headers: &http::HeaderMap) -> axum::response::Response {
    match d.metadata(headers) {
        Some(doc) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            doc.to_string(),
        )
            .into_response(),
        None => (
            StatusCode::BAD_REQUEST,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            json!({"error": "this server takes its public URL from the proxy's X-Forwarded-Host and X-Forwarded-Proto, and this request has none: send them, or start the server with --public-url"}).to_string(),
        )
            .into_response(),
    }
}

/// CORS for browser clients with `--oauth` (a browser must read `WWW-Authenticate` to start
/// its sign-in): the origins the server accepts (loopback ones when bound to loopback, else
/// `MCP_ALLOWED_ORIGINS`), the MCP and credential headers, and `WWW-Authenticate` and
/// `Mcp-Session-Id` exposed.
fn cors(server: &McpServer, bind: IpAddr) -> tower_http::cors::CorsLayer {
    use tower_http::cors::{AllowOrigin, CorsLayer};
    let patterns: Vec<String> = if bind.is_loopback() {
        LOOPBACK_ORIGINS.iter().map(|o| (*o).to_owned()).collect()
    } else {
        server
            .settings()
            .allowed_origins
            .clone()
            .unwrap_or_default()
    };
    let mut allow_headers = vec![
        http::header::CONTENT_TYPE,
        http::header::AUTHORIZATION,
        http::header::ACCEPT,
        http::HeaderName::from_static("x-auth-data"),
        http::HeaderName::from_static("mcp-session-id"),
        http::HeaderName::from_static("mcp-protocol-version"),
        http::HeaderName::from_static("last-event-id"),
    ];
    for (h, _) in server.spec().token_headers {
        if let Ok(name) = http::HeaderName::try_from(*h) {
            allow_headers.push(name);
        }
    }
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(move |origin, _| {
            origin
                .to_str()
                .is_ok_and(|o| patterns.iter().any(|p| origin_matches(p, o)))
        }))
        .allow_methods([
            http::Method::GET,
            http::Method::POST,
            http::Method::DELETE,
            http::Method::OPTIONS,
        ])
        .allow_headers(allow_headers)
        .expose_headers([
            http::header::WWW_AUTHENTICATE,
            http::HeaderName::from_static("mcp-session-id"),
            http::HeaderName::from_static("mcp-protocol-version"),
        ])
}

/// An origin against an allowed pattern: exact (case-insensitive), or `scheme://host:*` for
/// any port of that host (rmcp's form).
fn origin_matches(pattern: &str, origin: &str) -> bool {
    match pattern.strip_suffix(":*") {
        Some(prefix) => {
            origin.len() > prefix.len()
                && origin
                    .get(..prefix.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
                && origin
                    .get(prefix.len()..)
                    .and_then(|rest| rest.strip_prefix(':'))
                    .is_some_and(|port| {
                        !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                    })
        }
        None => pattern.eq_ignore_ascii_case(origin),
    }
}

/// The MCP endpoint: the direct path (see `direct.rs`), then rmcp's service. rmcp's service
/// sits behind an `Arc`: the router clones its service for every request, and rmcp's own
/// `call` clones it again, configuration (host and origin lists) included.
#[derive(Clone)]
struct Shared {
    rmcp: Arc<StreamableHttpService<McpServer, Sessions>>,
    direct: Option<Arc<Direct>>,
    /// `--json-response` with sessions: rmcp answers a session's POST with an event stream
    /// whatever its configuration says; its reply is sent as plain JSON instead (see
    /// [`json_reply`]).
    json_sessions: bool,
}

impl<B> tower::Service<http::Request<B>> for Shared
where
    B: http_body::Body<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = http::Response<axum::body::Body>;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<
        Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send + 'static>,
    >;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let this = self.clone();
        Box::pin(async move {
            let req = match &this.direct {
                Some(direct) => match direct.handle(req).await {
                    Ok(resp) => return Ok(resp),
                    Err(req) => req,
                },
                None => req.map(axum::body::Body::new),
            };
            let post = req.method() == http::Method::POST;
            // A JSON POST: record the body rmcp reads, to answer as JSON-RPC what it does not
            // (see `jsonrpc.rs`).
            let seen =
                (post && jsonrpc::is_json_request(req.headers())).then(jsonrpc::Recorded::default);
            let req = match &seen {
                Some(seen) => req.map(|inner| {
                    axum::body::Body::new(jsonrpc::Tee {
                        inner,
                        seen: seen.clone(),
                    })
                }),
                None => req,
            };
            let resp = this.rmcp.handle(req).await;
            let resp = match &seen {
                Some(seen) => jsonrpc::review(resp, seen),
                None => resp.map(axum::body::Body::new),
            };
            if this.json_sessions && post && is_event_stream(resp.headers()) {
                return Ok(json_reply(resp).await);
            }
            let resp = end_sse_after_response(resp);
            Ok(resp.map(axum::body::Body::new))
        })
    }
}

/// The event stream rmcp answers a session's POST with, as one plain JSON reply (what
/// `--json-response` asks for, and what rmcp does without sessions): the JSON-RPC response
/// event becomes the body. Should the server send a request or notification first (progress,
/// sampling), the stream stays an event stream, so no message is lost (as rmcp does).
async fn json_reply(resp: http::Response<axum::body::Body>) -> http::Response<axum::body::Body> {
    let (parts, mut body) = resp.into_parts();
    let mut held = std::collections::VecDeque::new();
    loop {
        let frame = std::future::poll_fn(|cx| {
            http_body::Body::poll_frame(std::pin::Pin::new(&mut body), cx)
        })
        .await;
        let Some(Ok(frame)) = frame else {
            // The stream ended (or failed) before a response: pass on what came.
            break;
        };
        let Some(data) = frame.data_ref().map(|d| event_data(d)) else {
            held.push_back(frame);
            continue;
        };
        match data {
            // Priming events and keep-alive comments carry no message.
            None => held.push_back(frame),
            Some(json) if is_response_event(frame.data_ref().map_or(&[][..], |d| d)) => {
                let mut parts = parts;
                parts.headers.remove(http::header::CACHE_CONTROL);
                parts.headers.remove("x-accel-buffering");
                parts.headers.remove(http::header::CONTENT_LENGTH);
                parts.headers.insert(
                    http::header::CONTENT_TYPE,
                    http::HeaderValue::from_static("application/json"),
                );
                return http::Response::from_parts(parts, axum::body::Body::from(json));
            }
            Some(_) => {
                held.push_back(frame);
                break;
            }
        }
    }
    http::Response::from_parts(
        parts,
        axum::body::Body::new(Held {
            held,
            error: None,
            inner: body,
        }),
    )
}

/// The data of one SSE event (its `data:` lines joined), `None` when it has none or only an
/// empty one (a priming event, a comment).
fn event_data(event: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(event).ok()?;
    let mut data = String::new();
    let mut any = false;
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("data:") {
            if any {
                data.push('\n');
            }
            any = true;
            data.push_str(d.strip_prefix(' ').unwrap_or(d));
        }
    }
    (!data.is_empty()).then_some(data)
}

/// A response body that ends right after the SSE event carrying a JSON-RPC response.
///
/// A POST's SSE stream ends once the request's response is sent, but rmcp closes the stream a
/// moment later, so hyper writes the last event and the end of the body in two writes (and
/// the client wakes up twice). Reporting the end with the response event lets hyper write both
/// at once. Other bodies, and SSE streams without responses (the GET stream of server
/// notifications), pass through unchanged.
pub struct EndAfterResponse<B> {
    inner: B,
    /// An SSE body: watch its events for a JSON-RPC response.
    sse: bool,
    done: bool,
}

fn end_sse_after_response<B>(resp: http::Response<B>) -> http::Response<EndAfterResponse<B>> {
    let sse = is_event_stream(resp.headers());
    resp.map(|inner| EndAfterResponse {
        inner,
        sse,
        done: false,
    })
}

/// Whether one SSE event carries a JSON-RPC response (an `id` with `result` or `error`, and
/// no `method`).
fn is_response_event(event: &[u8]) -> bool {
    // rmcp writes a message's fields in order (`jsonrpc`, `id`, then `result` or `error` for a
    // response, `method` for a request) on one `data:` line: read that prefix, not the whole
    // (possibly large) message. Anything else is parsed.
    if let Some(known) = response_by_prefix(event) {
        return known;
    }
    #[derive(serde::Deserialize)]
    struct Probe {
        id: Option<serde::de::IgnoredAny>,
        method: Option<serde::de::IgnoredAny>,
        result: Option<serde::de::IgnoredAny>,
        error: Option<serde::de::IgnoredAny>,
    }
    let Ok(text) = std::str::from_utf8(event) else {
        return false;
    };
    let mut data = String::new();
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("data:") {
            if !data.is_empty() {
                data.push('\n');
            }
            data.push_str(d.strip_prefix(' ').unwrap_or(d));
        }
    }
    serde_json::from_str::<Probe>(&data).is_ok_and(|p| {
        p.id.is_some() && p.method.is_none() && (p.result.is_some() || p.error.is_some())
    })
}

/// Whether an event is a response, read from rmcp's field order; `None` when the event does
/// not start the way rmcp writes messages.
fn response_by_prefix(event: &[u8]) -> Option<bool> {
    let rest = event
        .strip_prefix(b"data: {\"jsonrpc\":\"2.0\",")?
        .strip_prefix(b"\"id\":")?;
    let after_id = match rest.first()? {
        b'"' => {
            // A string id: up to its closing quote (escapes skip a byte).
            let mut i = 1;
            loop {
                match rest.get(i)? {
                    b'\\' => i += 2,
                    b'"' => break i + 1,
                    _ => i += 1,
                }
            }
        }
        _ => rest.iter().position(|b| !matches!(b, b'0'..=b'9' | b'-'))?,
    };
    let next = &rest[after_id..];
    if next.starts_with(b",\"result\":") || next.starts_with(b",\"error\":") {
        Some(true)
    } else if next.starts_with(b",\"method\":") {
        Some(false)
    } else {
        None
    }
}

impl<B> http_body::Body for EndAfterResponse<B>
where
    B: http_body::Body<Data = bytes::Bytes> + Unpin,
{
    type Data = bytes::Bytes;
    type Error = B::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        if self.done {
            return std::task::Poll::Ready(None);
        }
        let polled = std::pin::Pin::new(&mut self.inner).poll_frame(cx);
        if self.sse
            && let std::task::Poll::Ready(Some(Ok(frame))) = &polled
            && frame.data_ref().is_some_and(|d| is_response_event(d))
        {
            self.done = true;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.done || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// How long the event stream of a POST holds its response head back, waiting for the
/// JSON-RPC response. A call that answers within it goes out in one write (head, events and
/// end) and the client wakes once; a slower call gets its head after this delay, which it
/// cannot notice, since nothing but the priming event would have come earlier.
const HOLD_HEAD: std::time::Duration = std::time::Duration::from_millis(5);

fn is_event_stream(headers: &http::HeaderMap) -> bool {
    headers
        .get(http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"))
}

/// Middleware: hold the head of a POST's event stream until its response event is ready, or
/// [`HOLD_HEAD`] has passed (see [`EndAfterResponse`], which ends the stream with it); answer a
/// session's DELETE with 200.
///
/// With `--oauth`, the head is held until the response (or the first message before it, a
/// progress notification: the stream has then started and its status can no longer change),
/// so that a call whose vendor said the token lacks a scope is answered with the scope
/// challenge: `403`, `WWW-Authenticate: Bearer error="insufficient_scope", scope=…`, and the
/// JSON-RPC reply as a JSON body.
async fn hold_head(
    axum::extract::State(discovery): axum::extract::State<Option<Arc<Discovery>>>,
    mut req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let post = req.method() == http::Method::POST;
    let delete = req.method() == http::Method::DELETE;
    let scope = match &discovery {
        Some(d) if post => {
            let slot = crate::server::oauth::ScopeSlot::default();
            req.extensions_mut().insert(slot.clone());
            Some((d.clone(), slot, req.headers().clone()))
        }
        _ => None,
    };
    let mut resp = next.run(req).await;
    if let Some((d, slot, headers)) = &scope
        && !is_event_stream(resp.headers())
    {
        // A plain JSON reply is complete: only its status and header change.
        if let Some(missing) = slot.take()
            && resp.status() == StatusCode::OK
        {
            *resp.status_mut() = StatusCode::FORBIDDEN;
            if let Ok(v) = http::HeaderValue::from_str(&d.scope_challenge(headers, &missing)) {
                resp.headers_mut().insert(http::header::WWW_AUTHENTICATE, v);
            }
        }
        return resp;
    }
    // rmcp answers a session's DELETE with 202; clients (the Python SDK) expect 200 or 204 and
    // log a failed termination otherwise. The session is gone either way: say 200.
    if delete && resp.status() == http::StatusCode::ACCEPTED {
        *resp.status_mut() = http::StatusCode::OK;
        return resp;
    }
    if !post || !is_event_stream(resp.headers()) {
        return resp;
    }
    let (parts, mut body) = resp.into_parts();
    let mut held = std::collections::VecDeque::new();
    let mut error = None;
    // With a scope challenge possible, the head waits for the reply (a day at most).
    let hold = if scope.is_some() {
        std::time::Duration::from_secs(86_400)
    } else {
        HOLD_HEAD
    };
    let deadline = tokio::time::sleep(hold);
    tokio::pin!(deadline);
    loop {
        let frame = std::future::poll_fn(|cx| {
            http_body::Body::poll_frame(std::pin::Pin::new(&mut body), cx)
        });
        tokio::select! {
            biased;
            f = frame => match f {
                Some(Ok(f)) => {
                    // A message that is not the reply (progress, a request to the client):
                    // the stream has started.
                    let message = scope.is_some()
                        && f.data_ref().is_some_and(|d| {
                            event_data(d).is_some() && !is_response_event(d)
                        });
                    let reply = f.data_ref().is_some_and(|d| is_response_event(d));
                    held.push_back(f);
                    if http_body::Body::is_end_stream(&body) || message {
                        break;
                    }
                    if reply && scope.is_some() {
                        break;
                    }
                }
                Some(Err(e)) => {
                    error = Some(e);
                    break;
                }
                None => break,
            },
            () = &mut deadline => break,
        }
    }
    if let Some((d, slot, headers)) = &scope
        && let Some(missing) = slot.take()
        && let Some(json) = held
            .back()
            .and_then(|f| f.data_ref())
            .filter(|d| is_response_event(d))
            .and_then(|d| event_data(d))
    {
        return crate::server::oauth::forbidden(parts, &d.scope_challenge(headers, &missing), json);
    }
    axum::response::Response::from_parts(
        parts,
        axum::body::Body::new(Held {
            held,
            error,
            inner: body,
        }),
    )
}

/// A body whose first frames were already read (by [`hold_head`]).
struct Held {
    held: std::collections::VecDeque<http_body::Frame<bytes::Bytes>>,
    error: Option<axum::Error>,
    inner: axum::body::Body,
}

impl http_body::Body for Held {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        if let Some(f) = self.held.pop_front() {
            return std::task::Poll::Ready(Some(Ok(f)));
        }
        if let Some(e) = self.error.take() {
            return std::task::Poll::Ready(Some(Err(e)));
        }
        std::pin::Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.held.is_empty() && self.error.is_none() && self.inner.is_end_stream()
    }
}

/// A running HTTP server.
pub struct HttpHandle {
    pub addr: SocketAddr,
    pub shutdown: CancellationToken,
    pub task: tokio::task::JoinHandle<()>,
}

/// Serve on an already-bound listener until `shutdown` is cancelled; then drain tool calls,
/// end the MCP sessions and stop.
pub fn serve(
    server: McpServer,
    listener: TcpListener,
    shutdown: CancellationToken,
) -> std::io::Result<HttpHandle> {
    let addr = listener.local_addr()?;
    let sessions = CancellationToken::new();
    let app = router(server.clone(), addr, sessions.clone()).map_err(std::io::Error::other)?;
    let stop = shutdown.clone();
    let task = tokio::spawn(async move {
        let signal = async move {
            stop.cancelled().await;
            tracing::info!("shutting down: draining tool calls");
            server.drain().await;
            // Let the last responses reach their streams before the sessions end.
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            sessions.cancel();
        };
        // Replies are small and written as they are ready: no Nagle delay (it interacts with
        // delayed ACKs into ~40 ms per streamed reply).
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        if let Err(e) = axum::serve(listener, app)
            .with_graceful_shutdown(signal)
            .await
        {
            tracing::error!(error = %e, "HTTP server failed");
        }
    });
    Ok(HttpHandle {
        addr,
        shutdown,
        task,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use bytes::Bytes;
    use http_body::{Body, Frame};

    use super::{EndAfterResponse, end_sse_after_response, is_response_event};

    /// Frames handed out one by one; then pending forever, as an SSE stream the server has
    /// not closed yet.
    #[derive(Default)]
    struct Frames(VecDeque<&'static str>);

    impl Body for Frames {
        type Data = Bytes;
        type Error = std::convert::Infallible;
        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
            match self.0.pop_front() {
                Some(f) => Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(f.as_bytes()))))),
                None => Poll::Pending,
            }
        }
    }

    fn sse(frames: &[&'static str], content_type: &str) -> EndAfterResponse<Frames> {
        let resp = http::Response::builder()
            .header("content-type", content_type)
            .body(Frames(frames.iter().copied().collect()))
            .unwrap_or_default();
        end_sse_after_response(resp).into_body()
    }

    fn next(b: &mut EndAfterResponse<Frames>) -> Poll<Option<String>> {
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        Pin::new(b).poll_frame(&mut cx).map(|f| {
            f.and_then(|f| f.ok())
                .and_then(|f| f.into_data().ok())
                .map(|d| String::from_utf8_lossy(&d).into_owned())
        })
    }

    const PRIMING: &str = "data: \nid: 0/0\nretry: 3000\n\n";
    const NOTE: &str = "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\nid: 1/0\n\n";
    const RESULT: &str = "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\nid: 2/0\n\n";

    #[test]
    fn response_events_are_recognised() {
        assert!(is_response_event(RESULT.as_bytes()));
        assert!(is_response_event(
            b"data: {\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32602,\"message\":\"x\"}}\n\n"
        ));
        assert!(!is_response_event(PRIMING.as_bytes()));
        assert!(!is_response_event(NOTE.as_bytes()));
        // A request from the server (sampling, elicitation) has an id and a method.
        assert!(!is_response_event(
            b"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n"
        ));
        assert!(!is_response_event(b"data: not json\n\n"));
        // String ids, escapes included, and other field orders (parsed).
        assert!(is_response_event(
            b"data: {\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"result\":{}}\n\n"
        ));
        assert!(!is_response_event(
            b"data: {\"jsonrpc\":\"2.0\",\"id\":\"r\",\"method\":\"sampling/createMessage\"}\n\n"
        ));
        assert!(is_response_event(
            b"data: {\"id\":3,\"jsonrpc\":\"2.0\",\"result\":{}}\n\n"
        ));
        assert!(!is_response_event(
            b"data: {\"jsonrpc\":\"2.0\",\"id\":\"unterminated"
        ));
        assert!(!is_response_event(&[0xff, 0xfe]));
    }

    #[test]
    fn an_sse_body_ends_with_its_response_event() {
        let mut b = sse(&[PRIMING, NOTE, RESULT, NOTE], "text/event-stream");
        assert_eq!(next(&mut b), Poll::Ready(Some(PRIMING.to_owned())));
        assert!(!b.is_end_stream());
        assert_eq!(next(&mut b), Poll::Ready(Some(NOTE.to_owned())));
        assert!(!b.is_end_stream());
        assert_eq!(next(&mut b), Poll::Ready(Some(RESULT.to_owned())));
        // hyper asks this right after the frame, and writes the end of the body with it.
        assert!(b.is_end_stream());
        assert_eq!(next(&mut b), Poll::Ready(None));
    }

    #[test]
    fn other_bodies_pass_through() {
        // The GET stream of server notifications has no responses: it stays open.
        let mut b = sse(&[NOTE], "text/event-stream");
        assert_eq!(next(&mut b), Poll::Ready(Some(NOTE.to_owned())));
        assert!(!b.is_end_stream());
        assert_eq!(next(&mut b), Poll::Pending);
        // A JSON body is never cut, even when it is a response.
        let mut b = sse(&[RESULT, RESULT], "application/json");
        assert_eq!(next(&mut b), Poll::Ready(Some(RESULT.to_owned())));
        assert!(!b.is_end_stream());
        assert_eq!(next(&mut b), Poll::Ready(Some(RESULT.to_owned())));
    }
}
