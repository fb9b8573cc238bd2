//! `mcp-testkit`: run a server in-process over HTTP or as a process over stdio, connect a
//! real MCP client (rmcp's), call tools, and fake the vendor with wiremock mocks that assert
//! the exact request.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use http::{HeaderName, HeaderValue};
use mcp_shared::http_transport::{self, HttpHandle};
use mcp_shared::{McpServer, RetryPolicy, ServerSpec, Settings};
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ServiceExt as _, transport::TokioChildProcess};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;
use wiremock::{Match, Mock, MockServer, ResponseTemplate};

pub use wiremock;

pub mod python;
pub mod suite;
pub mod surface;
pub mod workspace;

pub use workspace::{LocalServer, scratch_workspace};

/// Settings for a test: upstream at `base`, fast retries without jitter, short timeout.
pub fn settings_for(base: &str) -> Settings {
    Settings {
        api_base_url: Some(base.to_owned()),
        upstream_timeout: Duration::from_secs(5),
        retry: RetryPolicy {
            max_attempts: 3,
            min_delay: Duration::from_millis(10),
            max_delay: Duration::from_millis(50),
            max_wait: Duration::from_secs(3),
            jitter: false,
        },
        shutdown_grace: Duration::from_secs(5),
        ..Settings::default()
    }
}

/// `Basic base64(user:password)`, the `Authorization` value HTTP Basic sends.
pub fn basic_auth(user: &str, password: &str) -> String {
    use base64::Engine as _;
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}

/// The `x-auth-data` value for `{"access_token": token}`.
pub fn auth_data(token: &str) -> String {
    mcp_shared::auth::encode_auth_data(&json!({ "access_token": token }))
}

/// A server running in this process on 127.0.0.1 (or another bind address).
pub struct TestServer {
    pub url: String,
    pub server: McpServer,
    handle: HttpHandle,
}

impl TestServer {
    pub async fn start(spec: &'static ServerSpec, settings: Settings) -> Self {
        Self::start_on(spec, settings, IpAddr::from([127, 0, 0, 1])).await
    }

    pub async fn start_on(spec: &'static ServerSpec, settings: Settings, bind: IpAddr) -> Self {
        let server = McpServer::new(spec, settings).expect("server settings");
        let listener = tokio::net::TcpListener::bind((bind, 0))
            .await
            .expect("bind");
        let handle = http_transport::serve(server.clone(), listener, CancellationToken::new())
            .expect("serve");
        let url = format!("http://127.0.0.1:{}/mcp", handle.addr.port());
        Self {
            url,
            server,
            handle,
        }
    }

    /// A client sending `x-auth-data` with this token.
    pub async fn client(&self, token: &str) -> Client {
        self.client_with(&[("x-auth-data", &auth_data(token))])
            .await
    }

    /// A client sending these extra headers on every request.
    pub async fn client_with(&self, headers: &[(&str, &str)]) -> Client {
        connect_http(&self.url, headers).await
    }

    pub fn port(&self) -> u16 {
        self.handle.addr.port()
    }

    /// Graceful shutdown, waiting for the server task.
    pub async fn stop(self) {
        self.handle.shutdown.cancel();
        let _ = tokio::time::timeout(Duration::from_secs(10), self.handle.task).await;
    }
}

/// A fake vendor, the server pointed at it, and a client sending one tenant's credentials:
/// what most contract tests start from.
pub struct Setup {
    pub fake: MockServer,
    pub server: TestServer,
    pub client: Client,
}

impl Setup {
    /// Start a fake vendor and `spec`'s server on it, with a client whose `x-auth-data` is
    /// `credentials`.
    pub async fn start(spec: &'static ServerSpec, credentials: Value) -> Self {
        Self::start_with(spec, credentials, |_| {}).await
    }

    /// As [`Setup::start`], with the test settings adjusted first (a short job poll
    /// interval, hosts the guarded fetch may reach, options).
    pub async fn start_with(
        spec: &'static ServerSpec,
        credentials: Value,
        adjust: impl FnOnce(&mut Settings),
    ) -> Self {
        let fake = MockServer::start().await;
        let mut settings = settings_for(&fake.uri());
        adjust(&mut settings);
        let server = TestServer::start(spec, settings).await;
        let client = server
            .client_with(&[(
                "x-auth-data",
                &mcp_shared::auth::encode_auth_data(&credentials),
            )])
            .await;
        Self {
            fake,
            server,
            client,
        }
    }

