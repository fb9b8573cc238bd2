//! The reading tools on real repositories: status, the diffs, log (with its time filters),
//! show and branch listing.

use git2::BranchType;
use serde_json::json;

use crate::{DAY, JAN_15, commit_files, new_repo, ws};

#[tokio::test]
async fn status_of_a_new_repository_and_of_changes() {
    let w = ws().await;
    let repo = new_repo(&w, "proj");
    w.put("proj/a.txt", "alpha\n");
    let text = w.ok("git_status", json!({"repo_path": "proj"})).await;
    assert_eq!(
        text,
        "Repository status:\nOn branch main\n\nNo commits yet\n\nUntracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n\ta.txt\n\nnothing added to commit but untracked files present (use \"git add\" to track)"
    );

    commit_files(
        &repo,
        &[
            ("a.txt", "alpha\n"),
            ("b.txt", "beta\n"),
            ("c.txt", "gamma\n"),
        ],
        "first",
        JAN_15,
    );
    let clean = w.ok("git_status", json!({"repo_path": "proj"})).await;
    assert_eq!(
        clean,
        "Repository status:\nOn branch main\nnothing to commit, working tree clean"
    );

    w.put("proj/a.txt", "alpha 2\n");
    std::fs::remove_file(w.at("proj/c.txt")).unwrap();
    w.put("proj/new.txt", "new\n");
    w.put("proj/dir/x.txt", "x\n");
    w.put("proj/b.txt", "beta 2\n");
    let mut index = repo.index().unwrap();
    index.add_path(std::path::Path::new("b.txt")).unwrap();
    index.add_path(std::path::Path::new("new.txt")).unwrap();
    index.write().unwrap();
    let text = w.ok("git_status", json!({"repo_path": "proj"})).await;
    assert_eq!(
        text,
        "Repository status:\nOn branch main\n\
Changes to be committed:\n  (use \"git restore --staged <file>...\" to unstage)\n\tmodified:   b.txt\n\tnew file:   new.txt\n\n\
Changes not staged for commit:\n  (use \"git add/rm <file>...\" to update what will be committed)\n  (use \"git restore <file>...\" to discard changes in working directory)\n\tmodified:   a.txt\n\tdeleted:    c.txt\n\n\
Untracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n\tdir/"
    );
    w.stop().await;
}

#[tokio::test]
async fn status_against_the_upstream_and_detached() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let first = commit_files(&repo, &[("a.txt", "1\n")], "one", JAN_15);
    repo.remote("origin", "https://example.invalid/r.git")
        .unwrap();
    repo.reference("refs/remotes/origin/main", first, true, "test")
        .unwrap();
    repo.find_branch("main", BranchType::Local)
        .unwrap()
        .set_upstream(Some("origin/main"))
        .unwrap();
    let text = w.ok("git_status", json!({"repo_path": "r"})).await;
    assert!(
        text.contains("Your branch is up to date with 'origin/main'.\n\nnothing to commit"),
        "{text}"
    );
    commit_files(&repo, &[("a.txt", "2\n")], "two", JAN_15 + DAY);
    let text = w.ok("git_status", json!({"repo_path": "r"})).await;
    assert!(
        text.contains("Your branch is ahead of 'origin/main' by 1 commit."),
        "{text}"
    );

    repo.set_head_detached(first).unwrap();
    let text = w.ok("git_status", json!({"repo_path": "r"})).await;
    assert!(
        text.starts_with(&format!(
            "Repository status:\nHEAD detached at {}",
            first.to_string().get(..7).unwrap()
        )),
        "{text}"
    );
    w.stop().await;
}

