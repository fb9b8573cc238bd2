//! The tools that list: one directory (with or without sizes), a recursive tree as JSON, and
//! a glob search. Every listing and walk is capped; a capped result says so.

use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::workspace::{Kind, ListedEntry, Listing, Walk, WalkEntry, Workspace, WsPath};
use mcp_shared::{Ctx, Effect, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::glob::{Excludes, Pattern};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "filesystem_list_directory",
            "List directory",
            Effect::Read,
            list_directory,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_list_directory_with_sizes",
            "List directory with sizes",
            Effect::Read,
            list_directory_with_sizes,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_directory_tree",
            "Directory tree",
            Effect::Read,
            directory_tree,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_search_files",
            "Search files",
            Effect::Read,
            search_files,
        )
        .toolset("filesystem"),
    ]
}

fn tag(e: &ListedEntry) -> &'static str {
    if e.kind == Kind::Dir {
        "[DIR]"
    } else {
        "[FILE]"
    }
}

fn omitted_line(l: &Listing) -> Option<String> {
    (l.omitted > 0).then(|| {
        format!(
            "[{} more entries not listed: a listing shows at most {}]",
            l.omitted, l.cap
        )
    })
}

/// List a directory of the workspace: one line per entry, `[DIR] name` or `[FILE] name`
/// (anything that is not a directory, symbolic links included), sorted by name. At most
/// 10,000 entries.
#[derive(Deserialize, JsonSchema)]
pub struct ListDirectory {
    /// The directory, relative to the workspace (`.` for the workspace itself)
    path: String,
}

async fn list_directory(ctx: Ctx, a: ListDirectory) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let l = ws.list("path", &p)?;
            let mut lines: Vec<String> = l
                .entries
                .iter()
                .map(|e| format!("{} {}", tag(e), e.name.to_string_lossy()))
                .collect();
            lines.extend(omitted_line(&l));
            Ok(lines.join("\n"))
        })
        .await
}

/// The order of a listing with sizes.
#[derive(Deserialize, JsonSchema, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SortBy {
    #[default]
    Name,
    Size,
}

/// List a directory of the workspace with sizes: `[FILE] name  size` or `[DIR] name` per
/// line, sorted by name or by size (largest first), then the number of files and
/// directories and their combined size. Sizes of symbolic links are of the link itself. At
/// most 10,000 entries.
#[derive(Deserialize, JsonSchema)]
pub struct ListWithSizes {
    /// The directory, relative to the workspace (`.` for the workspace itself)
    path: String,
    /// Sort entries by `name` or by `size` (largest first)
    #[serde(rename = "sortBy", default)]
    sort_by: SortBy,
}

/// A size as the reference server writes it: `0 B`, `512 B`, `1.50 KB`, `2.00 MB`.
fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.2} {}", UNITS.get(unit).copied().unwrap_or("TB"))
}

/// `s` padded with spaces to `width` characters.
fn pad(s: &str, width: usize) -> String {
    format!("{s:<width$}")
}

async fn list_directory_with_sizes(ctx: Ctx, a: ListWithSizes) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let mut l = ws.list("path", &p)?;
            if a.sort_by == SortBy::Size {
                // Largest first; a directory's own size says nothing of what it holds.
                let size = |e: &ListedEntry| if e.kind == Kind::Dir { 0 } else { e.len };
                l.entries
                    .sort_by(|x, y| size(y).cmp(&size(x)).then(x.name.cmp(&y.name)));
            }
            let mut lines: Vec<String> = l
                .entries
                .iter()
                .map(|e| {
                    let name = pad(&e.name.to_string_lossy(), 30);
                    if e.kind == Kind::Dir {
                        format!("{} {name}", tag(e))
                    } else {
                        format!("{} {name} {:>10}", tag(e), format_size(e.len))
                    }
                })
                .collect();
            lines.extend(omitted_line(&l));
            let dirs = l.entries.iter().filter(|e| e.kind == Kind::Dir).count();
            let files = l.entries.len() - dirs;
            let size: u64 = l
                .entries
                .iter()
                .filter(|e| e.kind != Kind::Dir)
                .map(|e| e.len)
                .sum();
            lines.push(String::new());
            lines.push(format!("Total: {files} files, {dirs} directories"));
            lines.push(format!("Combined size: {}", format_size(size)));
            Ok(lines.join("\n"))
        })
        .await
}

/// A note for a walk that stopped at a cap.
fn capped(w: &Walk) -> Option<String> {
    let mut notes = Vec::new();
    if let Some(n) = w.stopped_at_entries {
        notes.push(format!(
            "the walk stopped after {n} entries (its cap); narrow it with a deeper `path` or `excludePatterns`"
        ));
    }
    if let Some(n) = w.stopped_at_depth {
        notes.push(format!(
            "directories {n} levels deep (the depth cap) are shown without their entries"
        ));
    }
    (!notes.is_empty()).then(|| format!("[Incomplete: {}.]", notes.join("; ")))
}

