//! The reading tools: status, the three diffs, log, show and branch listing.

use chrono::Utc;
use git2::{BranchType, Repository, Status, StatusOptions};
use mcp_shared::workspace::Workspace;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::repo::{self, git_error, refish, shorten};
use crate::{dates, patch};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("git_status", "Git status", Effect::Read, git_status).toolset("git"),
        tool(
            "git_diff_unstaged",
            "Git diff of unstaged changes",
            Effect::Read,
            git_diff_unstaged,
        )
        .toolset("git"),
        tool(
            "git_diff_staged",
            "Git diff of staged changes",
            Effect::Read,
            git_diff_staged,
        )
        .toolset("git"),
        tool(
            "git_diff",
            "Git diff with a revision",
            Effect::Read,
            git_diff,
        )
        .toolset("git"),
        tool("git_log", "Git log", Effect::Read, git_log).toolset("git"),
        tool("git_show", "Git show", Effect::Read, git_show).toolset("git"),
        tool("git_branch", "Git branch list", Effect::Read, git_branch).toolset("git"),
    ]
}

const CONTEXT_DEFAULT: u64 = 3;

/// Show the working tree status of a repository, as `git status` prints it: the branch (and
/// how it stands against its upstream), staged changes, unstaged changes, untracked files.
#[derive(Deserialize, JsonSchema)]
pub struct StatusArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
}

async fn git_status(ctx: Ctx, a: StatusArgs) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            repo::workdir(&repo)?;
            let limit = ws.limits().max_entries;
            Ok(format!(
                "Repository status:\n{}",
                status_text(&repo, limit)?
            ))
        })
        .await
}

/// Show the changes in the working tree that are not staged yet (`git diff`), as a unified
/// patch. Untracked files are not shown (see git_status).
#[derive(Deserialize, JsonSchema)]
pub struct DiffUnstagedArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// Lines of context around each change
    #[schemars(extend("default" = 3))]
    context_lines: Option<Count>,
}

async fn git_diff_unstaged(ctx: Ctx, a: DiffUnstagedArgs) -> Result<String, ToolError> {
    let context = a.context_lines.map_or(CONTEXT_DEFAULT, Count::get);
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            repo::workdir(&repo)?;
            let mut diff = repo
                .diff_index_to_workdir(None, Some(&mut patch::options(context)))
                .map_err(|e| git_error("compare the index with the working tree", e))?;
            patch::find_renames(&mut diff)?;
            Ok(format!("Unstaged changes:\n{}", patch::text(&diff)?))
        })
        .await
}

/// Show the changes staged for the next commit (`git diff --cached`), as a unified patch.
#[derive(Deserialize, JsonSchema)]
pub struct DiffStagedArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// Lines of context around each change
    #[schemars(extend("default" = 3))]
    context_lines: Option<Count>,
}

async fn git_diff_staged(ctx: Ctx, a: DiffStagedArgs) -> Result<String, ToolError> {
    let context = a.context_lines.map_or(CONTEXT_DEFAULT, Count::get);
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let head = head_tree(&repo)?;
            let mut diff = repo
                .diff_tree_to_index(head.as_ref(), None, Some(&mut patch::options(context)))
                .map_err(|e| git_error("compare HEAD with the index", e))?;
            patch::find_renames(&mut diff)?;
            Ok(format!("Staged changes:\n{}", patch::text(&diff)?))
        })
        .await
}

/// Show the differences between a branch or commit and the working tree (`git diff
/// <target>`), as a unified patch. A range `A..B` compares two revisions, and `A...B`
/// compares B with the merge base of A and B. `target` must not start with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct DiffArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// Branch, tag, commit id or revision (`HEAD~1`, `main`, `v1.0`), or a range `A..B` /
    /// `A...B`, to compare against
    target: String,
    /// Lines of context around each change
    #[schemars(extend("default" = 3))]
    context_lines: Option<Count>,
}

