//! Raw HTTP requests to a server, for what an MCP client does not show (status, headers).

use serde_json::Value;

/// One HTTP reply as it came (for what an MCP client does not show: status, headers).
pub struct RawReply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl RawReply {
    /// A header's value as text (`None` when absent or not text).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The body as JSON (`Null` when it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// One HTTP request with these headers and body.
pub async fn raw_request(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> RawReply {
    let mut req = reqwest::Client::new().request(
        reqwest::Method::from_bytes(method.as_bytes()).expect("method"),
        url,
    );
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = req.body(body.to_owned()).send().await.expect("request");
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let body = resp.text().await.unwrap_or_default();
    RawReply {
        status,
        headers,
        body,
    }
}

/// A JSON-RPC POST to an MCP endpoint as a client sends it (JSON, both reply types accepted,
/// protocol 2025-06-18), with these extra headers.
pub async fn mcp_post(url: &str, headers: &[(&str, &str)], body: &str) -> RawReply {
    let mut all = vec![
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
        ("mcp-protocol-version", "2025-06-18"),
    ];
    all.extend_from_slice(headers);
    raw_request("POST", url, &all, body).await
}

/// `initialize` as a raw JSON-RPC message (id 1).
pub const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"testkit","version":"1"}}}"#;
