//! Repositories as the Atlas profile shows them: a repository with its README and root, a
//! commit, lists of commits, branches and tags, a file written, a file or directory read.

use serde_json::Value;

use super::{bullet, date, fenced, items, short, show, showing, text};

/// Sizes as the Smithery server gives them: kilobytes with one decimal.
fn kb(bytes: u64, decimals: usize) -> String {
    format!("{:.decimals$} KB", bytes as f64 / 1024.0)
}

/// The README of a repository as `get_repository` found it.
pub enum Readme {
    Text(String),
    Missing,
    Unreadable(String),
}

/// `get_repository`: GitHub's repository object, its README and its root directory (GitHub's
/// contents listing, or why it could not be read), directories first.
pub fn repository(repo: &Value, readme: &Readme, root: Result<&Value, &str>) -> String {
    let mut out = format!("# {}\n\n", text(repo, "full_name"));
    if !text(repo, "description").is_empty() {
        out.push_str(&format!("> {}\n\n", text(repo, "description")));
    }
    let license = repo["license"]["spdx_id"].as_str().unwrap_or("None");
    out.push_str(&format!(
        "**Language:** {} | **Stars:** {} | **Forks:** {} | **License:** {license}\n\n",
        show(repo, "language", "Not specified"),
        show(repo, "stargazers_count", "0"),
        show(repo, "forks_count", "0"),
    ));
    out.push_str("## README\n\n");
    match readme {
        Readme::Text(t) => out.push_str(&format!("{t}\n\n")),
        Readme::Missing => out.push_str("*No README file found*\n\n"),
        Readme::Unreadable(why) => out.push_str(&format!("*README could not be read: {why}*\n\n")),
    }
    out.push_str("## Repository Structure\n\n");
    match root {
        Ok(entries) => out.push_str(&listing(entries)),
        Err(why) => out.push_str(&format!("*Unable to fetch repository contents: {why}*\n\n")),
    }
    out.push_str("## Links\n\n");
    bullet(&mut out, "GitHub", text(repo, "html_url"));
    if !text(repo, "clone_url").is_empty() {
        bullet(
            &mut out,
            "Clone",
            &format!("`git clone {}`", text(repo, "clone_url")),
        );
    }
    bullet(&mut out, "Website", text(repo, "homepage"));
    out
}

/// A directory's entries (GitHub's contents listing, or our `entries`): directories first,
/// each group by name.
fn listing(entries: &Value) -> String {
    let mut all: Vec<&Value> = entries.as_array().into_iter().flatten().collect();
    all.sort_by(|a, b| text(a, "name").cmp(text(b, "name")));
    let mut out = String::new();
    let dirs: Vec<&&Value> = all.iter().filter(|e| e["type"] == "dir").collect();
    if !dirs.is_empty() {
        out.push_str("### Directories\n");
        for d in dirs {
            out.push_str(&format!("- **{}/**\n", text(d, "name")));
        }
        out.push('\n');
    }
    let files: Vec<&&Value> = all.iter().filter(|e| e["type"] != "dir").collect();
    if !files.is_empty() {
        out.push_str("### Files\n");
        for f in files {
            let size = match f["size"].as_u64() {
                Some(n) if n > 0 => format!(" ({})", kb(n, 1)),
                _ => String::new(),
            };
            out.push_str(&format!("- {}{size}\n", text(f, "name")));
        }
        out.push('\n');
    }
    if out.is_empty() {
        out.push_str("*Empty directory*\n\n");
    }
    out
}

/// `get_commit`: one commit with its changed files.
pub fn commit(v: &Value) -> String {
    let sha = text(v, "sha");
    let mut out = format!("# Commit {}\n\n", short(sha));
    out.push_str(&format!("**Message:** {}\n\n", text(v, "message")));
    out.push_str(&format!(
        "**Author:** {}{}\n",
        show(v, "author", "Unknown"),
        match text(v, "author_login") {
            "" => String::new(),
            login => format!(" (@{login})"),
        }
    ));
    out.push_str(&format!("**Date:** {}\n", date(v, "authored_at")));
    if v["committer"] != v["author"] {
        out.push_str(&format!("**Committer:** {}\n", show(v, "committer", "")));
    }
    let files = v["files"].as_array().map(Vec::as_slice).unwrap_or_default();
    out.push_str("\n## Changes\n\n");
    bullet(&mut out, "Files changed", &files.len().to_string());
    bullet(&mut out, "Additions", &show(&v["stats"], "additions", "0"));
    bullet(&mut out, "Deletions", &show(&v["stats"], "deletions", "0"));
    if !files.is_empty() {
        out.push_str("\n## Files\n\n");
        for f in files {
            let mark = match text(f, "status") {
                "added" => "[A]",
                "removed" => "[D]",
                "modified" => "[M]",
                "renamed" => "[R]",
                _ => "[?]",
            };
            out.push_str(&format!(
                "- {mark} {} (+{} -{})\n",
                text(f, "filename"),
                show(f, "additions", "0"),
                show(f, "deletions", "0")
            ));
        }
    }
    if let Some(next) = v["next_page"].as_u64() {
        out.push_str(&format!(
            "\n*More changed files: call again with page={next}.*\n"
        ));
    }
    out.push_str("\n## Links\n\n");
    bullet(&mut out, "Commit URL", text(v, "html_url"));
    bullet(&mut out, "Full SHA", sha);
    out
}

