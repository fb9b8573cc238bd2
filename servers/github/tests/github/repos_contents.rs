//! Files of a repository: create or update one, delete one, read a file or directory
//! (text, binary as an embedded resource, large files).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use mcp_testkit::{expect, text_of};
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, no_requests, setup};

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
