//! The official MCP conformance suite against every server, in parallel.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};

use crate::projection::Costs;
use crate::servers;
use crate::summary::Status;

/// A server binary serving HTTP on a free port; killed on drop.
struct Running(std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_http(bin: &Path, extra: &[&str]) -> Result<(Running, u16)> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let mut cmd = Command::new(bin);
    cmd.args(["--transport", "http", "--port", &port.to_string()])
        .args(extra)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let running = Running(
        cmd.spawn()
            .with_context(|| format!("start {}", bin.display()))?,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok((running, port));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    bail!("{} did not listen on port {port}", bin.display())
}

pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Run `f` on every item, on as many threads as the machine has cores; every item runs,
/// and the errors of those that failed come back together.
fn each_in_parallel<T: Sync>(items: &[T], f: impl Fn(&T) -> Result<()> + Sync) -> Result<()> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let errors = Mutex::new(Vec::new());
    let workers = cores();
    std::thread::scope(|scope| {
        for _ in 0..workers.min(items.len()) {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if let Err(e) = f(item) {
                        errors
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .push(format!("{e:#}"));
                    }
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap_or_else(|p| p.into_inner());
    ensure!(errors.is_empty(), "{}", errors.join("\n"));
    Ok(())
}

/// The official conformance suite (`@modelcontextprotocol/conformance`, Node 22) against every
/// server over streamable HTTP, with sessions and stateless, servers in parallel;
/// `.ci/conformance-expected*.yml` list the scenarios that do not apply to a tool server.
pub fn conformance(root: &Path, node: &Path, js: &Path, costs: &mut Costs) -> Result<Status> {
    let debug = crate::target_dir(root).join("debug");
    let list = servers::list(root)?;
    let took = std::sync::Mutex::new(Vec::new());
    let result = each_in_parallel(&list, |s| {
        let started = Instant::now();
        let result = conformance_of(root, node, js, &debug, s);
        took.lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((s.binary.clone(), started.elapsed().as_secs_f64()));
        result
    });
    for (package, seconds) in took.into_inner().unwrap_or_else(|p| p.into_inner()) {
        costs.add(&package, "conformance", seconds);
    }
    result?;
    Ok(Status::Passed(format!("{} server(s), 2 modes", list.len())))
}

fn conformance_of(
    root: &Path,
    node: &Path,
    js: &Path,
    debug: &Path,
    s: &servers::Server,
) -> Result<()> {
    let bin = debug.join(&s.binary);
    ensure!(
        bin.exists(),
        "{} is not built (the tests build it)",
        bin.display()
    );
    // Each run in its own directory: the suite writes its results where it runs.
    let work = std::env::temp_dir().join(format!("mcp-conformance-{}", s.service));
    std::fs::create_dir_all(&work)?;
    for (extra, baseline) in [
        (&[][..], ".ci/conformance-expected.yml"),
        (
            &["--stateless"][..],
            ".ci/conformance-expected-stateless.yml",
        ),
    ] {
        let (_server, port) = start_http(&bin, extra)?;
        let out = Command::new(node)
            .current_dir(&work)
            .arg(js)
            .args([
                "server",
                "--url",
                &format!("http://127.0.0.1:{port}/mcp"),
                "--expected-failures",
            ])
            .arg(root.join(baseline))
            .output()
            .context("run the conformance suite")?;
        let mode = if extra.is_empty() {
            "sessions"
        } else {
            "stateless"
        };
        if !out.status.success() {
            bail!(
                "conformance suite failed for {} ({mode}):\n{}{}",
                s.binary,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        println!("conformance: {} ({mode}) ok", s.binary);
    }
    Ok(())
}
