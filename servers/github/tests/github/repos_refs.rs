//! Commits, branches, tags and releases of a repository (GitHub's official server's
//! operations in our naming).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, repo_json, setup, user_json};

const SHA: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

fn commit_json() -> Value {
    json!({
        "url": format!("https://api.github.com/repos/octo/hello/commits/{SHA}"),
        "sha": SHA,
        "node_id": "MDY6Q29tbWl0NmRjYjA5YjViNTc4NzVmMzM0ZjYxYWViZWQ2OTVlMmU0MTkzZGI1ZQ==",
        "html_url": format!("https://github.com/octo/hello/commit/{SHA}"),
        "commit": {
            "author": {"name": "Monalisa Octocat", "email": "support@github.com", "date": "2011-04-14T16:00:49Z"},
            "committer": {"name": "Monalisa Octocat", "email": "support@github.com", "date": "2011-04-14T16:00:49Z"},
            "message": "Fix all the bugs",
            "tree": {"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"},
            "comment_count": 0
        },
        "author": user_json("octocat", 1),
        "committer": user_json("octocat", 1),
        "parents": [{"url": "https://api.github.com/repos/octo/hello/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e", "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5f"}],
        "stats": {"additions": 104, "deletions": 4, "total": 108},
        "files": [{
            "filename": "file1.txt", "additions": 10, "deletions": 2, "changes": 12, "status": "modified",
            "raw_url": "https://github.com/octo/hello/raw/6dcb/file1.txt",
            "blob_url": "https://github.com/octo/hello/blob/6dcb/file1.txt",
            "patch": "@@ -29,7 +29,7 @@\n....."
        }]
    })
}

#[tokio::test]
async fn get_commit_contract() {
    let s = setup().await;
    expect("GET", format!("/repos/octo/hello/commits/{SHA}"))
        .bearer(TOKEN)
        .query("page", "2")
        .query("per_page", "50")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    link(&format!("/repos/octo/hello/commits/{SHA}"), 3, 4),
                )
                .set_body_json(commit_json()),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_commit",
            json!({"owner": "octo", "repo": "hello", "sha": SHA, "page": 2, "perPage": 50}),
        )
        .await;
    assert_eq!(v["message"], "Fix all the bugs");
    assert_eq!(v["stats"]["total"], 108);
    assert_eq!(v["files"][0]["filename"], "file1.txt");
    assert_eq!(v["files"][0]["patch"], "@@ -29,7 +29,7 @@\n.....");
    assert_eq!(v["next_page"], 3);
}

#[tokio::test]
async fn get_commit_without_diff_and_missing() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/commits/main")
        .bearer(TOKEN)
        .respond(&s.fake, 200, commit_json())
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_commit",
            json!({"owner": "octo", "repo": "hello", "sha": "main", "include_diff": false}),
        )
        .await;
    assert!(v.get("files").is_none() && v.get("stats").is_none(), "{v}");
    expect("GET", "/repos/octo/hello/commits/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 422, gh_error(422, "No commit found for SHA: nope"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_commit",
            json!({"owner": "octo", "repo": "hello", "sha": "nope"}),
        )
        .await;
    assert!(err.contains("No commit found for SHA: nope"), "{err}");
}

#[tokio::test]
async fn list_branches_and_tags_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/branches")
        .bearer(TOKEN)
        .query("per_page", "2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/branches", 2, 5))
                .set_body_json(json!([{"name": "master", "commit": {"sha": "c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc", "url": "https://api.github.com/repos/octo/hello/commits/c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc"}, "protected": true}])),
        )
        .await;
    expect("GET", "/repos/octo/hello/tags")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([{"name": "v0.1", "commit": {"sha": "c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc", "url": "https://api.github.com/repos/octo/hello/commits/c5b9"}, "zipball_url": "https://github.com/octo/hello/zipball/v0.1", "tarball_url": "https://github.com/octo/hello/tarball/v0.1", "node_id": "MDQ6VXNlcjE="}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_branches",
            json!({"owner": "octo", "repo": "hello", "perPage": 2}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([{"name": "master", "sha": "c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc", "protected": true}])
    );
    assert_eq!(v["next_page"], 2);
    let v = s
        .client
        .call_ok(
            "github_list_tags",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "v0.1");
    assert_eq!(
        v["items"][0]["sha"],
        "c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc"
    );
}

#[tokio::test]
async fn list_branches_and_tags_of_missing_repository() {
    let s = setup().await;
    for what in ["branches", "tags"] {
        expect("GET", format!("/repos/octo/gone/{what}"))
            .bearer(TOKEN)
            .respond(&s.fake, 404, gh_error(404, "Not Found"))
            .await;
        let err = s
            .client
            .call_err(
                &format!("github_list_{what}"),
                json!({"owner": "octo", "repo": "gone"}),
            )
            .await;
        assert!(err.contains("404 Not Found"), "{err}");
    }
}

#[tokio::test]
async fn get_annotated_tag_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/tags/v0.0.1")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"ref": "refs/tags/v0.0.1", "node_id": "MDM6UmVmcmVmcy9oZWFkcy9mZWF0dXJlQQ==", "url": "https://api.github.com/repos/octo/hello/git/refs/tags/v0.0.1",
                   "object": {"type": "tag", "sha": "940bd336248efae0f9ee5bc7b2d5c985887b16ac", "url": "https://api.github.com/repos/octo/hello/git/tags/940bd336248efae0f9ee5bc7b2d5c985887b16ac"}}),
        )
        .await;
    expect("GET", "/repos/octo/hello/git/tags/940bd336248efae0f9ee5bc7b2d5c985887b16ac")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({
                "node_id": "MDM6VGFnOTQwYmQzMzYyNDhlZmFlMGY5ZWU1YmM3YjJkNWM5ODU4ODdiMTZhYw==",
                "tag": "v0.0.1", "sha": "940bd336248efae0f9ee5bc7b2d5c985887b16ac",
                "url": "https://api.github.com/repos/octo/hello/git/tags/940bd336248efae0f9ee5bc7b2d5c985887b16ac",
                "message": "initial version\n",
                "tagger": {"name": "Monalisa Octocat", "email": "octocat@github.com", "date": "2014-11-07T22:01:45Z"},
                "object": {"type": "commit", "sha": "c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c", "url": "https://api.github.com/repos/octo/hello/git/commits/c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c"},
                "verification": {"verified": false, "reason": "unsigned", "signature": null, "payload": null, "verified_at": null}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v0.0.1"}),
        )
        .await;
    assert_eq!(v["annotated"], true);
    assert_eq!(v["message"], "initial version\n");
    assert_eq!(v["tagger"], "Monalisa Octocat");
    assert_eq!(
        v["object"],
        json!({"type": "commit", "sha": "c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c"})
    );
}

