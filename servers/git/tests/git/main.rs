//! Git server tests: every tool on real repositories made with git2 in temporary workspaces,
//! through a real MCP client; every refusal (`repo_path` outside the workspace, `..`,
//! symbolic links out, git directories and working trees out, a leading `-` in refs,
//! revisions, branch names and dates, bad dates, paths to stage outside the repository);
//! read-only mode; the binary with its environment; and the standard suite.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod binary;
mod cli;
mod reading;
mod refusals;
mod writing;

use std::path::Path;

use git2::{Repository, RepositoryInitOptions, Signature, Time};
use mcp_shared::{McpServer, Settings};

mcp_testkit::standard_suite!(git_mcp_server::SPEC, "git-mcp-server");

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

/// A temporary workspace with a directory beside it, a server working in it and a client.
pub type Ws = mcp_testkit::LocalServer;

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    Ws::start(&git_mcp_server::SPEC, |_| {}, adjust).await
}

/// A new repository at `rel` of the workspace (branch `main`, user "Test User
/// <test@example.com>").
pub fn new_repo(ws: &Ws, rel: &str) -> Repository {
    init(&ws.at(rel), true)
}

pub fn put(p: &Path, content: impl AsRef<[u8]>) {
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, content).unwrap();
}

/// A new repository at `dir` on branch `main`, with a user in its config when `user`.
pub fn init(dir: &Path, user: bool) -> Repository {
    std::fs::create_dir_all(dir).unwrap();
    let mut o = RepositoryInitOptions::new();
    o.initial_head("main");
    let repo = Repository::init_opts(dir, &o).unwrap();
    if user {
        let mut c = repo.config().unwrap();
        c.set_str("user.name", "Test User").unwrap();
        c.set_str("user.email", "test@example.com").unwrap();
    }
    repo
}

/// Write `files` (path, content) in the repository's working tree, stage them, and commit
/// them at `when` (Unix seconds, UTC) on HEAD. Returns the commit id.
pub fn commit_files(
    repo: &Repository,
    files: &[(&str, &str)],
    message: &str,
    when: i64,
) -> git2::Oid {
    let wd = repo.workdir().unwrap().to_path_buf();
    let mut index = repo.index().unwrap();
    for (path, content) in files {
        put(&wd.join(path), content);
        index.add_path(Path::new(path)).unwrap();
    }
    index.write().unwrap();
    let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
    let sig = Signature::new("Ada Lovelace", "ada@example.com", &Time::new(when, 0)).unwrap();
    let parent = repo.head().ok().map(|h| h.peel_to_commit().unwrap());
    let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, message, &tree, &parents)
        .unwrap()
}

/// 2024-01-15T10:00:00Z.
pub const JAN_15: i64 = 1_705_312_800;
pub const DAY: i64 = 86_400;

/// The names the server lists, in order.
pub fn names(server: &McpServer) -> Vec<String> {
    server.tools().iter().map(|t| t.name.to_string()).collect()
}

/// The 12 tools of Klavis's `local/git`, with the catalog's parameter names, types and
/// required flags (the catalog keys this server as `local/git`, not by its service).
#[test]
fn catalog_tools_of_local_git() {
    let server = McpServer::new(&git_mcp_server::SPEC, Settings::default()).unwrap();
    let beyond = mcp_testkit::assert_catalog_parity(server.tools(), "local/git", &[]);
    assert!(beyond.is_empty(), "tools beyond the catalog: {beyond:?}");
    assert_eq!(server.tools().len(), 12);
    assert_eq!(
        names(&server),
        [
            "git_status",
            "git_diff_unstaged",
            "git_diff_staged",
            "git_diff",
            "git_log",
            "git_show",
            "git_branch",
            "git_commit",
            "git_add",
            "git_reset",
            "git_create_branch",
            "git_checkout"
        ]
    );
}
