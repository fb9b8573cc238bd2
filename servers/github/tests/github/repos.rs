use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{expect, text_of};
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, link, no_requests, repo_json, setup, user_json, validation_failed,
};

// ---- github_create_or_update_file

fn file_commit_json(path: &str) -> Value {
    json!({
        "content": {
            "name": path.rsplit('/').next().unwrap_or(path),
            "path": path,
            "sha": "95b966ae1c166bd92f8ae7d1c313e738c731dfc3",
            "size": 9,
            "url": format!("https://api.github.com/repos/octo/hello/contents/{path}"),
            "html_url": format!("https://github.com/octo/hello/blob/main/{path}"),
            "git_url": "https://api.github.com/repos/octo/hello/git/blobs/95b966ae1c166bd92f8ae7d1c313e738c731dfc3",
            "download_url": format!("https://raw.githubusercontent.com/octo/hello/main/{path}"),
            "type": "file"
        },
        "commit": {
            "sha": "7638417db6d59f3c431d3e1f261cc637155684cd",
            "node_id": "MDY6Q29tbWl0NzYzODQxN2RiNmQ1OWYzYzQzMWQzZTFmMjYxY2M2MzcxNTU2ODRjZA==",
            "url": "https://api.github.com/repos/octo/hello/git/commits/7638417db6d59f3c431d3e1f261cc637155684cd",
            "html_url": "https://github.com/octo/hello/git/commit/7638417db6d59f3c431d3e1f261cc637155684cd",
            "author": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
            "committer": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
            "message": "my commit message",
            "tree": {"url": "https://api.github.com/repos/octo/hello/git/trees/691272480426f78a0138979dd3ce63b77f706feb", "sha": "691272480426f78a0138979dd3ce63b77f706feb"},
            "parents": [{"url": "https://api.github.com/repos/octo/hello/git/commits/1acc419d4d6a9ce985db7be48c6349a0475975b5", "html_url": "https://github.com/octo/hello/git/commit/1acc419d4d6a9ce985db7be48c6349a0475975b5", "sha": "1acc419d4d6a9ce985db7be48c6349a0475975b5"}],
            "verification": {"verified": false, "reason": "unsigned", "signature": null, "payload": null}
        }
    })
}

#[tokio::test]
async fn create_or_update_file_contract() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/contents/docs/my%20notes.md")
        .bearer(TOKEN)
        .json_body(json!({
            "message": "my commit message",
            "content": "SGVsbG8sIHdvcmxkIQo=",
            "branch": "main",
            "sha": "329688480d39049927147c162b9d2deaf885005f"
        }))
        .respond(&s.fake, 200, file_commit_json("docs/my notes.md"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_or_update_file",
            json!({
                "owner": "octo", "repo": "hello", "path": "docs/my notes.md", "content": "Hello, world!\n",
                "message": "my commit message", "branch": "main", "sha": "329688480d39049927147c162b9d2deaf885005f"
            }),
        )
        .await;
    assert_eq!(v["path"], "docs/my notes.md");
    assert_eq!(v["sha"], "95b966ae1c166bd92f8ae7d1c313e738c731dfc3");
    assert_eq!(
        v["commit"]["sha"],
        "7638417db6d59f3c431d3e1f261cc637155684cd"
    );
    assert_eq!(v["commit"]["message"], "my commit message");
}

#[tokio::test]
async fn create_file_without_branch_or_sha() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/contents/new.txt")
        .bearer(TOKEN)
        .json_body(json!({"message": "add", "content": "aGk="}))
        .respond(&s.fake, 201, file_commit_json("new.txt"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "/new.txt", "content": "hi", "message": "add"}),
        )
        .await;
    assert_eq!(v["path"], "new.txt");
}

