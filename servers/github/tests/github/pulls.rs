use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, link, pr_args as args, pr_json, pr7_args, setup, validation_failed,
};

// ---- github_get_pull_request

#[tokio::test]
async fn get_pull_request_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr_json(1347, "Amazing new feature"))
        .await;
    let v = s
        .client
        .call_ok("github_get_pull_request", args(json!({})))
        .await;
    assert_eq!(v["number"], 1347);
    assert_eq!(v["title"], "Amazing new feature");
    assert_eq!(v["user"], "octocat");
    assert_eq!(v["head"], "new-topic");
    assert_eq!(v["head_sha"], "6dcb09b5b57875f334f61aebed695e2e4193db5e");
    assert_eq!(v["head_repo"], "octocat/hello");
    assert_eq!(v["base"], "master");
    assert_eq!(v["mergeable_state"], "clean");
    assert_eq!(v["labels"], json!(["bug"]));
    assert_eq!(v["assignees"], json!(["hubot"]));
    assert_eq!(v["requested_reviewers"], json!(["other_user"]));
    assert_eq!(v["changed_files"], 5);
    assert!(
        v.get("merged_by").is_none() && v.get("_links").is_none(),
        "{v}"
    );
}

#[tokio::test]
async fn get_pull_request_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request", args(json!({})))
        .await;
    assert!(err.contains("404 Not Found: Not Found."), "{err}");
}

#[tokio::test]
async fn get_pull_request_needs_pull_number() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_get_pull_request",
            json!({"owner": "octo", "repo": "hello", "pull_number": 1}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") && err.contains("pullNumber"),
        "{err}"
    );
}

// ---- github_update_pull_request

#[tokio::test]
async fn update_pull_request_contract() {
    let s = setup().await;
    let mut pr = pr_json(1347, "new title");
    pr["state"] = json!("closed");
    expect("PATCH", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .json_body(json!({"title": "new title", "state": "closed", "base": "main", "maintainer_can_modify": false}))
        .respond(&s.fake, 200, pr)
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_pull_request",
            args(json!({"title": "new title", "state": "closed", "base": "main", "maintainer_can_modify": false})),
        )
        .await;
    assert_eq!(v["state"], "closed");
    assert_eq!(v["title"], "new title");
}

