//! The writing tools: stage, unstage, commit, create a branch, check one out.

use std::cell::RefCell;
use std::os::unix::ffi::OsStrExt as _;
use std::path::{Component, Path, PathBuf};

use git2::build::CheckoutBuilder;
use git2::{BranchType, CheckoutNotificationType, IndexAddOption, Repository};
use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::reading::{current_branch, short};
use crate::repo::{self, branch_name, git_error, refish, shorten};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("git_commit", "Git commit", Effect::Write, git_commit).toolset("git"),
        tool("git_add", "Git add", Effect::IdempotentWrite, git_add).toolset("git"),
        tool(
            "git_reset",
            "Git reset (unstage all)",
            Effect::IdempotentWrite,
            git_reset,
        )
        .toolset("git"),
        tool(
            "git_create_branch",
            "Git create branch",
            Effect::Write,
            git_create_branch,
        )
        .toolset("git"),
        tool(
            "git_checkout",
            "Git checkout",
            Effect::IdempotentWrite,
            git_checkout,
        )
        .toolset("git"),
    ]
}

/// Record the staged changes as a new commit on the current branch (`git commit -m`).
/// The author and committer come from GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL (and
/// GIT_COMMITTER_*) of the server, else the repository's user.name and user.email. Refused
/// when nothing is staged. Returns the new commit's id.
#[derive(Deserialize, JsonSchema)]
pub struct CommitArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// The commit message
    message: String,
}

async fn git_commit(ctx: Ctx, a: CommitArgs) -> Result<String, ToolError> {
    if a.message.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`message` must not be empty: git refuses a commit without a message",
        ));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let (author, committer) = repo::signatures(&repo)?;
            let mut index = repo.index().map_err(|e| git_error("read the index", e))?;
            if index.has_conflicts() {
                return Err(ToolError::invalid_input(
                    "the index has unresolved conflicts: resolve them and stage the files (git_add) first",
                ));
            }
            let tree_id = index
                .write_tree()
                .map_err(|e| git_error("write the index's tree", e))?;
            let tree = repo
                .find_tree(tree_id)
                .map_err(|e| git_error("read the index's tree", e))?;
            let parent = match repo.head() {
                Ok(h) => Some(h.peel_to_commit().map_err(|e| git_error("read HEAD", e))?),
                Err(_) => None,
            };
            let unchanged = match &parent {
                Some(p) => p.tree_id() == tree_id,
                None => index.is_empty(),
            };
            if unchanged {
                return Err(ToolError::invalid_input(
                    "nothing to commit: no changes are staged",
                )
                .with_hint("stage changes with git_add first (git_status shows what changed)."));
            }
            let message = git2::message_prettify(&a.message, None)
                .map_err(|e| git_error("read the message", e))?;
            let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
            let id = repo
                .commit(Some("HEAD"), &author, &committer, &message, &tree, &parents)
                .map_err(|e| git_error("commit", e))?;
            Ok(format!("Changes committed successfully with hash {id}"))
        })
        .await
}

/// Stage files for the next commit (`git add`). `files` are paths relative to the
/// repository's top directory (files, directories, or glob patterns such as `*.py`); `["."]`
/// stages every change, deletions included. A deleted file that was tracked stages its
/// deletion. Paths must stay inside the repository and the workspace: `..` out of them,
/// paths into `.git`, and symbolic links that lead out are refused; ignored files are
/// refused as git does.
#[derive(Deserialize, JsonSchema)]
pub struct AddArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// The paths to stage, relative to the repository; `["."]` for everything
    files: Vec<String>,
}

/// Most paths one call names.
const MAX_FILES: usize = 10_000;

