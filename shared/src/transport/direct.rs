//! The direct path: `tools/call` and `tools/list` POSTs that plainly pass every check rmcp's
//! streamable HTTP service makes are answered here, without rmcp.
//!
//! rmcp reads every POST into its JSON-RPC message types, whose untagged enums try variant
//! after variant (a `tools/call` fails thirteen of them first, each failure a formatted
//! `serde_json` error), then streams the reply through its event-stream machinery. That was a
//! quarter of the server's instructions per call. Here a request is read into a small struct
//! that accepts only the plain shape of these two methods.
//!
//! The rule is one-sided: a request is answered here only when it is certain that rmcp would
//! accept it, and then answered byte for byte as rmcp's path answers it (see the
//! differential tests in `shared/tests/shared/direct.rs`). Everything else — an `Origin`
//! header, a `Host` not literally in the allow-list, an unknown session, another protocol
//! revision, `_meta`, a cursor, a chunked body, any field we do not read — goes to rmcp
//! untouched, and rmcp answers or refuses it as before. The checks kept here are therefore
//! a subset of rmcp's, never a second implementation of its refusals.
//!
//! `MCP_DIRECT=false` turns the direct path off (everything then goes to rmcp).

use std::borrow::Cow;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderMap, Request, Response, StatusCode, header};
use rmcp::model::{
    CallToolResponse, JsonObject, ListToolsResult, ProtocolVersion, RequestId,
    ServerJsonRpcMessage, ServerResult,
};
use serde::Deserialize;

use crate::server::McpServer;
use crate::transport::sessions::Sessions;

/// The protocol revisions whose requests rmcp serves in the legacy (handshake) lifecycle.
const LEGACY_VERSIONS: [ProtocolVersion; 4] = [
    ProtocolVersion::V_2024_11_05,
    ProtocolVersion::V_2025_03_26,
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
];

// `HeaderName` constants: a `&str` name is parsed and validated on every lookup.
const LAST_EVENT_ID: http::HeaderName = http::HeaderName::from_static("last-event-id");
const PROTOCOL_VERSION: http::HeaderName = http::HeaderName::from_static("mcp-protocol-version");
const SESSION_ID: http::HeaderName = http::HeaderName::from_static("mcp-session-id");

/// What the direct path needs to know about the server and rmcp's configuration.
pub(crate) struct Direct {
    server: McpServer,
    /// `None` in stateless mode.
    sessions: Option<Arc<Sessions>>,
    /// rmcp's Host allow-list (empty: any host).
    allowed_hosts: Vec<String>,
    max_body: usize,
    json_response: bool,
    keep_alive: Option<Duration>,
    /// The serialised `tools/list` result of requests without `X-MCP-*` narrowing (the same
    /// for every tenant), built on first use.
    tools: OnceLock<Vec<u8>>,
}

/// A request as read here: only the plain shape of `tools/call` and `tools/list`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Message<'a> {
    #[serde(borrow)]
    jsonrpc: &'a str,
    id: RequestId,
    #[serde(borrow)]
    method: &'a str,
    #[serde(default)]
    params: Option<Params>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    arguments: Option<JsonObject>,
}

impl Direct {
    pub(crate) fn new(
        server: &McpServer,
        sessions: Option<Arc<Sessions>>,
        cfg: &rmcp::transport::streamable_http_server::StreamableHttpServerConfig,
    ) -> Option<Self> {
        let s = server.settings();
        // Sessions with state of their own (dynamic toolsets) are rmcp's.
        if !s.direct || server.has_session_state() {
            return None;
        }
        Some(Self {
            server: server.clone(),
            sessions,
            allowed_hosts: cfg.allowed_hosts.clone(),
            max_body: cfg.max_request_body_bytes,
            json_response: s.json_response,
            keep_alive: cfg.sse_keep_alive,
            tools: OnceLock::new(),
        })
    }

    /// Whether the head of this request is one rmcp certainly accepts, for a request of
    /// this server's mode; if it is a session's, the session id.
    fn head_passes(&self, headers: &HeaderMap) -> Option<Option<String>> {
        // Browsers send Origin; rmcp decides those.
        if headers.contains_key(header::ORIGIN) || headers.contains_key(LAST_EVENT_ID) {
            return None;
        }
        if !self.host_passes(headers) {
            return None;
        }
        if !accepts_json_and_sse(headers) || !is_json(headers) {
            return None;
        }
        // The body is read whole only when its length is announced and within the limit.
        let length: usize = headers
            .get(header::CONTENT_LENGTH)?
            .to_str()
            .ok()?
            .parse()
            .ok()?;
        if length > self.max_body {
            return None;
        }
        if let Some(v) = headers.get(PROTOCOL_VERSION) {
            let v = v.to_str().ok()?;
            if !LEGACY_VERSIONS.iter().any(|l| l.as_str() == v) {
                return None;
            }
        }
        // SEP-2243 routing headers (Mcp-Method, Mcp-Name, Mcp-Param-*) are rmcp's to check.
        if headers.keys().any(|k| {
            let k = k.as_str();
            k.starts_with("mcp-") && k != "mcp-session-id" && k != "mcp-protocol-version"
        }) {
            return None;
        }
        let session = headers.get(SESSION_ID);
        match (&self.sessions, session) {
            // A session's event stream is rmcp's: it opens with a priming event and numbers
            // its events so that a client can resume it (`Last-Event-ID`), which only the
            // session's worker can serve. Only plain JSON replies of a session come here.
            (Some(_), Some(id)) if self.json_response => Some(Some(id.to_str().ok()?.to_owned())),
            (None, None) => Some(None),
            _ => None,
        }
    }

