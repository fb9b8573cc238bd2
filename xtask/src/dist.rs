//! `cargo xtask dist`: the release binaries, for each image platform, with a CycloneDX SBOM
//! each, and the CA bundle the images copy:
//!
//! ```text
//! dist/amd64/<binary>            x86_64-unknown-linux-gnu, static glibc (+crt-static)
//! dist/arm64/<binary>            aarch64-unknown-linux-musl, static musl, cross-compiled
//!                                with cargo-zigbuild (Zig as the C compiler and linker)
//! dist/<arch>/<binary>.cdx.json  the binary's SBOM (cargo-cyclonedx, for that target)
//! dist/ca-certificates.crt       the build host's CA bundle
//! ```
//!
//! The folder names are Docker's `TARGETARCH`, so that `docker/Dockerfile` picks the right
//! binary for each platform of a multi-platform build.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use serde_json::Value;

use crate::servers::{self, Server};
use crate::{cargo, output, run, target_dir};

/// A platform the images are built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Platform {
    pub triple: &'static str,
    /// Docker's `TARGETARCH`, and the folder under `dist/`.
    pub arch: &'static str,
    /// Cross-compiled with cargo-zigbuild (the host builds x86_64 with its own toolchain).
    zig: bool,
    /// ELF `e_machine` of its binaries.
    machine: u16,
}

pub const PLATFORMS: &[Platform] = &[
    Platform {
        triple: "x86_64-unknown-linux-gnu",
        arch: "amd64",
        zig: false,
        machine: object::elf::EM_X86_64,
    },
    Platform {
        triple: "aarch64-unknown-linux-musl",
        arch: "arm64",
        zig: true,
        machine: object::elf::EM_AARCH64,
    },
];

pub fn platform(name: &str) -> Result<Platform> {
    PLATFORMS
        .iter()
        .find(|p| p.triple == name || p.arch == name)
        .copied()
        .with_context(|| {
            let known: Vec<_> = PLATFORMS
                .iter()
                .map(|p| format!("{} ({})", p.triple, p.arch))
                .collect();
            format!("no dist target {name}: one of {}", known.join(", "))
        })
}

/// The servers named (all when none is).
pub fn chosen(root: &Path, names: &[String]) -> Result<Vec<Server>> {
    let all = servers::list(root)?;
    if names.is_empty() {
        return Ok(all);
    }
    names
        .iter()
        .map(|n| {
            all.iter()
                .find(|s| &s.service == n || &s.binary == n)
                .cloned()
                .with_context(|| format!("no server named {n}"))
        })
        .collect()
}

pub struct Options {
    pub platforms: Vec<Platform>,
    /// Cargo profile: `dist` (fat LTO) for what ships; `release` builds faster (CI's check).
    pub profile: String,
    pub sbom: bool,
}

