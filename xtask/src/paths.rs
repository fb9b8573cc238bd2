//! No file of the repository may refer to a path outside it (a fresh clone has nothing beside
//! it): every relative path with leading `../` must stay inside the repository.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

/// Data files that quote other projects' paths verbatim (not references of ours).
const DATA: &[&str] = &["catalog/klavis-tools.json", "Cargo.lock"];

/// The repository's files: tracked and untracked-but-not-ignored, as git lists them.
pub fn repo_files(root: &Path) -> Result<Vec<PathBuf>> {
    let out = Command::new("git")
        .current_dir(root)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .context("run git ls-files")?;
    anyhow::ensure!(out.status.success(), "git ls-files failed");
    Ok(out
        .stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .collect())
}

/// The files whose text is ours (not the data files).
fn files(root: &Path) -> Result<Vec<PathBuf>> {
    Ok(repo_files(root)?
        .into_iter()
        .filter(|p| !DATA.iter().any(|d| p == Path::new(d)))
        .collect())
}

/// The directory relative paths in `file` are resolved from: its own directory, or for a
/// file of a crate (Rust code resolves `CARGO_MANIFEST_DIR`-relative paths) the directory of
/// the nearest `Cargo.toml`, whichever is shallower.
fn base_depth(root: &Path, file: &Path) -> usize {
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut d = Some(dir);
    while let Some(cur) = d {
        if root.join(cur).join("Cargo.toml").exists() {
            return cur.components().count();
        }
        d = cur.parent();
    }
    dir.components().count()
}

/// In Rust code, `"../x"` is often data (a path-traversal argument a test sends); a line
/// refers to a file when it says so.
fn names_a_file(line: &str) -> bool {
    [
        "CARGO_MANIFEST_DIR",
        "include_str!",
        "include_bytes!",
        "Path",
        "fs::",
        "concat!",
        "#[path",
        "//",
    ]
    .iter()
    .any(|k| line.contains(k))
}

/// The sibling checkout a fresh clone does not have: always flagged when a path climbs out
/// of the repository into it, even in Rust code that does not look like it names a file.
const SIBLING_NAME: &str = "shared/";

/// `(line, column, path)` of every `../`-run in `text` that climbs more than `depth` levels.
#[allow(
    clippy::string_slice,
    reason = "indices from `find` of ASCII `../` and byte counts of ASCII runs: character boundaries"
)]
pub fn escapes(text: &str, depth: usize) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        let mut i = 0;
        while let Some(off) = line[i..].find("../") {
            let start = i + off;
            // Only at the start of a path segment (not `a../`, not the middle of `.../`).
            let at_segment = start == 0
                || !matches!(bytes[start - 1], b'.' | b'_' | b'-')
                    && !bytes[start - 1].is_ascii_alphanumeric();
            let mut end = start;
            let mut ups = 0;
            while line[end..].starts_with("../") {
                ups += 1;
                end += 3;
            }
            // `servers/a/../b` climbs from `servers/a`; `{}/..` and `$X/..` from the base.
            let prefix: String = line[..start]
                .chars()
                .rev()
                .take_while(|c| !c.is_whitespace() && !"\"'`([<=:".contains(*c))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let down = prefix
                .split('/')
                .filter(|s| !s.is_empty() && *s != "." && !s.starts_with(['{', '$']))
                .count();
            if at_segment && ups > depth + down {
                let rest: String = line[end..]
                    .chars()
                    .take_while(|c| !c.is_whitespace() && !"\"'`)]>,;".contains(*c))
                    .collect();
                found.push((n + 1, start + 1, format!("{}{rest}", &line[start..end])));
            }
            i = end.max(start + 1);
        }
    }
    found
}

/// Every reference to a path outside the repository, as `file:line:col: path`.
pub fn outside_references(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for file in files(root)? {
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue; // binary, or deleted but still listed
        };
        let rust = file.extension().is_some_and(|e| e == "rs");
        let depth = base_depth(root, &file);
        for (line, col, path) in escapes(&text, depth) {
            let text_line = text.lines().nth(line - 1).unwrap_or("");
            if rust
                && !names_a_file(text_line)
                && !path.trim_start_matches("../").starts_with(SIBLING_NAME)
            {
                continue;
            }
            problems.push(format!(
                "{}:{line}:{col}: `{path}` is outside the repository (a fresh clone has nothing beside it)",
                file.display()
            ));
        }
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn climbing_out_is_found_and_staying_in_is_not() {
        assert!(names_a_file("Path::new(x)") && !names_a_file("json!({\"id\": \"../x\"})"));
        let up = "..";
        let readme = format!("see [design]({up}/shared/DESIGN.md) and [x](servers/a/{up}/b)");
        assert_eq!(
            escapes(&readme, 0),
            [(1, 14, format!("{up}/shared/DESIGN.md"))]
        );
        let code =
            format!("concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{up}/{up}/{up}/shared/catalog\")");
        assert_eq!(escapes(&code, 2).len(), 1);
        let inside =
            format!("concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{up}/{up}/catalog/x.json\")");
        assert!(escapes(&inside, 2).is_empty());
        assert!(escapes(&format!("a{up}/b .{up}/c"), 0).is_empty());
    }
}
