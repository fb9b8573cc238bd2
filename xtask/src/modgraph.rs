//! Every crate reads one way (the shared crate from transport to vendor): `cargo xtask check`
//! fails when the top-level modules of any crate of the workspace import each other in a
//! circle. The graph is read from the source: each
//! module's `crate::<module>` paths (grouped `use crate::{a, b::c}` included), with comment
//! lines and the `#[cfg(test)]` part of each file left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{Context, Result};

/// Top-level module -> the top-level modules it names.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module graph of the crate whose `src` is `src`.
pub fn graph(src: &Path) -> Result<Graph> {
    let mut g = Graph::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| dir.display().to_string())? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap_or(&path);
            let Some(first) = rel.components().next() else {
                continue;
            };
            let top = first
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned();
            if top == "lib" || top == "main" {
                continue;
            }
            let text =
                std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
            let names = g.entry(top.clone()).or_default();
            names.extend(references(&text).into_iter().filter(|m| *m != top));
        }
    }
    Ok(g)
}

/// The top-level modules a file names through `crate::`.
fn references(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = code.get(i + "crate::".len()..).unwrap_or("");
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::{c, d}, e}`: the first name of each top-level item.
            let mut depth = 0usize;
            let mut item_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && (c.is_ascii_alphanumeric() || c == '_') => {
                        out.insert(ident(group.get(j..).unwrap_or("")));
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// The circles of `g` (its strongly connected components of more than one module).
pub fn cycles(g: &Graph) -> Vec<Vec<String>> {
    // Tarjan's algorithm; the graph is a few dozen modules, so recursion is fine.
    struct T<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in t.g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !t.g.contains_key(w) {
                continue;
            }
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(lw));
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(iw));
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// The `src` folders of the workspace's crates (every folder with a `Cargo.toml` and a `src`,
/// up to three levels down, `target` and hidden folders left out), sorted.
pub fn crate_sources(root: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![(root.to_path_buf(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
            out.push(dir.join("src"));
        }
        if depth == 3 {
            continue;
        }
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() && !name.starts_with('.') && name != "target" && name != "src" {
                stack.push((path, depth + 1));
            }
        }
    }
    out.sort();
    out
}

/// `xtask check`'s problems: each circle among the top-level modules of any crate of the
/// workspace, with its edges.
pub fn problems(root: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for src in crate_sources(root) {
        let shown = src.strip_prefix(root).unwrap_or(&src).display().to_string();
        out.extend(problems_of(&src, &shown)?);
    }
    Ok(out)
}

fn problems_of(src: &Path, shown: &str) -> Result<Vec<String>> {
    let g = graph(src)?;
    Ok(cycles(&g)
        .into_iter()
        .map(|comp| {
            let edges: Vec<String> = comp
                .iter()
                .flat_map(|a| {
                    g[a].iter()
                        .filter(|b| comp.contains(b))
                        .map(move |b| format!("{a} -> {b}"))
                })
                .collect();
            format!(
                "{shown}: the modules {} import each other in a circle ({}): move what they share below them",
                comp.join(", "),
                edges.join(", ")
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(edges: &[(&str, &[&str])]) -> Graph {
        edges
            .iter()
            .map(|(a, bs)| (a.to_string(), bs.iter().map(|b| b.to_string()).collect()))
            .collect()
    }

    #[test]
    fn references_read_paths_and_groups_but_not_comments_or_tests() {
        let text = "use crate::auth::Credentials;\nuse crate::{error::ToolError, spec::{A, B}, tenant};\n\
            // crate::commented\n/// [`crate::documented`]\nfn f() { crate::metrics::count(); }\n\
            #[cfg(test)]\nmod tests { use crate::tested; }\n";
        let r: Vec<_> = references(text).into_iter().collect();
        assert_eq!(r, ["auth", "error", "metrics", "spec", "tenant"]);
    }

    #[test]
    fn circles_are_found_and_a_one_way_graph_has_none() {
        let circle = g(&[
            ("context", &["spec", "error"]),
            ("spec", &["tenant"]),
            ("tenant", &["context"]),
            ("error", &[]),
        ]);
        assert_eq!(cycles(&circle), vec![vec!["context", "spec", "tenant"]]);
        let one_way = g(&[
            ("context", &["declared", "error"]),
            ("spec", &["tenant", "declared"]),
            ("tenant", &["context"]),
            ("declared", &[]),
            ("error", &[]),
        ]);
        assert!(cycles(&one_way).is_empty());
    }

    #[test]
    fn no_crate_has_a_circle() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let sources = crate_sources(&root);
        for must in [
            "shared/src",
            "shared/testkit/src",
            "xtask/src",
            "servers/github/src",
        ] {
            assert!(
                sources.contains(&root.join(must)),
                "{must} not found in {sources:?}"
            );
        }
        assert_eq!(problems(&root).unwrap(), Vec::<String>::new());
    }
}