#[tokio::test]
async fn update_pull_request_needs_a_change() {
    let s = setup().await;
    let err = s
        .client
        .call_err("github_update_pull_request", args(json!({})))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn update_pull_request_rejected() {
    let s = setup().await;
    expect("PATCH", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .json_body(json!({"base": "nope"}))
        .respond(
            &s.fake,
            422,
            validation_failed(
                json!([{"resource": "PullRequest", "field": "base", "code": "invalid"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("github_update_pull_request", args(json!({"base": "nope"})))
        .await;
    assert!(
        err.contains("422") && err.contains("base: invalid"),
        "{err}"
    );
}

#[tokio::test]
async fn update_pull_request_draft_and_reviewers() {
    let s = setup().await;
    let mut pr = pr_json(7, "Fix");
    pr["draft"] = json!(true);
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr)
        .await;
    crate::common::graphql(
        &s.fake,
        "MarkReadyForReview",
        json!({"id": "MDExOlB1bGxSZXF1ZXN0MQ=="}),
        json!({"markPullRequestReadyForReview": {"pullRequest": {"number": 7, "isDraft": false}}}),
    )
    .await;
    expect("POST", "/repos/octo/hello/pulls/7/requested_reviewers")
        .bearer(TOKEN)
        .json_body(json!({"reviewers": ["hubot"]}))
        .respond(&s.fake, 201, pr_json(7, "Fix"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_pull_request",
            pr7_args(json!({"draft": false, "reviewers": ["hubot"]})),
        )
        .await;
    assert_eq!(v["draft"], false);
    assert_eq!(v["requested_reviewers"], json!(["other_user"]));
}

#[tokio::test]
async fn update_pull_request_title_then_draft_already_set() {
    let s = setup().await;
    expect("PATCH", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .json_body(json!({"title": "New"}))
        .respond(&s.fake, 200, pr_json(7, "New"))
        .await;
    // Already not a draft: no GraphQL call.
    let v = s
        .client
        .call_ok(
            "github_update_pull_request",
            pr7_args(json!({"title": "New", "draft": false})),
        )
        .await;
    assert_eq!(v["title"], "New");
    let requests = s.fake.received_requests().await.unwrap();
    assert!(requests.iter().all(|r| r.url.path() != "/graphql"));
}

// ---- github_list_pull_requests

#[tokio::test]
async fn list_pull_requests_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls")
        .bearer(TOKEN)
        .query("state", "all")
        .query("head", "octocat:new-topic")
        .query("base", "master")
        .query("sort", "long-running")
        .query("direction", "asc")
        .query("page", 2)
        .query("per_page", 1)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_json(json!([pr_json(1347, "Amazing new feature")]))
                .insert_header("link", link("/repositories/1/pulls", 3, 4)),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_pull_requests",
            json!({
                "owner": "octo", "repo": "hello", "state": "all", "head": "octocat:new-topic", "base": "master",
                "sort": "long-running", "direction": "asc", "page": 2, "perPage": 1
            }),
        )
        .await;
    assert_eq!(v["next_page"], 3);
    assert_eq!(v["items"][0]["number"], 1347);
    assert_eq!(v["items"][0]["head"], "new-topic");
}

#[tokio::test]
async fn list_pull_requests_bad_state() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_list_pull_requests",
            json!({"owner": "octo", "repo": "hello", "state": "merged"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_list_pull_requests"),
        "{err}"
    );
}

// ---- github_search_pull_requests

#[tokio::test]
async fn search_pull_requests_contract() {
    let s = setup().await;
    let mut pr = pr_json(7, "Fix");
    pr["pull_request"] = json!({"url": "https://api.github.com/repos/octo/hello/pulls/7"});
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .query("q", "user:octo is:pr review:required")
        .query("order", "desc")
        .query("sort", "updated")
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "incomplete_results": false, "items": [pr]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_pull_requests",
            json!({"query": "review:required", "owner": "octo", "sort": "updated", "order": "desc"}),
        )
        .await;
    assert_eq!(v["items"][0]["is_pull_request"], true);
    assert_eq!(v["total_count"], 1);
}

#[tokio::test]
async fn search_pull_requests_rejected() {
    let s = setup().await;
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .query("q", "repo:octo/hello is:pr")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_search_pull_requests",
            json!({"query": "is:pr", "owner": "octo", "repo": "hello"}),
        )
        .await;
    assert!(err.contains("cannot be searched"), "{err}");
}

// ---- github_merge_pull_request

#[tokio::test]
async fn merge_pull_request_contract() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/merge")
        .bearer(TOKEN)
        .json_body(json!({
            "commit_title": "Expand enum", "commit_message": "Add a new value", "merge_method": "squash",
            "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"
        }))
        .respond(
            &s.fake,
            200,
            json!({"sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "merged": true, "message": "Pull Request successfully merged"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_merge_pull_request",
            args(json!({
                "commit_title": "Expand enum", "commit_message": "Add a new value", "merge_method": "squash",
                "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"
            })),
        )
        .await;
    assert_eq!(
        v,
        json!({"merged": true, "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "message": "Pull Request successfully merged"})
    );
}

#[tokio::test]
async fn merge_pull_request_not_mergeable() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/merge")
        .bearer(TOKEN)
        .json_body(json!({}))
        .respond(&s.fake, 405, gh_error(405, "Pull Request is not mergeable"))
        .await;
    let err = s
        .client
        .call_err("github_merge_pull_request", args(json!({})))
        .await;
    assert!(
        err.contains("405 Method Not Allowed: Pull Request is not mergeable."),
        "{err}"
    );
    assert!(err.contains("github_get_pull_request_status"), "{err}");
}

#[tokio::test]
async fn merge_pull_request_head_moved() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/merge")
        .bearer(TOKEN)
        .json_body(json!({"merge_method": "rebase", "sha": "old"}))
        .respond(
            &s.fake,
            409,
            gh_error(
                409,
                "Head branch was modified. Review and try the merge again.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_merge_pull_request",
            args(json!({"merge_method": "rebase", "sha": "old"})),
        )
        .await;
    assert!(
        err.contains("409 Conflict: Head branch was modified."),
        "{err}"
    );
}

#[tokio::test]
async fn merge_pull_request_bad_method() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_merge_pull_request",
            args(json!({"merge_method": "fast-forward"})),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_merge_pull_request"),
        "{err}"
    );
}

// ---- github_get_pull_request_files

fn pr_file(name: &str, patch: &str) -> Value {
    json!({
        "sha": "bbcd538c8e72b8c175046e27cc8f907076331401",
        "filename": name,
        "status": "modified",
        "additions": 103,
        "deletions": 21,
        "changes": 124,
        "blob_url": format!("https://github.com/octo/hello/blob/6dcb09b/{name}"),
        "raw_url": format!("https://github.com/octo/hello/raw/6dcb09b/{name}"),
        "contents_url": "c",
        "patch": patch
    })
}

#[tokio::test]
async fn get_pull_request_files_contract() {
    let s = setup().await;
    let big = "+x\n".repeat(10_000);
    expect("GET", "/repos/octo/hello/pulls/1347/files")
        .bearer(TOKEN)
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!([
                pr_file(
                    "file1.txt",
                    "@@ -132,7 +132,7 @@ module Test @@ -1000,7 +1000,7 @@ module Test"
                ),
                pr_file("big.txt", &big)
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_pull_request_files",
            args(json!({"perPage": 100})),
        )
        .await;
    let f = &v["items"][0];
    assert_eq!(f["filename"], "file1.txt");
    assert_eq!(f["status"], "modified");
    assert_eq!(f["additions"], 103);
    assert_eq!(
        f["patch"],
        "@@ -132,7 +132,7 @@ module Test @@ -1000,7 +1000,7 @@ module Test"
    );
    assert!(f.get("raw_url").is_none());
    let big = &v["items"][1];
    assert_eq!(big["patch_truncated"], true);
    assert!(
        big["patch"]
            .as_str()
            .unwrap()
            .ends_with("[... patch truncated ...]")
    );
    assert!(big["patch"].as_str().unwrap().len() < 20_100);
}

#[tokio::test]
async fn get_pull_request_files_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347/files")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request_files", args(json!({})))
        .await;
    assert!(err.contains("404"), "{err}");
}

// ---- github_get_pull_request_status

#[tokio::test]
async fn get_pull_request_status_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr_json(1347, "t"))
        .await;
    expect("GET", "/repos/octo/hello/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e/status")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({
                "state": "success",
                "statuses": [{
                    "url": "u", "avatar_url": "a", "id": 1, "node_id": "MDY6U3RhdHVzMQ==", "state": "success",
                    "description": "Build has completed successfully", "target_url": "https://ci.example.com/1000/output",
                    "context": "continuous-integration/jenkins", "created_at": "2012-07-20T01:19:13Z",
                    "updated_at": "2012-07-20T01:19:13Z"
                }],
                "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e",
                "total_count": 1,
                "repository": {"full_name": "octo/hello"},
                "commit_url": "c",
                "url": "u"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("github_get_pull_request_status", args(json!({})))
        .await;
    assert_eq!(v["state"], "success");
    assert_eq!(v["head_sha"], "6dcb09b5b57875f334f61aebed695e2e4193db5e");
    assert_eq!(v["total_count"], 1);
    assert_eq!(
        v["statuses"][0],
        json!({
            "context": "continuous-integration/jenkins", "state": "success", "description": "Build has completed successfully",
            "target_url": "https://ci.example.com/1000/output", "updated_at": "2012-07-20T01:19:13Z"
        })
    );
}

#[tokio::test]
async fn get_pull_request_status_of_missing_pull_request() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request_status", args(json!({})))
        .await;
    assert!(err.contains("404"), "{err}");
}

// ---- github_update_pull_request_branch

#[tokio::test]
async fn update_pull_request_branch_contract() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/update-branch")
        .bearer(TOKEN)
        .json_body(json!({"expected_head_sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"}))
        .respond(
            &s.fake,
            202,
            json!({"message": "Updating pull request branch.", "url": "https://github.com/repos/octo/hello/pulls/1347"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_pull_request_branch",
            args(json!({"expectedHeadSha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"})),
        )
        .await;
    assert_eq!(
        v,
        json!({"message": "Updating pull request branch.", "url": "https://github.com/repos/octo/hello/pulls/1347"})
    );
}

#[tokio::test]
async fn update_pull_request_branch_without_sha_sends_no_body() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/update-branch")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            202,
            json!({"message": "Updating pull request branch.", "url": "u"}),
        )
        .await;
    let v = s
        .client
        .call_ok("github_update_pull_request_branch", args(json!({})))
        .await;
    assert_eq!(v["message"], "Updating pull request branch.");
}

#[tokio::test]
async fn update_pull_request_branch_head_moved() {
    let s = setup().await;
    expect("PUT", "/repos/octo/hello/pulls/1347/update-branch")
        .bearer(TOKEN)
        .json_body(json!({"expected_head_sha": "old"}))
        .respond(
            &s.fake,
            422,
            gh_error(422, "expected head sha didn't match current head ref."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_update_pull_request_branch",
            args(json!({"expectedHeadSha": "old"})),
        )
        .await;
    assert!(
        err.contains("422") && err.contains("expected head sha didn't match"),
        "{err}"
    );
}

// ---- github_create_pull_request

#[tokio::test]
async fn create_pull_request_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls")
        .bearer(TOKEN)
        .json_body(json!({
            "title": "Amazing new feature", "head": "octocat:new-topic", "base": "master",
            "body": "Please pull these awesome changes in!", "draft": true, "maintainer_can_modify": true
        }))
        .respond(&s.fake, 201, pr_json(1347, "Amazing new feature"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_pull_request",
            json!({
                "owner": "octo", "repo": "hello", "title": "Amazing new feature", "head": "octocat:new-topic",
                "base": "master", "body": "Please pull these awesome changes in!", "draft": true, "maintainer_can_modify": true
            }),
        )
        .await;
    assert_eq!(v["number"], 1347);
    assert_eq!(v["html_url"], "https://github.com/octo/hello/pull/1347");
}

#[tokio::test]
async fn create_pull_request_that_exists() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls")
        .bearer(TOKEN)
        .json_body(json!({"title": "t", "head": "feature", "base": "main"}))
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"resource": "PullRequest", "code": "custom", "message": "A pull request already exists for octo:feature."}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_create_pull_request", json!({"owner": "octo", "repo": "hello", "title": "t", "head": "feature", "base": "main"}))
        .await;
    assert!(
        err.contains("422") && err.contains("A pull request already exists for octo:feature."),
        "{err}"
    );
}

