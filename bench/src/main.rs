//! `bench`: how fast a server starts, how much memory it holds, and how much throughput and
//! latency it costs over calling the vendor directly (the "floor", measured in the same run on
//! the same machine). Prints figures; passes or fails nothing.
//!
//! Run through `cargo xtask bench [SERVER]`, which builds the release binaries first.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use serde_json::{Value, json};

#[derive(Parser, Debug)]
#[command(about = "Benchmark one MCP server binary against a local fake upstream")]
struct Args {
    /// The server binary (a release build)
    #[arg(long)]
    server: PathBuf,
    /// Service name: sets <SERVICE>_API_BASE_URL to the fake
    #[arg(long)]
    service: String,
    /// The server's smoke.json: {"tool", "arguments", "upstream_body"}
    #[arg(long)]
    smoke: PathBuf,
    /// Repetitions of each measurement (min/median/max are printed)
    #[arg(long, default_value_t = 5)]
    repeat: usize,
    /// Tool calls per load measurement
    #[arg(long, default_value_t = 4000)]
    calls: usize,
    /// Calls of the memory soak (RSS is read after 10k and at the end)
    #[arg(long, default_value_t = 100_000)]
    soak: usize,
    /// Upstream latencies to measure, in ms
    #[arg(long, value_delimiter = ',', default_value = "0,50")]
    latency_ms: Vec<u64>,
    /// Concurrency levels
    #[arg(long, value_delimiter = ',', default_value = "1,8,64")]
    concurrency: Vec<usize>,
    /// What to measure: `list` (tools/list, at 0 ms), `call` (tools/call), `sessions` (the
    /// memory an idle session holds, and what closing it gives back; see `--sessions`)
    #[arg(long, value_delimiter = ',', default_value = "list,call")]
    what: Vec<String>,
    /// `--what sessions`: how many sessions to open (one initialize and its `initialized`
    /// notification each), each count on a fresh server
    #[arg(long, value_delimiter = ',', default_value = "1000,10000")]
    sessions: Vec<usize>,
    /// `--what sessions`: how long the sessions stay idle before their RSS is read again
    /// (the servers park a session after 5 s without a request: `MCP_SESSION_PARK_SECS`)
    #[arg(long, default_value_t = 10)]
    idle_secs: u64,
    /// The protocol revision the client speaks. From 2026-07-28 on there is no handshake and
    /// no session: every request carries its revision and capabilities in `_meta`.
    #[arg(long, default_value = "2025-06-18")]
    protocol: String,
    /// HTTP modes: `sessions`, `stateless`
    #[arg(long, value_delimiter = ',', default_value = "sessions,stateless")]
    modes: Vec<String>,
    /// An extra argument for the server (repeat it), e.g. `--server-arg=--json-response`
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    server_args: Vec<String>,
    /// An environment variable for the server, `NAME=VALUE` (repeat it), e.g.
    /// `--server-env MCP_DIRECT=false`
    #[arg(long = "server-env", value_parser = parse_env)]
    server_env: Vec<(String, String)>,
    /// Skip the cold-start measurement
    #[arg(long)]
    no_cold_start: bool,
}