    /// The Host header parses, and its name is literally in the allow-list (or there is none).
    fn host_passes(&self, headers: &HeaderMap) -> bool {
        let Some(authority) = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| http::uri::Authority::try_from(h).ok())
        else {
            return false;
        };
        if self.allowed_hosts.is_empty() {
            return true;
        }
        let plain = |s: &str| {
            !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        };
        let host = authority.host();
        plain(host)
            && self
                .allowed_hosts
                .iter()
                .any(|a| plain(a) && a.eq_ignore_ascii_case(host))
    }

    /// The `tools/list` reply to request `id`: the cached result, spliced into the JSON-RPC
    /// response as rmcp serialises it (`jsonrpc`, `id`, `result`).
    fn tools_list(&self, id: &RequestId) -> Vec<u8> {
        let result = self.tools.get_or_init(|| {
            serde_json::to_vec(&legacy(list(&self.server, None))).unwrap_or_default()
        });
        let mut json = Vec::with_capacity(result.len() + 48);
        json.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
        if result.is_empty() || serde_json::to_writer(&mut json, id).is_err() {
            return UNSERIALISABLE.to_vec();
        }
        json.extend_from_slice(br#","result":"#);
        json.extend_from_slice(result);
        json.push(b'}');
        json
    }

    /// Answer `req` here, or hand it back (whole) for rmcp.
    pub(crate) async fn handle<B>(
        &self,
        req: Request<B>,
    ) -> Result<Response<axum::body::Body>, Request<axum::body::Body>>
    where
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<axum::BoxError>,
    {
        let req = req.map(axum::body::Body::new);
        if req.method() != http::Method::POST {
            return Err(req);
        }
        let Some(session) = self.head_passes(req.headers()) else {
            return Err(req);
        };
        // Counts as the session's request (its idle timer) from here, whatever comes next.
        if let (Some(sessions), Some(id)) = (&self.sessions, &session)
            && !sessions.touch_if_open(id)
        {
            return Err(req);
        }
        let (parts, body) = req.into_parts();
        let bytes = match axum::body::to_bytes(body, self.max_body).await {
            Ok(b) => b,
            Err(_) => {
                return Ok(plain(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: the request body could not be read",
                ));
            }
        };
        let call = match read(&bytes) {
            Some(call) => call,
            None => {
                return Err(Request::from_parts(parts, axum::body::Body::from(bytes)));
            }
        };
        self.server
            .inner
            .direct_answers
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let scope_slot = parts
            .extensions
            .get::<crate::server::oauth::ScopeSlot>()
            .cloned();
        let headers = parts.headers;
        let reply: Reply = match call {
            (id, None) if crate::transport::edge::filter(&headers).is_none() => {
                Box::pin(std::future::ready(self.tools_list(&id)))
            }
            (id, call) => {
                let server = self.server.clone();
                Box::pin(async move {
                    let message = answer(&server, id, call, &headers, scope_slot.as_ref()).await;
                    serde_json::to_vec(&message).unwrap_or_else(|_| UNSERIALISABLE.to_vec())
                })
            }
        };
        Ok(if self.json_response {
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "application/json")
                .body(axum::body::Body::from(reply.await))
                .unwrap_or_default()
        } else {
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "text/event-stream")
                .header(header::CACHE_CONTROL, "no-cache")
                .header("x-accel-buffering", "no")
                .body(axum::body::Body::new(OneEvent {
                    reply: Some(reply),
                    keep_alive: self.keep_alive.map(|d| {
                        let mut i = tokio::time::interval_at(tokio::time::Instant::now() + d, d);
                        i.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                        i
                    }),
                }))
                .unwrap_or_default()
        })
    }
}

