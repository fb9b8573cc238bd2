//! `--profile atlas`, pull requests: the Smithery server's pull request tools, their requests
//! (page 1 of 10 unless told otherwise) and the shapes it answers with.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::atlas_issues::markdown;
use crate::common::{TOKEN, link, no_requests, pr_json, setup_atlas};

const HEAD: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

fn args(extra: Value) -> Value {
    let mut a = json!({"owner": "octo", "repo": "hello", "pullNumber": 7});
    if let (Some(a), Value::Object(e)) = (a.as_object_mut(), extra) {
        a.extend(e);
    }
    a
}

fn file_json(name: &str, status: &str, additions: u64, deletions: u64) -> Value {
    json!({
        "sha": "bbcd538c8e72b8c175046e27cc8f907076331401",
        "filename": name,
        "status": status,
        "additions": additions,
        "deletions": deletions,
        "changes": additions + deletions,
        "blob_url": format!("https://github.com/octo/hello/blob/{HEAD}/{name}"),
        "patch": "@@ -1 +1 @@\n-a\n+b"
    })
}

fn review_comment_json(id: u64, body: &str, at: &str) -> Value {
    json!({
        "id": id,
        "pull_request_review_id": 42,
        "diff_hunk": "@@ -16,33 +16,40 @@",
        "path": "src/main.rs",
        "commit_id": HEAD,
        "original_commit_id": HEAD,
        "user": {"login": "hubot", "id": 2, "type": "User"},
        "body": body,
        "created_at": at,
        "updated_at": at,
        "html_url": format!("https://github.com/octo/hello/pull/7#discussion-diff-{id}"),
        "line": 12,
        "side": "RIGHT",
        "start_line": 10,
        "start_side": "RIGHT"
    })
}

fn issue_comment_json(id: u64, body: &str, at: &str) -> Value {
    json!({
        "id": id,
        "html_url": format!("https://github.com/octo/hello/pull/7#issuecomment-{id}"),
        "body": body,
        "user": {"login": "octocat", "id": 1, "type": "User"},
        "created_at": at,
        "updated_at": at
    })
}