fn parse_env(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{s}`: expected NAME=VALUE"))
}

struct Smoke {
    tool: String,
    arguments: Value,
    body: Arc<String>,
}

fn load_smoke(path: &PathBuf) -> Result<Smoke> {
    let v: Value = serde_json::from_str(
        &std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?,
    )?;
    Ok(Smoke {
        tool: v["tool"].as_str().context("smoke.json: tool")?.to_owned(),
        arguments: v.get("arguments").cloned().unwrap_or(json!({})),
        body: Arc::new(
            v.get("upstream_body")
                .cloned()
                .unwrap_or(json!({}))
                .to_string(),
        ),
    })
}

/// The fake vendor: answers every request with the smoke body after `delay_ms`.
async fn start_fake(body: Arc<String>, delay_ms: Arc<AtomicU64>) -> Result<String> {
    let app = axum::Router::new().fallback(move || {
        let body = body.clone();
        let delay = delay_ms.load(Ordering::Relaxed);
        async move {
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                (*body).clone(),
            )
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{addr}"))
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    /// Stop the server as an orchestrator does: SIGTERM, then SIGKILL if it is still running
    /// after two seconds. (A profiler wrapping the server writes its report on SIGTERM.)
    fn drop(&mut self) {
        let term = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        if term.is_ok_and(|s| s.success()) {
            let until = Instant::now() + Duration::from_secs(2);
            while Instant::now() < until {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server_command(a: &Args, fake: &str) -> Command {
    let mut cmd = Command::new(&a.server);
    cmd.env_clear()
        .env(
            format!("{}_API_BASE_URL", a.service.to_ascii_uppercase()),
            fake,
        )
        .env("AUTH_DATA", r#"{"access_token":"bench-token"}"#)
        .env("RUST_LOG", "warn")
        .envs(a.server_env.iter().map(|(k, v)| (k, v)))
        .stderr(Stdio::null());
    cmd
}

fn spawn_http(a: &Args, fake: &str, extra: &[&str]) -> Result<Server> {
    let port = free_port()?;
    let child = server_command(a, fake)
        .args(["--transport", "http", "--port", &port.to_string()])
        .args(extra)
        .args(&a.server_args)
        .stdout(Stdio::null())
        .spawn()?;
    Ok(Server {
        child,
        url: format!("http://127.0.0.1:{port}/mcp"),
    })
}

/// CPU time (user + system, all threads) the process has used, in seconds. `/proc` counts it
/// in USER_HZ ticks, which Linux fixes at 100 per second.
fn cpu_secs(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            // Fields after the command name (which may contain spaces) start at `state`.
            let rest = s.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            let utime: f64 = f.get(11)?.parse().ok()?;
            let stime: f64 = f.get(12)?.parse().ok()?;
            Some((utime + stime) / 100.0)
        })
        .unwrap_or(0.0)
}

/// CPU time per call, or `-` when the run used too little CPU for `/proc`'s 10 ms ticks to
/// measure it well (under 0.2 s in all).
fn cpu_per_call(us_per_call: f64, calls: usize) -> String {
    if us_per_call * calls as f64 >= 200_000.0 {
        format!("{us_per_call:.0} µs")
    } else {
        "-".to_owned()
    }
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

/// The revision of the handshake the bench's servers are probed with (cold start, readiness).
const PROTOCOL: &str = "2025-06-18";

fn init_body() -> Value {
    init_body_for(PROTOCOL)
}

fn init_body_for(protocol: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
           "params": {"protocolVersion": protocol, "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
}

/// Whether a client on `protocol` has no handshake and no session (2026-07-28 and later:
/// revisions are dates, so they compare as strings).
fn sessionless(protocol: &str) -> bool {
    protocol >= "2026-07-28"
}

/// The `params` of a load request, serialised once: `params` plus, on a sessionless
/// revision, the `_meta` each of its requests carries.
fn request_params(mut params: Value, protocol: &str) -> String {
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
struct Mcp {
    http: reqwest::Client,
    url: String,
    session: Option<String>,
    headers: reqwest::header::HeaderMap,
}

impl Mcp {
    fn new(http: reqwest::Client, url: &str) -> Self {
        Self::with_protocol(http, url, PROTOCOL)
    }

    fn with_protocol(http: reqwest::Client, url: &str, protocol: &str) -> Self {
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

    async fn post(&self, body: &Value) -> Result<(reqwest::header::HeaderMap, Option<Value>)> {
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
    async fn connect(
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
    async fn close(&self) -> Option<reqwest::StatusCode> {
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
    async fn call(&self, id: u64, method: &str, params: &str) -> Result<()> {
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

#[derive(Clone, Copy, PartialEq)]
enum Target {
    /// tools/call of the smoke tool, through the server
    ToolCall,
    /// tools/list, through the server
    ToolsList,
    /// the fake upstream directly: the floor
    Floor,
}

struct Stats {
    rps: f64,
    p50: Duration,
    p99: Duration,
    errors: usize,
}

#[allow(clippy::too_many_arguments)]
async fn load(
    target: Target,
    url: &str,
    fake: &str,
    smoke: &Smoke,
    concurrency: usize,
    calls: usize,
    stateless: bool,
    protocol: &str,
) -> Result<Stats> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency.max(1))
        .build()?;
    let per = calls.div_ceil(concurrency);
    let errors = Arc::new(AtomicUsize::new(0));
    let params = request_params(
        match target {
            Target::ToolCall => json!({"name": smoke.tool, "arguments": smoke.arguments}),
            _ => json!({}),
        },
        protocol,
    );
    let floor_url = format!("{fake}/user");
    let mut clients = Vec::new();
    for _ in 0..concurrency {
        clients.push(match target {
            Target::Floor => None,
            _ => {
                let mut c = Mcp::connect(http.clone(), url, stateless, protocol).await?;
                if sessionless(protocol) {
                    // SEP-2243: from 2026-07-28 on, a POST names its method (and tool) in
                    // headers too.
                    use reqwest::header::HeaderValue;
                    let (method, name) = match target {
                        Target::ToolCall => ("tools/call", Some(smoke.tool.as_str())),
                        _ => ("tools/list", None),
                    };
                    c.headers
                        .insert("mcp-method", HeaderValue::from_static(method));
                    if let Some(v) = name.and_then(|n| HeaderValue::from_str(n).ok()) {
                        c.headers.insert("mcp-name", v);
                    }
                }
                Some(c)
            }
        });
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client in clients {
        let (http, floor_url, params, errors) = (
            http.clone(),
            floor_url.clone(),
            params.clone(),
            errors.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::with_capacity(per);
            for i in 0..per {
                let t = Instant::now();
                let ok = match (&client, target) {
                    (Some(c), Target::ToolCall) => {
                        c.call(i as u64 + 1, "tools/call", &params).await.is_ok()
                    }
                    (Some(c), _) => c.call(i as u64 + 1, "tools/list", &params).await.is_ok(),
                    (None, _) => match http.get(&floor_url).send().await {
                        Ok(r) => r.bytes().await.is_ok(),
                        Err(_) => false,
                    },
                };
                if !ok {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
                lat.push(t.elapsed());
            }
            if let Some(c) = &client {
                let _ = c.close().await;
            }
            lat
        }));
    }
    let mut all = Vec::with_capacity(calls);
    for t in tasks {
        all.extend(t.await?);
    }
    let elapsed = started.elapsed();
    all.sort_unstable();
    let pick = |q: f64| {
        all.get(((all.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    Ok(Stats {
        rps: all.len() as f64 / elapsed.as_secs_f64(),
        p50: pick(0.50),
        p99: pick(0.99),
        errors: errors.load(Ordering::Relaxed),
    })
}

/// The repetitions of one row of a load table.
#[derive(Default)]
struct Runs {
    rps: Vec<f64>,
    /// Each run's requests per second over the floor run just before it.
    ratio: Vec<f64>,
    p50: Vec<f64>,
    p99: Vec<f64>,
    errors: usize,
    server_cpu: Vec<f64>,
    own_cpu: Vec<f64>,
}

impl Runs {
    fn push(&mut self, s: &Stats, floor_rps: f64, server_cpu: Option<f64>, own_cpu: f64) {
        self.rps.push(s.rps);
        self.ratio.push(s.rps / floor_rps);
        self.p50.push(ms(s.p50));
        self.p99.push(ms(s.p99));
        self.errors += s.errors;
        self.server_cpu.extend(server_cpu);
        self.own_cpu.push(own_cpu);
    }

    fn print(&mut self, mode: &str, name: &str, c: usize, calls: usize) {
        let (r0, r1, r2) = min_med_max(self.rps.clone());
        let floor = self.server_cpu.is_empty();
        let (p50, p99) = if floor {
            ("-".to_owned(), "-".to_owned())
        } else {
            (
                format!("{:.2} ms", median(&mut self.p50)),
                format!("{:.2} ms", median(&mut self.p99)),
            )
        };
        let own = cpu_per_call(median(&mut self.own_cpu), calls);
        let cpu = if floor {
            format!("- (load generator and fake: {own})")
        } else {
            format!(
                "{} (load generator and fake: {own})",
                cpu_per_call(median(&mut self.server_cpu), calls)
            )
        };
        println!(
            "| {mode} | {name} | {c} | {r0:.0} / {r1:.0} / {r2:.0} | {p50} | {p99} | {:.2} | {cpu} | {} |",
            median(&mut self.ratio),
            self.errors
        );
    }
}

fn median<T: Copy + PartialOrd>(v: &mut [T]) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v[v.len() / 2]
}

fn min_med_max(mut v: Vec<f64>) -> (f64, f64, f64) {
    let med = median(&mut v);
    (v[0], med, v[v.len() - 1])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn cold_start_stdio(a: &Args, fake: &str) -> Result<Duration> {
    let started = Instant::now();
    let mut child = server_command(a, fake)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().context("stdin")?;
    writeln!(stdin, "{}", init_body())?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().context("stdout")?).read_line(&mut line)?;
    let elapsed = started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    if !line.contains("\"result\"") {
        bail!("no initialize result on stdout: {line}");
    }
    Ok(elapsed)
}

async fn cold_start_http(a: &Args, fake: &str) -> Result<Duration> {
    let http = reqwest::Client::new();
    let started = Instant::now();
    let server = spawn_http(a, fake, &[])?;
    let client = Mcp::new(http, &server.url);
    loop {
        if let Ok((_, Some(r))) = client.post(&init_body()).await
            && r.get("result").is_some()
        {
            return Ok(started.elapsed());
        }
        if started.elapsed() > Duration::from_secs(10) {
            bail!("the server did not answer initialize within 10 s");
        }
        tokio::time::sleep(Duration::from_micros(200)).await;
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let a = Args::parse();
    let smoke = load_smoke(&a.smoke)?;
    let delay = Arc::new(AtomicU64::new(0));
    let fake = start_fake(smoke.body.clone(), delay.clone()).await?;
    let n = a.repeat.max(1);

    println!(
        "# {} ({} repetitions; {} calls per load run)\n",
        a.server.display(),
        n,
        a.calls
    );
    let size = std::fs::metadata(&a.server)?.len();
    println!("release binary: {:.2} MiB\n", size as f64 / 1048576.0);
    let env: Vec<String> = a
        .server_env
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    println!(
        "client protocol {}; server arguments: {}; server environment: {}\n",
        a.protocol,
        if a.server_args.is_empty() {
            "-".to_owned()
        } else {
            a.server_args.join(" ")
        },
        if env.is_empty() {
            "-".to_owned()
        } else {
            env.join(" ")
        },
    );

    if !a.no_cold_start {
        let mut stdio = Vec::new();
        let mut http = Vec::new();
        for _ in 0..n.max(10) {
            stdio.push(ms(cold_start_stdio(&a, &fake)?));
            http.push(ms(cold_start_http(&a, &fake).await?));
        }
        let (s0, s1, s2) = min_med_max(stdio);
        let (h0, h1, h2) = min_med_max(http);
        println!(
            "| cold start to first initialize answer | min | median | max |\n|---|---|---|---|"
        );
        println!("| stdio | {s0:.1} ms | {s1:.1} ms | {s2:.1} ms |");
        println!("| HTTP (process start, bind, answer) | {h0:.1} ms | {h1:.1} ms | {h2:.1} ms |\n");
    }

    let loads = a.what.iter().any(|w| w == "list" || w == "call");
    for &latency in a.latency_ms.iter().filter(|_| loads) {
        delay.store(latency, Ordering::Relaxed);
        println!("## upstream latency {latency} ms\n");
        println!(
            "| mode | what | concurrency | req/s min / median / max | p50 | p99 | ratio to floor | server CPU per call | errors |\n|---|---|---|---|---|---|---|---|---|"
        );
        for stateless in [false, true] {
            let mode = if stateless { "stateless" } else { "sessions" };
            if !a.modes.iter().any(|m| m == mode) {
                continue;
            }
            let server = spawn_http(&a, &fake, if stateless { &["--stateless"] } else { &[] })?;
            cold_wait(&server).await?;
            let pid = server.child.id();
            for &c in &a.concurrency {
                // With a slow upstream, keep each run to about 3 s.
                let calls = if latency > 0 {
                    a.calls.min(c * (3000 / latency as usize).max(1))
                } else {
                    a.calls
                };
                let targets: &[(Target, &str, &str)] = if latency == 0 {
                    &[
                        (Target::ToolsList, "tools/list", "list"),
                        (Target::ToolCall, "tools/call", "call"),
                    ]
                } else {
                    &[(Target::ToolCall, "tools/call", "call")]
                };
                let targets: Vec<_> = targets
                    .iter()
                    .filter(|(_, _, short)| a.what.iter().any(|w| w == short))
                    .collect();
                // Repetitions are interleaved (floor, then each target, then again), and each
                // ratio compares a run with the floor run just before it: the machine's speed
                // drifts over minutes, and a floor measured minutes apart would skew the ratio.
                // One unrecorded pass first: a fresh server, and the load generator's first runs,
                // pay one-off costs (page faults, allocator growth, connection set-up) that would
                // otherwise land on whichever mode is measured first.
                let warm = calls.min(2000);
                load(
                    Target::Floor,
                    &server.url,
                    &fake,
                    &smoke,
                    c,
                    warm,
                    stateless,
                    &a.protocol,
                )
                .await?;
                for &&(t, _, _) in &targets {
                    load(
                        t,
                        &server.url,
                        &fake,
                        &smoke,
                        c,
                        warm,
                        stateless,
                        &a.protocol,
                    )
                    .await?;
                }
                let mut floor = Runs::default();
                let mut runs: Vec<Runs> = targets.iter().map(|_| Runs::default()).collect();
                for _ in 0..n {
                    let own_before = cpu_secs(std::process::id());
                    let f = load(
                        Target::Floor,
                        &server.url,
                        &fake,
                        &smoke,
                        c,
                        calls,
                        stateless,
                        &a.protocol,
                    )
                    .await?;
                    let own = (cpu_secs(std::process::id()) - own_before) * 1e6 / calls as f64;
                    floor.push(&f, f.rps, None, own);
                    for (&&(t, _, _), r) in targets.iter().zip(&mut runs) {
                        let before = cpu_secs(pid);
                        let own_before = cpu_secs(std::process::id());
                        let st = load(
                            t,
                            &server.url,
                            &fake,
                            &smoke,
                            c,
                            calls,
                            stateless,
                            &a.protocol,
                        )
                        .await?;
                        let server_cpu = (cpu_secs(pid) - before) * 1e6 / calls as f64;
                        let own = (cpu_secs(std::process::id()) - own_before) * 1e6 / calls as f64;
                        r.push(&st, f.rps, Some(server_cpu), own);
                    }
                }
                for (&&(_, name, _), r) in targets.iter().zip(&mut runs) {
                    r.print(mode, name, c, calls);
                }
                floor.print(mode, "floor (direct)", c, calls);
            }
        }
        println!();
    }

    if a.what.iter().any(|w| w == "sessions") {
        delay.store(0, Ordering::Relaxed);
        sessions_memory(&a, &fake, &smoke).await?;
    }

    if a.soak == 0 {
        return Ok(());
    }
    delay.store(0, Ordering::Relaxed);
    let server = spawn_http(&a, &fake, &[])?;
    cold_wait(&server).await?;
    let pid = server.child.id();
    let idle = rss_kib(pid);
    load(
        Target::ToolCall,
        &server.url,
        &fake,
        &smoke,
        64,
        10_000,
        false,
        PROTOCOL,
    )
    .await?;
    let after_10k = rss_kib(pid);
    let rest = a.soak.saturating_sub(10_000);
    if rest > 0 {
        load(
            Target::ToolCall,
            &server.url,
            &fake,
            &smoke,
            64,
            rest,
            false,
            PROTOCOL,
        )
        .await?;
    }
    let after_all = rss_kib(pid);
    println!(
        "| memory (RSS) | idle | after 10k calls | after {}k calls |\n|---|---|---|---|",
        a.soak / 1000
    );
    println!(
        "| HTTP, 64 sessions | {:.1} MiB | {:.1} MiB | {:.1} MiB |",
        idle as f64 / 1024.0,
        after_10k as f64 / 1024.0,
        after_all as f64 / 1024.0
    );
    Ok(())
}

/// Wait until the server answers `/healthz` (which opens no session).
async fn cold_wait(server: &Server) -> Result<()> {
    let http = reqwest::Client::new();
    let health = server.url.replace("/mcp", "/healthz");
    for _ in 0..5000 {
        if http
            .get(&health)
            .send()
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    bail!("the server did not start")
}

/// Open `n` sessions (initialize, then the `initialized` notification), 16 at a time.
async fn open_sessions(http: &reqwest::Client, url: &str, n: usize) -> Result<Vec<Mcp>> {
    const AT_ONCE: usize = 16;
    let mut tasks = Vec::new();
    for k in 0..AT_ONCE {
        let (http, url) = (http.clone(), url.to_owned());
        let mine = n / AT_ONCE + usize::from(k < n % AT_ONCE);
        tasks.push(tokio::spawn(async move {
            let mut open = Vec::with_capacity(mine);
            for _ in 0..mine {
                open.push(Mcp::connect(http.clone(), &url, false, PROTOCOL).await?);
            }
            anyhow::Ok(open)
        }));
    }
    let mut all = Vec::with_capacity(n);
    for t in tasks {
        all.extend(t.await??);
    }
    Ok(all)
}

/// One `tools/call` on each session, 16 at a time; the server's CPU time per call, in µs.
async fn calls_cpu(pid: u32, sessions: &[Mcp], params: &str) -> Result<f64> {
    let before = cpu_secs(pid);
    let per = sessions.len().div_ceil(16).max(1);
    let mut tasks = Vec::new();
    for chunk in sessions.chunks(per) {
        let (chunk, params) = (chunk.to_vec(), params.to_owned());
        tasks.push(tokio::spawn(async move {
            for (i, s) in chunk.iter().enumerate() {
                s.call(i as u64 + 1, "tools/call", &params).await?;
            }
            anyhow::Ok(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    Ok((cpu_secs(pid) - before) * 1e6 / sessions.len().max(1) as f64)
}

/// DELETE every session, 16 at a time; how many answers were not 200.
async fn close_sessions(sessions: Vec<Mcp>) -> Result<usize> {
    let per = sessions.len().div_ceil(16).max(1);
    let mut tasks = Vec::new();
    let mut sessions = sessions.into_iter().peekable();
    while sessions.peek().is_some() {
        let chunk: Vec<Mcp> = sessions.by_ref().take(per).collect();
        tasks.push(tokio::spawn(async move {
            let mut bad = 0;
            for s in &chunk {
                if s.close().await != Some(reqwest::StatusCode::OK) {
                    bad += 1;
                }
            }
            bad
        }));
    }
    let mut bad = 0;
    for t in tasks {
        bad += t.await?;
    }
    Ok(bad)
}

/// `--what sessions`: for each count N, on a fresh server: the RSS before; with N sessions
/// just opened; after they stayed idle for `--idle-secs`; after N more were opened and stayed
/// idle as long (the cost of N more idle sessions once the allocator holds the memory of the
/// first N's workers: what an idle session costs a long-running server); and after all 2N
/// were DELETEd.
async fn sessions_memory(a: &Args, fake: &str, smoke: &Smoke) -> Result<()> {
    println!("## idle sessions\n");
    println!(
        "| sessions N | RSS before | N just opened: RSS, per session | N idle {0} s | 2N idle {0} s: RSS, per idle session (2N - N) | after DELETE of all 2N | DELETE not 200 |\n|---|---|---|---|---|---|---|",
        a.idle_secs
    );
    let mib = |kib: u64| format!("{:.1} MiB", kib as f64 / 1024.0);
    // Settle: let the server's timers and the allocator's deferred frees run.
    let settle = || tokio::time::sleep(Duration::from_secs(2));
    let idle = || tokio::time::sleep(Duration::from_secs(a.idle_secs));
    let mut calls = Vec::new();
    for &n in &a.sessions {
        let server = spawn_http(a, fake, &[])?;
        cold_wait(&server).await?;
        let pid = server.child.id();
        let http = reqwest::Client::builder()
            .pool_max_idle_per_host(16)
            .build()?;
        // One-off costs first (worker threads' heaps, the connection pool, lazy statics).
        let warm = open_sessions(&http, &server.url, 64).await?;
        close_sessions(warm).await?;
        settle().await;
        let before = rss_kib(pid);
        let first = open_sessions(&http, &server.url, n).await?;
        settle().await;
        let opened = rss_kib(pid);
        idle().await;
        let idle_n = rss_kib(pid);
        let second = open_sessions(&http, &server.url, n).await?;
        idle().await;
        let idle_2n = rss_kib(pid);
        // A call on each parked session (which restores it), then one more on each (live).
        let params = request_params(
            json!({"name": smoke.tool, "arguments": smoke.arguments}),
            PROTOCOL,
        );
        let restore_cpu = calls_cpu(pid, &first, &params).await?;
        let live_cpu = calls_cpu(pid, &first, &params).await?;
        let bad = close_sessions(first).await? + close_sessions(second).await?;
        settle().await;
        let closed = rss_kib(pid);
        let per = |kib: u64, from: u64| {
            let b = (kib.saturating_sub(from) * 1024) as f64 / n.max(1) as f64;
            format!("{:.1} kB ({:.1} KiB)", b / 1000.0, b / 1024.0)
        };
        calls.push(format!(
            "| {n} | {} | {} |",
            cpu_per_call(restore_cpu, n),
            cpu_per_call(live_cpu, n)
        ));
        println!(
            "| {n} | {} | {}, {} | {} | {}, {} | {} | {bad} |",
            mib(before),
            mib(opened),
            per(opened, before),
            mib(idle_n),
            mib(idle_2n),
            per(idle_2n, idle_n),
            mib(closed),
        );
    }
    println!(
        "\n| sessions N | server CPU per tools/call on each of the first N, idle {} s (parked ones are restored) | the same again at once (live) |\n|---|---|---|",
        a.idle_secs
    );
    for row in calls {
        println!("{row}");
    }
    println!();
    Ok(())
}