#[tokio::test]
async fn create_pull_request_needs_head_and_base() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_create_pull_request",
            json!({"owner": "octo", "repo": "hello", "title": "t", "base": "main"}),
        )
        .await;
    assert!(err.contains("missing field `head`"), "{err}");
}

// ---- github_get_pull_request_diff

#[tokio::test]
async fn get_pull_request_diff_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.diff")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_string(format!("diff --git a/a b/a\n{}", "+x\n".repeat(100_000))),
        )
        .await;
    let r = s
        .client
        .call("github_get_pull_request_diff", pr7_args(json!({})))
        .await
        .unwrap();
    let text = mcp_testkit::text_of(&r);
    assert!(
        text.starts_with("diff --git a/a b/a\n+x\n"),
        "{}",
        &text[..40]
    );
    assert!(
        text.ends_with("[truncated: showing the first 204800 of 300019 bytes]"),
        "{}",
        &text[text.len() - 80..]
    );
}

#[tokio::test]
async fn get_pull_request_diff_too_large() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            406,
            json!({"message": "Sorry, the diff exceeded the maximum number of lines (20000)", "errors": [{"resource": "PullRequest", "field": "diff", "code": "too_large"}], "documentation_url": "https://docs.github.com/rest/pulls/pulls#get-a-pull-request", "status": "406"}),
        )
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request_diff", pr7_args(json!({})))
        .await;
    assert!(
        err.contains("406") && err.contains("github_get_pull_request_files"),
        "{err}"
    );
}