#[tokio::test]
async fn get_update_create_and_merge_answer_json() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr_json(7, "Fix"))
        .await;
    let v = s.client.call_ok("get_pull_request", args(json!({}))).await;
    assert_eq!(v["head_sha"], HEAD);
    expect("PATCH", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .json_body(json!({"title": "Fix it", "state": "closed", "base": "main", "maintainer_can_modify": false}))
        .respond(&s.fake, 200, pr_json(7, "Fix it"))
        .await;
    let v = s
        .client
        .call_ok(
            "update_pull_request",
            args(json!({"title": "Fix it", "state": "closed", "base": "main", "maintainer_can_modify": false})),
        )
        .await;
    assert_eq!(v["title"], "Fix it");
    expect("POST", "/repos/octo/hello/pulls")
        .bearer(TOKEN)
        .json_body(json!({"title": "New", "head": "feature", "base": "main", "body": "Why", "draft": true}))
        .respond(&s.fake, 201, pr_json(8, "New"))
        .await;
    let v = s
        .client
        .call_ok(
            "create_pull_request",
            json!({"owner": "octo", "repo": "hello", "title": "New", "head": "feature", "base": "main", "body": "Why", "draft": true}),
        )
        .await;
    assert_eq!(v["number"], 8);
    expect("PUT", "/repos/octo/hello/pulls/7/merge")
        .bearer(TOKEN)
        .json_body(json!({"commit_title": "Fix (#7)", "merge_method": "squash"}))
        .respond(
            &s.fake,
            200,
            json!({"sha": HEAD, "merged": true, "message": "Pull Request successfully merged"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "merge_pull_request",
            args(json!({"commit_title": "Fix (#7)", "merge_method": "squash"})),
        )
        .await;
    assert_eq!(v["merged"], true);
}

/// The Smithery server's update_pull_request_branch is a stub that answers "Not implemented
/// yet"; ours updates the branch.
#[tokio::test]
async fn update_pull_request_branch_does_update_the_branch() {
    let s = setup_atlas().await;
    expect("PUT", "/repos/octo/hello/pulls/7/update-branch")
        .bearer(TOKEN)
        .json_body(json!({"expected_head_sha": HEAD}))
        .respond(
            &s.fake,
            202,
            json!({"message": "Updating pull request branch.", "url": "https://github.com/octo/hello/pull/7"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "update_pull_request_branch",
            args(json!({"expectedHeadSha": HEAD})),
        )
        .await;
    assert_eq!(v["message"], "Updating pull request branch.");
}

#[tokio::test]
async fn list_pull_requests_contract_and_markdown() {
    let s = setup_atlas().await;
    let mut draft = pr_json(9, "Draft work");
    draft["draft"] = json!(true);
    expect("GET", "/repos/octo/hello/pulls")
        .bearer(TOKEN)
        .queries(&[
            ("state", "all"),
            ("base", "master"),
            ("sort", "long-running"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/pulls", 2, 2).as_str())
                .set_body_json(json!([pr_json(7, "Fix"), draft])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_pull_requests",
            json!({"owner": "octo", "repo": "hello", "state": "all", "base": "master", "sort": "long-running"}),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Pull Requests for octo/hello\n\n"), "{md}");
    assert!(md.contains("Showing 2 pull request(s) - Page 1"), "{md}");
    assert!(md.contains("call again with page=2"), "{md}");
    assert!(md.contains("## #7: Fix\n\n- **State**: open"), "{md}");
    assert!(md.contains("- **Branch**: new-topic → master"), "{md}");
    assert!(md.contains("## #9: Draft work"), "{md}");
    assert!(md.contains("- **Status**: Draft"), "{md}");
}

#[tokio::test]
async fn get_pull_request_files_groups_the_files() {
    let s = setup_atlas().await;
    let mut renamed = file_json("src/new.rs", "renamed", 1, 1);
    renamed["previous_filename"] = json!("src/old.rs");
    expect("GET", "/repos/octo/hello/pulls/7/files")
        .bearer(TOKEN)
        .queries(&[("page", "1"), ("per_page", "10")])
        .respond(
            &s.fake,
            200,
            json!([
                file_json("README.md", "modified", 3, 1),
                file_json("src/lib.rs", "added", 20, 0),
                renamed,
                file_json("old.txt", "removed", 0, 5),
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("get_pull_request_files", args(json!({})))
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Files Changed in Pull Request #7\n\n"),
        "{md}"
    );
    assert!(
        md.contains("**Total:** 4 file(s) | **+24** additions | **-7** deletions"),
        "{md}"
    );
    assert!(
        md.contains("## Added Files\n\n- **src/lib.rs** (+20 -0)"),
        "{md}"
    );
    assert!(
        md.contains("## Modified Files\n\n- **README.md** (+3 -1)"),
        "{md}"
    );
    assert!(
        md.contains("## Removed Files\n\n- **old.txt** (+0 -5)"),
        "{md}"
    );
    assert!(
        md.contains("## Renamed Files\n\n- **src/old.rs** → **src/new.rs** (+1 -1)"),
        "{md}"
    );
}

#[tokio::test]
async fn get_pull_request_status_puts_failures_first() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr_json(7, "Fix"))
        .await;
    expect("GET", format!("/repos/octo/hello/commits/{HEAD}/status"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({
                "state": "failure", "sha": HEAD, "total_count": 2,
                "statuses": [
                    {"state": "success", "context": "lint", "description": "ok", "target_url": "https://ci/1"},
                    {"state": "failure", "context": "tests", "description": "2 failed", "target_url": "https://ci/2"}
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("get_pull_request_status", args(json!({})))
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Pull Request #7 Status\n\n"), "{md}");
    assert!(md.contains("**Overall State:** failure"), "{md}");
    assert!(md.contains("**SHA:** 6dcb09b"), "{md}");
    assert!(md.contains("**Total Checks:** 2"), "{md}");
    let failed = md.find("### Failed").unwrap();
    let passed = md.find("### Passed").unwrap();
    assert!(failed < passed, "{md}");
    assert!(
        md.contains("- **tests**: 2 failed\n  - [View Details](https://ci/2)"),
        "{md}"
    );
}

/// The Smithery server's get_pull_request_comments reads both kinds of comments and merges
/// them, oldest first.
#[tokio::test]
async fn get_pull_request_comments_merges_conversation_and_review_comments() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/issues/7/comments")
        .bearer(TOKEN)
        .queries(&[("page", "1"), ("per_page", "10")])
        .respond(
            &s.fake,
            200,
            json!([issue_comment_json(1, "Looks good", "2024-03-02T00:00:00Z")]),
        )
        .await;
    expect("GET", "/repos/octo/hello/pulls/7/comments")
        .bearer(TOKEN)
        .queries(&[("page", "1"), ("per_page", "10")])
        .respond(
            &s.fake,
            200,
            json!([review_comment_json(
                5,
                "Rename this",
                "2024-03-01T00:00:00Z"
            )]),
        )
        .await;
    let v = s
        .client
        .call_ok("get_pull_request_comments", args(json!({})))
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Comments for Pull Request #7\n\n"), "{md}");
    assert!(md.contains("Showing 2 comment(s) - Page 1"), "{md}");
    assert!(md.contains("## Comment 1 (Code Review)"), "{md}");
    assert!(md.contains("- **File**: src/main.rs"), "{md}");
    assert!(md.contains("## Comment 2\n\n- **Author**: octocat"), "{md}");
    assert!(
        md.find("Rename this").unwrap() < md.find("Looks good").unwrap(),
        "{md}"
    );
}

#[tokio::test]
async fn get_pull_request_review_comments_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/pulls/7/comments")
        .bearer(TOKEN)
        .queries(&[
            ("sort", "updated"),
            ("direction", "desc"),
            ("since", "2024-01-01T00:00:00Z"),
            ("page", "2"),
            ("per_page", "5"),
        ])
        .respond(
            &s.fake,
            200,
            json!([review_comment_json(
                5,
                "Rename this",
                "2024-03-01T00:00:00Z"
            )]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_pull_request_review_comments",
            args(json!({
                "sort": "updated", "direction": "desc", "since": "2024-01-01T00:00:00Z",
                "page": 2, "per_page": 5
            })),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Review Comments for Pull Request #7\n\n"),
        "{md}"
    );
    assert!(md.contains("Showing 1 review comment(s) - Page 2"), "{md}");
    assert!(md.contains("- **Line**: 12\n- **Lines**: 10-12"), "{md}");
    assert!(md.contains("- **Commit**: 6dcb09b"), "{md}");
    assert!(md.contains("**Comment:**\nRename this"), "{md}");
}

#[tokio::test]
async fn create_pull_request_review_comment_contract() {
    let s = setup_atlas().await;
    expect("POST", "/repos/octo/hello/pulls/7/comments")
        .bearer(TOKEN)
        .json_body(json!({
            "body": "Rename this", "commit_id": HEAD, "path": "src/main.rs",
            "line": 12, "start_line": 10, "side": "RIGHT", "start_side": "RIGHT"
        }))
        .respond(
            &s.fake,
            201,
            review_comment_json(5, "Rename this", "2024-03-01T00:00:00Z"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "create_pull_request_review_comment",
            args(json!({
                "body": "Rename this", "commit_id": HEAD, "path": "src/main.rs",
                "line": 12, "start_line": 10, "side": "RIGHT", "start_side": "RIGHT"
            })),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Review Comment Created for Pull Request #7\n\n"),
        "{md}"
    );
    assert!(md.contains("- **Comment ID**: 5"), "{md}");
    expect("POST", "/repos/octo/hello/pulls/7/comments")
        .bearer(TOKEN)
        .json_body(
            json!({"body": "Done", "commit_id": HEAD, "path": "src/main.rs", "in_reply_to": 5}),
        )
        .respond(
            &s.fake,
            201,
            review_comment_json(6, "Done", "2024-03-02T00:00:00Z"),
        )
        .await;
    s.client
        .call_ok(
            "create_pull_request_review_comment",
            args(
                json!({"body": "Done", "commit_id": HEAD, "path": "src/main.rs", "in_reply_to": 5}),
            ),
        )
        .await;
}

#[tokio::test]
async fn a_review_comment_needs_a_line_or_a_comment_to_reply_to() {
    let s = setup_atlas().await;
    let err = s
        .client
        .call_err(
            "create_pull_request_review_comment",
            args(json!({"body": "x", "commit_id": HEAD, "path": "src/main.rs"})),
        )
        .await;
    assert!(
        err.contains("`line`") && err.contains("`in_reply_to`"),
        "{err}"
    );
    no_requests(&s).await;
}