async fn git_diff(ctx: Ctx, a: DiffArgs) -> Result<String, ToolError> {
    let context = a.context_lines.map_or(CONTEXT_DEFAULT, Count::get);
    refish("target", &a.target)?;
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let target = refish("target", &a.target)?;
            let mut opts = patch::options(context);
            let mut diff = if target.contains("..") {
                let spec = repo
                    .revparse(target)
                    .map_err(|e| repo::unknown_revision("target", target, e))?;
                let to = tree_of(spec.to(), target)?;
                let from = if spec.mode().contains(git2::RevparseMode::MERGE_BASE) {
                    let (a_id, b_id) = match (spec.from(), spec.to()) {
                        (Some(f), Some(t)) => (f.id(), t.id()),
                        _ => {
                            return Err(ToolError::invalid_input(
                                "`target`: give both ends of `A...B`",
                            ));
                        }
                    };
                    let base = repo
                        .merge_base(a_id, b_id)
                        .map_err(|e| git_error("find the merge base", e))?;
                    repo.find_commit(base)
                        .and_then(|c| c.tree())
                        .map_err(|e| git_error("read the merge base", e))?
                } else {
                    tree_of(spec.from(), target)?
                };
                repo.diff_tree_to_tree(Some(&from), Some(&to), Some(&mut opts))
                    .map_err(|e| git_error("compare the revisions", e))?
            } else {
                let commit = repo::commit(&repo, "target", target)?;
                let tree = commit.tree().map_err(|e| git_error("read the tree", e))?;
                repo::workdir(&repo)?;
                repo.diff_tree_to_workdir_with_index(Some(&tree), Some(&mut opts))
                    .map_err(|e| git_error("compare with the working tree", e))?
            };
            patch::find_renames(&mut diff)?;
            Ok(format!("Diff with {target}:\n{}", patch::text(&diff)?))
        })
        .await
}

/// Show the commit history of the current branch, newest first: for each commit its id,
/// author, date and message. `start_timestamp` / `end_timestamp` keep commits made since /
/// until a time (git's `--since` / `--until`, on the commit time): an ISO 8601 date or time
/// (`2024-01-15`, `2024-01-15T10:30:00`, `2024-01-15T10:30:00+02:00`; no offset means UTC;
/// a date alone is its midnight UTC), Unix seconds, or a relative form (`now`, `today`,
/// `yesterday`, `2 weeks ago`, `3 days ago`, `1 month ago`, `last week`). Neither may start
/// with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct LogArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// Most commits to show
    #[schemars(extend("default" = 10))]
    max_count: Option<Count>,
    /// Only commits since this time (ISO 8601 date or time, Unix seconds, or relative such
    /// as "2 weeks ago", "yesterday")
    start_timestamp: Option<String>,
    /// Only commits until this time (ISO 8601 date or time, Unix seconds, or relative such
    /// as "2 weeks ago", "yesterday")
    end_timestamp: Option<String>,
}

/// Most commits one log returns, and most it walks through to find them.
const MAX_LOG: u64 = 10_000;
const MAX_WALK: usize = 1_000_000;

async fn git_log(ctx: Ctx, a: LogArgs) -> Result<String, ToolError> {
    let now = Utc::now();
    let since = bound("start_timestamp", a.start_timestamp.as_deref(), now)?;
    let until = bound("end_timestamp", a.end_timestamp.as_deref(), now)?;
    let max = a.max_count.map_or(10, Count::get).min(MAX_LOG);
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            if repo.head().is_err() {
                return Ok("Commit history:\n(no commits yet)".to_owned());
            }
            let mut walk = repo
                .revwalk()
                .map_err(|e| git_error("walk the history", e))?;
            walk.set_sorting(git2::Sort::TIME)
                .and_then(|()| walk.push_head())
                .map_err(|e| git_error("walk the history", e))?;
            let mut blocks = Vec::new();
            let mut walked = 0usize;
            let mut cut = false;
            for id in walk {
                if blocks.len() as u64 >= max {
                    break;
                }
                walked += 1;
                if walked > MAX_WALK {
                    cut = true;
                    break;
                }
                let id = id.map_err(|e| git_error("walk the history", e))?;
                let c = repo
                    .find_commit(id)
                    .map_err(|e| git_error("read a commit", e))?;
                let t = c.time().seconds();
                if since.is_some_and(|s| t < s) || until.is_some_and(|u| t > u) {
                    continue;
                }
                blocks.push(patch::header(&c));
            }
            let mut out = format!("Commit history:\n{}", blocks.join("\n"));
            if cut {
                out.push_str(&format!(
                    "\n[stopped after walking {MAX_WALK} commits; narrow the time range]"
                ));
            }
            Ok(out.trim_end().to_owned())
        })
        .await
}

/// The tree of one end of a range.
fn tree_of<'r>(o: Option<&git2::Object<'r>>, target: &str) -> Result<git2::Tree<'r>, ToolError> {
    let o = o.ok_or_else(|| {
        ToolError::invalid_input(format!(
            "`target` {}: give both ends of the range, as `A..B`",
            shorten(target)
        ))
    })?;
    o.peel_to_tree()
        .map_err(|e| git_error("read the revision's tree", e))
}