#[tokio::test]
async fn get_lightweight_and_missing_tag() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/git/ref/tags/light")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"ref": "refs/tags/light", "object": {"type": "commit", "sha": SHA}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "light"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"tag": "light", "annotated": false, "object": {"type": "commit", "sha": SHA}})
    );
    expect("GET", "/repos/octo/hello/git/ref/tags/v9")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v9"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

fn release_json(tag: &str) -> Value {
    json!({
        "url": "https://api.github.com/repos/octo/hello/releases/1",
        "html_url": format!("https://github.com/octo/hello/releases/{tag}"),
        "id": 1,
        "author": user_json("octocat", 1),
        "node_id": "MDc6UmVsZWFzZTE=",
        "tag_name": tag,
        "target_commitish": "master",
        "name": tag,
        "body": "Description of the release",
        "draft": false,
        "prerelease": false,
        "created_at": "2013-02-27T19:35:32Z",
        "published_at": "2013-02-27T19:35:32Z",
        "tarball_url": format!("https://api.github.com/repos/octo/hello/tarball/{tag}"),
        "zipball_url": format!("https://api.github.com/repos/octo/hello/zipball/{tag}"),
        "assets": [{
            "url": "https://api.github.com/repos/octo/hello/releases/assets/1",
            "browser_download_url": format!("https://github.com/octo/hello/releases/download/{tag}/example.zip"),
            "id": 1, "name": "example.zip", "label": "short description", "state": "uploaded",
            "content_type": "application/zip", "size": 1024, "download_count": 42,
            "uploader": user_json("octocat", 1)
        }]
    })
}

#[tokio::test]
async fn releases_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/releases")
        .bearer(TOKEN)
        .query("page", "1")
        .respond(&s.fake, 200, json!([release_json("v1.0.0")]))
        .await;
    expect("GET", "/repos/octo/hello/releases/latest")
        .bearer(TOKEN)
        .respond(&s.fake, 200, release_json("v1.0.0"))
        .await;
    expect("GET", "/repos/octo/hello/releases/tags/v0.9.0")
        .bearer(TOKEN)
        .respond(&s.fake, 200, release_json("v0.9.0"))
        .await;
    let repo = json!({"owner": "octo", "repo": "hello"});
    let mut listed = repo.clone();
    listed["page"] = json!(1);
    let v = s.client.call_ok("github_list_releases", listed).await;
    assert_eq!(v["items"][0]["tag_name"], "v1.0.0");
    assert_eq!(v["items"][0]["assets"][0]["name"], "example.zip");
    assert_eq!(v["items"][0]["author"], "octocat");
    let v = s.client.call_ok("github_get_latest_release", repo).await;
    assert_eq!(v["tag_name"], "v1.0.0");
    let v = s
        .client
        .call_ok(
            "github_get_release_by_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v0.9.0"}),
        )
        .await;
    assert_eq!(v["name"], "v0.9.0");
    assert_eq!(v["assets"][0]["download_count"], 42);
}

#[tokio::test]
async fn release_failures() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/releases/latest")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    expect("GET", "/repos/octo/hello/releases/tags/v7")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    expect("GET", "/repos/octo/gone/releases")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_latest_release",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert!(err.contains("no published full release"), "{err}");
    let err = s
        .client
        .call_err(
            "github_get_release_by_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v7"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    let err = s
        .client
        .call_err(
            "github_list_releases",
            json!({"owner": "octo", "repo": "gone"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn list_commits_by_author_and_full_repository_search() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/commits")
        .bearer(TOKEN)
        .query("author", "octocat")
        .respond(&s.fake, 200, json!([commit_json()]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_commits",
            json!({"owner": "octo", "repo": "hello", "author": "octocat"}),
        )
        .await;
    assert_eq!(v["items"][0]["author_login"], "octocat");
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .query("q", "mcp")
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "incomplete_results": false, "items": [repo_json("octo", "mcp")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_repositories",
            json!({"query": "mcp", "minimal_output": false}),
        )
        .await;
    assert_eq!(v["items"][0]["node_id"], "MDEwOlJlcG9zaXRvcnkxMjk2MjY5");
}
