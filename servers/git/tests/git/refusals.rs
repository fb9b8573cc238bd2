//! Every refusal: `repo_path` outside the workspace (`..`, absolute, symbolic links, a git
//! directory or working tree configured out of it, object alternates out), no upward
//! search, a leading `-` in every ref-like argument, paths to stage outside the repository,
//! and read-only mode.

use serde_json::{Value, json};

use crate::{JAN_15, commit_files, init, new_repo, ws, ws_with};

/// Every tool with `repo_path` set to `path` (and harmless other arguments).
fn every_tool(path: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("git_status", json!({"repo_path": path})),
        ("git_diff_unstaged", json!({"repo_path": path})),
        ("git_diff_staged", json!({"repo_path": path})),
        ("git_diff", json!({"repo_path": path, "target": "HEAD"})),
        ("git_log", json!({"repo_path": path})),
        ("git_show", json!({"repo_path": path, "revision": "HEAD"})),
        (
            "git_branch",
            json!({"repo_path": path, "branch_type": "all"}),
        ),
        ("git_commit", json!({"repo_path": path, "message": "m"})),
        ("git_add", json!({"repo_path": path, "files": ["."]})),
        ("git_reset", json!({"repo_path": path})),
        (
            "git_create_branch",
            json!({"repo_path": path, "branch_name": "b"}),
        ),
        (
            "git_checkout",
            json!({"repo_path": path, "branch_name": "main"}),
        ),
    ]
}

#[tokio::test]
async fn repo_path_outside_the_workspace_is_refused_by_every_tool() {
    let w = ws().await;
    // A real repository beside the workspace, and ways to name it.
    let out = init(&w.outside().join("repo"), true);
    commit_files(
        &out,
        &[("secret.txt", "OUTSIDE SECRET\n")],
        "outside",
        JAN_15,
    );
    std::os::unix::fs::symlink(w.outside().join("repo"), w.at("link")).unwrap();
    let abs = w.outside().join("repo");
    let abs = abs.to_str().unwrap();
    for path in ["../outside/repo", abs, "link", "~/repo", "file:///etc"] {
        for (tool, args) in every_tool(path) {
            let e = w.err(tool, args).await;
            assert!(e.contains("workspace"), "{tool} {path}: {e}");
            assert!(!e.contains("OUTSIDE SECRET"), "{tool} {path}: {e}");
        }
    }
    // Nothing changed outside.
    assert_eq!(out.branches(None).unwrap().count(), 1);
    assert!(
        out.index()
            .unwrap()
            .get_path(std::path::Path::new("secret.txt"), 0)
            .is_some()
    );
    w.stop().await;
}

#[tokio::test]
async fn no_upward_search_and_no_repository_outside_through_git_files() {
    let w = ws().await;
    // The workspace itself is a repository: a subdirectory is still not one.
    let top = init(&w.root(), true);
    commit_files(&top, &[("sub/a.txt", "a\n")], "one", JAN_15);
    let e = w.err("git_status", json!({"repo_path": "sub"})).await;
    assert!(
        e.contains("not a git repository") && e.contains("not searched"),
        "{e}"
    );
    let e = w.err("git_status", json!({"repo_path": "missing"})).await;
    assert!(!e.is_empty(), "{e}");
    // `.` is the workspace's own repository.
    let s = w.ok("git_status", json!({"repo_path": "."})).await;
    assert!(s.contains("On branch main"), "{s}");

    // A `.git` file that points at a git directory outside the workspace.
    init(&w.outside().join("real"), true);
    std::fs::create_dir_all(w.at("gitfile")).unwrap();
    std::fs::write(
        w.at("gitfile/.git"),
        format!("gitdir: {}\n", w.outside().join("real/.git").display()),
    )
    .unwrap();
    let e = w.err("git_log", json!({"repo_path": "gitfile"})).await;
    assert!(
        e.contains("git directory lies outside the workspace"),
        "{e}"
    );

    // A `.git` directory that is a symbolic link out.
    std::fs::create_dir_all(w.at("linked")).unwrap();
    std::os::unix::fs::symlink(w.outside().join("real/.git"), w.at("linked/.git")).unwrap();
    let e = w.err("git_log", json!({"repo_path": "linked"})).await;
    assert!(e.contains("outside the workspace"), "{e}");

    // core.worktree pointing out of the workspace.
    let wt = init(&w.at("wt"), true);
    wt.config()
        .unwrap()
        .set_str("core.worktree", w.outside().to_str().unwrap())
        .unwrap();
    drop(wt);
    for (tool, args) in every_tool("wt") {
        let e = w.err(tool, args).await;
        assert!(
            e.contains("working tree lies outside the workspace"),
            "{tool}: {e}"
        );
    }

    // Object alternates outside the workspace.
    let alt = init(&w.at("alt"), true);
    drop(alt);
    std::fs::write(
        w.at("alt/.git/objects/info/alternates"),
        format!("{}\n", w.outside().join("real/.git/objects").display()),
    )
    .unwrap();
    let e = w.err("git_log", json!({"repo_path": "alt"})).await;
    assert!(e.contains("object alternates"), "{e}");
    w.stop().await;
}

