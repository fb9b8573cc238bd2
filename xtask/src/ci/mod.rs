//! `cargo xtask ci`: `setup`, then every check, and a summary that lists each one as passed,
//! failed or skipped (a skip always with its reason).

mod conformance;
mod scaffold_check;
mod test_runner;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail, ensure};

use crate::projection::{Costs, nextest_line};
use crate::summary::{Status, Summary};
use crate::tools::{Tools, has, has_cyclonedx, run_captured};
use crate::{cargo, run, servers};
use conformance::{conformance, cores};
use scaffold_check::scaffold_check;
use test_runner::run_summarised;

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
        crate::setup::setup(&mut s);
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
        crate::setup::stop_test_cluster(&target);
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
                return missing(
                    setup_ran,
                    "Node 22 or newer, or the MCP conformance suite (npm)",
                );
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
            if !Tools::zigbuild() || !has_cyclonedx() {
                return missing(setup_ran, "cargo-zigbuild with Zig, or cargo-cyclonedx");
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
        "scaffold: `cargo xtask new --kind rest|graphql|connector|local|tenant-host|google|microsoft` passes its tests, fmt and check (then removed)",
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
