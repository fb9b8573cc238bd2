//! Opening a repository through the workspace jail, the checks every ref-like argument
//! passes, and git2's errors as tool errors.

use std::path::{Path, PathBuf};

use git2::{ErrorCode, Repository, RepositoryOpenFlags};
use mcp_shared::workspace::Workspace;
use mcp_shared::{ErrorKind, ToolError};

/// The repository at `repo_path` (relative to the workspace, or absolute inside it): its top
/// directory (holding `.git`) or a bare repository. No parent directory is searched, and a
/// repository whose git directory, common directory, working tree or object alternates lie
/// outside the workspace is refused.
pub fn open(ws: &Workspace, repo_path: &str) -> Result<Repository, ToolError> {
    let p = ws.path("repo_path", repo_path)?;
    let host = ws.host_path("repo_path", &p)?;
    if !host.is_dir() {
        return Err(ToolError::invalid_input(format!(
            "`repo_path` {}: no such directory in the workspace",
            p.shown()
        )));
    }
    let repo = Repository::open_ext(&host, RepositoryOpenFlags::NO_SEARCH, std::iter::empty::<&str>())
        .map_err(|e| {
            if e.code() == ErrorCode::NotFound {
                ToolError::invalid_input(format!(
                    "`repo_path` {}: not a git repository (no `.git` in that directory; parent directories are not searched)",
                    p.shown()
                ))
                .with_hint("give the repository's top directory, the one that holds `.git`.")
            } else if e.class() == git2::ErrorClass::Config || e.message().contains("owner") {
                ToolError::invalid_input(format!(
                    "`repo_path` {}: the repository cannot be opened: {}",
                    p.shown(),
                    e.message()
                ))
            } else {
                git_error("open the repository", e)
            }
        })?;
    let root = real_root(ws)?;
    let mut places: Vec<(&str, PathBuf)> = vec![
        ("git directory", repo.path().to_path_buf()),
        ("common git directory", repo.commondir().to_path_buf()),
    ];
    if let Some(w) = repo.workdir() {
        places.push(("working tree", w.to_path_buf()));
    }
    for (what, place) in &places {
        if !inside(&root, place) {
            return Err(outside(repo_path, what));
        }
    }
    let alternates = repo.commondir().join("objects/info/alternates");
    if let Ok(text) = std::fs::read_to_string(&alternates) {
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let target = repo.commondir().join("objects").join(line);
            if !inside(&root, &target) {
                return Err(outside(repo_path, "object alternates"));
            }
        }
    }
    Ok(repo)
}

fn outside(repo_path: &str, what: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`repo_path` {repo_path}: the repository's {what} lies outside the workspace (workspace rule: nothing outside the workspace is read or written)"
    ))
}

/// The workspace directory with its symbolic links resolved.
fn real_root(ws: &Workspace) -> Result<PathBuf, ToolError> {
    std::fs::canonicalize(ws.root()).map_err(|e| {
        ToolError::new(
            ErrorKind::Transport,
            format!(
                "the workspace {} cannot be opened: {e}",
                ws.root().display()
            ),
        )
    })
}

/// `place` (resolved) is `root` or beneath it.
fn inside(root: &Path, place: &Path) -> bool {
    match std::fs::canonicalize(place) {
        Ok(real) => real.starts_with(root),
        Err(_) => false,
    }
}

/// The working tree of `repo`, or a clear error for a bare repository.
pub fn workdir(repo: &Repository) -> Result<PathBuf, ToolError> {
    repo.workdir()
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            ToolError::invalid_input(
                "this is a bare repository: it has no working tree, so there is nothing to stage, check out or compare with files",
            )
        })
}

/// A ref, revision, branch name or date that an agent gave as `arg`: not empty, no leading
/// `-` (it would read as an option), no NUL or line breaks.
pub fn refish<'a>(arg: &str, value: &'a str) -> Result<&'a str, ToolError> {
    let v = value.trim();
    if v.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not be empty"
        )));
    }
    if v.starts_with('-') {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not start with `-` ({}): refs, revisions, branch names and dates that start with `-` are refused, so none can be read as an option",
            shorten(v)
        )));
    }
    if v.chars().any(|c| c == '\0' || c == '\n' || c == '\r') {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not contain NUL or line breaks"
        )));
    }
    Ok(v)
}