#[tokio::test]
async fn update_file_with_stale_sha_conflicts() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/contents/a.txt")
        .bearer(TOKEN)
        .json_body(json!({"message": "m", "content": "eA==", "sha": "old"}))
        .respond(&s.fake, 409, gh_error(409, "a.txt does not match old"))
        .await;
    let err = s
        .client
        .call_err(
            "github_create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "content": "x", "message": "m", "sha": "old"}),
        )
        .await;
    assert!(
        err.contains("409 Conflict: a.txt does not match old."),
        "{err}"
    );
    assert!(err.contains("read the file again"), "{err}");
}

#[tokio::test]
async fn update_existing_file_without_sha_explains() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/contents/a.txt")
        .bearer(TOKEN)
        .json_body(json!({"message": "m", "content": "eA=="}))
        .respond(
            &s.fake,
            422,
            gh_error(422, "Invalid request.\n\n\"sha\" wasn't supplied."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "content": "x", "message": "m"}),
        )
        .await;
    assert!(
        err.contains("422") && err.contains("wasn't supplied"),
        "{err}"
    );
    assert!(err.contains("pass its current blob `sha`"), "{err}");
}

#[tokio::test]
async fn file_path_with_dot_segments_is_refused() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "../../../user", "content": "x", "message": "m"}),
        )
        .await;
    assert!(err.contains("invalid path"), "{err}");
    let err = s
        .client
        .call_err(
            "github_get_file_contents",
            json!({"owner": "..", "repo": "user", "path": "x"}),
        )
        .await;
    assert!(
        err.contains("are not valid names in a request path"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn delete_file_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/contents/docs/old.md")
        .bearer(TOKEN)
        .query("ref", "main")
        .respond(
            &s.fake,
            200,
            json!({"type": "file", "encoding": "base64", "size": 5, "name": "old.md", "path": "docs/old.md", "content": "aGVsbG8=", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1"}),
        )
        .await;
    expect("DELETE", "/repos/octo/hello/contents/docs/old.md")
        .bearer(TOKEN)
        .json_body(json!({"message": "remove old docs", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1", "branch": "main"}))
        .respond(
            &s.fake,
            200,
            json!({"content": null, "commit": {"sha": "7638417db6d59f3c431d3e1f261cc637155684cd", "message": "remove old docs", "html_url": "https://github.com/octo/hello/commit/7638417db6d59f3c431d3e1f261cc637155684cd"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_delete_file",
            json!({"owner": "octo", "repo": "hello", "path": "docs/old.md", "message": "remove old docs", "branch": "main"}),
        )
        .await;
    assert_eq!(
        v["commit"]["sha"],
        "7638417db6d59f3c431d3e1f261cc637155684cd"
    );
    assert_eq!(v["path"], "docs/old.md");
}

#[tokio::test]
async fn delete_file_refuses_directories_and_reports_conflicts() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/contents/docs")
        .bearer(TOKEN)
        .query("ref", "main")
        .respond(
            &s.fake,
            200,
            json!([{"type": "file", "name": "a.md", "path": "docs/a.md", "sha": "1"}]),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_file",
            json!({"owner": "octo", "repo": "hello", "path": "docs", "message": "m", "branch": "main"}),
        )
        .await;
    assert!(err.contains("is not a file"), "{err}");
    expect("GET", "/repos/octo/hello/contents/a.txt")
        .bearer(TOKEN)
        .query("ref", "dev")
        .respond(
            &s.fake,
            200,
            json!({"type": "file", "path": "a.txt", "sha": "abc"}),
        )
        .await;
    expect("DELETE", "/repos/octo/hello/contents/a.txt")
        .bearer(TOKEN)
        .json_body(json!({"message": "m", "sha": "abc", "branch": "dev"}))
        .respond(&s.fake, 409, gh_error(409, "a.txt does not match abc"))
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "message": "m", "branch": "dev"}),
        )
        .await;
    assert!(err.contains("409 Conflict"), "{err}");
}

// ---- github_create_repository

#[tokio::test]
async fn create_repository_contract() {
    let s = setup().await;
    let mut repo = repo_json("octocat", "hello-world");
    repo["private"] = json!(true);
    expect("POST", "/user/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "hello-world", "description": "This is your first repo!", "private": true, "auto_init": true}))
        .respond(&s.fake, 201, repo)
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_repository",
            json!({"name": "hello-world", "description": "This is your first repo!", "private": true, "autoInit": true}),
        )
        .await;
    assert_eq!(v["full_name"], "octocat/hello-world");
    assert_eq!(v["private"], true);
    assert_eq!(v["owner"], "octocat");
    assert_eq!(v["default_branch"], "master");
}

#[tokio::test]
async fn create_repository_name_taken() {
    let s = setup().await;
    expect("POST", "/user/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "hello"}))
        .respond(
            &s.fake,
            422,
            json!({
                "message": "Repository creation failed.",
                "errors": [{"resource": "Repository", "code": "custom", "field": "name", "message": "name already exists on this account"}],
                "documentation_url": "https://docs.github.com/rest/repos/repos#create-a-repository-for-the-authenticated-user",
                "status": "422"
            }),
        )
        .await;
    let err = s
        .client
        .call_err("github_create_repository", json!({"name": "hello"}))
        .await;
    assert!(
        err.contains("422") && err.contains("name already exists on this account"),
        "{err}"
    );
}

#[tokio::test]
async fn create_repository_in_an_organization() {
    let s = setup().await;
    expect("POST", "/orgs/octo-org/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "tools", "private": true}))
        .respond(&s.fake, 201, repo_json("octo-org", "tools"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_repository",
            json!({"name": "tools", "organization": "octo-org", "private": true}),
        )
        .await;
    assert_eq!(v["full_name"], "octo-org/tools");
}

// ---- github_get_file_contents

fn file_json(path: &str, encoded: &str, size: usize) -> Value {
    json!({
        "type": "file",
        "encoding": "base64",
        "size": size,
        "name": path.rsplit('/').next().unwrap_or(path),
        "path": path,
        "content": encoded,
        "sha": "3d21ec53a331a6f037a91c368710b99387d012c1",
        "url": format!("https://api.github.com/repos/octo/hello/contents/{path}"),
        "git_url": "https://api.github.com/repos/octo/hello/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1",
        "html_url": format!("https://github.com/octo/hello/blob/master/{path}"),
        "download_url": format!("https://raw.githubusercontent.com/octo/hello/master/{path}"),
        "_links": {"self": "x", "git": "y", "html": "z"}
    })
}

/// Base64 wrapped at 60 columns, as GitHub sends it.
fn wrapped_base64(data: &[u8]) -> String {
    let b = BASE64.encode(data);
    b.as_bytes()
        .chunks(60)
        .map(String::from_utf8_lossy)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[tokio::test]
async fn get_text_file_contract() {
    let s = setup().await;
    let text = "fn main() {\n    println!(\"héllo, wörld — a line long enough to be wrapped by GitHub's base64\");\n}\n";
    expect("GET", "/repos/octo/hello/contents/src/main.rs")
        .bearer(TOKEN)
        .query("ref", "dev")
        .respond(
            &s.fake,
            200,
            file_json("src/main.rs", &wrapped_base64(text.as_bytes()), text.len()),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "src/main.rs", "branch": "dev"}),
        )
        .await;
    assert_eq!(v["content"], text);
    assert_eq!(v["encoding"], "utf-8");
    assert_eq!(v["sha"], "3d21ec53a331a6f037a91c368710b99387d012c1");
    assert!(v.get("truncated").is_none());
}

#[tokio::test]
async fn get_directory_lists_entries() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/contents")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([
                {"type": "file", "size": 625, "name": "octokit.rb", "path": "lib/octokit.rb", "sha": "fff6fe3a23bf1c8ea0692b4a883af99bee26fd3b",
                 "url": "https://api.github.com/repos/octo/hello/contents/lib/octokit.rb", "git_url": "g", "html_url": "https://github.com/octo/hello/blob/master/lib/octokit.rb",
                 "download_url": "https://raw.githubusercontent.com/octo/hello/master/lib/octokit.rb", "_links": {}},
                {"type": "dir", "size": 0, "name": "octokit", "path": "lib/octokit", "sha": "a84d88e7554fc1fa21bcbc4efae3c782a70d2b9d",
                 "url": "u", "git_url": "g", "html_url": "https://github.com/octo/hello/tree/master/lib/octokit", "download_url": null, "_links": {}}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "/"}),
        )
        .await;
    assert_eq!(v["type"], "dir");
    assert_eq!(v["entries"][0]["path"], "lib/octokit.rb");
    assert_eq!(v["entries"][0]["size"], 625);
    assert_eq!(v["entries"][1]["type"], "dir");
    assert!(v["entries"][1].get("download_url").is_none());
}

#[tokio::test]
async fn get_binary_file_as_embedded_resource() {
    let s = setup().await;
    let png: Vec<u8> = vec![
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe,
    ];
    expect("GET", "/repos/octo/hello/contents/img/logo.png")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            file_json("img/logo.png", &wrapped_base64(&png), png.len()),
        )
        .await;
    let r = s
        .client
        .call(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "img/logo.png"}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let meta: Value = serde_json::from_str(&text_of(&r)).unwrap();
    assert_eq!(meta["mime_type"], "image/png");
    let content = serde_json::to_value(&r.content).unwrap();
    let res = &content[1]["resource"];
    assert_eq!(content[1]["type"], "resource");
    assert_eq!(res["mimeType"], "image/png");
    assert_eq!(
        res["uri"],
        "https://raw.githubusercontent.com/octo/hello/master/img/logo.png"
    );
    assert_eq!(BASE64.decode(res["blob"].as_str().unwrap()).unwrap(), png);
}

#[tokio::test]
async fn get_large_text_file_is_truncated() {
    let s = setup().await;
    let text = "0123456789abcdef\n".repeat(16 * 1024); // 272 KiB
    expect("GET", "/repos/octo/hello/contents/big.txt")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            file_json("big.txt", &wrapped_base64(text.as_bytes()), text.len()),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "big.txt"}),
        )
        .await;
    assert_eq!(v["truncated"], true);
    let got = v["content"].as_str().unwrap();
    assert!(got.starts_with(&text[..1000]));
    assert!(got.len() < 210 * 1024, "{}", got.len());
    assert!(
        got.ends_with(&format!(
            "showing the first 204800 of {} bytes; fetch download_url for the rest ...]",
            text.len()
        )),
        "{}",
        &got[got.len() - 200..]
    );
}

