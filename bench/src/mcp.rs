//! A minimal streamable-HTTP MCP client, and the handshake and request bodies it sends.

use anyhow::{Result, bail};
use serde_json::{Value, json};

/// The revision of the handshake the bench's servers are probed with (cold start, readiness).
pub const PROTOCOL: &str = "2025-06-18";

pub fn init_body() -> Value {
    init_body_for(PROTOCOL)
}

pub fn init_body_for(protocol: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
           "params": {"protocolVersion": protocol, "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
}

/// Whether a client on `protocol` has no handshake and no session (2026-07-28 and later:
/// revisions are dates, so they compare as strings).
pub fn sessionless(protocol: &str) -> bool {
    protocol >= "2026-07-28"
}

/// The `params` of a load request, serialised once: `params` plus, on a sessionless
/// revision, the `_meta` each of its requests carries.
pub fn request_params(mut params: Value, protocol: &str) -> String {
    if sessionless(protocol)
        && let Some(p) = params.as_object_mut()
    {
        p.insert(
            "_meta".into(),
            json!({"io.modelcontextprotocol/protocolVersion": protocol,
                   "io.modelcontextprotocol/clientCapabilities": {},
                   "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"}}),
        );
    }
    params.to_string()
}

/// A minimal streamable-HTTP MCP client: sessions or stateless, JSON or SSE-framed replies.
#[derive(Clone)]
pub struct Mcp {
    pub http: reqwest::Client,
    pub url: String,
    pub session: Option<String>,
    pub headers: reqwest::header::HeaderMap,
}

impl Mcp {
    pub fn new(http: reqwest::Client, url: &str) -> Self {
        Self::with_protocol(http, url, PROTOCOL)
    }

    pub fn with_protocol(http: reqwest::Client, url: &str, protocol: &str) -> Self {
        use reqwest::header::{ACCEPT, CONTENT_TYPE, HeaderValue};
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.insert(
            ACCEPT,
            HeaderValue::from_static("application/json, text/event-stream"),
        );
        if let Ok(v) = HeaderValue::from_str(protocol) {
            headers.insert("mcp-protocol-version", v);
        }
        Mcp {
            http,
            url: url.to_owned(),
            session: None,
            headers,
        }
    }

    pub async fn post(&self, body: &Value) -> Result<(reqwest::header::HeaderMap, Option<Value>)> {
        let resp = self
            .http
            .post(&self.url)
            .headers(self.headers())
            .body(body.to_string())
            .send()
            .await?;
        let status = resp.status();
        let headers = resp.headers().clone();
        let is_sse = headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        let text = resp.text().await?;
        if !status.is_success() {
            bail!("HTTP {status}: {text}");
        }
        let reply = if is_sse {
            text.lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
                .find(|v| v.get("id").is_some())
        } else if text.trim().is_empty() {
            None
        } else {
            Some(serde_json::from_str(&text)?)
        };
        Ok((headers, reply))
    }

    /// Handshake (with a session unless `stateless`, or the revision has none).
    pub async fn connect(
        http: reqwest::Client,
        url: &str,
        stateless: bool,
        protocol: &str,
    ) -> Result<Self> {
        let mut me = Mcp::with_protocol(http, url, protocol);
        if stateless || sessionless(protocol) {
            return Ok(me);
        }
        let (headers, reply) = me.post(&init_body_for(protocol)).await?;
        if reply.and_then(|r| r.get("result").cloned()).is_none() {
            bail!("initialize failed");
        }
        me.session = headers
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        if let Some(id) = headers.get("mcp-session-id") {
            me.headers.insert("mcp-session-id", id.clone());
        }
        me.post(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await?;
        Ok(me)
    }

    /// End the session (DELETE), as a well-behaved client does; the answer's status.
    pub async fn close(&self) -> Option<reqwest::StatusCode> {
        let s = self.session.as_ref()?;
        self.http
            .delete(&self.url)
            .header("mcp-session-id", s)
            .send()
            .await
            .ok()
            .map(|r| r.status())
    }

    /// One request under load. The reply is checked by scanning, not parsed: on a 2-core
    /// machine the load generator shares the CPU with the server, and parsing a whole
    /// tools/list reply per request would measure the client instead.
    pub async fn call(&self, id: u64, method: &str, params: &str) -> Result<()> {
        // The load generator must cost as little as it can: the body is spliced from the
        // pre-serialised params and the headers are built once per client.
        let body =
            format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}"#);
        let resp = self
            .http
            .post(&self.url)
            .headers(self.headers())
            .body(body)
            .send()
            .await?;
        let status = resp.status();
        let bytes = resp.bytes().await?;
        if !status.is_success() {
            bail!("HTTP {status}");
        }
        let ok = contains(&bytes, b"\"result\"")
            && !contains(&bytes, b"\"isError\":true")
            && !contains(&bytes, b"\"error\":{");
        if !ok {
            bail!("error reply: {}", String::from_utf8_lossy(&bytes));
        }
        Ok(())
    }

    /// The headers of every request of this client.
    fn headers(&self) -> reqwest::header::HeaderMap {
        self.headers.clone()
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}