/// A new branch's name, checked with git's reference name rules.
pub fn branch_name<'a>(arg: &str, value: &'a str) -> Result<&'a str, ToolError> {
    let v = refish(arg, value)?;
    let valid = git2::Branch::name_is_valid(v).unwrap_or(false) && v != "HEAD";
    if !valid {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {}: not a valid branch name (git's rules: no spaces, `..`, `~`, `^`, `:`, `?`, `*`, `[`, `\\`, `@{{`, no leading `-` or `/`, no trailing `.lock`, `/` or `.`)",
            shorten(v)
        )));
    }
    Ok(v)
}

/// The commit `rev` names (a branch, tag, commit id or revision expression such as `HEAD~2`).
pub fn commit<'r>(
    repo: &'r Repository,
    arg: &str,
    rev: &str,
) -> Result<git2::Commit<'r>, ToolError> {
    let rev = refish(arg, rev)?;
    let obj = repo
        .revparse_single(rev)
        .map_err(|e| unknown_revision(arg, rev, e))?;
    obj.peel_to_commit().map_err(|_| {
        ToolError::invalid_input(format!("`{arg}` {}: does not name a commit", shorten(rev)))
    })
}

pub fn unknown_revision(arg: &str, rev: &str, e: git2::Error) -> ToolError {
    match e.code() {
        ErrorCode::NotFound | ErrorCode::InvalidSpec | ErrorCode::Ambiguous | ErrorCode::UnbornBranch => {
            ToolError::invalid_input(format!(
                "`{arg}` {}: unknown revision or ref ({})",
                shorten(rev),
                e.message()
            ))
            .with_hint("name a branch, tag or commit id of this repository (git_branch and git_log list them).")
        }
        _ => git_error("resolve the revision", e),
    }
}

/// A value shown in a message, at most 100 characters.
pub fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(100).collect();
    if s.chars().count() > 100 {
        out.push('…');
    }
    out
}

/// A failure of libgit2 while doing `what`.
pub fn git_error(what: &str, e: git2::Error) -> ToolError {
    let kind = match e.code() {
        ErrorCode::NotFound
        | ErrorCode::Exists
        | ErrorCode::Ambiguous
        | ErrorCode::InvalidSpec
        | ErrorCode::Conflict
        | ErrorCode::Unmerged
        | ErrorCode::BareRepo
        | ErrorCode::UnbornBranch
        | ErrorCode::Locked
        | ErrorCode::Invalid
        | ErrorCode::Uncommitted
        | ErrorCode::Directory
        | ErrorCode::Modified => ErrorKind::InvalidInput,
        _ => ErrorKind::Transport,
    };
    ToolError::new(kind, format!("git could not {what}: {}", e.message()))
}

/// Who a commit is by: `GIT_AUTHOR_*` / `GIT_COMMITTER_*` of the server's environment, else
/// the repository's own `user.name` and `user.email` (its `.git/config`).
pub fn signatures(
    repo: &Repository,
) -> Result<(git2::Signature<'static>, git2::Signature<'static>), ToolError> {
    let config = repo
        .config()
        .and_then(|c| c.open_level(git2::ConfigLevel::Local))
        .ok();
    let from_config = |key: &str| -> Option<String> {
        config
            .as_ref()
            .and_then(|c| c.get_string(key).ok())
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let env = |key: &str| -> Option<String> {
        std::env::var(key)
            .ok()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let config_name = from_config("user.name");
    let config_email = from_config("user.email");
    // The variables of `vars` first, then the repository's config, then `fallback`'s.
    let make = |who: &str, vars: (&str, &str), fallback: Option<(&str, &str)>| {
        let name = env(vars.0)
            .or_else(|| config_name.clone())
            .or_else(|| fallback.and_then(|f| env(f.0)));
        let email = env(vars.1)
            .or_else(|| config_email.clone())
            .or_else(|| fallback.and_then(|f| env(f.1)));
        match (name, email) {
            (Some(n), Some(e)) => git2::Signature::now(&n, &e)
                .map_err(|e| git_error(&format!("make the {who} signature"), e)),
            _ => Err(ToolError::invalid_input(format!(
                "no commit {who}: set user.name and user.email in the repository's config (.git/config), or {} and {} in the server's environment",
                vars.0, vars.1
            ))),
        }
    };
    let author_vars = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL");
    let author = make("author", author_vars, None)?;
    let committer = make(
        "committer",
        ("GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"),
        Some(author_vars),
    )?;
    Ok((author, committer))
}