    /// Another client of the same server, with other credentials.
    pub async fn client_with(&self, credentials: Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(&credentials);
        self.server.client_with(&[("x-auth-data", &auth)]).await
    }
}

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

/// The fake vendor received no request at all (a refusal happened before anything was sent).
pub async fn assert_no_requests(fake: &MockServer) {
    let got = fake.received_requests().await.unwrap_or_default();
    assert!(
        got.is_empty(),
        "expected no vendor request, got {}: {:?}",
        got.len(),
        got.iter()
            .map(|r| format!("{} {}", r.method, r.url.path()))
            .collect::<Vec<_>>()
    );
}

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

/// A port on 127.0.0.1 where nothing listens (at the time of asking).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// A server binary running over HTTP as a child process; killed on drop.
pub struct HttpProcess {
    pub child: std::process::Child,
    pub port: u16,
    pub url: String,
}

impl HttpProcess {
    /// Spawn `bin --transport http --port <free port> args...` with this environment and wait
    /// (up to 10 s) until `/healthz` answers.
    pub async fn spawn(
        bin: &str,
        args: &[&str],
        env: &[(&str, &str)],
        log: &std::path::Path,
    ) -> Self {
        Self::spawn_at(free_port(), bin, args, env, log).await
    }

    /// The same on a port the caller chose (see [`free_port`]), for arguments that name it
    /// (`--public-url http://127.0.0.1:<port>`).
    pub async fn spawn_at(
        port: u16,
        bin: &str,
        args: &[&str],
        env: &[(&str, &str)],
        log: &std::path::Path,
    ) -> Self {
        mcp_shared::upstream::install_crypto_provider();
        let mut cmd = std::process::Command::new(bin);
        cmd.args(["--transport", "http", "--port", &port.to_string()])
            .args(args)
            .env_clear();
        if let Ok(path) = std::env::var("PATH") {
            cmd.env("PATH", path);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = cmd
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(log).expect("log file"))
            .spawn()
            .expect("spawn server");
        let url = format!("http://127.0.0.1:{port}/mcp");
        // Owned from here on: dropping it (also on the panic below) kills and waits for it.
        let me = Self { child, port, url };
        let health = format!("http://127.0.0.1:{port}/healthz");
        let client = reqwest::Client::new();
        for _ in 0..100 {
            if client
                .get(&health)
                .send()
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return me;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "{bin} did not answer /healthz on port {port}: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
    }

    /// Send SIGTERM and wait (up to 10 s) for the exit status.
    pub async fn terminate(mut self) -> std::process::ExitStatus {
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        for _ in 0..100 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server did not stop within 10 s of SIGTERM");
    }
}

/// A server binary over HTTP at `RUST_LOG=trace`, with a client, for the tests that prove a
/// secret never reaches the logs nor an error text (a key in a custom header or a query
/// parameter, which the suite's generic checks do not send).
pub struct Traced {
    proc: HttpProcess,
    log: std::path::PathBuf,
    pub client: Client,
    secret: String,
}

impl Traced {
    /// Spawn `bin` with `env` (plus `RUST_LOG=trace`) and connect with `headers`; `secret`
    /// is what must never show.
    pub async fn start(
        bin: &str,
        env: &[(&str, &str)],
        headers: &[(&str, &str)],
        secret: &str,
    ) -> Self {
        let name = std::path::Path::new(bin)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let log = std::env::temp_dir().join(format!("{name}-traced-{}.log", std::process::id()));
        let mut env = env.to_vec();
        env.push(("RUST_LOG", "trace"));
        let proc = HttpProcess::spawn(bin, &[], &env, &log).await;
        let client = connect_http(&proc.url, headers).await;
        Self {
            proc,
            log,
            client,
            secret: secret.to_owned(),
        }
    }

    /// Call and expect an `isError` result without the secret; returns its text.
    pub async fn call_err(&self, name: &str, args: Value) -> String {
        let err = self.client.call_err(name, args).await;
        assert!(
            !err.contains(&self.secret),
            "the secret in an error of {name}: {err}"
        );
        err
    }