#[tokio::test]
async fn get_file_over_one_megabyte_points_to_download_url() {
    let s = setup().await;
    let mut big = file_json("data.csv", "", 5_000_000);
    big["encoding"] = json!("none");
    expect("GET", "/repos/octo/hello/contents/data.csv")
        .bearer(TOKEN)
        .respond(&s.fake, 200, big)
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "data.csv"}),
        )
        .await;
    assert!(
        v["content_omitted"].as_str().unwrap().contains("over 1 MB"),
        "{v}"
    );
    assert_eq!(
        v["download_url"],
        "https://raw.githubusercontent.com/octo/hello/master/data.csv"
    );
    assert!(v.get("content").is_none());
}

#[tokio::test]
async fn get_file_contents_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/contents/missing.md")
        .bearer(TOKEN)
        .query("ref", "main")
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "missing.md", "branch": "main"}),
        )
        .await;
    assert!(err.contains("404 Not Found: Not Found."), "{err}");
}

// ---- github_fork_repository

#[tokio::test]
async fn fork_repository_into_organization() {
    let s = setup().await;
    let mut fork = repo_json("acme", "hello");
    fork["fork"] = json!(true);
    expect("POST", "/repos/octo/hello/forks")
        .bearer(TOKEN)
        .json_body(json!({"organization": "acme"}))
        .respond(&s.fake, 202, fork)
        .await;
    let v = s
        .client
        .call_ok(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "hello", "organization": "acme"}),
        )
        .await;
    assert_eq!(v["full_name"], "acme/hello");
    assert_eq!(v["fork"], true);
}

