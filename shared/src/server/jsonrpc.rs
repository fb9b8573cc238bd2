//! JSON-RPC errors for POST bodies that rmcp's streamable HTTP service does not answer as
//! JSON-RPC: a body that is not JSON, a batch, or JSON that is not a JSON-RPC message (rmcp:
//! HTTP 415 with its deserialiser's text), and a `tools/call` whose `params` are not the
//! call's shape (rmcp reads it as an unknown method: -32601 "tools/call").
//!
//! rmcp still makes every check before these (Host, Origin, Accept, Content-Type, body
//! size, session): the body it read is recorded ([`Recorded`]) and its answer replaced only
//! in these cases. The direct path hands all of them to rmcp, so both paths answer the same.

use std::borrow::Cow;
use std::fmt;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderMap, Response, StatusCode, header};
use rmcp::model::{ErrorData, RequestId, ServerJsonRpcMessage};
use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// The body frames a request's body has yielded so far (cheap clones of `Bytes`).
#[derive(Clone, Default)]
pub(crate) struct Recorded(Arc<Mutex<Vec<Bytes>>>);

impl Recorded {
    fn push(&self, b: &Bytes) {
        if let Ok(mut v) = self.0.lock() {
            v.push(b.clone());
        }
    }

    fn bytes(&self) -> Vec<u8> {
        match self.0.lock() {
            Ok(v) => v.concat(),
            Err(_) => Vec::new(),
        }
    }
}

/// A request body that records what it yields.
pub(crate) struct Tee {
    pub(crate) inner: axum::body::Body,
    pub(crate) seen: Recorded,
}

impl http_body::Body for Tee {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(d) = frame.data_ref()
        {
            self.seen.push(d);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// `Content-Type` is JSON (rmcp's own test: the essence before any `;`).
pub(crate) fn is_json_request(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split_once(';')
                .map_or(v, |(e, _)| e)
                .trim()
                .eq_ignore_ascii_case("application/json")
        })
}

/// rmcp's answer to a JSON POST, or ours when rmcp did not answer it as JSON-RPC.
pub(crate) fn review<B>(resp: Response<B>, seen: &Recorded) -> Response<axum::body::Body>
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    match replace(resp, seen) {
        Ok(theirs) => theirs.map(axum::body::Body::new),
        Err(ours) => *ours,
    }
}

fn replace<B>(
    resp: Response<B>,
    seen: &Recorded,
) -> Result<Response<B>, Box<Response<axum::body::Body>>> {
    let status = resp.status();
    // rmcp says 415 both for a non-JSON Content-Type and for a body it cannot read as a
    // message; the request's Content-Type was JSON, so it is the body.
    if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        let body = seen.bytes();
        return Err(Box::new(json_response(
            StatusCode::BAD_REQUEST,
            &unreadable(&body),
        )));
    }
    let answered_jsonrpc = resp.headers().get(header::CONTENT_TYPE).is_some_and(|v| {
        let v = v.as_bytes();
        v.starts_with(b"application/json") || v.starts_with(b"text/event-stream")
    });
    if !answered_jsonrpc {
        return Ok(resp);
    }
    let body = seen.bytes();
    let Some(error) = bad_tool_call(&body) else {
        return Ok(resp);
    };
    let json = serde_json::to_vec(&error).unwrap_or_default();
    let (mut parts, _) = resp.into_parts();
    parts.status = StatusCode::OK;
    parts.headers.remove(header::CONTENT_LENGTH);
    let sse = parts
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
    let body = if sse {
        let mut event = Vec::with_capacity(json.len() + 8);
        event.extend_from_slice(b"data: ");
        event.extend_from_slice(&json);
        event.extend_from_slice(b"\n\n");
        event
    } else {
        json
    };
    Err(Box::new(Response::from_parts(
        parts,
        axum::body::Body::from(body),
    )))
}