    /// Stop the server and check its logs: trace lines of the calls, never the secret.
    pub async fn finish(self) {
        self.client.close().await;
        let status = self.proc.terminate().await;
        assert!(status.success(), "the server exited with {status}");
        let logs = std::fs::read_to_string(&self.log).unwrap_or_default();
        let _ = std::fs::remove_file(&self.log);
        assert!(logs.contains("tool call"), "expected trace logs: {logs}");
        assert!(
            !logs.contains(&self.secret),
            "the secret appeared in the logs"
        );
    }
}

impl Drop for HttpProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `tools` subcommand: the Markdown table has a row per tool of `--json`, read-only mode
/// lists only read-only tools, and an unknown toolset stops the binary with a clear message.
pub fn check_tools_subcommand(spec: &'static ServerSpec, bin: &str) {
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .output()
            .expect("run tools")
    };
    let json = run(&["tools", "--json"]);
    assert!(json.status.success());
    let all: Vec<Value> = serde_json::from_slice(&json.stdout).expect("tools --json is JSON");
    assert!(!all.is_empty());
    let md = run(&["tools", "--markdown"]);
    let rows = String::from_utf8_lossy(&md.stdout)
        .lines()
        .filter(|l| l.starts_with("| `"))
        .count();
    assert_eq!(rows, all.len(), "one Markdown row per tool");
    let ro: Vec<Value> =
        serde_json::from_slice(&run(&["--read-only", "tools", "--json"]).stdout).expect("JSON");
    // Read-only mode lists exactly the tools that only read (all of them for a server that
    // only reads, such as an open-data server or a new scaffold), and those that run
    // read-only by themselves then (`read_only_by_itself`: a database's `execute_sql`).
    let guarded: Vec<String> = (spec.tools)()
        .iter()
        .filter(|t| t.is_read_only() && t.effect() != mcp_shared::Effect::Read)
        .map(|t| t.name().to_owned())
        .collect();
    let expected: Vec<&Value> = all
        .iter()
        .filter(|t| {
            t["annotations"]["readOnlyHint"] == true
                || t["name"]
                    .as_str()
                    .is_some_and(|n| guarded.iter().any(|g| g == n))
        })
        .map(|t| &t["name"])
        .collect();
    let listed: Vec<&Value> = ro.iter().map(|t| &t["name"]).collect();
    assert_eq!(listed, expected, "--read-only lists the read-only tools");
    let bad = run(&["--toolsets", "nope", "tools"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown toolset `nope`"));
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

/// Check every tool: a valid name, an object input schema that is a valid JSON Schema,
/// a description, a title and complete annotations.
pub fn assert_valid_tools(tools: &[Tool]) {
    assert!(!tools.is_empty(), "no tools listed");
    for t in tools {
        let name = t.name.as_ref();
        assert!(
            !name.is_empty()
                && name.len() <= 64
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
            "bad tool name {name}"
        );
        let schema = Value::Object((*t.input_schema).clone());
        assert_eq!(
            schema["type"], "object",
            "{name}: input schema must be an object"
        );
        assert!(
            jsonschema::meta::is_valid(&schema),
            "{name}: input schema is not a valid JSON Schema: {schema}"
        );
        jsonschema::validator_for(&schema)
            .unwrap_or_else(|e| panic!("{name}: schema does not compile: {e}"));
        if let Some(out) = &t.output_schema {
            let out = Value::Object((**out).clone());
            assert!(
                jsonschema::meta::is_valid(&out),
                "{name}: output schema invalid"
            );
        }
        assert!(
            t.description.as_deref().is_some_and(|d| d.len() > 10),
            "{name}: no description"
        );
        let a = t
            .annotations
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no annotations"));
        assert!(a.title.is_some(), "{name}: no title annotation");
        assert!(
            a.read_only_hint.is_some()
                && a.destructive_hint.is_some()
                && a.idempotent_hint.is_some()
                && a.open_world_hint.is_some(),
            "{name}: incomplete annotations"
        );
    }
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), tools.len(), "duplicate tool names");
}

/// The generated docs of a server are committed: `tools.json` (the `tools/list` snapshot of
/// every toolset) and
/// the tool table in its README between `<!-- tools:start -->` and `<!-- tools:end -->`.
/// Fails when either is stale; with `MCP_UPDATE_DOCS=1` (what `cargo xtask docs` sets) it
/// rewrites them instead. `crate_dir` is the server's `CARGO_MANIFEST_DIR`.
pub fn assert_docs_fresh(spec: &'static ServerSpec, crate_dir: &str) {
    // The snapshot and the table cover every toolset, on by default or not.
    let all = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        ..Settings::default()
    };
    let server = McpServer::new(spec, all).expect("default settings");
    let dir = std::path::Path::new(crate_dir);
    let json_path = dir.join("tools.json");
    let want_json = mcp_shared::docs::tools_json(&server);
    let readme_path = dir.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap_or_default();
    let table = mcp_shared::docs::tools_markdown(&server);
    let want_readme = replace_between(
        &readme,
        "<!-- tools:start -->",
        "<!-- tools:end -->",
        &table,
    )
    .unwrap_or_else(|| {
        panic!(
            "{} has no <!-- tools:start --> / <!-- tools:end --> markers",
            readme_path.display()
        )
    });
    // A server with profiles lists them in its README, between their own markers (added at
    // the end by `cargo xtask docs` when missing).
    let want_readme = match mcp_shared::docs::profiles_markdown(spec) {
        None => want_readme,
        Some(section) => replace_between(
            &want_readme,
            "<!-- profiles:start -->",
            "<!-- profiles:end -->",
            &section,
        )
        .unwrap_or_else(|| {
            format!(
                "{}\n\n## Profiles\n\n<!-- profiles:start -->\n{section}<!-- profiles:end -->\n",
                want_readme.trim_end()
            )
        }),
    };
    let update = std::env::var("MCP_UPDATE_DOCS").is_ok_and(|v| v == "1");
    let have_json = std::fs::read_to_string(&json_path).unwrap_or_default();
    if update {
        if have_json != want_json {
            std::fs::write(&json_path, &want_json).expect("write tools.json");
        }
        if readme != want_readme {
            std::fs::write(&readme_path, &want_readme).expect("write README.md");
        }
        return;
    }
    assert!(
        have_json == want_json,
        "{} is stale: run `cargo xtask docs` and commit the result",
        json_path.display()
    );
    assert!(
        readme == want_readme,
        "the tool table or the profiles in {} are stale: run `cargo xtask docs` and commit the result",
        readme_path.display()
    );
}

