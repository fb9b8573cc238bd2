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
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::server::McpServer;

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

/// The axum router of one server bound to `bind` (the bind address decides the Host/Origin
/// policy). `ct` ends the MCP sessions when cancelled.
pub fn router(server: McpServer, bind: IpAddr, ct: CancellationToken) -> Router {
    server.inner.http.store(true, Ordering::SeqCst);
    let cfg = rmcp_config(&server, bind, ct);
    let factory_server = server.clone();
    let mcp = StreamableHttpService::new(
        move || Ok(factory_server.clone()),
        Arc::new(LocalSessionManager::default()),
        cfg,
    );
    let spec = server.spec();
    let health =
        json!({"status": "ok", "server": spec.binary, "version": spec.version}).to_string();
    Router::new()
        .route_service("/mcp", mcp.clone())
        .route_service("/mcp/", mcp)
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
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                json!({"error": "not found: the MCP endpoint is /mcp, health is /healthz"})
                    .to_string(),
            )
                .into_response()
        })
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
    let app = router(server.clone(), addr.ip(), sessions.clone());
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