/// `list_commits`: a page of a branch's commits, newest first.
pub fn commit_list(owner: &str, repo: &str, at: Option<&str>, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No commits found.".to_owned();
    }
    let mut out = format!("# Commits for {owner}/{repo}");
    if let Some(at) = at {
        out.push_str(&format!(" ({at})"));
    }
    out.push_str("\n\n");
    showing(&mut out, found.len(), "commit(s)", page, v);
    for c in found {
        let first_line = text(c, "message").lines().next().unwrap_or_default();
        out.push_str(&format!("## {}: {first_line}\n\n", short(text(c, "sha"))));
        let author = match (text(c, "author"), text(c, "author_login")) {
            ("", "") => "Unknown",
            ("", login) => login,
            (name, _) => name,
        };
        bullet(&mut out, "Author", author);
        bullet(&mut out, "Date", &date(c, "authored_at"));
        bullet(&mut out, "SHA", text(c, "sha"));
        bullet(&mut out, "URL", text(c, "html_url"));
        out.push('\n');
    }
    out
}

/// `list_branches`: a page of a repository's branches, the default one marked.
pub fn branch_list(owner: &str, repo: &str, default: Option<&str>, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No branches found.".to_owned();
    }
    let mut out = format!("# Branches for {owner}/{repo}\n\n");
    showing(&mut out, found.len(), "branch(es)", page, v);
    for b in found {
        let name = text(b, "name");
        let mark = if Some(name) == default {
            " (default)"
        } else {
            ""
        };
        out.push_str(&format!("## {name}{mark}\n\n"));
        bullet(&mut out, "SHA", &short(text(b, "sha")));
        if b["protected"] == true {
            bullet(&mut out, "Protected", "Yes");
        }
        out.push('\n');
    }
    out
}

/// `list_tags`: a page of a repository's tags.
pub fn tag_list(owner: &str, repo: &str, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No tags found.".to_owned();
    }
    let mut out = format!("# Tags for {owner}/{repo}\n\n");
    showing(&mut out, found.len(), "tag(s)", page, v);
    for t in found {
        out.push_str(&format!("## {}\n\n", text(t, "name")));
        bullet(&mut out, "SHA", &short(text(t, "sha")));
        if !text(t, "zipball_url").is_empty() {
            bullet(
                &mut out,
                "Download",
                &format!(
                    "[ZIP]({}) | [TAR]({})",
                    text(t, "zipball_url"),
                    text(t, "tarball_url")
                ),
            );
        }
        out.push('\n');
    }
    out
}

/// `create_or_update_file`: the file written and its commit.
pub fn file_written(v: &Value) -> String {
    let commit = &v["commit"];
    let mut out = format!("# File {}\n\n", text(commit, "message"));
    out.push_str(&format!("**Path:** {}\n", text(v, "path")));
    out.push_str(&format!("**SHA:** {}\n", show(v, "sha", "N/A")));
    out.push_str(&format!("**Size:** {} bytes\n\n", show(v, "size", "0")));
    out.push_str("## Commit Details\n\n");
    bullet(&mut out, "Commit SHA", text(commit, "sha"));
    bullet(&mut out, "URL", text(commit, "html_url"));
    bullet(&mut out, "File URL", text(v, "html_url"));
    out
}

/// How many lines of a file the overview shows.
const PREVIEW_LINES: usize = 50;

/// `get_file_contents`: a text file (its first 50 lines, or all of it with `full`), a
/// directory's entries, or what else the path is (a symlink, a submodule, a file too large
/// for the contents API).
pub fn contents(meta: &Value, full: bool) -> String {
    let path = text(meta, "path");
    if meta["type"] == "dir" {
        let shown = if path.is_empty() { "/" } else { path };
        return format!("# Directory: {shown}\n\n{}", listing(&meta["entries"]));
    }
    let name = text(meta, "name");
    let Some(content) = meta["content"]
        .as_str()
        .filter(|_| meta["encoding"] == "utf-8")
    else {
        let mut out = format!("# {}: {name}\n\n", show(meta, "type", "file"));
        for key in [
            "path",
            "size",
            "sha",
            "target",
            "submodule_git_url",
            "download_url",
        ] {
            bullet(&mut out, key, &show(meta, key, ""));
        }
        bullet(&mut out, "Note", text(meta, "content_omitted"));
        return out;
    };
    let size = meta["size"].as_u64().unwrap_or_default();
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    let sha = text(meta, "sha");
    let mut out = format!("# File: {name}\n\n");
    out.push_str(&format!("**Path:** {path}\n"));
    out.push_str(&format!("**Size:** {} ({size} bytes)\n", kb(size, 2)));
    out.push_str(&format!("**SHA:** {} (full: {sha})\n\n", short(sha)));
    let lines: Vec<&str> = content.split('\n').collect();
    out.push_str(&format!("**Lines:** {}\n\n", lines.len()));
    if full {
        out.push_str("## Full Content\n\n");
        out.push_str(&fenced(ext, content));
    } else {
        out.push_str(&format!("## Preview (first {PREVIEW_LINES} lines)\n\n"));
        let preview = lines
            .iter()
            .take(PREVIEW_LINES)
            .copied()
            .collect::<Vec<_>>()
            .join("\n");
        out.push_str(&fenced(ext, &preview));
        if lines.len() > PREVIEW_LINES {
            out.push_str(&format!(
                "\n*Showing first {PREVIEW_LINES} lines of {} total. Use mode='full' to see complete file.*\n",
                lines.len()
            ));
        }
    }
    if meta["truncated"] == true {
        out.push_str(&format!(
            "\n*The file is longer than this tool returns: fetch {} for the rest.*\n",
            text(meta, "download_url")
        ));
    }
    out
}
