//! The listing tools on real directories: one directory (with sizes, sorted), a tree with
//! exclusions, a glob search; symbolic links listed, never followed; caps.

use std::os::unix::fs::symlink;

use serde_json::{Value, json};

use crate::ws;

#[tokio::test]
async fn list_directory_marks_files_and_directories() {
    let w = ws().await;
    w.put("b.txt", "bb");
    w.put("a/inner.txt", "x");
    w.put(".hidden", "");
    symlink("b.txt", w.at("link")).unwrap();
    let text = w
        .ok("filesystem_list_directory", json!({"path": "."}))
        .await;
    assert_eq!(text, "[FILE] .hidden\n[DIR] a\n[FILE] b.txt\n[FILE] link");
    let empty = w.ok("filesystem_list_directory", json!({"path": ""})).await;
    assert_eq!(
        empty, text,
        "an empty path is the workspace, as in the reference"
    );
    let text = w
        .ok("filesystem_list_directory", json!({"path": "a"}))
        .await;
    assert_eq!(text, "[FILE] inner.txt");
    let err = w
        .err("filesystem_list_directory", json!({"path": "b.txt"}))
        .await;
    assert!(err.contains("is a file, not a directory"), "{err}");
    let err = w
        .err("filesystem_list_directory", json!({"path": "nope"}))
        .await;
    assert!(err.contains("does not exist"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn list_directory_with_sizes_sorts_and_sums() {
    let w = ws().await;
    w.put("small.txt", "12");
    w.put("large.bin", vec![0u8; 3000]);
    w.put("dir/x", "x");
    let text = w
        .ok("filesystem_list_directory_with_sizes", json!({"path": "."}))
        .await;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].trim_end(), "[DIR] dir");
    assert_eq!(
        lines[1],
        format!("[FILE] {:<30} {:>10}", "large.bin", "2.93 KB")
    );
    assert_eq!(
        lines[2],
        format!("[FILE] {:<30} {:>10}", "small.txt", "2 B")
    );
    assert_eq!(
        &lines[3..],
        [
            "",
            "Total: 2 files, 1 directories",
            "Combined size: 2.93 KB"
        ]
    );
    let text = w
        .ok(
            "filesystem_list_directory_with_sizes",
            json!({"path": ".", "sortBy": "size"}),
        )
        .await;
    let order: Vec<&str> = text
        .lines()
        .take(3)
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(order, ["large.bin", "small.txt", "dir"]);
    let err = w
        .err(
            "filesystem_list_directory_with_sizes",
            json!({"path": ".", "sortBy": "date"}),
        )
        .await;
    assert!(err.contains("sortBy"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn a_listing_over_the_cap_says_how_many_are_left_out() {
    let w = ws().await;
    std::fs::create_dir(w.at("many")).unwrap();
    for i in 0..10_005 {
        std::fs::write(w.at(&format!("many/f{i:05}")), "").unwrap();
    }
    let text = w
        .ok("filesystem_list_directory", json!({"path": "many"}))
        .await;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10_001);
    assert_eq!(
        lines[10_000],
        "[5 more entries not listed: a listing shows at most 10000]"
    );
    w.stop().await;
}

#[tokio::test]
async fn directory_tree_nests_and_excludes() {
    let w = ws().await;
    w.put("src/lib.rs", "");
    w.put("src/util/mod.rs", "");
    w.put("node_modules/pkg/index.js", "");
    w.put("deep/node_modules/x.js", "");
    w.put("notes.md", "");
    w.put("build.log", "");
    std::fs::create_dir(w.at("empty")).unwrap();
    symlink("src", w.at("src-link")).unwrap();
    let text = w
        .ok(
            "filesystem_directory_tree",
            json!({"path": ".", "excludePatterns": ["node_modules", "*.log"]}),
        )
        .await;
    let tree: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        tree,
        json!([
            {"name": "deep", "type": "directory", "children": []},
            {"name": "empty", "type": "directory", "children": []},
            {"name": "notes.md", "type": "file"},
            {"name": "src", "type": "directory", "children": [
                {"name": "lib.rs", "type": "file"},
                {"name": "util", "type": "directory", "children": [
                    {"name": "mod.rs", "type": "file"}
                ]}
            ]},
            {"name": "src-link", "type": "file"}
        ])
    );
    assert!(
        text.contains("\n  {\n    \"name\": \"deep\""),
        "2-space indent: {text}"
    );
    let text = w
        .ok("filesystem_directory_tree", json!({"path": "src/util"}))
        .await;
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        json!([{"name": "mod.rs", "type": "file"}])
    );
    let err = w
        .err(
            "filesystem_directory_tree",
            json!({"path": ".", "excludePatterns": ["a[b"]}),
        )
        .await;
    assert!(err.contains("not a valid glob"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn a_tree_deeper_than_the_cap_says_so() {
    let w = ws().await;
    let deep: String = (0..66).map(|i| format!("d{i}/")).collect();
    std::fs::create_dir_all(w.at(&deep)).unwrap();
    let r = w
        .client
        .call("filesystem_directory_tree", json!({"path": "."}))
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    let texts: Vec<String> = r
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    assert_eq!(texts.len(), 2, "the tree, then the note");
    // (Too deep for serde_json's default recursion limit to parse back.)
    assert!(texts[0].starts_with('[') && texts[0].contains("\"name\": \"d63\""));
    assert!(!texts[0].contains("\"d64\""), "not descended below the cap");
    assert!(
        texts[1].contains("64 levels deep (the depth cap)"),
        "{}",
        texts[1]
    );
    w.stop().await;
}

#[tokio::test]
async fn search_files_with_globs_and_excludes() {
    let w = ws().await;
    w.put("a.rs", "");
    w.put("src/b.rs", "");
    w.put("src/deep/c.rs", "");
    w.put("src/.hidden.rs", "");
    w.put("target/d.rs", "");
    w.put("README.md", "");
    let root = w.root();
    let full = |rel: &str| root.join(rel).to_str().unwrap().to_owned();
    let text = w
        .ok(
            "filesystem_search_files",
            json!({"path": ".", "pattern": "*.rs"}),
        )
        .await;
    assert_eq!(text, full("a.rs"), "`*` does not cross `/`");
    let text = w
        .ok(
            "filesystem_search_files",
            json!({"path": ".", "pattern": "**/*.rs", "excludePatterns": ["target"]}),
        )
        .await;
    let found: Vec<&str> = text.lines().collect();
    assert_eq!(
        found,
        [
            full("a.rs"),
            full("src/.hidden.rs"),
            full("src/b.rs"),
            full("src/deep/c.rs")
        ]
    );
    let text = w
        .ok(
            "filesystem_search_files",
            json!({"path": "src", "pattern": "deep"}),
        )
        .await;
    assert_eq!(text, full("src/deep"), "directories match too");
    let text = w
        .ok(
            "filesystem_search_files",
            json!({"path": "src", "pattern": "*.py"}),
        )
        .await;
    assert_eq!(text, "No matches found");
    let err = w
        .err(
            "filesystem_search_files",
            json!({"path": ".", "pattern": "{a,"}),
        )
        .await;
    assert!(err.contains("not a valid glob"), "{err}");
    w.stop().await;
}