/// Build the servers for each platform into `dist/<arch>/`, with their SBOMs.
pub fn dist(root: &Path, names: &[String], opts: &Options) -> Result<Vec<Server>> {
    let chosen = chosen(root, names)?;
    ensure!(!opts.platforms.is_empty(), "no target given");
    for p in &opts.platforms {
        build(root, &chosen, p, &opts.profile)?;
        let dir = root.join("dist").join(p.arch);
        std::fs::create_dir_all(&dir)?;
        for s in &chosen {
            let from = target_dir(root)
                .join(p.triple)
                .join(&opts.profile)
                .join(&s.binary);
            let to = dir.join(&s.binary);
            std::fs::copy(&from, &to).with_context(|| format!("copy {}", from.display()))?;
            let size = std::fs::metadata(&to)?.len();
            println!(
                "dist/{}/{} ({:.1} MiB, {})",
                p.arch,
                s.binary,
                size as f64 / 1048576.0,
                static_elf(&to, p)?
            );
        }
        if opts.sbom {
            sbom(root, &chosen, p, &dir)?;
        }
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
    std::fs::copy(ca, root.join("dist/ca-certificates.crt"))?;
    println!("dist/ca-certificates.crt (from {})", ca.display());
    Ok(chosen)
}

/// Whether rustup has the target's standard library.
pub fn has_target(triple: &str) -> bool {
    output(Command::new("rustup").args(["target", "list", "--installed"]))
        .is_ok_and(|installed| installed.lines().any(|l| l == triple))
}

/// Install the target's standard library with rustup unless it is there; true if it was added.
pub fn add_target(triple: &str) -> Result<bool> {
    if has_target(triple) {
        return Ok(false);
    }
    output(Command::new("rustup").args(["target", "add", triple]))?;
    Ok(true)
}

fn build(root: &Path, chosen: &[Server], p: &Platform, profile: &str) -> Result<()> {
    add_target(p.triple)?;
    let mut cmd = cargo();
    cmd.current_dir(root);
    if p.zig {
        let bin = crate::tools::zig_venv().join("bin");
        ensure!(
            bin.join("cargo-zigbuild").exists(),
            "cargo-zigbuild is not installed in {}: run `cargo xtask setup` (PyPI: cargo-zigbuild, which brings the Zig toolchain)",
            bin.display()
        );
        // cargo-zigbuild finds Zig as the venv's `python3 -m ziglang`.
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![bin];
        paths.extend(std::env::split_paths(&path));
        cmd.env("PATH", std::env::join_paths(paths)?)
            .arg("zigbuild");
    } else {
        // glibc, linked statically: the image has no C library.
        cmd.env("RUSTFLAGS", "-C target-feature=+crt-static")
            .arg("build");
    }
    cmd.args(["--profile", profile, "--target", p.triple]);
    for s in chosen {
        cmd.args(["-p", &s.binary]);
    }
    run(&mut cmd)
}

/// The binary is an ELF executable for the platform's machine with no program interpreter
/// and no shared library: nothing to load but itself.
pub fn static_elf(path: &Path, p: &Platform) -> Result<String> {
    use object::read::elf::{FileHeader as _, ProgramHeader as _};
    let data = std::fs::read(path).with_context(|| format!("read {}", path.display()))?;
    let header = object::elf::FileHeader64::<object::Endianness>::parse(&*data)
        .with_context(|| format!("{} is not a 64-bit ELF file", path.display()))?;
    let endian = header.endian()?;
    let machine = header.e_machine(endian);
    ensure!(
        machine == p.machine,
        "{} is for ELF machine {machine}, not {} ({})",
        path.display(),
        p.machine,
        p.triple
    );
    for ph in header.program_headers(endian, &*data)? {
        if ph.p_type(endian) == object::elf::PT_INTERP {
            bail!(
                "{} asks for a program interpreter (dynamically linked)",
                path.display()
            );
        }
    }
    let file = object::File::parse(&*data)?;
    use object::Object as _;
    let imports = file.imports()?;
    ensure!(
        imports.is_empty(),
        "{} imports {} symbol(s) from shared libraries",
        path.display(),
        imports.len()
    );
    Ok(format!("static {} ELF", p.arch))
}

/// cargo-cyclonedx writes one SBOM per binary beside each workspace member's Cargo.toml;
/// move the chosen servers' into `dir` and remove the rest.
fn sbom(root: &Path, chosen: &[Server], p: &Platform, dir: &Path) -> Result<()> {
    ensure!(
        crate::tools::has_cyclonedx(),
        "cargo-cyclonedx is not installed: `cargo install cargo-cyclonedx --locked` (or `cargo xtask setup`), or pass --no-sbom"
    );
    let mut cmd = cargo();
    cmd.current_dir(root).args([
        "cyclonedx",
        "-q",
        "--format",
        "json",
        "--spec-version",
        "1.5",
        "--describe",
        "binaries",
        "--no-build-deps",
        "--target",
        p.triple,
    ]);
    // Reproducible: the SBOM's timestamp is the commit's.
    if let Ok(epoch) =
        output(
            Command::new("git")
                .current_dir(root)
                .args(["log", "-1", "--format=%ct"]),
        )
    {
        cmd.env("SOURCE_DATE_EPOCH", epoch.trim());
    }
    let result = run(&mut cmd);
    let written = written_sboms(root);
    let mut moved = 0;
    for s in chosen {
        let from = root
            .join("servers")
            .join(&s.service)
            .join(format!("{}_bin.cdx.json", s.binary));
        if result.is_ok() && from.exists() {
            let to = dir.join(format!("{}.cdx.json", s.binary));
            std::fs::rename(&from, &to)?;
            println!("dist/{}/{}.cdx.json", p.arch, s.binary);
            moved += 1;
        }
    }
    for f in written {
        let _ = std::fs::remove_file(f);
    }
    result?;
    ensure!(
        moved == chosen.len(),
        "cargo cyclonedx wrote {moved} of {} SBOM(s)",
        chosen.len()
    );
    Ok(())
}

/// The `*.cdx.json` files cargo-cyclonedx leaves in the workspace members' folders.
fn written_sboms(root: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![
        root.to_path_buf(),
        root.join("shared"),
        root.join("shared/testkit"),
        root.join("bench"),
        root.join("xtask"),
    ];
    for members in ["servers", "shared/vendors"] {
        if let Ok(rd) = std::fs::read_dir(root.join(members)) {
            dirs.extend(rd.flatten().map(|e| e.path()));
        }
    }
    dirs.iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|rd| rd.flatten().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".cdx.json"))
        })
        .collect()
}

