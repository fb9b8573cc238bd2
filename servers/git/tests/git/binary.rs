//! The binary over stdio with its workspace and the author from its environment.

use serde_json::{Value, json};

use crate::{JAN_15, commit_files, init};

const BIN: &str = env!("CARGO_BIN_EXE_git-mcp-server");

fn text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => other.to_string(),
    }
}

#[tokio::test]
async fn stdio_commits_with_the_author_from_the_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let repo = init(&tmp.path().join("r"), false);
    commit_files(&repo, &[("a.txt", "a\n")], "one", JAN_15);
    std::fs::write(tmp.path().join("r/a.txt"), "changed\n").unwrap();
    let client = mcp_testkit::spawn_stdio(
        BIN,
        &["--workspace", dir],
        &[
            ("GIT_AUTHOR_NAME", "Env Author"),
            ("GIT_AUTHOR_EMAIL", "author@example.com"),
        ],
    )
    .await;
    let status = text(
        client
            .call_ok("git_status", json!({"repo_path": "r"}))
            .await,
    );
    assert!(status.contains("modified:   a.txt"), "{status}");
    client
        .call_ok("git_add", json!({"repo_path": "r", "files": ["a.txt"]}))
        .await;
    let done = text(
        client
            .call_ok("git_commit", json!({"repo_path": "r", "message": "by env"}))
            .await,
    );
    assert!(
        done.starts_with("Changes committed successfully with hash "),
        "{done}"
    );
    let head = repo.head().unwrap().peel_to_commit().unwrap();
    assert_eq!(head.author().name(), Some("Env Author"));
    assert_eq!(head.author().email(), Some("author@example.com"));
    // No GIT_COMMITTER_*: the committer falls back to the author.
    assert_eq!(head.committer().name(), Some("Env Author"));
    let err = client
        .call_err("git_status", json!({"repo_path": "../"}))
        .await;
    assert!(err.contains("workspace"), "{err}");
    client.close().await;
}
