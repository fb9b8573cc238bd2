//! `--tool-names official`: GitHub's own server's tool names and parameters, calling the same
//! code as our tools. Tools with our parameters under another name are checked by one call
//! each; the official tools whose parameters differ get a contract and a failure test each.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, issue_json, link, pr_json, setup_official, user_json, validation_failed,
};

#[tokio::test]
async fn same_parameter_tools_call_our_code_under_official_names() {
    let s = setup_official().await;
    expect("GET", "/user")
        .bearer(TOKEN)
        .respond(&s.fake, 200, user_json("octocat", 1))
        .await;
    assert_eq!(
        s.client.call_ok("get_me", json!({})).await["login"],
        "octocat"
    );
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .respond(&s.fake, 200, pr_json(7, "Fix"))
        .await;
    expect("GET", "/repos/octo/hello/pulls/7/files")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([]))
        .await;
    let v = s
        .client
        .call_ok(
            "pull_request_read",
            json!({"method": "get", "owner": "octo", "repo": "hello", "pullNumber": 7}),
        )
        .await;
    assert_eq!(v["title"], "Fix");
    let v = s
        .client
        .call_ok(
            "pull_request_read",
            json!({"method": "get_files", "owner": "octo", "repo": "hello", "pullNumber": 7}),
        )
        .await;
    assert_eq!(v["items"], json!([]));
}

fn search_result(items: Vec<Value>) -> Value {
    json!({"total_count": items.len(), "incomplete_results": false, "items": items})
}

#[tokio::test]
async fn search_users_adds_the_user_type() {
    let s = setup_official().await;
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .query("q", "type:user tom in:login")
        .query("order", "asc")
        .query("sort", "followers")
        .respond(&s.fake, 200, search_result(vec![user_json("tom", 3)]))
        .await;
    let v = s
        .client
        .call_ok(
            "search_users",
            json!({"query": "tom in:login", "sort": "followers", "order": "asc"}),
        )
        .await;
    assert_eq!(v["items"][0]["login"], "tom");
    let err = s.client.call_err("search_users", json!({"q": "tom"})).await;
    assert!(err.contains("invalid arguments for search_users"), "{err}");
}

#[tokio::test]
async fn search_code_takes_query() {
    let s = setup_official().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.text-match+json")
        .query("q", "fn main repo:octo/hello")
        .query("sort", "indexed")
        .query("page", "2")
        .respond(
            &s.fake,
            200,
            search_result(vec![json!({
                "name": "main.rs", "path": "src/main.rs", "sha": "d7e6", "html_url": "https://github.com/octo/hello/blob/d7e6/src/main.rs",
                "repository": {"full_name": "octo/hello"}, "score": 1.0,
                "text_matches": [{"fragment": "fn main() {"}]
            })]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_code",
            json!({"query": "fn main repo:octo/hello", "sort": "indexed", "page": 2}),
        )
        .await;
    assert_eq!(v["items"][0]["path"], "src/main.rs");
    assert_eq!(v["items"][0]["fragments"], json!(["fn main() {"]));
}

#[tokio::test]
async fn search_code_rate_limited_query_error() {
    let s = setup_official().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .query("q", "NOT")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "The search contains only logical operators"}])),
        )
        .await;
    let err = s
        .client
        .call_err("search_code", json!({"query": "NOT"}))
        .await;
    assert!(err.contains("only logical operators"), "{err}");
}

#[tokio::test]
async fn get_file_contents_with_ref_and_sha() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/contents/README.md")
        .bearer(TOKEN)
        .query("ref", "3f9a")
        .respond(
            &s.fake,
            200,
            json!({
                "type": "file", "encoding": "base64", "size": 6, "name": "README.md", "path": "README.md",
                "content": "SGVsbG8K", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1",
                "html_url": "https://github.com/octo/hello/blob/main/README.md",
                "download_url": "https://raw.githubusercontent.com/octo/hello/main/README.md"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "README.md", "ref": "refs/heads/main", "sha": "3f9a"}),
        )
        .await;
    assert_eq!(v["content"], "Hello\n");
    expect("GET", "/repos/octo/hello/contents")
        .bearer(TOKEN)
        .query("ref", "refs/heads/dev")
        .respond(
            &s.fake,
            404,
            gh_error(404, "No commit found for the ref refs/heads/dev"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "get_file_contents",
            json!({"owner": "octo", "repo": "hello", "ref": "refs/heads/dev"}),
        )
        .await;
    assert!(err.contains("No commit found for the ref"), "{err}");
}

