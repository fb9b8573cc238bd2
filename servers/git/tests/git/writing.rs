//! The writing tools on real repositories: add, reset, commit, create a branch, check out.

use std::path::Path;

use git2::{BranchType, Repository, Status};
use serde_json::json;

use crate::{JAN_15, commit_files, init, new_repo, ws};

fn status_of(repo: &Repository, path: &str) -> Status {
    repo.status_file(Path::new(path)).unwrap()
}

#[tokio::test]
async fn add_files_directories_globs_deletions_and_everything() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(
        &repo,
        &[("keep.txt", "k\n"), ("gone.txt", "g\n")],
        "one",
        JAN_15,
    );
    w.put("r/a.txt", "a\n");
    w.put("r/b.py", "b\n");
    w.put("r/c.py", "c\n");
    w.put("r/sub/d.txt", "d\n");
    w.put("r/sub/e.txt", "e\n");
    w.put("r/.gitignore", "*.log\n");
    w.put("r/debug.log", "noise\n");
    std::fs::remove_file(w.at("r/gone.txt")).unwrap();

    let done = w
        .ok("git_add", json!({"repo_path": "r", "files": ["a.txt"]}))
        .await;
    assert_eq!(done, "Files staged successfully");
    assert_eq!(status_of(&repo, "a.txt"), Status::INDEX_NEW);
    assert_eq!(status_of(&repo, "b.py"), Status::WT_NEW);

    w.ok(
        "git_add",
        json!({"repo_path": "r", "files": ["*.py", "sub", "gone.txt"]}),
    )
    .await;
    assert_eq!(status_of(&repo, "b.py"), Status::INDEX_NEW);
    assert_eq!(status_of(&repo, "c.py"), Status::INDEX_NEW);
    assert_eq!(status_of(&repo, "sub/d.txt"), Status::INDEX_NEW);
    assert_eq!(status_of(&repo, "gone.txt"), Status::INDEX_DELETED);

    let ignored = w
        .err("git_add", json!({"repo_path": "r", "files": ["debug.log"]}))
        .await;
    assert!(ignored.contains("ignored"), "{ignored}");
    let missing = w
        .err("git_add", json!({"repo_path": "r", "files": ["nope.txt"]}))
        .await;
    assert!(missing.contains("did not match any files"), "{missing}");
    let no_glob = w
        .err("git_add", json!({"repo_path": "r", "files": ["*.rs"]}))
        .await;
    assert!(no_glob.contains("did not match any files"), "{no_glob}");
    let empty = w
        .err("git_add", json!({"repo_path": "r", "files": []}))
        .await;
    assert!(empty.contains("`files` is empty"), "{empty}");

    // "." stages the rest (the .gitignore) but not ignored files; an absolute path inside
    // the repository is accepted.
    w.put("r/keep.txt", "k2\n");
    let abs = w.at("r/keep.txt");
    w.ok(
        "git_add",
        json!({"repo_path": "r", "files": [abs.to_str().unwrap()]}),
    )
    .await;
    assert_eq!(status_of(&repo, "keep.txt"), Status::INDEX_MODIFIED);
    w.ok("git_add", json!({"repo_path": "r", "files": ["."]}))
        .await;
    assert_eq!(status_of(&repo, ".gitignore"), Status::INDEX_NEW);
    assert_eq!(status_of(&repo, "debug.log"), Status::IGNORED);
    w.stop().await;
}

#[tokio::test]
async fn add_stages_links_as_links_and_deleted_directories() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(
        &repo,
        &[
            ("docs/a.md", "a\n"),
            ("docs/b.md", "b\n"),
            ("target.txt", "t\n"),
        ],
        "one",
        JAN_15,
    );
    std::os::unix::fs::symlink("target.txt", w.at("r/current")).unwrap();
    std::os::unix::fs::symlink("docs", w.at("r/docs-link")).unwrap();
    w.ok("git_add", json!({"repo_path": "r", "files": ["current"]}))
        .await;
    let mut index = repo.index().unwrap();
    index.read(true).unwrap();
    let entry = index.get_path(Path::new("current"), 0).unwrap();
    assert_eq!(entry.mode, 0o120000, "staged as a symbolic link");
    assert!(index.get_path(Path::new("docs-link"), 0).is_none());
    drop(index);
    let e = w
        .err(
            "git_add",
            json!({"repo_path": "r", "files": ["docs-link/a.md"]}),
        )
        .await;
    assert!(e.contains("beyond a symbolic link"), "{e}");

    std::fs::remove_dir_all(w.at("r/docs")).unwrap();
    w.ok("git_add", json!({"repo_path": "r", "files": ["docs"]}))
        .await;
    assert_eq!(status_of(&repo, "docs/a.md"), Status::INDEX_DELETED);
    assert_eq!(status_of(&repo, "docs/b.md"), Status::INDEX_DELETED);
    w.stop().await;
}