#[tokio::test]
async fn a_leading_dash_is_refused_in_every_ref_revision_branch_and_date() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(&repo, &[("a.txt", "a\n")], "one", JAN_15);
    let cases = [
        (
            "git_diff",
            json!({"repo_path": "r", "target": "--output=/tmp/pwned"}),
            "target",
        ),
        (
            "git_diff",
            json!({"repo_path": "r", "target": "-p"}),
            "target",
        ),
        (
            "git_show",
            json!({"repo_path": "r", "revision": "--output=x"}),
            "revision",
        ),
        (
            "git_checkout",
            json!({"repo_path": "r", "branch_name": "-b"}),
            "branch_name",
        ),
        (
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "-x"}),
            "branch_name",
        ),
        (
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "ok", "base_branch": "--all"}),
            "base_branch",
        ),
        (
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local", "contains": "--x"}),
            "contains",
        ),
        (
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local", "not_contains": "-h"}),
            "not_contains",
        ),
        (
            "git_log",
            json!({"repo_path": "r", "start_timestamp": "--all"}),
            "start_timestamp",
        ),
        (
            "git_log",
            json!({"repo_path": "r", "end_timestamp": "-1 day"}),
            "end_timestamp",
        ),
    ];
    for (tool, args, arg) in cases {
        let e = w.err(tool, args.clone()).await;
        assert!(
            e.contains(&format!("`{arg}` must not start with `-`")),
            "{tool} {args}: {e}"
        );
    }
    assert!(!std::path::Path::new("/tmp/pwned").exists());
    assert!(repo.find_branch("ok", git2::BranchType::Local).is_err());
    w.stop().await;
}

#[tokio::test]
async fn paths_to_stage_must_stay_in_the_repository() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(&repo, &[("a.txt", "a\n")], "one", JAN_15);
    w.put("other/b.txt", "b\n");
    std::fs::write(w.outside().join("secret.txt"), "OUTSIDE SECRET\n").unwrap();
    std::os::unix::fs::symlink(w.outside().join("secret.txt"), w.at("r/out-link")).unwrap();
    std::os::unix::fs::symlink(w.outside(), w.at("r/out-dir")).unwrap();
    let outside_abs = w.outside().join("secret.txt");
    let cases: Vec<(String, &str)> = vec![
        ("../other/b.txt".into(), "outside the repository"),
        ("../../outside/secret.txt".into(), "workspace"),
        (outside_abs.to_str().unwrap().into(), "workspace"),
        ("out-link".into(), "workspace"),
        ("out-dir/secret.txt".into(), "workspace"),
        (".git/config".into(), "`.git`"),
        ("sub/../../other/b.txt".into(), "outside the repository"),
        ("a.txt\0x".into(), "workspace"),
    ];
    for (file, said) in cases {
        let e = w
            .err(
                "git_add",
                json!({"repo_path": "r", "files": [file.clone()]}),
            )
            .await;
        assert!(e.contains(said), "{file}: {e}");
        assert!(!e.contains("OUTSIDE SECRET"), "{file}: {e}");
    }
    let mut index = repo.index().unwrap();
    index.read(true).unwrap();
    assert_eq!(index.len(), 1, "only a.txt is staged");
    w.stop().await;
}

#[tokio::test]
async fn read_only_mode_lists_and_allows_only_the_reading_tools() {
    let w = ws_with(|s| s.read_only = true).await;
    let repo = new_repo(&w, "r");
    commit_files(&repo, &[("a.txt", "a\n")], "one", JAN_15);
    let listed: Vec<String> = w
        .client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(
        listed,
        [
            "git_status",
            "git_diff_unstaged",
            "git_diff_staged",
            "git_diff",
            "git_log",
            "git_show",
            "git_branch"
        ]
    );
    w.ok("git_log", json!({"repo_path": "r"})).await;
    let r = w
        .client
        .call(
            "git_create_branch",
            json!({"repo_path": "r", "branch_name": "x"}),
        )
        .await;
    assert!(r.is_err() || r.unwrap().is_error == Some(true));
    assert!(repo.find_branch("x", git2::BranchType::Local).is_err());
    w.stop().await;
}