// ---- issues

#[tokio::test]
async fn issue_read_methods() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/issues/42")
        .bearer(TOKEN)
        .respond(&s.fake, 200, issue_json(42, "Crash"))
        .await;
    expect("GET", "/repos/octo/hello/issues/42/comments")
        .bearer(TOKEN)
        .query("per_page", "10")
        .respond(
            &s.fake,
            200,
            json!([{"id": 1, "user": user_json("hubot", 2), "body": "Me too", "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z", "html_url": "https://github.com/octo/hello/issues/42#issuecomment-1"}]),
        )
        .await;
    expect("GET", "/repos/octo/hello/issues/42/sub_issues")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([issue_json(43, "Part one")]))
        .await;
    expect("GET", "/repos/octo/hello/issues/42/labels")
        .bearer(TOKEN)
        .query("page", "2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/issues/42/labels", 3, 3))
                .set_body_json(json!([{"id": 208045946, "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=", "name": "bug", "description": "Something isn't working", "color": "f29513", "default": true}])),
        )
        .await;
    let base = json!({"owner": "octo", "repo": "hello", "issue_number": 42});
    let call = |method: &str, extra: Value| {
        let mut a = base.clone();
        a["method"] = json!(method);
        for (k, v) in extra.as_object().unwrap() {
            a[k] = v.clone();
        }
        a
    };
    let v = s.client.call_ok("issue_read", call("get", json!({}))).await;
    assert_eq!(v["title"], "Crash");
    let v = s
        .client
        .call_ok("issue_read", call("get_comments", json!({"perPage": 10})))
        .await;
    assert_eq!(v["items"][0]["body"], "Me too");
    let v = s
        .client
        .call_ok("issue_read", call("get_sub_issues", json!({})))
        .await;
    assert_eq!(v["items"][0]["number"], 43);
    assert_eq!(v["items"][0]["id"], 1043);
    let v = s
        .client
        .call_ok("issue_read", call("get_labels", json!({"page": 2})))
        .await;
    assert_eq!(v["items"][0]["name"], "bug");
    assert_eq!(v["next_page"], 3);
}

#[tokio::test]
async fn issue_read_bad_method() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "issue_read",
            json!({"method": "get_events", "owner": "octo", "repo": "hello", "issue_number": 1}),
        )
        .await;
    assert!(err.contains("invalid arguments for issue_read"), "{err}");
}