#[tokio::test]
async fn reset_unstages_everything_and_keeps_the_files() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(&repo, &[("a.txt", "a\n")], "one", JAN_15);
    w.put("r/a.txt", "a2\n");
    w.put("r/n.txt", "n\n");
    w.ok("git_add", json!({"repo_path": "r", "files": ["."]}))
        .await;
    assert_eq!(status_of(&repo, "n.txt"), Status::INDEX_NEW);
    let done = w.ok("git_reset", json!({"repo_path": "r"})).await;
    assert_eq!(done, "All staged changes reset");
    assert_eq!(status_of(&repo, "a.txt"), Status::WT_MODIFIED);
    assert_eq!(status_of(&repo, "n.txt"), Status::WT_NEW);
    assert_eq!(std::fs::read_to_string(w.at("r/a.txt")).unwrap(), "a2\n");

    // On a branch without commits, everything staged is unstaged.
    let fresh = new_repo(&w, "fresh");
    w.put("fresh/x.txt", "x\n");
    w.ok("git_add", json!({"repo_path": "fresh", "files": ["x.txt"]}))
        .await;
    w.ok("git_reset", json!({"repo_path": "fresh"})).await;
    assert_eq!(status_of(&fresh, "x.txt"), Status::WT_NEW);
    w.stop().await;
}

#[tokio::test]
async fn commit_with_the_repository_user() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    w.put("r/a.txt", "a\n");
    w.ok("git_add", json!({"repo_path": "r", "files": ["a.txt"]}))
        .await;
    let done = w
        .ok("git_commit", json!({"repo_path": "r", "message": "Add a"}))
        .await;
    let head = repo.head().unwrap().peel_to_commit().unwrap();
    assert_eq!(
        done,
        format!("Changes committed successfully with hash {}", head.id())
    );
    assert_eq!(head.message(), Some("Add a\n"));
    assert_eq!(head.author().name(), Some("Test User"));
    assert_eq!(head.author().email(), Some("test@example.com"));
    assert_eq!(head.committer().name(), Some("Test User"));
    assert_eq!(head.parent_count(), 0);
    assert_eq!(status_of(&repo, "a.txt"), Status::CURRENT);

    let nothing = w
        .err("git_commit", json!({"repo_path": "r", "message": "again"}))
        .await;
    assert!(nothing.contains("nothing to commit"), "{nothing}");
    let empty = w
        .err("git_commit", json!({"repo_path": "r", "message": "  "}))
        .await;
    assert!(empty.contains("`message` must not be empty"), "{empty}");

    w.put("r/a.txt", "a2\n");
    w.ok("git_add", json!({"repo_path": "r", "files": ["a.txt"]}))
        .await;
    w.ok(
        "git_commit",
        json!({"repo_path": "r", "message": "Change a"}),
    )
    .await;
    let second = repo.head().unwrap().peel_to_commit().unwrap();
    assert_eq!(second.parent_id(0).unwrap(), head.id());
    w.stop().await;
}

#[tokio::test]
async fn commit_without_any_author_is_refused() {
    if std::env::var_os("GIT_AUTHOR_NAME").is_some()
        || std::env::var_os("GIT_AUTHOR_EMAIL").is_some()
    {
        return;
    }
    let w = ws().await;
    let repo = init(&w.at("anon"), false);
    w.put("anon/a.txt", "a\n");
    w.ok("git_add", json!({"repo_path": "anon", "files": ["a.txt"]}))
        .await;
    let e = w
        .err("git_commit", json!({"repo_path": "anon", "message": "m"}))
        .await;
    assert!(
        e.contains("no commit author") && e.contains("user.name") && e.contains("GIT_AUTHOR_NAME"),
        "{e}"
    );
    assert!(repo.head().is_err(), "nothing was committed");
    w.stop().await;
}

