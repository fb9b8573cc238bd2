//! `--profile atlas`, repositories: reading a repository (README and root), files, commits,
//! branches and tags, writing files and branches, and the Markdown the Smithery server
//! answers with.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::atlas_issues::markdown;
use crate::common::{TOKEN, gh_error, no_requests, repo_json, setup_atlas};

const SHA: &str = "7638417db6d59f3c431d3e1f261cc637155684cd";
const BLOB: &str = "95b966ae1c166bd92f8ae7d1c313e738c731dfc3";

fn file_json(path: &str, text: &str) -> Value {
    json!({
        "type": "file", "encoding": "base64", "size": text.len(),
        "name": path.rsplit('/').next().unwrap_or(path), "path": path,
        "content": BASE64.encode(text.as_bytes()), "sha": BLOB,
        "html_url": format!("https://github.com/octo/hello/blob/main/{path}"),
        "download_url": format!("https://raw.githubusercontent.com/octo/hello/main/{path}")
    })
}

fn entry(name: &str, kind: &str, size: u64) -> Value {
    json!({"name": name, "path": name, "type": kind, "size": size, "sha": BLOB})
}

#[tokio::test]
async fn get_repository_shows_readme_and_root_directories_first() {
    let s = setup_atlas().await;
    let mut repo = repo_json("octo", "hello");
    repo["language"] = json!("Rust");
    repo["license"] = json!({"key": "mit", "spdx_id": "MIT"});
    expect("GET", "/repos/octo/hello")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo)
        .await;
    expect("GET", "/repos/octo/hello/readme")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            file_json("README.md", "# Hello\n\nA greeting."),
        )
        .await;
    expect("GET", "/repos/octo/hello/contents")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([
                entry("src", "dir", 0),
                entry("Cargo.toml", "file", 2048),
                entry("docs", "dir", 0)
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("get_repository", json!({"owner": "octo", "repo": "hello"}))
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# octo/hello\n\n> This your first repo!\n\n"),
        "{md}"
    );
    assert!(
        md.contains("**Language:** Rust | **Stars:** 80 | **Forks:** 9 | **License:** MIT"),
        "{md}"
    );
    assert!(md.contains("## README\n\n# Hello\n\nA greeting.\n"), "{md}");
    assert!(
        md.contains("### Directories\n- **docs/**\n- **src/**\n\n### Files\n- Cargo.toml (2.0 KB)"),
        "{md}"
    );
    assert!(
        md.contains("- **Clone**: `git clone https://github.com/octo/hello.git`"),
        "{md}"
    );
}

#[tokio::test]
async fn get_repository_without_readme() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo_json("octo", "hello"))
        .await;
    expect("GET", "/repos/octo/hello/readme")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    expect("GET", "/repos/octo/hello/contents")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([]))
        .await;
    let v = s
        .client
        .call_ok("get_repository", json!({"owner": "octo", "repo": "hello"}))
        .await;
    let md = markdown(&v);
    assert!(md.contains("*No README file found*"), "{md}");
    assert!(md.contains("*Empty directory*"), "{md}");
}

#[tokio::test]
async fn get_repository_of_a_missing_repository_fails() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("get_repository", json!({"owner": "octo", "repo": "nope"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

fn numbered(n: usize) -> String {
    (1..=n)
        .map(|i| format!("line {i}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn get_file_contents_overview_and_full() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/contents/src/main.rs")
        .bearer(TOKEN)
        .query("ref", "dev")
        .times(2)
        .respond(&s.fake, 200, file_json("src/main.rs", &numbered(60)))
        .await;
    let args = json!({"owner": "octo", "repo": "hello", "path": "src/main.rs", "branch": "dev"});
    let v = s.client.call_ok("get_file_contents", args.clone()).await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# File: main.rs\n\n**Path:** src/main.rs\n"),
        "{md}"
    );
    assert!(
        md.contains(&format!("**SHA:** 95b966a (full: {BLOB})")),
        "{md}"
    );
    assert!(md.contains("**Lines:** 60"), "{md}");
    assert!(
        md.contains("## Preview (first 50 lines)\n\n```rs\nline 1\n"),
        "{md}"
    );
    assert!(md.contains("line 50\n```"), "{md}");
    assert!(!md.contains("line 51"), "{md}");
    assert!(
        md.contains("*Showing first 50 lines of 60 total. Use mode='full' to see complete file.*"),
        "{md}"
    );
    let mut full = args;
    full["mode"] = json!("full");
    let v = s.client.call_ok("get_file_contents", full).await;
    let md = markdown(&v);
    assert!(md.contains("## Full Content\n\n```rs\nline 1\n"), "{md}");
    assert!(md.contains("line 60\n```"), "{md}");
}

/// The Smithery server refuses a directory; we list it.
#[tokio::test]
async fn get_file_contents_of_a_directory_lists_it() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/contents/src")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([entry("main.rs", "file", 100), entry("bin", "dir", 0)]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "src"}),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Directory: src\n\n### Directories\n- **bin/**"),
        "{md}"
    );
    assert!(md.contains("- main.rs (0.1 KB)"), "{md}");
}