#[tokio::test]
async fn diffs_unstaged_staged_and_with_a_target() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let lines: String = (1..=10).map(|i| format!("line {i}\n")).collect();
    let first = commit_files(&repo, &[("f.txt", &lines)], "one", JAN_15);

    w.put("r/f.txt", lines.replace("line 5\n", "line five\n"));
    let unstaged = w.ok("git_diff_unstaged", json!({"repo_path": "r"})).await;
    assert!(
        unstaged.starts_with("Unstaged changes:\ndiff --git a/f.txt b/f.txt\nindex "),
        "{unstaged}"
    );
    assert!(
        unstaged.ends_with("--- a/f.txt\n+++ b/f.txt\n@@ -2,7 +2,7 @@ line 1\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8"),
        "{unstaged}"
    );
    let narrow = w
        .ok(
            "git_diff_unstaged",
            json!({"repo_path": "r", "context_lines": 0}),
        )
        .await;
    assert!(
        narrow.ends_with("@@ -5 +5 @@ line 4\n-line 5\n+line five"),
        "{narrow}"
    );
    let staged = w.ok("git_diff_staged", json!({"repo_path": "r"})).await;
    assert_eq!(staged, "Staged changes:\n");

    let mut index = repo.index().unwrap();
    index.add_path(std::path::Path::new("f.txt")).unwrap();
    index.write().unwrap();
    let staged = w
        .ok(
            "git_diff_staged",
            json!({"repo_path": "r", "context_lines": 1}),
        )
        .await;
    assert!(
        staged.ends_with("@@ -4,3 +4,3 @@ line 3\n line 4\n-line 5\n+line five\n line 6"),
        "{staged}"
    );
    assert_eq!(
        w.ok("git_diff_unstaged", json!({"repo_path": "r"})).await,
        "Unstaged changes:\n"
    );

    // Against a revision: HEAD compared with the working tree (staged or not).
    let with_head = w
        .ok("git_diff", json!({"repo_path": "r", "target": "HEAD"}))
        .await;
    assert!(
        with_head.starts_with("Diff with HEAD:\ndiff --git a/f.txt b/f.txt"),
        "{with_head}"
    );
    assert!(with_head.contains("+line five"), "{with_head}");
    let second = commit_files(&repo, &[("g.txt", "g\n")], "two", JAN_15 + DAY);
    let by_id = w
        .ok(
            "git_diff",
            json!({"repo_path": "r", "target": first.to_string()}),
        )
        .await;
    assert!(
        by_id.contains("new file mode 100644") && by_id.contains("+g"),
        "{by_id}"
    );
    // A range of two revisions.
    let range = w
        .ok(
            "git_diff",
            json!({"repo_path": "r", "target": format!("{first}..{second}")}),
        )
        .await;
    assert!(
        range.contains("diff --git a/g.txt b/g.txt") && range.contains("+line five"),
        "{range}"
    );
    let parent = w
        .ok(
            "git_diff",
            json!({"repo_path": "r", "target": "HEAD~1..HEAD"}),
        )
        .await;
    assert_eq!(
        parent,
        range.replace(&format!("{first}..{second}"), "HEAD~1..HEAD")
    );
    let unknown = w
        .err("git_diff", json!({"repo_path": "r", "target": "nope"}))
        .await;
    assert!(unknown.contains("unknown revision"), "{unknown}");
    w.stop().await;
}

#[tokio::test]
async fn log_with_count_and_time_filters() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let ids: Vec<git2::Oid> = (0..5)
        .map(|i| {
            commit_files(
                &repo,
                &[("f.txt", &format!("{i}\n"))],
                &format!("commit {i}\n\nbody {i}"),
                JAN_15 + i * DAY,
            )
        })
        .collect();
    let all = w.ok("git_log", json!({"repo_path": "r"})).await;
    assert!(all.starts_with(&format!(
        "Commit history:\nCommit: {}\nAuthor: Ada Lovelace <ada@example.com>\nDate: 2024-01-19 10:00:00+00:00\nMessage: commit 4\n\nbody 4\n\nCommit: {}",
        ids[4], ids[3]
    )), "{all}");
    assert_eq!(all.matches("Commit: ").count(), 5);
    let two = w
        .ok("git_log", json!({"repo_path": "r", "max_count": 2}))
        .await;
    assert_eq!(two.matches("Commit: ").count(), 2);

    let count = |text: &str| text.matches("Commit: ").count();
    let since = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "start_timestamp": "2024-01-17"}),
        )
        .await;
    assert_eq!(count(&since), 3, "{since}");
    let until = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "end_timestamp": "2024-01-16T12:00:00Z"}),
        )
        .await;
    assert_eq!(count(&until), 2, "{until}");
    let between = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "start_timestamp": "2024-01-16 10:00:00", "end_timestamp": "2024-01-18T11:00:00+01:00"}),
        )
        .await;
    assert_eq!(count(&between), 3, "{between}");
    assert!(between.contains(&ids[1].to_string()) && between.contains(&ids[3].to_string()));
    let unix = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "start_timestamp": (JAN_15 + 4 * DAY).to_string()}),
        )
        .await;
    assert_eq!(count(&unix), 1, "{unix}");
    // Relative forms: all five commits are long ago.
    for (start, n) in [
        ("2 weeks ago", 0),
        ("yesterday", 0),
        ("1000.weeks.ago", 5),
        ("last year", 0),
        ("now", 0),
    ] {
        let r = w
            .ok(
                "git_log",
                json!({"repo_path": "r", "start_timestamp": start}),
            )
            .await;
        assert_eq!(count(&r), n, "{start}: {r}");
    }
    let old = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "end_timestamp": "3 days ago"}),
        )
        .await;
    assert_eq!(count(&old), 5, "{old}");
    let today = w
        .ok(
            "git_log",
            json!({"repo_path": "r", "end_timestamp": "today"}),
        )
        .await;
    assert_eq!(count(&today), 5, "{today}");

    let empty = new_repo(&w, "empty");
    drop(empty);
    assert_eq!(
        w.ok("git_log", json!({"repo_path": "empty"})).await,
        "Commit history:\n(no commits yet)"
    );
    w.stop().await;
}