fn bound(arg: &str, v: Option<&str>, now: chrono::DateTime<Utc>) -> Result<Option<i64>, ToolError> {
    match v {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => dates::parse(arg, s, now).map(Some),
    }
}

/// Show a commit: its id, author, date and message, then its changes against its first
/// parent as a unified patch (a root commit: everything it adds). `revision` is a commit
/// id, branch, tag or expression such as `HEAD~1`, and must not start with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct ShowArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// The commit to show: commit id, branch, tag or revision such as `HEAD~1`
    revision: String,
}

async fn git_show(ctx: Ctx, a: ShowArgs) -> Result<String, ToolError> {
    refish("revision", &a.revision)?;
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let c = repo::commit(&repo, "revision", &a.revision)?;
            let tree = c
                .tree()
                .map_err(|e| git_error("read the commit's tree", e))?;
            let parent_tree = match c.parents().next() {
                Some(p) => Some(
                    p.tree()
                        .map_err(|e| git_error("read the parent's tree", e))?,
                ),
                None => None,
            };
            let mut diff = repo
                .diff_tree_to_tree(
                    parent_tree.as_ref(),
                    Some(&tree),
                    Some(&mut patch::options(3)),
                )
                .map_err(|e| git_error("compare the commit with its parent", e))?;
            patch::find_renames(&mut diff)?;
            let body = patch::text(&diff)?;
            Ok(format!("{}\n{body}", patch::header(&c))
                .trim_end()
                .to_owned())
        })
        .await
}

/// List branches as `git branch` prints them: local ones (the current one marked `*`),
/// remote-tracking ones (`-r`) or both (`-a`). `contains` keeps branches whose tip contains
/// a commit, `not_contains` those whose tip does not; neither may start with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct BranchArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// Which branches: `local`, `remote` or `all`
    branch_type: String,
    /// Only branches that contain this commit (id, branch, tag or revision)
    contains: Option<String>,
    /// Only branches that do not contain this commit (id, branch, tag or revision)
    not_contains: Option<String>,
}

async fn git_branch(ctx: Ctx, a: BranchArgs) -> Result<String, ToolError> {
    let (local, remote) = match a.branch_type.trim() {
        "local" => (true, false),
        "remote" => (false, true),
        "all" => (true, true),
        other => {
            return Err(ToolError::invalid_input(format!(
                "`branch_type` {}: give `local`, `remote` or `all`",
                shorten(other)
            )));
        }
    };
    let given = |v: &Option<String>| {
        v.as_deref()
            .filter(|s| !s.trim().is_empty())
            .map(str::to_owned)
    };
    let contains = given(&a.contains);
    let not_contains = given(&a.not_contains);
    for (arg, v) in [("contains", &contains), ("not_contains", &not_contains)] {
        if let Some(v) = v {
            refish(arg, v)?;
        }
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let want = match &contains {
                Some(v) => Some(repo::commit(&repo, "contains", v)?.id()),
                None => None,
            };
            let avoid = match &not_contains {
                Some(v) => Some(repo::commit(&repo, "not_contains", v)?.id()),
                None => None,
            };
            let has = |tip: git2::Oid, c: git2::Oid| -> bool {
                tip == c || repo.graph_descendant_of(tip, c).unwrap_or(false)
            };
            let keep = |tip: Option<git2::Oid>| -> bool {
                if want.is_none() && avoid.is_none() {
                    return true;
                }
                let Some(tip) = tip else { return false };
                want.is_none_or(|c| has(tip, c)) && avoid.is_none_or(|c| !has(tip, c))
            };
            let mut lines = Vec::new();
            if local {
                let head = repo.head().ok();
                if let Some(id) = head
                    .as_ref()
                    .filter(|h| !h.is_branch())
                    .and_then(|h| h.target())
                    && keep(Some(id))
                {
                    lines.push(format!("* (HEAD detached at {})", short(&repo, id)));
                }
                let current = head
                    .as_ref()
                    .filter(|h| h.is_branch())
                    .and_then(|h| h.shorthand().map(str::to_owned));
                for (name, tip, _) in branches(&repo, BranchType::Local)? {
                    if keep(tip) {
                        let mark = if current.as_deref() == Some(name.as_str()) {
                            "*"
                        } else {
                            " "
                        };
                        lines.push(format!("{mark} {name}"));
                    }
                }
            }
            if remote {
                let prefix = if local { "remotes/" } else { "" };
                for (name, tip, symbolic) in branches(&repo, BranchType::Remote)? {
                    if keep(tip) {
                        match symbolic {
                            Some(to) => lines.push(format!("  {prefix}{name} -> {to}")),
                            None => lines.push(format!("  {prefix}{name}")),
                        }
                    }
                }
            }
            Ok(lines.join("\n"))
        })
        .await
}

