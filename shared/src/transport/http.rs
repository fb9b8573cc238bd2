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
use crate::transport::sse::{end_sse_after_response, hold_head, is_event_stream, json_reply};

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
    /// `sse::json_reply`).
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
