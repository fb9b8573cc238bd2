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

use std::path::{Path, PathBuf};
use std::sync::Arc;

use git2::{Repository, RepositoryInitOptions, Signature, Time};
use mcp_shared::workspace::Workspace;
use mcp_shared::{McpServer, ServerSpec, Settings, State};
use mcp_testkit::{Client, TestServer};

/// The standard suite's servers work in a scratch workspace of their own, never in the
/// crate's directory.
fn scratch_workspace(_: &Settings) -> Result<State, String> {
    let dir = tempfile::Builder::new()
        .prefix("git-suite-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .map_err(|e| e.to_string())?
        .keep();
    Workspace::open(dir).map(|w| Arc::new(w) as State)
}

static SUITE: ServerSpec = git_mcp_server::spec(scratch_workspace);

mcp_testkit::standard_suite!(crate::SUITE, "git-mcp-server");

/// A temporary workspace (`ws`) with a directory beside it (`outside`), a server working in
/// the workspace and a client.
pub struct Ws {
    tmp: tempfile::TempDir,
    pub client: Client,
    server: TestServer,
}

impl Ws {
    pub fn root(&self) -> PathBuf {
        self.tmp.path().join("ws")
    }

    pub fn outside(&self) -> PathBuf {
        self.tmp.path().join("outside")
    }

    /// A path in the workspace.
    pub fn at(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    /// Write a file of the workspace (its parents created).
    pub fn put(&self, rel: &str, content: impl AsRef<[u8]>) {
        put(&self.at(rel), content);
    }

    /// A new repository at `rel` (branch `main`, user "Test User <test@example.com>").
    pub fn repo(&self, rel: &str) -> Repository {
        init(&self.at(rel), true)
    }

    /// A successful call's text, as it is.
    pub async fn ok(&self, tool: &str, args: serde_json::Value) -> String {
        let r = self
            .client
            .call(tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
        let text = mcp_testkit::text_of(&r);
        assert_ne!(r.is_error, Some(true), "{tool} failed: {text}");
        text
    }

    pub async fn err(&self, tool: &str, args: serde_json::Value) -> String {
        self.client.call_err(tool, args).await
    }

    pub async fn stop(self) {
        self.client.close().await;
        self.server.stop().await;
    }
}

pub async fn ws() -> Ws {
    ws_with(|_| {}).await
}

pub async fn ws_with(adjust: impl FnOnce(&mut Settings)) -> Ws {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("ws")).unwrap();
    std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
    let root = tmp.path().join("ws");
    let mut settings = Settings::default().with_option("workspace", root.to_str().unwrap());
    adjust(&mut settings);
    let server = TestServer::start(&git_mcp_server::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Ws {
        tmp,
        client,
        server,
    }
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
    let server = McpServer::new(&SUITE, Settings::default()).unwrap();
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