#[tokio::test]
async fn fork_repository_into_own_account_sends_no_body() {
    let s = setup().await;
    let mut fork = repo_json("me", "hello");
    fork["fork"] = json!(true);
    expect("POST", "/repos/octo/hello/forks")
        .bearer(TOKEN)
        .respond(&s.fake, 202, fork)
        .await;
    let v = s
        .client
        .call_ok(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v["full_name"], "me/hello");
}

#[tokio::test]
async fn fork_repository_forbidden() {
    let s = setup().await;
    expect("POST", "/repos/octo/secret/forks")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by personal access token"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "secret"}),
        )
        .await;
    assert!(
        err.contains("403 Forbidden: Resource not accessible by personal access token."),
        "{err}"
    );
}

// ---- github_create_branch

fn ref_json(name: &str, sha: &str) -> Value {
    json!({
        "ref": format!("refs/heads/{name}"),
        "node_id": "MDM6UmVmcmVmcy9oZWFkcy9mZWF0dXJlQQ==",
        "url": format!("https://api.github.com/repos/octo/hello/git/refs/heads/{name}"),
        "object": {"type": "commit", "sha": sha, "url": format!("https://api.github.com/repos/octo/hello/git/commits/{sha}")}
    })
}

const HEAD: &str = "aa218f56b14c9653891f9e74264a383fa43fefbd";