/// Replace the text between two marker lines (keeping the markers).
pub fn replace_between(text: &str, start: &str, end: &str, body: &str) -> Option<String> {
    let (head, rest) = text.split_once(start)?;
    let (_, tail) = rest.split_once(end)?;
    Some(format!("{head}{start}\n{body}{end}{tail}"))
}

/// The tool catalog of the servers we replace, committed as test data in the repository
/// (`catalog/klavis-tools.json`, see `catalog/README.md`): the entry of one service.
pub fn catalog_entry(service: &str) -> Value {
    catalog()
        .get(service)
        .cloned()
        .unwrap_or_else(|| panic!("no `{service}` entry in the catalog"))
}

/// The whole tool catalog (`catalog/klavis-tools.json`), by service.
pub fn catalog() -> Value {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/klavis-tools.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the tool catalog at {} ({e}); it is part of the repository",
            path.display()
        )
    });
    serde_json::from_str(&text).expect("catalog is JSON")
}

/// Every tool of the catalog's entry for `service` is listed, with every catalog parameter
/// under the same name, JSON type and required flag. `not_required` lists `(tool, param)`
/// pairs the catalog marks required that the vendor does not require (documented deviations).
/// Returns the names of listed tools the catalog does not have.
pub fn assert_catalog_parity(
    tools: &[Tool],
    service: &str,
    not_required: &[(&str, &str)],
) -> Vec<String> {
    let entry = catalog_entry(service);
    let catalog = entry["tools"].as_array().cloned().unwrap_or_default();
    assert!(
        !catalog.is_empty(),
        "the catalog lists no tools for {service}"
    );
    for ct in &catalog {
        let name = ct["name"].as_str().unwrap_or_default();
        let tool = tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("catalog tool {name} is missing"));
        let schema = Value::Object((*tool.input_schema).clone());
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for p in ct["params"].as_array().into_iter().flatten() {
            let param = p["name"].as_str().unwrap_or_default();
            let prop = &schema["properties"][param];
            assert!(
                prop.is_object(),
                "{name}: no parameter `{param}` in {schema}"
            );
            if let Some(ty) = p["type"].as_str() {
                assert_eq!(prop["type"], ty, "{name}.{param}: type");
            }
            let want =
                p["required"].as_bool().unwrap_or(false) && !not_required.contains(&(name, param));
            assert_eq!(required.contains(&param), want, "{name}.{param}: required");
        }
        for r in &required {
            assert!(
                ct["params"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|p| p["name"] == *r),
                "{name}: `{r}` is required but not in the catalog"
            );
        }
    }
    tools_beyond_catalog(tools, service)
}