/// What `cargo tree` says the binary links for that target (normal dependencies, the
/// binary's own package left out), as `name@version`.
fn linked_packages(root: &Path, s: &Server, p: &Platform) -> Result<BTreeSet<String>> {
    let tree = output(
        cargo()
            .current_dir(root)
            .args(["tree", "-q", "-p", &s.binary, "--target", p.triple])
            .args(["-e", "normal", "--prefix", "none", "--format", "{p}"]),
    )?;
    Ok(tree
        .lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let (name, version) = (parts.next()?, parts.next()?);
            Some(format!("{name}@{}", version.trim_start_matches('v')))
        })
        .filter(|p| *p != format!("{}@{}", s.binary, crate::deploy::VERSION))
        .collect())
}

/// Every package of `Cargo.lock`, as `name@version`.
fn locked_packages(root: &Path) -> Result<BTreeSet<String>> {
    let text = std::fs::read_to_string(root.join("Cargo.lock")).context("Cargo.lock")?;
    let lock: toml::Table = toml::from_str(&text).context("Cargo.lock is not TOML")?;
    Ok(lock
        .get("package")
        .and_then(|p| p.as_array())
        .into_iter()
        .flatten()
        .filter_map(|p| {
            Some(format!(
                "{}@{}",
                p.get("name")?.as_str()?,
                p.get("version")?.as_str()?
            ))
        })
        .collect())
}

/// The SBOM describes the binary and lists every package `cargo tree` says it links (for
/// its target), each a real package of `Cargo.lock`, with the dependency graph from the
/// binary down. (cargo-cyclonedx resolves features over the whole workspace, so it may list
/// a few packages more than one server alone links; never fewer.) Returns a summary.
pub fn check_sbom(root: &Path, s: &Server, p: &Platform, path: &Path) -> Result<String> {
    let sbom: Value = serde_json::from_str(
        &std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?,
    )
    .with_context(|| format!("{} is not JSON", path.display()))?;
    ensure!(
        sbom["bomFormat"] == "CycloneDX",
        "{}: not a CycloneDX BOM",
        path.display()
    );
    let described = &sbom["metadata"]["component"];
    ensure!(
        described["name"] == s.binary.as_str() && described["version"] == crate::deploy::VERSION,
        "{}: describes {} {}, not {} {}",
        path.display(),
        described["name"],
        described["version"],
        s.binary,
        crate::deploy::VERSION
    );
    let listed: BTreeSet<String> = sbom["components"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| {
            Some(format!(
                "{}@{}",
                c["name"].as_str()?,
                c["version"].as_str()?
            ))
        })
        .collect();
    let linked = linked_packages(root, s, p)?;
    let missing: Vec<_> = linked.difference(&listed).collect();
    ensure!(
        missing.is_empty(),
        "{}: {} package(s) the binary links are not listed: {missing:?}",
        path.display(),
        missing.len()
    );
    let locked = locked_packages(root)?;
    let unknown: Vec<_> = listed.difference(&locked).collect();
    ensure!(
        unknown.is_empty(),
        "{}: lists package(s) that are not in Cargo.lock: {unknown:?}",
        path.display()
    );
    let root_ref = described["bom-ref"].as_str().unwrap_or_default();
    let direct = sbom["dependencies"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| d["ref"] == root_ref)
        .and_then(|d| d["dependsOn"].as_array())
        .map(|d| d.len())
        .unwrap_or(0);
    ensure!(
        direct > 0,
        "{}: the dependency graph has no edges from the binary",
        path.display()
    );
    Ok(format!(
        "SBOM lists {} packages ({} linked per cargo tree, {direct} direct)",
        listed.len(),
        linked.len()
    ))
}