async fn git_add(ctx: Ctx, a: AddArgs) -> Result<String, ToolError> {
    if a.files.is_empty() {
        return Err(ToolError::invalid_input(
            "`files` is empty: name the paths to stage, or [\".\"] for everything",
        ));
    }
    if a.files.len() > MAX_FILES {
        return Err(ToolError::invalid_input(format!(
            "`files` names {} paths; at most {MAX_FILES} in one call (use a directory or [\".\"])",
            a.files.len()
        )));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let workdir = repo::workdir(&repo)?;
            let workdir = std::fs::canonicalize(&workdir).map_err(|e| {
                ToolError::invalid_input(format!("the working tree cannot be read: {e}"))
            })?;
            let repo_rel = ws.path("repo_path", &a.repo_path)?.rel().to_path_buf();
            let mut index = repo.index().map_err(|e| git_error("read the index", e))?;
            for file in &a.files {
                stage(ws, &repo, &mut index, &workdir, &repo_rel, file)?;
            }
            index.write().map_err(|e| git_error("write the index", e))?;
            Ok("Files staged successfully".to_owned())
        })
        .await
}

/// Stage one path of `git_add`.
fn stage(
    ws: &Workspace,
    repo: &Repository,
    index: &mut git2::Index,
    workdir: &Path,
    repo_rel: &Path,
    file: &str,
) -> Result<(), ToolError> {
    let shown = shorten(file);
    if file.trim().is_empty() {
        return Err(ToolError::invalid_input("`files`: a path is empty"));
    }
    // Relative paths are taken from the repository's top directory; the jail checks the
    // result (no `..` out of the workspace, no link out of it, absolute only inside it).
    let in_ws = if Path::new(file).is_absolute() {
        file.to_owned()
    } else {
        repo_rel.join(file).to_string_lossy().into_owned()
    };
    let p = ws.path("files", &in_ws)?;
    let out_of_repo = || {
        ToolError::invalid_input(format!(
            "`files` {shown}: outside the repository (paths are relative to its top directory; `..` out of it and links out of it are refused)"
        ))
    };
    // The path as named (a symbolic link is staged as the link, as git does) ...
    let rel = p
        .rel()
        .strip_prefix(repo_rel)
        .map_err(|_| out_of_repo())?
        .to_path_buf();
    // ... and where it leads: a link out of the workspace is refused by the jail, one out of
    // the repository here.
    let host = ws.host_path("files", &p)?;
    if !host.starts_with(workdir) {
        return Err(out_of_repo());
    }
    if rel
        .components()
        .any(|c| matches!(c, Component::Normal(n) if n == ".git"))
    {
        return Err(ToolError::invalid_input(format!(
            "`files` {shown}: inside `.git`, which is git's own data, not a file to stage"
        )));
    }
    // No symbolic link among its parent directories (git: "beyond a symbolic link").
    if let Some(parent) = rel.parent().filter(|d| !d.as_os_str().is_empty()) {
        let lexical = workdir.join(parent);
        if std::fs::canonicalize(&lexical).is_ok_and(|real| real != lexical) {
            return Err(ToolError::invalid_input(format!(
                "`files` {shown}: beyond a symbolic link; stage the link itself or the path it leads to"
            )));
        }
    }
    let rel = rel.as_path();
    let everything = rel.as_os_str().is_empty();
    let meta = std::fs::symlink_metadata(workdir.join(rel)).ok();
    let pathspec = if everything {
        PathBuf::from("*")
    } else {
        rel.to_path_buf()
    };
    match meta {
        Some(m) if m.is_dir() || everything => add_matching(index, &pathspec, &shown),
        Some(_) => {
            if repo.status_should_ignore(rel).unwrap_or(false) {
                return Err(ToolError::invalid_input(format!(
                    "`files` {shown}: ignored by one of the repository's .gitignore files; git does not stage it"
                )));
            }
            index
                .add_path(rel)
                .map_err(|e| git_error(&format!("stage {shown}"), e))
        }
        None if index.get_path(rel, 0).is_some() => index
            .remove_path(rel)
            .map_err(|e| git_error(&format!("stage the deletion of {shown}"), e)),
        None if file.contains(['*', '?', '[']) || tracked_beneath(index, rel) => {
            add_matching(index, &pathspec, &shown)
        }
        None => Err(ToolError::invalid_input(format!(
            "`files` {shown}: pathspec did not match any files"
        ))),
    }
}

