//! Independent readers and writers for the files our servers write (openpyxl, python-docx,
//! python-pptx) and real servers written in Python (aiosmtpd): the Python of the venv that
//! `cargo xtask setup` installs (`$MCP_TOOLS_DIR/py`, by default `~/.cache/mcp-servers/py`),
//! or `MCP_PYTHON`.
//!
//! A test that needs one fails with a message that says how to install it: it never passes
//! by skipping.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Python that has every module of `modules`, or a panic that says how to get one.
pub fn python_with(modules: &[&str]) -> PathBuf {
    let candidates = [
        std::env::var_os("MCP_PYTHON").map(PathBuf::from),
        std::env::var_os("MCP_TOOLS_DIR").map(|d| PathBuf::from(d).join("py/bin/python")),
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/mcp-servers/py/bin/python")),
    ];
    let import = format!("import {}", modules.join(", "));
    for p in candidates.into_iter().flatten() {
        let ok = Command::new(&p)
            .args(["-c", &import])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return p;
        }
    }
    panic!(
        "no Python with {} found: run `cargo xtask setup` (it installs them in a venv), or set \
         MCP_PYTHON to a Python that has them",
        modules.join(", ")
    )
}

/// Run `script` (Python source) with `args` in `dir` under a Python that has `modules`;
/// its standard output, or a panic with its standard error.
pub fn run_python(modules: &[&str], dir: &Path, script: &str, args: &[&str]) -> String {
    let py = python_with(modules);
    let out = Command::new(&py)
        .current_dir(dir)
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", py.display()));
    assert!(
        out.status.success(),
        "the Python script failed ({}):\n{}\n--- script ---\n{script}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