#[tokio::test]
async fn create_branch_from_branch() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/heads/release/1.x")
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("release/1.x", HEAD))
        .await;
    expect("POST", "/repos/octo/hello/git/refs")
        .bearer(TOKEN)
        .json_body(json!({"ref": "refs/heads/feature/login", "sha": HEAD}))
        .respond(&s.fake, 201, ref_json("feature/login", HEAD))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "feature/login", "from_branch": "release/1.x"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"branch": "feature/login", "ref": "refs/heads/feature/login", "sha": HEAD, "from_branch": "release/1.x"})
    );
}

#[tokio::test]
async fn create_branch_from_default_branch() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo_json("octo", "hello"))
        .await;
    expect("GET", "/repos/octo/hello/git/ref/heads/master")
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("master", HEAD))
        .await;
    expect("POST", "/repos/octo/hello/git/refs")
        .bearer(TOKEN)
        .json_body(json!({"ref": "refs/heads/fix", "sha": HEAD}))
        .respond(&s.fake, 201, ref_json("fix", HEAD))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "fix"}),
        )
        .await;
    assert_eq!(v["from_branch"], "master");
    assert_eq!(v["sha"], HEAD);
}

#[tokio::test]
async fn create_branch_that_exists() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/heads/main")
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("main", HEAD))
        .await;
    expect("POST", "/repos/octo/hello/git/refs")
        .bearer(TOKEN)
        .json_body(json!({"ref": "refs/heads/fix", "sha": HEAD}))
        .respond(&s.fake, 422, gh_error(422, "Reference already exists"))
        .await;
    let err = s
        .client
        .call_err(
            "github_create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "fix", "from_branch": "main"}),
        )
        .await;
    assert!(
        err.contains("422 Unprocessable Entity: Reference already exists."),
        "{err}"
    );
}

#[tokio::test]
async fn create_branch_from_missing_branch() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/heads/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "fix", "from_branch": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("the branch `nope` does not exist"),
        "{err}"
    );
}

// ---- github_push_files