/// The names of the listed tools that the catalog does not list for `service`.
pub fn tools_beyond_catalog(tools: &[Tool], service: &str) -> Vec<String> {
    let entry = catalog_entry(service);
    let catalog = entry["tools"].as_array().cloned().unwrap_or_default();
    tools
        .iter()
        .filter(|t| !catalog.iter().any(|c| c["name"] == t.name.as_ref()))
        .map(|t| t.name.to_string())
        .collect()
}

/// Matches when the request's query parameters are exactly these (order-insensitive).
pub struct QueryExact(pub Vec<(String, String)>);

impl Match for QueryExact {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let mut got: Vec<(String, String)> = request
            .url
            .query_pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut want = self.0.clone();
        got.sort();
        want.sort();
        got == want
    }
}

/// Matches when the request has no body, or an empty one.
pub struct NoBody;

impl Match for NoBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        request.body.is_empty()
    }
}

/// Matches a form-encoded body (`application/x-www-form-urlencoded`) with exactly these
/// fields, in any order.
pub struct FormBody(pub Vec<(String, String)>);

impl Match for FormBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let form = request
            .headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let mut got: Vec<(String, String)> = url::form_urlencoded::parse(&request.body)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut want = self.0.clone();
        got.sort();
        want.sort();
        form && got == want
    }
}

/// The JSON bodies the fake received for `method path`, in order (for multi-request tools).
pub async fn request_bodies(fake: &MockServer, method: &str, path: &str) -> Vec<Value> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.method.as_str() == method && r.url.path() == path)
        .map(|r| serde_json::from_slice(&r.body).unwrap_or(Value::Null))
        .collect()
}

enum BodyExpect {
    Empty,
    Json(Value),
    Form(Vec<(String, String)>),
    Multipart(MultipartBody),
    GraphQl(GraphqlOp),
    Any,
}

/// One expected part of a `multipart/form-data` body ([`Expect::multipart_body`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FormPartExpect {
    pub name: String,
    /// The file name and content type of a file part; `None` for a text field.
    pub file: Option<(String, String)>,
    pub data: Vec<u8>,
}

impl FormPartExpect {
    pub fn text(name: &str, value: &str) -> Self {
        Self {
            name: name.to_owned(),
            file: None,
            data: value.as_bytes().to_vec(),
        }
    }

    pub fn file(name: &str, filename: &str, content_type: &str, data: &[u8]) -> Self {
        Self {
            name: name.to_owned(),
            file: Some((filename.to_owned(), content_type.to_owned())),
            data: data.to_vec(),
        }
    }
}

/// Matches a `multipart/form-data` body with exactly these parts, in this order.
struct MultipartBody(Vec<FormPartExpect>);

/// The parts of a `multipart/form-data` request, parsed with `multer`; `None` when the
/// request is not one or does not parse.
pub fn multipart_parts(request: &wiremock::Request) -> Option<Vec<FormPartExpect>> {
    let ct = request.headers.get("content-type")?.to_str().ok()?;
    let boundary = multer::parse_boundary(ct).ok()?;
    let body = request.body.clone();
    let stream = futures::stream::once(async move { Ok::<_, std::io::Error>(body) });
    let mut form = multer::Multipart::new(stream, boundary);
    futures::executor::block_on(async {
        let mut parts = Vec::new();
        while let Some(field) = form.next_field().await.ok()? {
            let name = field.name()?.to_owned();
            let file = match (field.file_name(), field.content_type()) {
                (Some(f), Some(ct)) => Some((f.to_owned(), ct.to_string())),
                (Some(f), None) => Some((f.to_owned(), String::new())),
                _ => None,
            };
            let data = field.bytes().await.ok()?.to_vec();
            parts.push(FormPartExpect { name, file, data });
        }
        Some(parts)
    })
}

impl Match for MultipartBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        multipart_parts(request).is_some_and(|got| got == self.0)
    }
}

/// A header with exactly this whole value (wiremock's own matcher splits values at commas,
/// so a JSON or field-mask header could never match it).
struct HeaderRaw(String, String);

impl Match for HeaderRaw {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let mut values = request.headers.get_all(self.0.as_str()).iter();
        matches!(
            (values.next(), values.next()),
            (Some(v), None) if v.as_bytes() == self.1.as_bytes()
        )
    }
}

/// Matches a GraphQL request body: `operationName`, a document that starts with
/// `query <operation>(` or `mutation <operation>(` (or `query <operation> {`), and exactly
/// these `variables`.
pub struct GraphqlOp {
    pub operation: String,
    pub variables: Value,
}