/// CI's cross-build check: the server for linux/arm64 is a static AArch64 executable, runs
/// (under qemu-user when the host has it) and answers `tools/list` with the same tools as the
/// host build, and its SBOM lists what it links.
pub fn cross_check(root: &Path, service: &str, host_binary: &Path) -> Result<String> {
    let p = platform("aarch64-unknown-linux-musl")?;
    let opts = Options {
        platforms: vec![p],
        profile: "release".into(),
        sbom: true,
    };
    let chosen = dist(root, &[service.to_owned()], &opts)?;
    let s = chosen.first().context("no server")?;
    let binary = root.join("dist").join(p.arch).join(&s.binary);
    let elf = static_elf(&binary, &p)?;
    let sbom = check_sbom(
        root,
        s,
        &p,
        &root
            .join("dist")
            .join(p.arch)
            .join(format!("{}.cdx.json", s.binary)),
    )?;
    let qemu = "qemu-aarch64-static";
    ensure!(
        crate::tools::has(qemu, "--version"),
        "{qemu} is not installed (Debian: qemu-user-static; `cargo xtask setup` installs it)"
    );
    let version = Command::new(qemu).arg(&binary).arg("--version").output()?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
    ensure!(
        version == format!("{} {}", s.binary, crate::deploy::VERSION),
        "the arm64 binary under qemu says `{version}`"
    );
    let ours = tool_names(Command::new(qemu).arg(&binary))?;
    let host = tool_names(&mut Command::new(host_binary))?;
    ensure!(
        ours == host && !ours.is_empty(),
        "the arm64 binary lists {} tool(s), the host build {}",
        ours.len(),
        host.len()
    );
    Ok(format!(
        "{elf}; under qemu: `{version}`, {} tools as on x86_64; {sbom}",
        ours.len()
    ))
}

/// The tool names a server lists over stdio (initialize, initialized, tools/list).
fn tool_names(cmd: &mut Command) -> Result<Vec<String>> {
    use std::io::Write as _;
    let mut child = cmd
        .env_remove("AUTH_DATA")
        .env("MCP_TRANSPORT", "stdio")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .context("cannot start the server")?;
    let mut stdin = child.stdin.take().context("no stdin")?;
    for msg in [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"xtask","version":"1"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
    ] {
        writeln!(stdin, "{msg}")?;
    }
    let stdout = child.stdout.take().context("no stdout")?;
    let mut names = None;
    use std::io::BufRead as _;
    for line in std::io::BufReader::new(stdout).lines() {
        let v: Value = serde_json::from_str(&line?).unwrap_or_default();
        if v["id"] == 2 {
            names = v["result"]["tools"].as_array().map(|t| {
                t.iter()
                    .filter_map(|t| t["name"].as_str().map(str::to_owned))
                    .collect::<Vec<_>>()
            });
            break;
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    names.context("no tools/list answer")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_by_triple_or_docker_arch_and_a_clear_error_otherwise() {
        assert_eq!(
            platform("arm64").ok().map(|p| p.triple),
            Some("aarch64-unknown-linux-musl")
        );
        assert_eq!(
            platform("x86_64-unknown-linux-gnu").ok().map(|p| p.arch),
            Some("amd64")
        );
        let e = platform("riscv64")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("aarch64-unknown-linux-musl (arm64)"), "{e}");
    }

    #[test]
    fn a_dynamically_linked_executable_is_not_static() {
        // This machine's own `ls` is a dynamically linked x86_64 executable.
        let ls = Path::new("/bin/ls");
        if ls.exists() {
            let e = static_elf(ls, &PLATFORMS[0]).err().map(|e| e.to_string());
            assert!(e.is_some_and(|e| e.contains("interpreter")), "{ls:?}");
            let e = static_elf(ls, &PLATFORMS[1]).err().map(|e| e.to_string());
            assert!(e.is_some_and(|e| e.contains("machine")));
        }
    }
}
