//! Our text against the git CLI's own (when a `git` binary is installed on the test machine;
//! the server never runs one): `git status`, `git diff`, `git diff --cached`, `git branch`.

use std::path::Path;
use std::process::Command;

use serde_json::json;

use crate::{JAN_15, commit_files, new_repo, ws};

/// `git <args>` in `dir` with no user or system config, or none without a git binary.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "color.ui=never", "-c", "core.pager=cat"])
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("LANG", "C")
        .output()
        .ok()?;
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).trim_end().to_owned())
}

#[tokio::test]
async fn status_diffs_and_branches_read_as_git_prints_them() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let dir = w.at("r");
    if git(&dir, &["--version"]).is_none() {
        return;
    }
    let lines: String = (1..=20).map(|i| format!("line {i}\n")).collect();
    commit_files(
        &repo,
        &[
            ("a.txt", &lines),
            ("b.txt", "beta\n"),
            ("c.txt", "gamma\n"),
            ("d/e.txt", "e\n"),
        ],
        "one",
        JAN_15,
    );
    repo.branch(
        "feature",
        &repo.head().unwrap().peel_to_commit().unwrap(),
        false,
    )
    .unwrap();
    w.put(
        "r/a.txt",
        lines
            .replace("line 3\n", "line three\n")
            .replace("line 17\n", ""),
    );
    w.put("r/b.txt", "beta 2\n");
    std::fs::remove_file(w.at("r/c.txt")).unwrap();
    w.put("r/new.txt", "new\n");
    w.put("r/untracked/x.txt", "x\n");
    w.put("r/d/e.txt", "e2\n");
    let mut index = repo.index().unwrap();
    index.add_path(Path::new("b.txt")).unwrap();
    index.add_path(Path::new("new.txt")).unwrap();
    index.write().unwrap();

    let ours = w.ok("git_status", json!({"repo_path": "r"})).await;
    let theirs = git(&dir, &["status"]).unwrap();
    assert_eq!(ours, format!("Repository status:\n{theirs}"));

    for context in [0u64, 1, 3, 5] {
        let ours = w
            .ok(
                "git_diff_unstaged",
                json!({"repo_path": "r", "context_lines": context}),
            )
            .await;
        let theirs = git(&dir, &["diff", &format!("--unified={context}")]).unwrap();
        assert_eq!(
            ours,
            format!("Unstaged changes:\n{theirs}"),
            "context {context}"
        );
        let ours = w
            .ok(
                "git_diff_staged",
                json!({"repo_path": "r", "context_lines": context}),
            )
            .await;
        let theirs = git(&dir, &["diff", "--cached", &format!("--unified={context}")]).unwrap();
        assert_eq!(
            ours,
            format!("Staged changes:\n{theirs}"),
            "context {context}"
        );
    }
    let ours = w
        .ok("git_diff", json!({"repo_path": "r", "target": "feature"}))
        .await;
    let theirs = git(&dir, &["diff", "feature"]).unwrap();
    assert_eq!(ours, format!("Diff with feature:\n{theirs}"));

    let ours = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local"}),
        )
        .await;
    assert_eq!(ours, git(&dir, &["branch"]).unwrap());

    // A clean tree, and a repository without commits (one file staged, one not).
    w.ok("git_add", json!({"repo_path": "r", "files": ["."]}))
        .await;
    w.ok("git_commit", json!({"repo_path": "r", "message": "two"}))
        .await;
    let ours = w.ok("git_status", json!({"repo_path": "r"})).await;
    assert_eq!(
        ours,
        format!("Repository status:\n{}", git(&dir, &["status"]).unwrap())
    );
    let fresh = new_repo(&w, "fresh");
    drop(fresh);
    w.put("fresh/a.txt", "a\n");
    w.put("fresh/b.txt", "b\n");
    w.ok("git_add", json!({"repo_path": "fresh", "files": ["a.txt"]}))
        .await;
    let ours = w.ok("git_status", json!({"repo_path": "fresh"})).await;
    let theirs = git(&w.at("fresh"), &["status"]).unwrap();
    assert_eq!(ours, format!("Repository status:\n{theirs}"));
    w.stop().await;
}
