//! The tests' MCP client ([`Client`]): connect over HTTP or stdio, call, check the output.

use std::collections::HashMap;
use std::time::Duration;

use http::{HeaderName, HeaderValue};
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ServiceExt as _, transport::TokioChildProcess};
use serde_json::Value;

/// Connect rmcp's streamable HTTP client to `url` with extra headers.
pub async fn connect_http(url: &str, headers: &[(&str, &str)]) -> Client {
    mcp_shared::upstream::install_crypto_provider();
    let mut map = HashMap::new();
    for (k, v) in headers {
        map.insert(
            HeaderName::from_bytes(k.as_bytes()).expect("header name"),
            HeaderValue::from_str(v).expect("header value"),
        );
    }
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(url.to_owned()).custom_headers(map),
    );
    let inner = Recorder::default()
        .serve(transport)
        .await
        .expect("MCP initialize over HTTP");
    Client::new(inner)
}

/// Spawn a server binary over stdio with this environment (nothing else inherited but PATH).
pub async fn spawn_stdio(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Client {
    spawn_stdio_logged(bin, args, env, None).await
}

/// Like [`spawn_stdio`], writing the server's stderr to `log` when given.
pub async fn spawn_stdio_logged(
    bin: &str,
    args: &[&str],
    env: &[(&str, &str)],
    log: Option<&std::path::Path>,
) -> Client {
    let mut cmd = tokio::process::Command::new(bin);
    cmd.args(args).env_clear();
    if let Ok(path) = std::env::var("PATH") {
        cmd.env("PATH", path);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let stderr = match log {
        Some(p) => std::process::Stdio::from(std::fs::File::create(p).expect("log file")),
        None => std::process::Stdio::null(),
    };
    let (transport, _stderr) = TokioChildProcess::builder(cmd)
        .stderr(stderr)
        .spawn()
        .expect("spawn server");
    let inner = Recorder::default()
        .serve(transport)
        .await
        .expect("MCP initialize over stdio");
    Client::new(inner)
}

/// A connected MCP client. Every `structuredContent` a call through it returns is checked
/// against the tool's `outputSchema` (from `tools/list`), as the Python SDK does: a result
/// that breaks its own schema fails the test.
pub struct Client {
    pub inner: RunningService<RoleClient, Recorder>,
    /// Output schemas by tool name, from the last `tools/list`.
    output_schemas: tokio::sync::Mutex<HashMap<String, Option<Value>>>,
}

/// The client's handler: it counts the server's `notifications/tools/list_changed`.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    tool_list_changed: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    changed: std::sync::Arc<tokio::sync::Notify>,
    progress: std::sync::Arc<std::sync::Mutex<Vec<rmcp::model::ProgressNotificationParam>>>,
}

impl rmcp::ClientHandler for Recorder {
    async fn on_tool_list_changed(&self, _context: rmcp::service::NotificationContext<RoleClient>) {
        self.tool_list_changed
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.changed.notify_waiters();
    }

    async fn on_progress(
        &self,
        params: rmcp::model::ProgressNotificationParam,
        _context: rmcp::service::NotificationContext<RoleClient>,
    ) {
        if let Ok(mut seen) = self.progress.lock() {
            seen.push(params);
        }
    }
}

/// Why `structured` does not validate against `schema` (a tool's `outputSchema`): one line
/// per violation, empty when it validates.
pub fn structured_content_errors(schema: &Value, structured: &Value) -> Vec<String> {
    match jsonschema::validator_for(schema) {
        Ok(v) => v
            .iter_errors(structured)
            .map(|e| format!("at `{}`: {e}", e.instance_path()))
            .collect(),
        Err(e) => vec![format!("the output schema does not compile: {e}")],
    }
}

impl Client {
    fn new(inner: RunningService<RoleClient, Recorder>) -> Self {
        Self {
            inner,
            output_schemas: tokio::sync::Mutex::new(HashMap::new()),
        }
    }

    /// Panic unless the `structuredContent` of tool `name`'s result validates against the
    /// tool's `outputSchema`.
    async fn check_structured(&self, name: &str, r: &CallToolResult) {
        let Some(structured) = &r.structured_content else {
            return;
        };
        let mut schemas = self.output_schemas.lock().await;
        if !schemas.contains_key(name) {
            // The list can change (dynamic toolsets): read it again for a tool not seen.
            if let Ok(tools) = self.inner.list_all_tools().await {
                *schemas = tools
                    .into_iter()
                    .map(|t| {
                        let out = t.output_schema.map(|o| Value::Object((*o).clone()));
                        (t.name.to_string(), out)
                    })
                    .collect();
            }
        }
        let Some(Some(schema)) = schemas.get(name) else {
            panic!("{name} returned structuredContent but lists no outputSchema: {structured}");
        };
        let errors = structured_content_errors(schema, structured);
        assert!(
            errors.is_empty(),
            "{name}: structuredContent breaks the tool's outputSchema (clients such as the Python SDK refuse it):\n{}\nstructuredContent: {structured}",
            errors.join("\n")
        );
    }

    /// How many `notifications/tools/list_changed` the server has sent so far.
    pub fn tool_list_changed(&self) -> usize {
        self.inner
            .service()
            .tool_list_changed
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Wait (up to 5 s) until the server has sent `n` `tools/list_changed` notifications; the
    /// count reached (notifications arrive on their own stream, after or before the reply).
    pub async fn wait_tool_list_changed(&self, n: usize) -> usize {
        let r = self.inner.service();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        loop {
            let notified = r.changed.notified();
            let seen = self.tool_list_changed();
            if seen >= n {
                return seen;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.tool_list_changed();
            }
        }
    }
    pub async fn list_tools(&self) -> Vec<Tool> {
        self.inner.list_all_tools().await.expect("tools/list")
    }

    /// Call without checking `structuredContent` against the tool's `outputSchema` (the
    /// hostile-argument suite, whose fake vendor answers every request with one body).
    pub(crate) async fn call_unchecked(
        &self,
        name: &str,
        args: serde_json::Map<String, Value>,
    ) -> Result<CallToolResult, ServiceError> {
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(args);
        self.inner.call_tool(params).await
    }

    pub async fn call(&self, name: &str, args: Value) -> Result<CallToolResult, ServiceError> {
        let mut params = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(map) = args {
            params = params.with_arguments(map);
        }
        let r = self.inner.call_tool(params).await;
        if let Ok(r) = &r {
            self.check_structured(name, r).await;
        }
        r
    }

    /// Call and expect success; returns the JSON result and the progress notifications the
    /// call got (rmcp's client gives every request a `progressToken`; they arrive before the
    /// reply, on its stream). Calls of one client must not overlap while this runs.
    pub async fn call_ok_with_progress(
        &self,
        name: &str,
        args: Value,
    ) -> (Value, Vec<rmcp::model::ProgressNotificationParam>) {
        let before = self.progress_seen().len();
        let result = self.call_ok(name, args).await;
        // Notifications are handled on their own task: give the last one a moment.
        tokio::time::sleep(Duration::from_millis(50)).await;
        let seen = self.progress_seen();
        (result, seen.get(before..).unwrap_or_default().to_vec())
    }

    fn progress_seen(&self) -> Vec<rmcp::model::ProgressNotificationParam> {
        self.inner
            .service()
            .progress
            .lock()
            .map(|p| p.clone())
            .unwrap_or_default()
    }

    /// Call and expect success; returns the JSON result (structured content or JSON text).
    pub async fn call_ok(&self, name: &str, args: Value) -> Value {
        let r = self
            .call(name, args)
            .await
            .unwrap_or_else(|e| panic!("{name}: protocol error {e}"));
        let text = text_of(&r);
        assert_ne!(r.is_error, Some(true), "{name} failed: {text}");
        if let Some(s) = r.structured_content {
            return s;
        }
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    }

    /// Call and expect an `isError` result; returns its text.
    pub async fn call_err(&self, name: &str, args: Value) -> String {
        let r = self
            .call(name, args)
            .await
            .unwrap_or_else(|e| panic!("{name}: protocol error {e}"));
        let text = text_of(&r);
        assert_eq!(
            r.is_error,
            Some(true),
            "{name} should have failed, got: {text}"
        );
        text
    }

    /// Call and expect a JSON-RPC error; returns its message.
    pub async fn call_protocol_err(&self, name: &str, args: Value) -> String {
        match self.call(name, args).await {
            Ok(r) => panic!(
                "{name} should be a JSON-RPC error, got result: {}",
                text_of(&r)
            ),
            Err(e) => e.to_string(),
        }
    }

    pub async fn close(self) {
        let _ = self.inner.cancel().await;
    }
}

/// All text content of a result, joined.
pub fn text_of(r: &CallToolResult) -> String {
    r.content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