impl Match for GraphqlOp {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let Ok(body) = serde_json::from_slice::<Value>(&request.body) else {
            return false;
        };
        let query = body["query"].as_str().unwrap_or_default().trim_start();
        let op = &self.operation;
        let named = ["query", "mutation"].iter().any(|kind| {
            query
                .strip_prefix(kind)
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix(op.as_str()))
                .is_some_and(|rest| rest.starts_with(['(', ' ', '{']))
        });
        body["operationName"] == op.as_str() && named && body["variables"] == self.variables
    }
}

/// One expected upstream request: exact method, path, query, bearer token and JSON body,
/// answered with a vendor-shaped response. Mounted with `.expect(1)`, so the test fails when
/// it is not called exactly once with exactly this request.
pub struct Expect {
    method: &'static str,
    path: String,
    query: Vec<(String, String)>,
    bearer: Option<String>,
    body: BodyExpect,
    headers: Vec<(String, String)>,
    times: u64,
}

/// Expect `method path` (path without query).
pub fn expect(method: &'static str, path: impl Into<String>) -> Expect {
    Expect {
        method,
        path: path.into(),
        query: Vec::new(),
        bearer: None,
        body: BodyExpect::Empty,
        headers: Vec::new(),
        times: 1,
    }
}

impl Expect {
    pub fn query(mut self, k: &str, v: impl ToString) -> Self {
        self.query.push((k.to_owned(), v.to_string()));
        self
    }

    /// Each of these query parameters, in order (the whole query: see [`Expect::query`]).
    pub fn queries(mut self, pairs: &[(&str, &str)]) -> Self {
        for (k, v) in pairs {
            self = self.query(k, v);
        }
        self
    }

    pub fn bearer(mut self, token: &str) -> Self {
        self.bearer = Some(token.to_owned());
        self
    }

    pub fn json_body(mut self, body: Value) -> Self {
        self.body = BodyExpect::Json(body);
        self
    }

    /// A form-encoded body with exactly these fields.
    pub fn form_body(mut self, fields: &[(&str, &str)]) -> Self {
        self.body = BodyExpect::Form(
            fields
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        );
        self
    }

    /// A `multipart/form-data` body with exactly these parts, in this order.
    pub fn multipart_body(mut self, parts: &[FormPartExpect]) -> Self {
        self.body = BodyExpect::Multipart(MultipartBody(parts.to_vec()));
        self
    }

    /// A GraphQL body: this operation (by name, in `operationName` and the document) with
    /// exactly these variables.
    pub fn graphql(mut self, operation: &str, variables: Value) -> Self {
        self.body = BodyExpect::GraphQl(GraphqlOp {
            operation: operation.to_owned(),
            variables,
        });
        self
    }

    /// Any body (for failure-path tests whose request body another test asserts).
    pub fn any_body(mut self) -> Self {
        self.body = BodyExpect::Any;
        self
    }

    /// A header with exactly this value (the whole value, commas included), sent once.
    pub fn header(mut self, k: &str, v: &str) -> Self {
        self.headers.push((k.to_owned(), v.to_owned()));
        self
    }

    pub fn times(mut self, n: u64) -> Self {
        self.times = n;
        self
    }

    fn mock(self, response: ResponseTemplate) -> Mock {
        use wiremock::matchers;
        let mut m = Mock::given(matchers::method(self.method))
            .and(matchers::path(self.path.clone()))
            .and(QueryExact(self.query.clone()));
        if let Some(t) = &self.bearer {
            m = m.and(matchers::header(
                "authorization",
                format!("Bearer {t}").as_str(),
            ));
        }
        for (k, v) in &self.headers {
            m = m.and(HeaderRaw(k.to_ascii_lowercase(), v.clone()));
        }
        m = match self.body {
            BodyExpect::Json(b) => m.and(matchers::body_json(b)),
            BodyExpect::Form(f) => m.and(FormBody(f)),
            BodyExpect::Multipart(p) => m.and(p),
            BodyExpect::GraphQl(g) => m.and(g),
            BodyExpect::Empty => m.and(NoBody),
            BodyExpect::Any => m,
        };
        m.respond_with(response).expect(self.times)
    }

    /// Answer with `status` and this JSON body.
    pub async fn respond(self, fake: &MockServer, status: u16, body: Value) {
        self.mock(ResponseTemplate::new(status).set_body_json(body))
            .mount(fake)
            .await;
    }

    /// Answer with a custom response.
    pub async fn respond_with(self, fake: &MockServer, response: ResponseTemplate) {
        self.mock(response).mount(fake).await;
    }
}
