//! The `git` toolset: a repository's tree, against a fake GitHub answering with the REST
//! reference's example tree.

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, repo_json, setup_all, setup_official};

fn tree_entry(path: &str, kind: &str, size: Option<u64>) -> Value {
    let sha = "44b4fc6d56897b048c772eb4087f854f46256132";
    let mut e = json!({
        "path": path,
        "mode": if kind == "tree" { "040000" } else { "100644" },
        "type": kind,
        "sha": sha,
        "url": format!("https://api.github.com/repos/octocat/Hello-World/git/blobs/{sha}")
    });
    if let Some(size) = size {
        e["size"] = json!(size);
    }
    e
}

fn tree_json(entries: Vec<Value>, truncated: bool) -> Value {
    json!({
        "sha": "9fb037999f264ba9a7fc6274d15fa3ae2ab98312",
        "url": "https://api.github.com/repos/octocat/Hello-World/trees/9fb037999f264ba9a7fc6274d15fa3ae2ab98312",
        "tree": entries,
        "truncated": truncated
    })
}

#[tokio::test]
async fn get_repository_tree_recursive_with_a_path_filter() {
    let s = setup_all().await;
    expect("GET", "/repos/octocat/Hello-World/git/trees/main")
        .bearer(TOKEN)
        .query("recursive", "1")
        .respond(
            &s.fake,
            200,
            tree_json(
                vec![
                    tree_entry("file.rb", "blob", Some(30)),
                    tree_entry("src", "tree", None),
                    tree_entry("src/lib.rs", "blob", Some(132)),
                    tree_entry("src/main.rs", "blob", Some(75)),
                ],
                false,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_repository_tree",
            json!({"owner": "octocat", "repo": "Hello-World", "tree_sha": "main", "recursive": true, "path_filter": "src/"}),
        )
        .await;
    assert_eq!(v["sha"], "9fb037999f264ba9a7fc6274d15fa3ae2ab98312");
    assert_eq!(v["tree_sha"], "main");
    assert_eq!(v["recursive"], true);
    assert_eq!(v["truncated"], false);
    assert_eq!(v["count"], 2);
    assert_eq!(
        v["entries"],
        json!([
            {"path": "src/lib.rs", "type": "blob", "size": 132, "sha": "44b4fc6d56897b048c772eb4087f854f46256132"},
            {"path": "src/main.rs", "type": "blob", "size": 75, "sha": "44b4fc6d56897b048c772eb4087f854f46256132"}
        ])
    );
}

#[tokio::test]
async fn get_repository_tree_of_the_default_branch_official() {
    let s = setup_official().await;
    expect("GET", "/repos/octocat/Hello-World")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo_json("octocat", "Hello-World"))
        .await;
    expect("GET", "/repos/octocat/Hello-World/git/trees/master")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            tree_json(
                vec![
                    tree_entry("file.rb", "blob", Some(30)),
                    tree_entry("subdir", "tree", None),
                ],
                false,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_repository_tree",
            json!({"owner": "octocat", "repo": "Hello-World"}),
        )
        .await;
    assert_eq!(v["tree_sha"], "master");
    assert_eq!(v["recursive"], false);
    assert_eq!(v["count"], 2);
    assert_eq!(v["entries"][1]["type"], "tree");
    assert!(v["entries"][1].get("size").is_none());
}

#[tokio::test]
async fn get_repository_tree_of_a_branch_with_a_slash_keeps_at_most_1000_entries() {
    let s = setup_all().await;
    let entries: Vec<Value> = (0..1005)
        .map(|i| tree_entry(&format!("f{i}.txt"), "blob", Some(1)))
        .collect();
    expect("GET", "/repos/octocat/Hello-World/git/trees/feature/big")
        .bearer(TOKEN)
        .query("recursive", "1")
        .respond(&s.fake, 200, tree_json(entries, true))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_repository_tree",
            json!({"owner": "octocat", "repo": "Hello-World", "tree_sha": "feature/big", "recursive": true}),
        )
        .await;
    assert_eq!(v["count"], 1005);
    assert_eq!(v["entries"].as_array().unwrap().len(), 1000);
    assert_eq!(v["entries_omitted"], 5);
    assert!(v["hint"].as_str().unwrap().contains("path_filter"));
    assert_eq!(v["truncated"], true);
    assert!(
        v["truncated_hint"]
            .as_str()
            .unwrap()
            .contains("subdirectories")
    );
}

#[tokio::test]
async fn get_repository_tree_failures() {
    let s = setup_all().await;
    expect("GET", "/repos/octocat/empty/git/trees/main")
        .bearer(TOKEN)
        .respond(&s.fake, 409, gh_error(409, "Git Repository is empty."))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_repository_tree",
            json!({"owner": "octocat", "repo": "empty", "tree_sha": "main"}),
        )
        .await;
    assert!(err.contains("409"), "{err}");
    assert!(err.contains("Git Repository is empty"), "{err}");
    assert!(err.contains("no commits yet"), "{err}");

    expect("GET", "/repos/octocat/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_repository_tree",
            json!({"owner": "octocat", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("looking up the default branch"), "{err}");
    assert!(err.contains("404 Not Found"), "{err}");

    let err = s
        .client
        .call_err(
            "github_get_repository_tree",
            json!({"owner": "octocat", "repo": "Hello-World", "tree_sha": "main/../x"}),
        )
        .await;
    assert!(err.contains("invalid tree_sha"), "{err}");
}