/// The index has files beneath the directory `rel` (deleted from the working tree).
fn tracked_beneath(index: &git2::Index, rel: &Path) -> bool {
    index
        .iter()
        .any(|e| Path::new(std::ffi::OsStr::from_bytes(&e.path)).starts_with(rel))
}

/// Stage what `pathspec` matches (new, changed and deleted files, ignored ones left out).
fn add_matching(index: &mut git2::Index, pathspec: &Path, shown: &str) -> Result<(), ToolError> {
    let matched = RefCell::new(0usize);
    let mut count = |_: &Path, _: &[u8]| -> i32 {
        *matched.borrow_mut() += 1;
        0
    };
    index
        .add_all([pathspec], IndexAddOption::DEFAULT, Some(&mut count))
        .map_err(|e| git_error(&format!("stage {shown}"), e))?;
    let mut count_update = |_: &Path, _: &[u8]| -> i32 {
        *matched.borrow_mut() += 1;
        0
    };
    index
        .update_all([pathspec], Some(&mut count_update))
        .map_err(|e| git_error(&format!("stage {shown}"), e))?;
    let is_glob = shown.contains(['*', '?', '[']);
    if is_glob && *matched.borrow() == 0 {
        return Err(ToolError::invalid_input(format!(
            "`files` {shown}: pathspec did not match any files"
        )));
    }
    Ok(())
}

/// Unstage everything (`git reset`): the index becomes HEAD's tree again; the files in the
/// working tree are not touched.
#[derive(Deserialize, JsonSchema)]
pub struct ResetArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
}

async fn git_reset(ctx: Ctx, a: ResetArgs) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            match repo.head().and_then(|h| h.peel_to_commit()) {
                Ok(head) => repo
                    .reset_default(Some(head.as_object()), ["*"])
                    .map_err(|e| git_error("unstage the changes", e))?,
                Err(_) => {
                    let mut index = repo.index().map_err(|e| git_error("read the index", e))?;
                    index
                        .clear()
                        .and_then(|()| index.write())
                        .map_err(|e| git_error("unstage the changes", e))?;
                }
            }
            Ok("All staged changes reset".to_owned())
        })
        .await
}

/// Create a branch (`git branch <name> [<base>]`) without switching to it. The base is a
/// branch, tag, commit id or revision; by default the current commit. Names follow git's
/// rules and must not start with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBranchArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// The new branch's name
    branch_name: String,
    /// Where it starts: a branch, tag, commit id or revision (default: the current commit)
    base_branch: Option<String>,
}

async fn git_create_branch(ctx: Ctx, a: CreateBranchArgs) -> Result<String, ToolError> {
    branch_name("branch_name", &a.branch_name)?;
    let base = a.base_branch.filter(|b| !b.trim().is_empty());
    if let Some(b) = &base {
        refish("base_branch", b)?;
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            let name = branch_name("branch_name", &a.branch_name)?;
            let (commit, base_shown) = match &base {
                Some(b) => (repo::commit(&repo, "base_branch", b)?, refish("base_branch", b)?.to_owned()),
                None => {
                    let head = repo.head().and_then(|h| h.peel_to_commit()).map_err(|_| {
                        ToolError::invalid_input(
                            "the current branch has no commits yet: commit first, or give `base_branch`",
                        )
                    })?;
                    let shown = current_branch(&repo).unwrap_or_else(|| short(&repo, head.id()));
                    (head, shown)
                }
            };
            if repo.find_branch(name, BranchType::Local).is_ok() {
                return Err(ToolError::invalid_input(format!(
                    "a branch named '{name}' already exists"
                )));
            }
            repo.branch(name, &commit, false)
                .map_err(|e| git_error("create the branch", e))?;
            Ok(format!("Created branch '{name}' from '{base_shown}'"))
        })
        .await
}

/// Switch to a branch (`git checkout <branch>`): the working tree and index take its files;
/// local changes are carried over, and the switch is refused (nothing changed) when they
/// would be overwritten. A name that only exists on one remote (`origin/<name>`) makes a
/// local branch tracking it, as git does. Must not start with `-`.
#[derive(Deserialize, JsonSchema)]
pub struct CheckoutArgs {
    /// The repository's top directory (holding `.git`), relative to the workspace
    repo_path: String,
    /// The branch to switch to
    branch_name: String,
}