#[tokio::test]
async fn create_branches_from_head_and_from_a_base() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let first = commit_files(&repo, &[("a.txt", "1\n")], "one", JAN_15);
    let second = commit_files(&repo, &[("a.txt", "2\n")], "two", JAN_15 + 60);
    let done = w
        .ok(
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "feature/x"}),
        )
        .await;
    assert_eq!(done, "Created branch 'feature/x' from 'main'");
    let b = repo.find_branch("feature/x", BranchType::Local).unwrap();
    assert_eq!(b.get().target(), Some(second));
    let from = w
        .ok(
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "fix", "base_branch": "HEAD~1"}),
        )
        .await;
    assert_eq!(from, "Created branch 'fix' from 'HEAD~1'");
    assert_eq!(
        repo.find_branch("fix", BranchType::Local)
            .unwrap()
            .get()
            .target(),
        Some(first)
    );
    // HEAD did not move.
    assert_eq!(repo.head().unwrap().shorthand(), Some("main"));
    let exists = w
        .err(
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "fix"}),
        )
        .await;
    assert!(exists.contains("already exists"), "{exists}");
    for bad in [
        "a b",
        "x..y",
        "end.lock",
        "a~1",
        "what?",
        "HEAD",
        "trailing/",
        "@{u}",
    ] {
        let e = w
            .err(
                "git_create_branch",
                json!({"repo_path": "r", "branch_name": bad}),
            )
            .await;
        assert!(e.contains("not a valid branch name"), "{bad}: {e}");
    }
    let no_base = w
        .err(
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "y", "base_branch": "nope"}),
        )
        .await;
    assert!(
        no_base.contains("`base_branch` nope: unknown revision"),
        "{no_base}"
    );
    w.stop().await;
}

#[tokio::test]
async fn checkout_switches_branches_and_refuses_to_lose_changes() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(
        &repo,
        &[("a.txt", "main\n"), ("shared.txt", "s\n")],
        "one",
        JAN_15,
    );
    w.ok(
        "git_create_branch",
        json!({"repo_path": "r", "branch_name": "dev"}),
    )
    .await;
    let done = w
        .ok(
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "dev"}),
        )
        .await;
    assert_eq!(done, "Switched to branch 'dev'");
    assert_eq!(repo.head().unwrap().shorthand(), Some("dev"));
    commit_files(
        &repo,
        &[("a.txt", "dev\n"), ("d.txt", "only on dev\n")],
        "dev work",
        JAN_15 + 60,
    );
    let again = w
        .ok(
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "dev"}),
        )
        .await;
    assert_eq!(again, "Already on 'dev'");

    w.ok(
        "git_checkout",
        json!({"repo_path": "r", "branch_name": "main"}),
    )
    .await;
    assert_eq!(std::fs::read_to_string(w.at("r/a.txt")).unwrap(), "main\n");
    assert!(!w.at("r/d.txt").exists());

    // A local change to a file that differs between the branches stops the switch.
    w.put("r/a.txt", "local edit\n");
    let e = w
        .err(
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "dev"}),
        )
        .await;
    assert!(
        e.contains("would be overwritten") && e.contains("a.txt"),
        "{e}"
    );
    assert_eq!(repo.head().unwrap().shorthand(), Some("main"));
    assert_eq!(
        std::fs::read_to_string(w.at("r/a.txt")).unwrap(),
        "local edit\n"
    );
    // A change to a file both branches share is carried over.
    w.put("r/a.txt", "main\n");
    w.put("r/shared.txt", "carried\n");
    w.ok(
        "git_checkout",
        json!({"repo_path": "r", "branch_name": "dev"}),
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(w.at("r/shared.txt")).unwrap(),
        "carried\n"
    );
    assert_eq!(std::fs::read_to_string(w.at("r/a.txt")).unwrap(), "dev\n");

    let unknown = w
        .err(
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "nope"}),
        )
        .await;
    assert!(unknown.contains("no such branch"), "{unknown}");
    w.stop().await;
}

#[tokio::test]
async fn checkout_of_a_remote_branch_makes_a_tracking_branch() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let first = commit_files(&repo, &[("a.txt", "1\n")], "one", JAN_15);
    repo.remote("origin", "https://example.invalid/r.git")
        .unwrap();
    repo.reference("refs/remotes/origin/topic", first, true, "t")
        .unwrap();
    let done = w
        .ok(
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "topic"}),
        )
        .await;
    assert_eq!(done, "Switched to branch 'topic'");
    let b = repo.find_branch("topic", BranchType::Local).unwrap();
    assert_eq!(b.upstream().unwrap().name().unwrap(), Some("origin/topic"));
    assert_eq!(repo.head().unwrap().shorthand(), Some("topic"));
    w.stop().await;
}