/// The reply to `tools/call` (`call`: the tool's name and arguments) or `tools/list` (`None`)
/// of a peer on a protocol revision before 2026-07-28 (sessions exist only there), shaped as
/// rmcp's handler shapes it for such a peer: no `resultType`, no non-object
/// `structuredContent`.
pub(crate) async fn answer(
    server: &McpServer,
    id: RequestId,
    call: Option<(Cow<'static, str>, Option<JsonObject>)>,
    headers: &http::HeaderMap,
    scope_slot: Option<&crate::server::oauth::ScopeSlot>,
) -> ServerJsonRpcMessage {
    let result = match call {
        Some((name, arguments)) => {
            let env = crate::transport::edge::call_env(server, headers, scope_slot);
            server
                .call(&name, arguments, env)
                .await
                .map(|r| ServerResult::from(CallToolResponse::from(r)))
        }
        None => Ok(list(server, Some(headers))),
    };
    match result {
        Ok(r) => ServerJsonRpcMessage::response(legacy(r), id),
        Err(e) => ServerJsonRpcMessage::error(e, Some(id)),
    }
}

/// The `tools/list` result for a request with these headers.
pub(crate) fn list(server: &McpServer, headers: Option<&http::HeaderMap>) -> ServerResult {
    let filter = headers.and_then(crate::transport::edge::filter);
    ServerResult::ListToolsResult(ListToolsResult::with_all_items(
        server.list(filter.as_ref()),
    ))
}

/// A result as rmcp's handler shapes it for a peer on a revision before 2026-07-28.
pub(crate) fn legacy(mut r: ServerResult) -> ServerResult {
    r.strip_result_type_for_legacy_peer();
    r.strip_non_object_output_for_legacy_peer();
    r
}

/// The id and the call (`None`: `tools/list`) of a plain `tools/call` or `tools/list` body.
type Call = (RequestId, Option<(Cow<'static, str>, Option<JsonObject>)>);

fn read(body: &[u8]) -> Option<Call> {
    let m: Message = serde_json::from_slice(body).ok()?;
    if m.jsonrpc != "2.0" {
        return None;
    }
    match (m.method, m.params) {
        (
            "tools/call",
            Some(Params {
                name: Some(name),
                arguments,
            }),
        ) => Some((m.id, Some((Cow::Owned(name), arguments)))),
        (
            "tools/list",
            None
            | Some(Params {
                name: None,
                arguments: None,
            }),
        ) => Some((m.id, None)),
        _ => None,
    }
}

/// `Accept` lists both `application/json` and `text/event-stream`, without weights.
fn accepts_json_and_sse(headers: &HeaderMap) -> bool {
    let (mut json, mut sse) = (false, false);
    for v in headers.get_all(header::ACCEPT) {
        let Ok(v) = v.to_str() else { return false };
        if v.contains(['"', ';']) {
            return false;
        }
        for range in v.split(',') {
            let range = range.trim();
            json |= range.eq_ignore_ascii_case("application/json");
            sse |= range.eq_ignore_ascii_case("text/event-stream");
        }
    }
    json && sse
}

/// `Content-Type: application/json`, with at most a charset.
fn is_json(headers: &HeaderMap) -> bool {
    let mut all = headers.get_all(header::CONTENT_TYPE).iter();
    let (Some(v), None) = (all.next(), all.next()) else {
        return false;
    };
    let Ok(v) = v.to_str() else { return false };
    let (essence, params) = v.split_once(';').unwrap_or((v, ""));
    essence.trim().eq_ignore_ascii_case("application/json")
        && (params.trim().is_empty() || params.trim().eq_ignore_ascii_case("charset=utf-8"))
}

/// A plain-text response (what rmcp sends for transport errors).
fn plain(status: StatusCode, text: &'static str) -> Response<axum::body::Body> {
    let mut resp = Response::new(axum::body::Body::from(text));
    *resp.status_mut() = status;
    resp
}

type Reply = Pin<Box<dyn Future<Output = Vec<u8>> + Send>>;

/// The reply when a result cannot be serialised (it is built from JSON values, so this is not
/// expected): a JSON-RPC error rather than an empty event the client would wait on.
const UNSERIALISABLE: &[u8] = br#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"the server could not serialise its reply; retry, and report it if it persists"}}"#;

/// An event stream of one event, the reply; `:` comments every keep-alive interval until it
/// comes. It reports its end with the event, so the event and the end go out in one write.
struct OneEvent {
    reply: Option<Reply>,
    keep_alive: Option<tokio::time::Interval>,
}

impl http_body::Body for OneEvent {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        let Some(reply) = self.reply.as_mut() else {
            return Poll::Ready(None);
        };
        if let Poll::Ready(json) = reply.as_mut().poll(cx) {
            self.reply = None;
            let mut event = Vec::with_capacity(json.len() + 8);
            event.extend_from_slice(b"data: ");
            event.extend_from_slice(&json);
            event.extend_from_slice(b"\n\n");
            return Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from(event)))));
        }
        if let Some(k) = self.keep_alive.as_mut()
            && k.poll_tick(cx).is_ready()
        {
            return Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from_static(
                b":\n\n",
            )))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.reply.is_none()
    }
}