type Listed = (String, Option<git2::Oid>, Option<String>);

/// The branches of one type, sorted by name: name, tip, and the branch a symbolic one
/// (`origin/HEAD`) points to.
fn branches(repo: &Repository, kind: BranchType) -> Result<Vec<Listed>, ToolError> {
    let mut out = Vec::new();
    for b in repo
        .branches(Some(kind))
        .map_err(|e| git_error("list the branches", e))?
    {
        let (b, _) = b.map_err(|e| git_error("list the branches", e))?;
        let r = b.get();
        let name = String::from_utf8_lossy(r.shorthand_bytes()).into_owned();
        let tip = r.resolve().ok().and_then(|r| r.target());
        let symbolic = r
            .symbolic_target()
            .map(|t| t.strip_prefix("refs/remotes/").unwrap_or(t).to_owned());
        out.push((name, tip, symbolic));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The tree of HEAD, or none on a branch without commits.
pub fn head_tree(repo: &Repository) -> Result<Option<git2::Tree<'_>>, ToolError> {
    match repo.head() {
        Ok(h) => h
            .peel_to_tree()
            .map(Some)
            .map_err(|e| git_error("read HEAD", e)),
        Err(e)
            if matches!(
                e.code(),
                git2::ErrorCode::UnbornBranch | git2::ErrorCode::NotFound
            ) =>
        {
            Ok(None)
        }
        Err(e) => Err(git_error("read HEAD", e)),
    }
}

/// A commit id abbreviated as git does (7 characters or more, unique).
pub fn short(repo: &Repository, id: git2::Oid) -> String {
    repo.find_object(id, None)
        .and_then(|o| o.short_id())
        .ok()
        .and_then(|b| b.as_str().map(str::to_owned))
        .unwrap_or_else(|| id.to_string().chars().take(7).collect())
}

/// The current branch's name (also on a branch without commits), or none when detached.
pub fn current_branch(repo: &Repository) -> Option<String> {
    let head = repo.find_reference("HEAD").ok()?;
    let target = head.symbolic_target()?;
    Some(
        target
            .strip_prefix("refs/heads/")
            .unwrap_or(target)
            .to_owned(),
    )
}

/// `git status` text of the repository, at most `limit` paths per section.
fn status_text(repo: &Repository, limit: usize) -> Result<String, ToolError> {
    let mut out = String::new();
    let unborn = head_tree(repo)?.is_none();
    match current_branch(repo) {
        Some(b) => out.push_str(&format!("On branch {b}\n")),
        None => {
            let id = repo.head().ok().and_then(|h| h.target());
            match id {
                Some(id) => out.push_str(&format!("HEAD detached at {}\n", short(repo, id))),
                None => out.push_str("Not currently on any branch.\n"),
            }
        }
    }
    let mut spaced = unborn;
    if unborn {
        out.push_str("\nNo commits yet\n");
    } else if let Some(text) = upstream_text(repo) {
        out.push_str(&text);
        spaced = true;
    }
    let mut opts = StatusOptions::new();
    opts.include_untracked(true)
        .recurse_untracked_dirs(false)
        .include_ignored(false)
        .renames_head_to_index(true);
    let statuses = repo
        .statuses(Some(&mut opts))
        .map_err(|e| git_error("read the status", e))?;
    let mut staged = Vec::new();
    let mut unstaged = Vec::new();
    let mut unstaged_deleted = false;
    let mut untracked = Vec::new();
    let mut unmerged = Vec::new();
    for e in statuses.iter() {
        let s = e.status();
        let path = String::from_utf8_lossy(e.path_bytes()).into_owned();
        if s.is_conflicted() {
            unmerged.push(format!("\t{:<16}{path}", "both modified:"));
            continue;
        }
        let staged_label = if s.contains(Status::INDEX_NEW) {
            Some("new file:")
        } else if s.contains(Status::INDEX_MODIFIED) {
            Some("modified:")
        } else if s.contains(Status::INDEX_DELETED) {
            Some("deleted:")
        } else if s.contains(Status::INDEX_RENAMED) {
            Some("renamed:")
        } else if s.contains(Status::INDEX_TYPECHANGE) {
            Some("typechange:")
        } else {
            None
        };
        if let Some(label) = staged_label {
            let shown = match e.head_to_index() {
                Some(d) if s.contains(Status::INDEX_RENAMED) => format!(
                    "{} -> {}",
                    d.old_file()
                        .path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default(),
                    d.new_file()
                        .path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default()
                ),
                _ => path.clone(),
            };
            staged.push(format!("\t{label:<12}{shown}"));
        }
        let unstaged_label = if s.contains(Status::WT_MODIFIED) {
            Some("modified:")
        } else if s.contains(Status::WT_DELETED) {
            unstaged_deleted = true;
            Some("deleted:")
        } else if s.contains(Status::WT_TYPECHANGE) {
            Some("typechange:")
        } else if s.contains(Status::WT_RENAMED) {
            Some("renamed:")
        } else {
            None
        };
        if let Some(label) = unstaged_label {
            unstaged.push(format!("\t{label:<12}{path}"));
        }
        if s.contains(Status::WT_NEW) {
            untracked.push(format!("\t{path}"));
        }
    }
    // git separates the sections (and the last line) by a blank line, and the first one from
    // the branch lines only after an upstream line or "No commits yet".
    let mut started = spaced;
    let mut section = |out: &mut String, title: &str, hints: &[&str], lines: &[String]| {
        if lines.is_empty() {
            return;
        }
        if started {
            out.push('\n');
        }
        started = true;
        out.push_str(&format!("{title}\n"));
        for h in hints {
            out.push_str(&format!("  {h}\n"));
        }
        for l in lines.iter().take(limit) {
            out.push_str(l);
            out.push('\n');
        }
        if lines.len() > limit {
            out.push_str(&format!("\t[{} more not shown]\n", lines.len() - limit));
        }
    };
    let unstage_hint = if unborn {
        "(use \"git rm --cached <file>...\" to unstage)"
    } else {
        "(use \"git restore --staged <file>...\" to unstage)"
    };
    section(
        &mut out,
        "Changes to be committed:",
        &[unstage_hint],
        &staged,
    );
    section(
        &mut out,
        "Unmerged paths:",
        &["(use \"git add <file>...\" to mark resolution)"],
        &unmerged,
    );
    section(
        &mut out,
        "Changes not staged for commit:",
        &[
            if unstaged_deleted {
                "(use \"git add/rm <file>...\" to update what will be committed)"
            } else {
                "(use \"git add <file>...\" to update what will be committed)"
            },
            "(use \"git restore <file>...\" to discard changes in working directory)",
        ],
        &unstaged,
    );
    section(
        &mut out,
        "Untracked files:",
        &["(use \"git add <file>...\" to include in what will be committed)"],
        &untracked,
    );
    let any =
        !(staged.is_empty() && unmerged.is_empty() && unstaged.is_empty() && untracked.is_empty());
    if any || spaced {
        out.push('\n');
    }
    if staged.is_empty() && unmerged.is_empty() {
        let last = if !unstaged.is_empty() {
            "no changes added to commit (use \"git add\" and/or \"git commit -a\")"
        } else if !untracked.is_empty() {
            "nothing added to commit but untracked files present (use \"git add\" to track)"
        } else if unborn {
            "nothing to commit (create/copy files and use \"git add\" to track)"
        } else {
            "nothing to commit, working tree clean"
        };
        out.push_str(last);
    }
    Ok(out.trim_end().to_owned())
}

/// How the current branch stands against its upstream, as `git status` says it.
fn upstream_text(repo: &Repository) -> Option<String> {
    let name = current_branch(repo)?;
    let branch = repo.find_branch(&name, BranchType::Local).ok()?;
    let upstream = branch.upstream().ok()?;
    let up_name = String::from_utf8_lossy(upstream.get().shorthand_bytes()).into_owned();
    let local = branch.get().target()?;
    let remote = upstream.get().target()?;
    let (ahead, behind) = repo.graph_ahead_behind(local, remote).ok()?;
    let commits = |n: usize| if n == 1 { "commit" } else { "commits" };
    Some(match (ahead, behind) {
        (0, 0) => format!("Your branch is up to date with '{up_name}'.\n"),
        (a, 0) => format!(
            "Your branch is ahead of '{up_name}' by {a} {}.\n  (use \"git push\" to publish your local commits)\n",
            commits(a)
        ),
        (0, b) => format!(
            "Your branch is behind '{up_name}' by {b} {}, and can be fast-forwarded.\n  (use \"git pull\" to update your local branch)\n",
            commits(b)
        ),
        (a, b) => format!(
            "Your branch and '{up_name}' have diverged,\nand have {a} and {b} different commits each, respectively.\n  (use \"git pull\" if you want to integrate the remote branch with yours)\n"
        ),
    })
}
