//! Servers under test: in-process ([`TestServer`], [`Setup`]) and child processes.

use std::net::IpAddr;
use std::time::Duration;

use mcp_shared::http_transport::{self, HttpHandle};
use mcp_shared::{McpServer, ServerSpec, Settings};
use serde_json::Value;
use tokio_util::sync::CancellationToken;
use wiremock::MockServer;

use crate::{Client, auth_data, connect_http, settings_for};

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

    /// A client sending this credential object (`x-auth-data`, base64 of its JSON).
    pub async fn client_as(&self, credentials: &Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(credentials);
        self.client_with(&[("x-auth-data", &auth)]).await
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
        self.server.client_as(&credentials).await
    }
}

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