#[tokio::test]
async fn issue_write_create_and_update() {
    let s = setup_official().await;
    expect("POST", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .json_body(json!({"title": "Crash", "body": "On start", "labels": ["bug"], "type": "Bug"}))
        .respond(&s.fake, 201, issue_json(42, "Crash"))
        .await;
    let v = s
        .client
        .call_ok(
            "issue_write",
            json!({"method": "create", "owner": "octo", "repo": "hello", "title": "Crash", "body": "On start", "labels": ["bug"], "type": "Bug"}),
        )
        .await;
    assert_eq!(v["number"], 42);
    let mut closed = issue_json(42, "Crash");
    closed["state"] = json!("closed");
    closed["state_reason"] = json!("not_planned");
    expect("PATCH", "/repos/octo/hello/issues/42")
        .bearer(TOKEN)
        .json_body(json!({"state": "closed", "state_reason": "not_planned"}))
        .respond(&s.fake, 200, closed)
        .await;
    let v = s
        .client
        .call_ok(
            "issue_write",
            json!({"method": "update", "owner": "octo", "repo": "hello", "issue_number": 42, "state": "closed", "state_reason": "not_planned"}),
        )
        .await;
    assert_eq!(v["state_reason"], "not_planned");
}

#[tokio::test]
async fn issue_write_close_as_duplicate() {
    let s = setup_official().await;
    crate::common::graphql(
        &s.fake,
        "IssueIds",
        json!({"owner": "octo", "repo": "hello", "number": 42, "duplicateOf": 7}),
        json!({"repository": {"issue": {"id": "I_kwDOA42"}, "duplicate": {"id": "I_kwDOA7"}}}),
    )
    .await;
    crate::common::graphql(
        &s.fake,
        "CloseAsDuplicate",
        json!({"issueId": "I_kwDOA42", "duplicateIssueId": "I_kwDOA7"}),
        json!({"closeIssue": {"issue": {"number": 42, "state": "CLOSED", "stateReason": "DUPLICATE", "url": "https://github.com/octo/hello/issues/42"}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "issue_write",
            json!({"method": "update", "owner": "octo", "repo": "hello", "issue_number": 42, "state": "closed", "state_reason": "duplicate", "duplicate_of": 7}),
        )
        .await;
    assert_eq!(
        v,
        json!({"number": 42, "html_url": "https://github.com/octo/hello/issues/42", "state": "closed", "state_reason": "duplicate", "duplicate_of": 7})
    );
}

#[tokio::test]
async fn issue_write_failures() {
    let s = setup_official().await;
    for (args, want) in [
        (
            json!({"method": "create", "owner": "octo", "repo": "hello"}),
            "needs a `title`",
        ),
        (
            json!({"method": "update", "owner": "octo", "repo": "hello", "title": "x"}),
            "needs the `issue_number`",
        ),
        (
            json!({"method": "create", "owner": "octo", "repo": "hello", "title": "x", "state": "closed"}),
            "apply to method `update`",
        ),
        (
            json!({"method": "update", "owner": "octo", "repo": "hello", "issue_number": 1, "duplicate_of": 2, "state": "open"}),
            "closes the issue as a duplicate",
        ),
        (
            json!({"method": "update", "owner": "octo", "repo": "hello", "issue_number": 1}),
            "nothing to update",
        ),
    ] {
        let err = s.client.call_err("issue_write", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn sub_issue_write_methods() {
    let s = setup_official().await;
    expect("POST", "/repos/octo/hello/issues/42/sub_issues")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043, "replace_parent": true}))
        .respond(&s.fake, 201, issue_json(42, "Epic"))
        .await;
    expect("DELETE", "/repos/octo/hello/issues/42/sub_issue")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043}))
        .respond(&s.fake, 200, issue_json(42, "Epic"))
        .await;
    expect("PATCH", "/repos/octo/hello/issues/42/sub_issues/priority")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043, "before_id": 1044}))
        .respond(&s.fake, 200, issue_json(42, "Epic"))
        .await;
    let base = json!({"owner": "octo", "repo": "hello", "issue_number": 42, "sub_issue_id": 1043});
    let with = |extra: Value| {
        let mut a = base.clone();
        for (k, v) in extra.as_object().unwrap() {
            a[k] = v.clone();
        }
        a
    };
    for extra in [
        json!({"method": "add", "replace_parent": true}),
        json!({"method": "remove"}),
        json!({"method": "reprioritize", "before_id": 1044}),
    ] {
        let v = s.client.call_ok("sub_issue_write", with(extra)).await;
        assert_eq!(v["title"], "Epic");
    }
    let err = s
        .client
        .call_err(
            "sub_issue_write",
            with(json!({"method": "reprioritize", "before_id": 1, "after_id": 2})),
        )
        .await;
    assert!(
        err.contains("exactly one of `after_id` and `before_id`"),
        "{err}"
    );
}