#[tokio::test]
async fn push_files_contract() {
    let s = setup().await;
    let base = "/repos/octo/hello/git";
    expect("GET", format!("{base}/ref/heads/feature/x"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("feature/x", HEAD))
        .await;
    expect("GET", format!("{base}/commits/{HEAD}"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({
                "sha": HEAD, "node_id": "C_1", "url": "u", "html_url": "h",
                "author": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
                "committer": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
                "message": "previous", "tree": {"url": "t", "sha": "9fb037999f264ba9a7fc6274d15fa3ae2ab98312"},
                "parents": [], "verification": {"verified": false, "reason": "unsigned"}
            }),
        )
        .await;
    expect("POST", format!("{base}/trees"))
        .bearer(TOKEN)
        .json_body(json!({
            "base_tree": "9fb037999f264ba9a7fc6274d15fa3ae2ab98312",
            "tree": [
                {"path": "src/a.rs", "mode": "100644", "type": "blob", "content": "fn a() {}\n"},
                {"path": "README.md", "mode": "100644", "type": "blob", "content": "# Hi\n"}
            ]
        }))
        .respond(
            &s.fake,
            201,
            json!({"sha": "cd8274d15fa3ae2ab983129fb037999f264ba9a7", "url": "u", "tree": [], "truncated": false}),
        )
        .await;
    expect("POST", format!("{base}/commits"))
        .bearer(TOKEN)
        .json_body(json!({"message": "Add files", "tree": "cd8274d15fa3ae2ab983129fb037999f264ba9a7", "parents": [HEAD]}))
        .respond(
            &s.fake,
            201,
            json!({
                "sha": "7638417db6d59f3c431d3e1f261cc637155684cd", "node_id": "C_2", "url": "u",
                "html_url": "https://github.com/octo/hello/commit/7638417db6d59f3c431d3e1f261cc637155684cd",
                "author": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
                "committer": {"date": "2014-11-07T22:01:45Z", "name": "Monalisa Octocat", "email": "octocat@github.com"},
                "message": "Add files", "tree": {"url": "t", "sha": "cd8274d15fa3ae2ab983129fb037999f264ba9a7"},
                "parents": [{"url": "u", "sha": HEAD, "html_url": "h"}], "verification": {"verified": false, "reason": "unsigned"}
            }),
        )
        .await;
    expect("PATCH", format!("{base}/refs/heads/feature/x"))
        .bearer(TOKEN)
        .json_body(json!({"sha": "7638417db6d59f3c431d3e1f261cc637155684cd", "force": false}))
        .respond(
            &s.fake,
            200,
            ref_json("feature/x", "7638417db6d59f3c431d3e1f261cc637155684cd"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_push_files",
            json!({
                "owner": "octo", "repo": "hello", "branch": "feature/x", "message": "Add files",
                "files": [{"path": "src/a.rs", "content": "fn a() {}\n"}, {"path": "/README.md", "content": "# Hi\n"}]
            }),
        )
        .await;
    assert_eq!(
        v["commit"]["sha"],
        "7638417db6d59f3c431d3e1f261cc637155684cd"
    );
    assert_eq!(
        v["commit"]["html_url"],
        "https://github.com/octo/hello/commit/7638417db6d59f3c431d3e1f261cc637155684cd"
    );
    assert_eq!(v["files"], json!(["src/a.rs", "README.md"]));
    assert_eq!(v["branch"], "feature/x");
}

#[tokio::test]
async fn push_files_rejects_bad_file_lists() {
    let s = setup().await;
    let call = |files: Value| json!({"owner": "octo", "repo": "hello", "branch": "main", "message": "m", "files": files});
    let err = s
        .client
        .call_err("github_push_files", call(json!([])))
        .await;
    assert!(err.contains("`files` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "github_push_files",
            call(json!([{"path": "a", "content": "1"}, {"path": "/a", "content": "2"}])),
        )
        .await;
    assert!(err.contains("`a` appears more than once"), "{err}");
    let err = s
        .client
        .call_err("github_push_files", call(json!([{"path": "a"}])))
        .await;
    assert!(
        err.contains("invalid arguments for github_push_files") && err.contains("content"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn push_files_to_missing_branch() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/heads/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_push_files",
            json!({"owner": "octo", "repo": "hello", "branch": "nope", "message": "m", "files": [{"path": "a", "content": "1"}]}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("the branch `nope` does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn push_files_when_branch_moved() {
    let s = setup().await;
    let base = "/repos/octo/hello/git";
    expect("GET", format!("{base}/ref/heads/main"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, ref_json("main", HEAD))
        .await;
    expect("GET", format!("{base}/commits/{HEAD}"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"sha": HEAD, "tree": {"sha": "t1", "url": "u"}, "message": "m", "parents": []}),
        )
        .await;
    expect("POST", format!("{base}/trees"))
        .bearer(TOKEN)
        .json_body(json!({"base_tree": "t1", "tree": [{"path": "a", "mode": "100644", "type": "blob", "content": "1"}]}))
        .respond(&s.fake, 201, json!({"sha": "t2", "url": "u", "tree": [], "truncated": false}))
        .await;
    expect("POST", format!("{base}/commits"))
        .bearer(TOKEN)
        .json_body(json!({"message": "m", "tree": "t2", "parents": [HEAD]}))
        .respond(&s.fake, 201, json!({"sha": "c2", "message": "m", "html_url": "h", "tree": {"sha": "t2"}, "parents": []}))
        .await;
    expect("PATCH", format!("{base}/refs/heads/main"))
        .bearer(TOKEN)
        .json_body(json!({"sha": "c2", "force": false}))
        .respond(&s.fake, 422, gh_error(422, "Update is not a fast forward"))
        .await;
    let err = s
        .client
        .call_err(
            "github_push_files",
            json!({"owner": "octo", "repo": "hello", "branch": "main", "message": "m", "files": [{"path": "a", "content": "1"}]}),
        )
        .await;
    assert!(
        err.contains("Update is not a fast forward") && err.contains("push again"),
        "{err}"
    );
}

// ---- github_list_commits

fn commit_json(sha: &str, message: &str) -> Value {
    json!({
        "url": format!("https://api.github.com/repos/octo/hello/commits/{sha}"),
        "sha": sha,
        "node_id": "MDY6Q29tbWl0NmRjYjA5YjViNTc4NzVmMzM0ZjYxYWViZWQ2OTVlMmU0MTkzZGI1ZQ==",
        "html_url": format!("https://github.com/octo/hello/commit/{sha}"),
        "comments_url": "c",
        "commit": {
            "url": "u",
            "author": {"name": "Monalisa Octocat", "email": "support@github.com", "date": "2011-04-14T16:00:49Z"},
            "committer": {"name": "Monalisa Octocat", "email": "support@github.com", "date": "2011-04-14T16:00:49Z"},
            "message": message,
            "tree": {"url": "t", "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"},
            "comment_count": 0,
            "verification": {"verified": false, "reason": "unsigned", "signature": null, "payload": null}
        },
        "author": user_json("octocat", 1),
        "committer": user_json("octocat", 1),
        "parents": [{"url": "u", "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}]
    })
}

#[tokio::test]
async fn list_commits_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/commits")
        .bearer(TOKEN)
        .query("sha", "dev")
        .query("page", 1)
        .query("per_page", 2)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_json(json!([
                    commit_json("aaa1", "Fix all the bugs"),
                    commit_json("aaa0", "Start")
                ]))
                .insert_header("link", link("/repositories/1/commits", 2, 9)),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_commits",
            json!({"owner": "octo", "repo": "hello", "sha": "dev", "page": 1, "perPage": 2}),
        )
        .await;
    assert_eq!(v["next_page"], 2);
    assert_eq!(
        v["items"][0],
        json!({
            "sha": "aaa1", "message": "Fix all the bugs", "author": "Monalisa Octocat", "author_login": "octocat",
            "authored_at": "2011-04-14T16:00:49Z", "committer": "Monalisa Octocat", "committed_at": "2011-04-14T16:00:49Z",
            "html_url": "https://github.com/octo/hello/commit/aaa1", "parents": ["6dcb09b5b57875f334f61aebed695e2e4193db5e"]
        })
    );
}

#[tokio::test]
async fn list_commits_of_empty_repository() {
    let s = setup().await;
    expect("GET", "/repos/octo/empty/commits")
        .bearer(TOKEN)
        .respond(&s.fake, 409, gh_error(409, "Git Repository is empty."))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_commits",
            json!({"owner": "octo", "repo": "empty"}),
        )
        .await;
    assert!(
        err.contains("409 Conflict: Git Repository is empty."),
        "{err}"
    );
}

// ---- github_search_repositories

#[tokio::test]
async fn search_repositories_contract() {
    let s = setup().await;
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .query("q", "tetris language:assembly")
        .query("sort", "help-wanted-issues")
        .query("order", "asc")
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 40, "incomplete_results": false, "items": [repo_json("dtrupenn", "Tetris")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_repositories",
            json!({"query": "tetris language:assembly", "sort": "help-wanted-issues", "order": "asc", "perPage": 500}),
        )
        .await;
    assert_eq!(v["total_count"], 40);
    assert_eq!(v["items"][0]["full_name"], "dtrupenn/Tetris");
    assert_eq!(v["items"][0]["stargazers_count"], 80);
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn search_repositories_needs_query() {
    let s = setup().await;
    let err = s
        .client
        .call_err("github_search_repositories", json!({"q": "tetris"}))
        .await;
    assert!(
        err.contains("invalid arguments for github_search_repositories") && err.contains("query"),
        "{err}"
    );
}

#[tokio::test]
async fn search_repositories_rejected() {
    let s = setup().await;
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .query("q", "stars:>>1")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "The search contains invalid syntax.", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_repositories", json!({"query": "stars:>>1"}))
        .await;
    assert!(
        err.contains("422") && err.contains("The search contains invalid syntax."),
        "{err}"
    );
}

// ---- github_search_code

#[tokio::test]
async fn search_code_contract() {
    let s = setup().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.text-match+json")
        .query("q", "addClass in:file language:js repo:jquery/jquery")
        .query("sort", "indexed")
        .query("order", "desc")
        .query("page", 2)
        .respond(
            &s.fake,
            200,
            json!({
                "total_count": 7,
                "incomplete_results": false,
                "items": [{
                    "name": "classes.js",
                    "path": "src/attributes/classes.js",
                    "sha": "d7212f9dee2dcc18f084d7df8f417b80846ded5a",
                    "url": "https://api.github.com/repositories/167174/contents/src/attributes/classes.js?ref=825ac37",
                    "git_url": "https://api.github.com/repositories/167174/git/blobs/d7212f9dee2dcc18f084d7df8f417b80846ded5a",
                    "html_url": "https://github.com/jquery/jquery/blob/825ac37/src/attributes/classes.js",
                    "repository": repo_json("jquery", "jquery"),
                    "score": 1,
                    "text_matches": [{
                        "object_url": "u", "object_type": "FileContent", "property": "content",
                        "fragment": "jQuery.fn.extend({\n\taddClass: function( value ) {",
                        "matches": [{"text": "addClass", "indices": [21, 29]}]
                    }]
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_code",
            json!({"q": "addClass in:file language:js repo:jquery/jquery", "sort": "indexed", "order": "desc", "page": 2}),
        )
        .await;
    assert_eq!(v["total_count"], 7);
    assert_eq!(
        v["items"][0],
        json!({
            "name": "classes.js", "path": "src/attributes/classes.js", "sha": "d7212f9dee2dcc18f084d7df8f417b80846ded5a",
            "repository": "jquery/jquery", "html_url": "https://github.com/jquery/jquery/blob/825ac37/src/attributes/classes.js",
            "fragments": ["jQuery.fn.extend({\n\taddClass: function( value ) {"]
        })
    );
}

#[tokio::test]
async fn search_code_rejected() {
    let s = setup().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .query("q", "language:go")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "Must include at least one user, organization, or repository", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_code", json!({"q": "language:go"}))
        .await;
    assert!(
        err.contains("422") && err.contains("Must include at least one user"),
        "{err}"
    );
}

#[tokio::test]
async fn search_code_bad_sort() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_search_code",
            json!({"q": "x repo:a/b", "sort": "stars"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_search_code"),
        "{err}"
    );
}