#[tokio::test]
async fn create_or_update_file_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("PUT", "/repos/octo/hello/contents/docs/notes.md")
        .bearer(TOKEN)
        .json_body(json!({"message": "Add notes", "content": "aGk=", "branch": "main", "sha": BLOB}))
        .respond(
            &s.fake,
            200,
            json!({
                "content": {"path": "docs/notes.md", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1", "size": 2,
                            "html_url": "https://github.com/octo/hello/blob/main/docs/notes.md"},
                "commit": {"sha": SHA, "message": "Add notes", "html_url": format!("https://github.com/octo/hello/commit/{SHA}")}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "docs/notes.md", "content": "hi",
                   "message": "Add notes", "branch": "main", "sha": BLOB}),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# File Add notes\n\n**Path:** docs/notes.md\n"),
        "{md}"
    );
    assert!(md.contains(&format!("- **Commit SHA**: {SHA}")), "{md}");
}

#[tokio::test]
async fn create_or_update_file_refuses_a_short_sha_as_the_smithery_server_does() {
    let s = setup_atlas().await;
    let err = s
        .client
        .call_err(
            "create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "content": "x",
                   "message": "m", "branch": "main", "sha": "95b966a"}),
        )
        .await;
    assert!(err.contains("full 40-character blob SHA"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn create_repository_and_fork_answer_json() {
    let s = setup_atlas().await;
    expect("POST", "/user/repos")
        .bearer(TOKEN)
        .json_body(
            json!({"name": "hello", "description": "Hi", "private": true, "auto_init": true}),
        )
        .respond(&s.fake, 201, repo_json("octocat", "hello"))
        .await;
    let v = s
        .client
        .call_ok(
            "create_repository",
            json!({"name": "hello", "description": "Hi", "private": true, "autoInit": true}),
        )
        .await;
    assert_eq!(v["full_name"], "octocat/hello");
    expect("POST", "/repos/octo/hello/forks")
        .bearer(TOKEN)
        .json_body(json!({"organization": "acme"}))
        .respond(&s.fake, 202, repo_json("acme", "hello"))
        .await;
    let v = s
        .client
        .call_ok(
            "fork_repository",
            json!({"owner": "octo", "repo": "hello", "organization": "acme"}),
        )
        .await;
    assert_eq!(v["full_name"], "acme/hello");
}

fn ref_json(name: &str) -> Value {
    json!({"ref": format!("refs/heads/{name}"), "object": {"type": "commit", "sha": SHA}})
}

#[tokio::test]
async fn create_branch_from_the_default_branch() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo_json("octo", "hello"))
        .await;
    expect("GET", "/repos/octo/hello/git/ref/heads/master")
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("master"))
        .await;
    expect("POST", "/repos/octo/hello/git/refs")
        .bearer(TOKEN)
        .json_body(json!({"ref": "refs/heads/feature", "sha": SHA}))
        .respond(&s.fake, 201, ref_json("feature"))
        .await;
    let v = s
        .client
        .call_ok(
            "create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "feature"}),
        )
        .await;
    assert_eq!(v["ref"], "refs/heads/feature");
    assert_eq!(v["from_branch"], "master");
}

#[tokio::test]
async fn push_files_contract() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/git/ref/heads/main")
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("main"))
        .await;
    expect("GET", format!("/repos/octo/hello/git/commits/{SHA}"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!({"sha": SHA, "tree": {"sha": BLOB}}))
        .await;
    expect("POST", "/repos/octo/hello/git/trees")
        .bearer(TOKEN)
        .json_body(json!({"base_tree": BLOB, "tree": [
            {"path": "a.txt", "mode": "100644", "type": "blob", "content": "A"}
        ]}))
        .respond(&s.fake, 201, json!({"sha": "tree2"}))
        .await;
    expect("POST", "/repos/octo/hello/git/commits")
        .bearer(TOKEN)
        .json_body(json!({"message": "Add a", "tree": "tree2", "parents": [SHA]}))
        .respond(
            &s.fake,
            201,
            json!({"sha": "commit2", "message": "Add a", "html_url": "https://github.com/octo/hello/commit/commit2"}),
        )
        .await;
    expect("PATCH", "/repos/octo/hello/git/refs/heads/main")
        .bearer(TOKEN)
        .json_body(json!({"sha": "commit2", "force": false}))
        .respond(
            &s.fake,
            200,
            json!({"ref": "refs/heads/main", "object": {"type": "commit", "sha": "commit2"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "push_files",
            json!({"owner": "octo", "repo": "hello", "branch": "main", "message": "Add a",
                   "files": [{"path": "a.txt", "content": "A"}]}),
        )
        .await;
    assert_eq!(v["commit"]["sha"], "commit2");
}

#[tokio::test]
async fn get_tag_answers_json() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/git/ref/tags/v1.0")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"ref": "refs/tags/v1.0", "object": {"type": "tag", "sha": BLOB}}),
        )
        .await;
    expect("GET", format!("/repos/octo/hello/git/tags/{BLOB}"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"tag": "v1.0", "sha": BLOB, "message": "First", "tagger": {"name": "Mona", "date": "2024-01-01T00:00:00Z"},
                   "object": {"type": "commit", "sha": SHA}, "verification": {"verified": false}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v1.0"}),
        )
        .await;
    assert_eq!(v["message"], "First");
    assert_eq!(v["object"]["sha"], SHA);
}
