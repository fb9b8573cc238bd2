//! Branches and commits written and read: create a branch, push files as one commit, list
//! commits.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, no_requests, repo_json, setup, user_json};

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
