//! The tools that change the workspace, on real files: write, edit (exact, by lines, dry run,
//! no match), create directories, move.

use std::os::unix::fs::PermissionsExt as _;

use serde_json::json;

use crate::{exists, ws};

#[tokio::test]
async fn write_file_creates_and_replaces() {
    let w = ws().await;
    std::fs::create_dir(w.at("docs")).unwrap();
    let text = w
        .ok(
            "filesystem_write_file",
            json!({"path": "docs/new.md", "content": "# Title\nbody é\n"}),
        )
        .await;
    assert_eq!(text, "Successfully wrote to docs/new.md");
    assert_eq!(w.read("docs/new.md"), "# Title\nbody é\n");
    std::fs::set_permissions(w.at("docs/new.md"), std::fs::Permissions::from_mode(0o600)).unwrap();
    w.ok(
        "filesystem_write_file",
        json!({"path": "docs/new.md", "content": "replaced"}),
    )
    .await;
    assert_eq!(w.read("docs/new.md"), "replaced");
    let mode = std::fs::metadata(w.at("docs/new.md"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "the permission bits are kept");
    let err = w
        .err(
            "filesystem_write_file",
            json!({"path": "missing/dir/x.txt", "content": "x"}),
        )
        .await;
    assert!(
        err.contains("does not exist") && err.contains("create it first"),
        "{err}"
    );
    let err = w
        .err(
            "filesystem_write_file",
            json!({"path": "docs", "content": "x"}),
        )
        .await;
    assert!(err.contains("is a directory"), "{err}");
    let err = w
        .err("filesystem_write_file", json!({"path": "docs/new.md"}))
        .await;
    assert!(err.contains("content"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn edit_file_exact_and_by_lines_with_a_diff() {
    let w = ws().await;
    w.put(
        "src/main.py",
        "def main():\n    x = 1\n    y = 2\n    return x + y\n",
    );
    let diff = w
        .ok(
            "filesystem_edit_file",
            json!({"path": "src/main.py", "edits": [
                {"oldText": "x = 1", "newText": "x = 10"},
                {"oldText": "y = 2\n  return x + y", "newText": "return x\n  # done"}
            ]}),
        )
        .await;
    assert_eq!(
        w.read("src/main.py"),
        "def main():\n    x = 10\n    return x\n    # done\n"
    );
    assert!(diff.starts_with("```diff\n"), "{diff}");
    assert!(
        diff.contains("--- src/main.py\toriginal\n+++ src/main.py\tmodified\n"),
        "{diff}"
    );
    for line in [
        "-    x = 1\n",
        "-    y = 2\n",
        "+    x = 10\n",
        "+    # done\n",
    ] {
        assert!(diff.contains(line), "{line}: {diff}");
    }
    assert!(diff.ends_with("```\n\n"), "{diff}");
    w.stop().await;
}

#[tokio::test]
async fn edit_file_dry_run_and_failures_write_nothing() {
    let w = ws().await;
    w.put("a.txt", "hello world\r\nsecond line\r\n");
    let diff = w
        .ok(
            "filesystem_edit_file",
            json!({"path": "a.txt", "dryRun": true,
                   "edits": [{"oldText": "world", "newText": "there"}]}),
        )
        .await;
    assert!(diff.contains("-hello world\n+hello there\n"), "{diff}");
    assert_eq!(w.read("a.txt"), "hello world\r\nsecond line\r\n");
    // Applied for real: the file keeps its CRLF line ends.
    w.ok(
        "filesystem_edit_file",
        json!({"path": "a.txt", "edits": [{"oldText": "world", "newText": "there"}]}),
    )
    .await;
    assert_eq!(w.read("a.txt"), "hello there\r\nsecond line\r\n");
    // The second edit does not match: the first is not written either.
    let err = w
        .err(
            "filesystem_edit_file",
            json!({"path": "a.txt", "edits": [
                {"oldText": "second", "newText": "2nd"},
                {"oldText": "no such text", "newText": "x"}
            ]}),
        )
        .await;
    assert!(
        err.contains("Could not find an exact match for edit 1") && err.contains("no such text"),
        "{err}"
    );
    assert_eq!(w.read("a.txt"), "hello there\r\nsecond line\r\n");
    let err = w
        .err(
            "filesystem_edit_file",
            json!({"path": "a.txt", "edits": []}),
        )
        .await;
    assert!(err.contains("`edits` is empty"), "{err}");
    let err = w
        .err(
            "filesystem_edit_file",
            json!({"path": "a.txt", "edits": [{"oldText": "", "newText": "x"}]}),
        )
        .await;
    assert!(err.contains("oldText` is empty"), "{err}");
    let err = w
        .err(
            "filesystem_edit_file",
            json!({"path": "nope.txt", "edits": [{"oldText": "a", "newText": "b"}]}),
        )
        .await;
    assert!(err.contains("does not exist"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn edit_file_fences_a_diff_that_holds_backticks() {
    let w = ws().await;
    w.put("README.md", "intro\n");
    let diff = w
        .ok(
            "filesystem_edit_file",
            json!({"path": "README.md",
                   "edits": [{"oldText": "intro", "newText": "```sh\nrun\n```"}]}),
        )
        .await;
    assert!(
        diff.starts_with("````diff\n") && diff.ends_with("````\n\n"),
        "{diff}"
    );
    w.stop().await;
}

#[tokio::test]
async fn create_directory_with_parents_and_again() {
    let w = ws().await;
    let text = w
        .ok("filesystem_create_directory", json!({"path": "a/b/c"}))
        .await;
    assert_eq!(text, "Successfully created directory a/b/c");
    assert!(w.at("a/b/c").is_dir());
    w.ok("filesystem_create_directory", json!({"path": "a/b/c"}))
        .await;
    w.put("file.txt", "x");
    let err = w
        .err("filesystem_create_directory", json!({"path": "file.txt"}))
        .await;
    assert!(err.contains("not a directory"), "{err}");
    let err = w
        .err(
            "filesystem_create_directory",
            json!({"path": "file.txt/sub"}),
        )
        .await;
    assert!(err.contains("not a directory"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn move_file_renames_files_and_directories() {
    let w = ws().await;
    w.put("a.txt", "alpha");
    w.put("dir/b.txt", "bravo");
    std::fs::create_dir(w.at("archive")).unwrap();
    let text = w
        .ok(
            "filesystem_move_file",
            json!({"source": "a.txt", "destination": "archive/a-old.txt"}),
        )
        .await;
    assert_eq!(text, "Successfully moved a.txt to archive/a-old.txt");
    assert!(!exists(&w.at("a.txt")));
    assert_eq!(w.read("archive/a-old.txt"), "alpha");
    w.ok(
        "filesystem_move_file",
        json!({"source": "dir", "destination": "archive/dir"}),
    )
    .await;
    assert_eq!(w.read("archive/dir/b.txt"), "bravo");
    w.put("c.txt", "charlie");
    let err = w
        .err(
            "filesystem_move_file",
            json!({"source": "c.txt", "destination": "archive/a-old.txt"}),
        )
        .await;
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(
        w.read("archive/a-old.txt"),
        "alpha",
        "nothing was overwritten"
    );
    let err = w
        .err(
            "filesystem_move_file",
            json!({"source": "missing.txt", "destination": "x.txt"}),
        )
        .await;
    assert!(
        err.contains("`source`") && err.contains("does not exist"),
        "{err}"
    );
    let err = w
        .err(
            "filesystem_move_file",
            json!({"source": "c.txt", "destination": "no/such/dir/c.txt"}),
        )
        .await;
    assert!(err.contains("create it first"), "{err}");
    let err = w
        .err(
            "filesystem_move_file",
            json!({"source": "archive", "destination": "archive/inner"}),
        )
        .await;
    assert!(err.contains("into itself"), "{err}");
    w.stop().await;
}