#[derive(Serialize)]
struct Node {
    name: String,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    children: Option<Vec<Node>>,
}

/// Nest the entries of a walk (depth first, a directory before its entries).
fn nest(entries: &[WalkEntry]) -> Vec<Node> {
    fn close(stack: &mut Vec<Node>, roots: &mut Vec<Node>) {
        if let Some(done) = stack.pop() {
            match stack.last_mut().and_then(|d| d.children.as_mut()) {
                Some(children) => children.push(done),
                None => roots.push(done),
            }
        }
    }
    let mut roots = Vec::new();
    let mut stack: Vec<Node> = Vec::new();
    for e in entries {
        while stack.len() >= e.depth {
            close(&mut stack, &mut roots);
        }
        let name = e
            .rel
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if e.kind == Kind::Dir {
            stack.push(Node {
                name,
                kind: "directory",
                children: Some(Vec::new()),
            });
        } else {
            let node = Node {
                name,
                kind: "file",
                children: None,
            };
            match stack.last_mut().and_then(|d| d.children.as_mut()) {
                Some(children) => children.push(node),
                None => roots.push(node),
            }
        }
    }
    while !stack.is_empty() {
        close(&mut stack, &mut roots);
    }
    roots
}

/// A recursive tree of a directory of the workspace as JSON (2-space indent): a list of
/// `{"name", "type": "file"|"directory", "children": [...]}`, `children` on directories
/// only. Symbolic links are listed as files and not followed. At most 100,000 entries and
/// 64 levels; a capped tree says so after the JSON.
#[derive(Deserialize, JsonSchema)]
pub struct DirectoryTree {
    /// The directory, relative to the workspace (`.` for the workspace itself)
    path: String,
    /// Glob patterns of paths (relative to `path`) to leave out; a pattern without `*`
    /// also leaves out that name at any depth (`node_modules`)
    #[serde(rename = "excludePatterns", default)]
    exclude_patterns: Option<Vec<String>>,
}

fn walk(ws: &Workspace, p: &WsPath, excludes: &Excludes) -> Result<Walk, ToolError> {
    ws.walk("path", p, |e| !excludes.excludes(&e.rel))
}

fn with_note(text: String, note: Option<String>) -> Output {
    let mut blocks = vec![ContentBlock::text(text)];
    blocks.extend(note.map(ContentBlock::text));
    Output::Content(blocks)
}

async fn directory_tree(ctx: Ctx, a: DirectoryTree) -> Result<Output, ToolError> {
    let excludes = Excludes::new(&a.exclude_patterns.unwrap_or_default())?;
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let w = walk(ws, &p, &excludes)?;
            let json = serde_json::to_string_pretty(&nest(&w.entries))
                .map_err(|e| ToolError::invalid_input(format!("cannot write the tree: {e}")))?;
            Ok(with_note(json, capped(&w)))
        })
        .await
}

/// Find files and directories below a directory of the workspace whose path relative to it
/// matches a glob pattern: `*.txt` matches directly inside, `**/*.txt` at any depth, `*`
/// never crosses a `/`, and names starting with a dot match too. Returns the full paths of
/// the matches, one per line, or `No matches found`. Symbolic links are not followed. At
/// most 100,000 entries are visited; a capped search says so.
#[derive(Deserialize, JsonSchema)]
pub struct SearchFiles {
    /// The directory to search, relative to the workspace (`.` for the workspace itself)
    path: String,
    /// A glob pattern on paths relative to `path`
    pattern: String,
    /// Glob patterns of paths to leave out (with what is below them); a pattern without `*`
    /// also leaves out that name at any depth
    #[serde(rename = "excludePatterns", default)]
    exclude_patterns: Option<Vec<String>>,
}

async fn search_files(ctx: Ctx, a: SearchFiles) -> Result<Output, ToolError> {
    let pattern = Pattern::new(&a.pattern)?;
    let excludes = Excludes::new(&a.exclude_patterns.unwrap_or_default())?;
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let w = walk(ws, &p, &excludes)?;
            let base = if p.is_root() {
                ws.root().to_path_buf()
            } else {
                ws.root().join(p.rel())
            };
            let found: Vec<String> = w
                .entries
                .iter()
                .filter(|e| pattern.matches(&e.rel))
                .map(|e| base.join(&e.rel).to_string_lossy().into_owned())
                .collect();
            let text = if found.is_empty() {
                "No matches found".to_owned()
            } else {
                found.join("\n")
            };
            Ok(with_note(text, capped(&w)))
        })
        .await
}
