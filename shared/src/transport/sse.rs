//! Event streams of the HTTP transport: a session's reply as plain JSON when
//! `--json-response` asks for it, a POST's event stream ended after its response event, and
//! the head of a reply held briefly so that a fast answer goes out as one JSON body.

use std::sync::Arc;

use axum::http::StatusCode;

use crate::server::oauth::Discovery;

/// The event stream rmcp answers a session's POST with, as one plain JSON reply (what
/// `--json-response` asks for, and what rmcp does without sessions): the JSON-RPC response
/// event becomes the body. Should the server send a request or notification first (progress,
/// sampling), the stream stays an event stream, so no message is lost (as rmcp does).
pub(crate) async fn json_reply(
    resp: http::Response<axum::body::Body>,
) -> http::Response<axum::body::Body> {
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

pub(crate) fn end_sse_after_response<B>(
    resp: http::Response<B>,
) -> http::Response<EndAfterResponse<B>> {
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

pub(crate) fn is_event_stream(headers: &http::HeaderMap) -> bool {
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
pub(crate) async fn hold_head(
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