fn json_response(status: StatusCode, message: &ServerJsonRpcMessage) -> Response<axum::body::Body> {
    let body = serde_json::to_vec(message).unwrap_or_default();
    let mut resp = Response::new(axum::body::Body::from(body));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    resp
}

/// The error for a body that is not one JSON-RPC message.
pub(crate) fn unreadable(body: &[u8]) -> ServerJsonRpcMessage {
    if let Err(e) = serde_json::from_slice::<IgnoredAny>(body) {
        return ServerJsonRpcMessage::error(
            ErrorData::parse_error(
                format!("Parse error: the request body is not valid JSON ({e})"),
                None,
            ),
            None,
        );
    }
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if first == Some(&b'[') {
        return ServerJsonRpcMessage::error(
            ErrorData::invalid_request(
                "Invalid Request: JSON-RPC batches are not part of this MCP protocol revision; send one message per POST",
                None,
            ),
            None,
        );
    }
    #[derive(Deserialize)]
    struct Id {
        id: Option<RequestId>,
    }
    let id = serde_json::from_slice::<Id>(body).ok().and_then(|i| i.id);
    ServerJsonRpcMessage::error(
        ErrorData::invalid_request(
            "Invalid Request: the body must be one JSON-RPC 2.0 message: an object with \"jsonrpc\": \"2.0\", a \"method\" (and an \"id\" for a request), or a response to a server request",
            None,
        ),
        id,
    )
}

/// The error for a `tools/call` request whose `params` are not `{name, arguments}` of the
/// right types (rmcp would answer it as an unknown method); `None` for anything else.
pub(crate) fn bad_tool_call(body: &[u8]) -> Option<ServerJsonRpcMessage> {
    #[derive(Deserialize)]
    struct Probe<'a> {
        #[serde(borrow)]
        method: Option<Cow<'a, str>>,
        id: Option<RequestId>,
        params: Option<Shape>,
    }
    let p: Probe = serde_json::from_slice(body).ok()?;
    if p.method.as_deref() != Some("tools/call") {
        return None;
    }
    let id = p.id?;
    let message = match &p.params {
        None => {
            "Invalid params: tools/call needs `params` with the tool's `name` and its `arguments`"
                .to_owned()
        }
        Some(Shape { kind, .. }) if *kind != Kind::Object => format!(
            "Invalid params: `params` of tools/call must be an object with the tool's `name` and its `arguments`, got {kind}"
        ),
        Some(Shape { name, .. }) if *name != Some(Kind::String) => {
            "Invalid params: `params.name` of tools/call must be the tool's name, a string"
                .to_owned()
        }
        Some(Shape {
            arguments: Some(k), ..
        }) if !matches!(k, Kind::Object | Kind::Null) => format!(
            "Invalid params: `arguments` must be an object (the tool's arguments by name), got {k}"
        ),
        Some(_) => return None,
    };
    Some(ServerJsonRpcMessage::error(
        ErrorData::invalid_params(message, None),
        Some(id),
    ))
}

/// What is wrong with the `params` of a `tools/call` request, or `None` when they have the
/// right shape. Over stdio rmcp hands such a request to the handler's `on_custom_request`,
/// which asks this, so both transports answer -32602 with the same message.
pub(crate) fn tool_call_params_problem(params: Option<&serde_json::Value>) -> Option<String> {
    let body = serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0", "id": 0, "method": "tools/call", "params": params
    }))
    .ok()?;
    let answer = serde_json::to_value(bad_tool_call(&body)?).ok()?;
    answer
        .pointer("/error/message")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
}

/// The JSON type of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Object,
    Array,
    String,
    Number,
    Bool,
    Null,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Object => "an object",
            Kind::Array => "an array",
            Kind::String => "a string",
            Kind::Number => "a number",
            Kind::Bool => "a boolean",
            Kind::Null => "null",
        })
    }
}

/// The type of a value and, for an object, the types of its `name` and `arguments` (read
/// without building the value).
struct Shape {
    kind: Kind,
    name: Option<Kind>,
    arguments: Option<Kind>,
}

