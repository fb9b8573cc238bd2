//! The scaffold check: `cargo xtask new` of each kind in the work tree, checked, then undone.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};

use crate::summary::Status;
use crate::{cargo, run};

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
pub fn scaffold_check(root: &Path) -> Result<Status> {
    const KINDS: [&str; 7] = [
        "rest",
        "graphql",
        "connector",
        "local",
        "tenant-host",
        "google",
        "microsoft",
    ];
    let mut files = Vec::new();
    for f in ["README.md", "Cargo.lock", "docs/tool-tokens.md"] {
        let path = root.join(f);
        let bytes = std::fs::read(&path).with_context(|| format!("read {f}"))?;
        files.push((path, bytes));
    }
    // Names no catalog has: `acme_tenant_host_check`, ...
    let names: Vec<String> = KINDS
        .iter()
        .map(|k| format!("acme_{}_check", k.replace('-', "_")))
        .collect();
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