#[tokio::test]
async fn log_refuses_dates_it_cannot_read() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    commit_files(&repo, &[("f.txt", "1\n")], "one", JAN_15);
    for bad in [
        "next tuesday",
        "2024-13-45",
        "soon",
        "3 fortnights ago",
        "15/01/2024",
    ] {
        let e = w
            .err("git_log", json!({"repo_path": "r", "start_timestamp": bad}))
            .await;
        assert!(
            e.contains("`start_timestamp`") && e.contains("not a date"),
            "{bad}: {e}"
        );
        assert!(e.contains("2 weeks ago") && e.contains("ISO 8601"), "{e}");
    }
    let e = w
        .err(
            "git_log",
            json!({"repo_path": "r", "end_timestamp": "whenever"}),
        )
        .await;
    assert!(e.contains("`end_timestamp`"), "{e}");
    w.stop().await;
}

#[tokio::test]
async fn show_a_commit_and_a_root_commit() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let first = commit_files(&repo, &[("a.txt", "one\n")], "first", JAN_15);
    let second = commit_files(
        &repo,
        &[("a.txt", "two\n"), ("b.txt", "bee\n")],
        "second\n",
        JAN_15 + DAY,
    );
    let text = w
        .ok("git_show", json!({"repo_path": "r", "revision": "HEAD"}))
        .await;
    assert!(
        text.starts_with(&format!(
            "Commit: {second}\nAuthor: Ada Lovelace <ada@example.com>\nDate: 2024-01-16 10:00:00+00:00\nMessage: second\n\ndiff --git a/a.txt b/a.txt\n"
        )),
        "{text}"
    );
    assert!(text.contains("@@ -1 +1 @@\n-one\n+two\n"), "{text}");
    assert!(
        text.contains("diff --git a/b.txt b/b.txt\nnew file mode 100644\n"),
        "{text}"
    );
    let root = w
        .ok(
            "git_show",
            json!({"repo_path": "r", "revision": first.to_string().get(..8).unwrap()}),
        )
        .await;
    assert!(root.starts_with(&format!("Commit: {first}\n")), "{root}");
    assert!(
        root.contains("new file mode 100644") && root.contains("+one"),
        "{root}"
    );
    let by_expr = w
        .ok("git_show", json!({"repo_path": "r", "revision": "main~1"}))
        .await;
    assert_eq!(by_expr, root);
    let e = w
        .err("git_show", json!({"repo_path": "r", "revision": "v9"}))
        .await;
    assert!(e.contains("`revision` v9: unknown revision"), "{e}");
    w.stop().await;
}

#[tokio::test]
async fn branches_local_remote_all_and_containment() {
    let w = ws().await;
    let repo = new_repo(&w, "r");
    let first = commit_files(&repo, &[("a.txt", "1\n")], "one", JAN_15);
    let c1 = repo.find_commit(first).unwrap();
    repo.branch("old", &c1, false).unwrap();
    let second = commit_files(&repo, &[("a.txt", "2\n")], "two", JAN_15 + DAY);
    repo.branch("feature", &repo.find_commit(second).unwrap(), false)
        .unwrap();
    repo.reference("refs/remotes/origin/main", first, true, "t")
        .unwrap();
    repo.reference_symbolic(
        "refs/remotes/origin/HEAD",
        "refs/remotes/origin/main",
        true,
        "t",
    )
    .unwrap();

    let local = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local"}),
        )
        .await;
    assert_eq!(local, "  feature\n* main\n  old");
    let remote = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "remote"}),
        )
        .await;
    assert_eq!(remote, "  origin/HEAD -> origin/main\n  origin/main");
    let all = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "all"}),
        )
        .await;
    assert_eq!(
        all,
        "  feature\n* main\n  old\n  remotes/origin/HEAD -> origin/main\n  remotes/origin/main"
    );
    let with_second = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local", "contains": second.to_string()}),
        )
        .await;
    assert_eq!(with_second, "  feature\n* main");
    let without = w
        .ok(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "all", "not_contains": "feature"}),
        )
        .await;
    assert_eq!(
        without,
        "  old\n  remotes/origin/HEAD -> origin/main\n  remotes/origin/main"
    );
    let e = w
        .err(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "mine"}),
        )
        .await;
    assert!(e.contains("`branch_type`") && e.contains("local"), "{e}");
    let e = w
        .err(
            "git_branch",
            json!({"repo_path": "r", "branch_type": "local", "contains": "nope"}),
        )
        .await;
    assert!(e.contains("`contains` nope: unknown revision"), "{e}");
    w.stop().await;
}

#[tokio::test]
async fn a_bare_repository_is_read_but_has_no_working_tree() {
    let w = ws().await;
    let repo = new_repo(&w, "src");
    commit_files(&repo, &[("a.txt", "1\n")], "one", JAN_15);
    let bare = git2::Repository::init_bare(w.at("bare.git")).unwrap();
    let mut remote = bare
        .remote_anonymous(w.at("src").to_str().unwrap())
        .unwrap();
    remote
        .fetch(&["refs/heads/main:refs/heads/main"], None, None)
        .unwrap();
    bare.set_head("refs/heads/main").unwrap();
    let log = w.ok("git_log", json!({"repo_path": "bare.git"})).await;
    assert!(log.contains("Message: one"), "{log}");
    let e = w.err("git_status", json!({"repo_path": "bare.git"})).await;
    assert!(e.contains("bare repository"), "{e}");
    w.stop().await;
}