impl Shape {
    fn of(kind: Kind) -> Self {
        Self {
            kind,
            name: None,
            arguments: None,
        }
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShapeVisitor)
    }
}

/// The type of a value, its content skipped.
struct KindOnly(Kind);

impl<'de> Deserialize<'de> for KindOnly {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = KindOnly;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<KindOnly, A::Error> {
                while m.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(KindOnly(Kind::Object))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<KindOnly, A::Error> {
                while s.next_element::<IgnoredAny>()?.is_some() {}
                Ok(KindOnly(Kind::Array))
            }
            fn visit_str<E>(self, _: &str) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::String))
            }
            fn visit_bool<E>(self, _: bool) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::Bool))
            }
            fn visit_i64<E>(self, _: i64) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::Number))
            }
            fn visit_u64<E>(self, _: u64) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::Number))
            }
            fn visit_f64<E>(self, _: f64) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::Number))
            }
            fn visit_unit<E>(self) -> Result<KindOnly, E> {
                Ok(KindOnly(Kind::Null))
            }
        }
        d.deserialize_any(V)
    }
}

struct ShapeVisitor;

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = Shape;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Shape, A::Error> {
        let mut shape = Shape::of(Kind::Object);
        while let Some(key) = m.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                "name" => shape.name = Some(m.next_value::<KindOnly>()?.0),
                "arguments" => shape.arguments = Some(m.next_value::<KindOnly>()?.0),
                _ => {
                    m.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(shape)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Shape, A::Error> {
        while s.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Shape::of(Kind::Array))
    }
    fn visit_str<E>(self, _: &str) -> Result<Shape, E> {
        Ok(Shape::of(Kind::String))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Shape, E> {
        Ok(Shape::of(Kind::Bool))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Shape, E> {
        Ok(Shape::of(Kind::Number))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Shape, E> {
        Ok(Shape::of(Kind::Number))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Shape, E> {
        Ok(Shape::of(Kind::Number))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(m: &ServerJsonRpcMessage) -> serde_json::Value {
        serde_json::to_value(m).unwrap_or_default()["error"]["code"].clone()
    }

    #[test]
    fn unreadable_bodies_get_the_right_codes() {
        assert_eq!(code(&unreadable(b"{not json")), -32700);
        assert_eq!(code(&unreadable(b" [{\"jsonrpc\":\"2.0\"}]")), -32600);
        let v = serde_json::to_value(unreadable(br#"{"id":3,"foo":1}"#)).unwrap_or_default();
        assert_eq!(v["error"]["code"], -32600);
        assert_eq!(v["id"], 3);
    }

    #[test]
    fn tool_calls_of_the_wrong_shape() {
        let call = |params: &str| {
            bad_tool_call(
                format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call"{params}}}"#).as_bytes(),
            )
            .map(|m| serde_json::to_value(m).unwrap_or_default())
        };
        let v = call(r#","params":{"name":"t","arguments":[1]}"#).unwrap_or_default();
        assert_eq!(v["error"]["code"], -32602);
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("`arguments` must be an object")
        );
        assert!(call(r#","params":{"name":"t","arguments":"x"}"#).is_some());
        assert!(call(r#","params":[1]"#).is_some());
        assert!(call(r#","params":{"arguments":{}}"#).is_some());
        assert!(call("").is_some());
        assert!(call(r#","params":{"name":"t","arguments":{"a":[1]}}"#).is_none());
        assert!(call(r#","params":{"name":"t","arguments":null}"#).is_none());
        assert!(call(r#","params":{"name":"t"}"#).is_none());
        assert!(
            bad_tool_call(br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#).is_none()
        );
        // A notification has nobody to answer.
        assert!(
            bad_tool_call(br#"{"jsonrpc":"2.0","method":"tools/call","params":[1]}"#).is_none()
        );
    }
}
