//! The server process: spawned over stdio or HTTP against the fake, stopped as an orchestrator
//! stops it, waited for, and its cold start timed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::args::Args;
use crate::mcp::{Mcp, init_body};

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

pub struct Server {
    pub child: Child,
    pub url: String,
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

pub fn server_command(a: &Args, fake: &str) -> Command {
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

pub fn spawn_http(a: &Args, fake: &str, extra: &[&str]) -> Result<Server> {
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

/// Wait until the server answers `/healthz` (which opens no session).
pub async fn cold_wait(server: &Server) -> Result<()> {
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

pub fn cold_start_stdio(a: &Args, fake: &str) -> Result<Duration> {
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

pub async fn cold_start_http(a: &Args, fake: &str) -> Result<Duration> {
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