async fn git_checkout(ctx: Ctx, a: CheckoutArgs) -> Result<String, ToolError> {
    refish("branch_name", &a.branch_name)?;
    Workspace::of(&ctx)?
        .run(move |ws| {
            let repo = repo::open(ws, &a.repo_path)?;
            repo::workdir(&repo)?;
            let name = refish("branch_name", &a.branch_name)?;
            let branch = match repo.find_branch(name, BranchType::Local) {
                Ok(b) => b,
                Err(_) => from_remote(&repo, name)?,
            };
            let refname = branch
                .get()
                .name()
                .map(str::to_owned)
                .ok_or_else(|| ToolError::invalid_input("the branch's name is not UTF-8"))?;
            if current_branch(&repo).as_deref() == Some(name) {
                return Ok(format!("Already on '{name}'"));
            }
            let commit = branch
                .get()
                .peel_to_commit()
                .map_err(|e| git_error("read the branch", e))?;
            let conflicts: RefCell<Vec<String>> = RefCell::new(Vec::new());
            let mut cb = CheckoutBuilder::new();
            cb.safe();
            cb.notify_on(CheckoutNotificationType::CONFLICT);
            cb.notify(|_, path, _, _, _| {
                if let Some(p) = path {
                    conflicts.borrow_mut().push(p.display().to_string());
                }
                true
            });
            let done = repo.checkout_tree(commit.as_object(), Some(&mut cb));
            drop(cb);
            if let Err(e) = done {
                let files = conflicts.borrow();
                if !files.is_empty() || e.code() == git2::ErrorCode::Conflict {
                    let list: Vec<String> = files.iter().take(50).map(|f| format!("\t{f}")).collect();
                    return Err(ToolError::invalid_input(format!(
                        "your local changes to the following files would be overwritten by checkout:\n{}",
                        list.join("\n")
                    ))
                    .with_hint("commit them (git_add, git_commit) before you switch branches; nothing was changed."));
                }
                return Err(git_error("check out the branch", e));
            }
            repo.set_head(&refname)
                .map_err(|e| git_error("move HEAD to the branch", e))?;
            Ok(format!("Switched to branch '{name}'"))
        })
        .await
}

/// A local branch made from the one remote branch `<remote>/<name>`, tracking it.
fn from_remote<'r>(repo: &'r Repository, name: &str) -> Result<git2::Branch<'r>, ToolError> {
    let mut found = Vec::new();
    for b in repo
        .branches(Some(BranchType::Remote))
        .map_err(|e| git_error("list the branches", e))?
    {
        let (b, _) = b.map_err(|e| git_error("list the branches", e))?;
        if let Ok(Some(full)) = b.name()
            && full.split_once('/').is_some_and(|(_, rest)| rest == name)
            && b.get().symbolic_target().is_none()
        {
            found.push(full.to_owned());
        }
    }
    match found.as_slice() {
        [one] => {
            branch_name("branch_name", name)?;
            let commit = repo
                .find_branch(one, BranchType::Remote)
                .and_then(|b| b.get().peel_to_commit())
                .map_err(|e| git_error("read the remote branch", e))?;
            let mut local = repo
                .branch(name, &commit, false)
                .map_err(|e| git_error("create the branch", e))?;
            // Tracking needs the remote in the config; without it the branch is made anyway.
            let _ = local.set_upstream(Some(one));
            Ok(local)
        }
        [] => Err(ToolError::invalid_input(format!(
            "`branch_name` {}: no such branch (pathspec did not match any branch known to git)",
            shorten(name)
        ))
        .with_hint("list branches with git_branch, or create it with git_create_branch.")),
        many => Err(ToolError::invalid_input(format!(
            "`branch_name` {}: matches branches of several remotes ({}); create a local branch from one with git_create_branch",
            shorten(name),
            many.join(", ")
        ))),
    }
}