#[tokio::test]
async fn list_issues_with_cursor_and_upper_case_enums() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .query("state", "closed")
        .query("labels", "bug,ui")
        .query("sort", "updated")
        .query("direction", "asc")
        .query("page", "2")
        .query("per_page", "1")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/issues", 3, 9))
                .set_body_json(json!([issue_json(5, "Old")])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_issues",
            json!({"owner": "octo", "repo": "hello", "state": "CLOSED", "labels": ["bug", "ui"], "orderBy": "UPDATED_AT", "direction": "ASC", "perPage": 1, "after": "2"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 5);
    assert_eq!(
        v["pageInfo"],
        json!({"hasNextPage": true, "endCursor": "3"})
    );
    expect("GET", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .query("state", "all")
        .respond(&s.fake, 200, json!([]))
        .await;
    let v = s
        .client
        .call_ok("list_issues", json!({"owner": "octo", "repo": "hello"}))
        .await;
    assert_eq!(
        v["pageInfo"],
        json!({"hasNextPage": false, "endCursor": null})
    );
    let err = s
        .client
        .call_err(
            "list_issues",
            json!({"owner": "octo", "repo": "hello", "after": "Y3Vyc29y"}),
        )
        .await;
    assert!(err.contains("`after` = `Y3Vyc29y`"), "{err}");
}

#[tokio::test]
async fn search_issues_scoped_to_a_repository() {
    let s = setup_official().await;
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .query("q", "repo:octo/hello is:issue label:bug")
        .query("sort", "created")
        .respond(&s.fake, 200, search_result(vec![issue_json(3, "Bug")]))
        .await;
    let v = s
        .client
        .call_ok(
            "search_issues",
            json!({"query": "label:bug", "owner": "octo", "repo": "hello", "sort": "created"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 3);
    let err = s
        .client
        .call_err("search_issues", json!({"q": "label:bug"}))
        .await;
    assert!(err.contains("invalid arguments for search_issues"), "{err}");
}

// ---- pull requests

#[tokio::test]
async fn pull_request_read_other_methods() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/pulls/7")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.diff")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_string(
                "diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-Hello\n+Hello, world\n",
            ),
        )
        .await;
    expect("GET", "/repos/octo/hello/issues/7/comments")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([]))
        .await;
    expect("GET", "/repos/octo/hello/pulls/7/reviews")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([]))
        .await;
    let args = |m: &str| json!({"method": m, "owner": "octo", "repo": "hello", "pullNumber": 7});
    let r = s
        .client
        .call("pull_request_read", args("get_diff"))
        .await
        .unwrap();
    assert!(mcp_testkit::text_of(&r).contains("+Hello, world"), "{r:?}");
    let v = s
        .client
        .call_ok("pull_request_read", args("get_comments"))
        .await;
    assert_eq!(v["items"], json!([]));
    let v = s
        .client
        .call_ok("pull_request_read", args("get_reviews"))
        .await;
    assert_eq!(v["items"], json!([]));
}

#[tokio::test]
async fn pull_request_read_not_found() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/hello/pulls/9")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "pull_request_read",
            json!({"method": "get_status", "owner": "octo", "repo": "hello", "pullNumber": 9}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
}

fn review(id: u64, state: &str) -> Value {
    json!({
        "id": id, "node_id": format!("PRR_kwDOA{id}"), "user": user_json("octocat", 1),
        "body": "", "state": state, "html_url": format!("https://github.com/octo/hello/pull/7#pullrequestreview-{id}"),
        "commit_id": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091", "author_association": "OWNER"
    })
}

#[tokio::test]
async fn pull_request_review_write_methods() {
    let s = setup_official().await;
    expect("POST", "/repos/octo/hello/pulls/7/reviews")
        .bearer(TOKEN)
        .json_body(json!({"commit_id": "ecdd80bb", "body": "Looks good"}))
        .respond(&s.fake, 200, review(80, "PENDING"))
        .await;
    let args = |extra: Value| {
        let mut a = json!({"owner": "octo", "repo": "hello", "pullNumber": 7});
        for (k, v) in extra.as_object().unwrap() {
            a[k] = v.clone();
        }
        a
    };
    let v = s
        .client
        .call_ok(
            "pull_request_review_write",
            args(json!({"method": "create", "body": "Looks good", "commitID": "ecdd80bb"})),
        )
        .await;
    assert_eq!(v["state"], "PENDING");
    let err = s
        .client
        .call_err(
            "pull_request_review_write",
            args(json!({"method": "submit_pending"})),
        )
        .await;
    assert!(err.contains("needs `event`"), "{err}");
}
