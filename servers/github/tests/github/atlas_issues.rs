//! `--profile atlas`, issues: the Smithery server's issue tools call GitHub as ours do (page 1
//! of 10 unless told otherwise) and answer in its shapes: JSON for one issue, Markdown for
//! lists and search.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, issue_json, link, no_requests, setup_atlas};

/// The Markdown text of an Atlas result.
pub fn markdown(v: &Value) -> &str {
    v.as_str()
        .unwrap_or_else(|| panic!("Markdown text expected, got JSON {v}"))
}

fn comment_json(id: u64, login: &str, body: &str, at: &str) -> Value {
    json!({
        "id": id,
        "node_id": "IC_kwDOA",
        "html_url": format!("https://github.com/octo/hello/issues/7#issuecomment-{id}"),
        "body": body,
        "user": {"login": login, "id": 1, "type": "User"},
        "created_at": at,
        "updated_at": at,
        "author_association": "OWNER"
    })
}

#[tokio::test]
async fn the_default_toolsets_list_the_smithery_tools() {
    let s = setup_atlas().await;
    let tools = s.client.list_tools().await;
    assert_eq!(
        tools.len(),
        33,
        "MCP-Atlas mounts the server without --toolsets"
    );
    assert!(mcp_testkit::tools_beyond_catalog(&tools, "github_atlas").is_empty());
    let err = s
        .client
        .call_protocol_err("github_get_issue", json!({}))
        .await;
    assert!(err.contains("unknown tool"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn get_issue_answers_json() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/issues/7")
        .bearer(TOKEN)
        .respond(&s.fake, 200, issue_json(7, "Crash on start"))
        .await;
    let v = s
        .client
        .call_ok(
            "get_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 7}),
        )
        .await;
    assert_eq!(v["number"], 7);
    assert_eq!(v["title"], "Crash on start");
}

#[tokio::test]
async fn get_issue_failure_is_an_error_result() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/issues/8")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "get_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 8}),
        )
        .await;
    assert!(err.contains("404") && err.contains("Not Found"), "{err}");
}

#[tokio::test]
async fn add_issue_comment_contract() {
    let s = setup_atlas().await;
    expect("POST", "/repos/octo/hello/issues/7/comments")
        .bearer(TOKEN)
        .json_body(json!({"body": "Looking into it"}))
        .respond(
            &s.fake,
            201,
            comment_json(11, "octocat", "Looking into it", "2024-02-01T10:00:00Z"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "add_issue_comment",
            json!({"owner": "octo", "repo": "hello", "issue_number": 7, "body": "Looking into it"}),
        )
        .await;
    assert_eq!(v["id"], 11);
}

#[tokio::test]
async fn search_issues_pages_by_ten_and_answers_markdown() {
    let s = setup_atlas().await;
    let mut pr = issue_json(9, "Fix the crash");
    pr["pull_request"] = json!({"url": "https://api.github.com/repos/octo/hello/pulls/9"});
    pr["repository_url"] = json!("https://api.github.com/repos/octo/hello");
    let mut issue = issue_json(7, "Crash on start");
    issue["repository_url"] = json!("https://api.github.com/repos/octo/hello");
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .queries(&[
            ("q", "repo:octo/hello crash"),
            ("sort", "comments"),
            ("order", "desc"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"total_count": 2, "incomplete_results": false, "items": [issue, pr]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_issues",
            json!({"q": "repo:octo/hello crash", "sort": "comments", "order": "desc"}),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Search Results\n\n"), "{md}");
    assert!(md.contains("Found 2 total result(s), showing 2"), "{md}");
    assert!(md.contains("**Query**: repo:octo/hello crash"), "{md}");
    assert!(md.contains("## Issue #7: Crash on start"), "{md}");
    assert!(md.contains("## PR #9: Fix the crash"), "{md}");
    assert!(md.contains("- **Repository**: octo/hello"), "{md}");
    assert!(md.contains("- **Labels**: bug"), "{md}");
    assert!(md.contains("- **Created**: 2024-01-01"), "{md}");
}

#[tokio::test]
async fn search_issues_takes_per_page_and_says_when_nothing_matched() {
    let s = setup_atlas().await;
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .queries(&[("q", "nothing"), ("page", "3"), ("per_page", "50")])
        .respond(
            &s.fake,
            200,
            json!({"total_count": 0, "incomplete_results": false, "items": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_issues",
            json!({"q": "nothing", "page": 3, "per_page": 50}),
        )
        .await;
    assert_eq!(markdown(&v), "No issues found matching your search.");
}

#[tokio::test]
async fn create_issue_contract() {
    let s = setup_atlas().await;
    expect("POST", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .json_body(json!({
            "title": "Crash on start", "body": "Steps", "labels": ["bug"],
            "assignees": ["hubot"], "milestone": 2
        }))
        .respond(&s.fake, 201, issue_json(12, "Crash on start"))
        .await;
    let v = s
        .client
        .call_ok(
            "create_issue",
            json!({
                "owner": "octo", "repo": "hello", "title": "Crash on start", "body": "Steps",
                "labels": ["bug"], "assignees": ["hubot"], "milestone": 2
            }),
        )
        .await;
    assert_eq!(v["number"], 12);
}

#[tokio::test]
async fn list_issues_contract_and_markdown() {
    let s = setup_atlas().await;
    let mut pr = issue_json(8, "A pull request");
    pr["pull_request"] = json!({"url": "https://api.github.com/repos/octo/hello/pulls/8"});
    let mut issue = issue_json(7, "Crash on start");
    issue["milestone"] = json!({"title": "v1.0", "number": 1});
    expect("GET", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .queries(&[
            ("state", "all"),
            ("labels", "bug,ui"),
            ("sort", "updated"),
            ("direction", "asc"),
            ("since", "2024-01-01T00:00:00Z"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/issues", 2, 4).as_str())
                .set_body_json(json!([issue, pr])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_issues",
            json!({
                "owner": "octo", "repo": "hello", "state": "all", "labels": ["bug", "ui"],
                "sort": "updated", "direction": "asc", "since": "2024-01-01T00:00:00Z"
            }),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Issues for octo/hello\n\n"), "{md}");
    assert!(md.contains("Showing 1 issue(s) - Page 1"), "{md}");
    assert!(md.contains("call again with page=2"), "{md}");
    assert!(md.contains("## #7: Crash on start"), "{md}");
    assert!(
        !md.contains("A pull request"),
        "pull requests are left out: {md}"
    );
    assert!(md.contains("- **Milestone**: v1.0"), "{md}");
    assert!(md.contains("- **Assignees**: hubot"), "{md}");
    assert!(md.contains("- **Comments**: 2"), "{md}");
    assert!(
        md.contains("- **URL**: https://github.com/octo/hello/issues/7"),
        "{md}"
    );
}

#[tokio::test]
async fn list_issues_without_issues() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .queries(&[("page", "2"), ("per_page", "5")])
        .respond(&s.fake, 200, json!([]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_issues",
            json!({"owner": "octo", "repo": "hello", "page": 2, "per_page": 5}),
        )
        .await;
    assert_eq!(markdown(&v), "No issues found.");
}

#[tokio::test]
async fn update_issue_contract() {
    let s = setup_atlas().await;
    let mut closed = issue_json(7, "Crash on start");
    closed["state"] = json!("closed");
    expect("PATCH", "/repos/octo/hello/issues/7")
        .bearer(TOKEN)
        .json_body(json!({"state": "closed", "labels": ["wontfix"]}))
        .respond(&s.fake, 200, closed)
        .await;
    let v = s
        .client
        .call_ok(
            "update_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 7, "state": "closed", "labels": ["wontfix"]}),
        )
        .await;
    assert_eq!(v["state"], "closed");
}

#[tokio::test]
async fn get_issue_comments_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/issues/7/comments")
        .bearer(TOKEN)
        .queries(&[("page", "1"), ("per_page", "10")])
        .respond(
            &s.fake,
            200,
            json!([
                comment_json(1, "octocat", "First!", "2024-02-01T10:00:00Z"),
                comment_json(2, "hubot", "Second", "2024-02-02T10:00:00Z"),
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_issue_comments",
            json!({"owner": "octo", "repo": "hello", "issue_number": 7}),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Comments for Issue #7\n\n"), "{md}");
    assert!(md.contains("Showing 2 comment(s) - Page 1"), "{md}");
    assert!(md.contains("## Comment 1\n\n- **Author**: octocat"), "{md}");
    assert!(md.contains("**Content**:\nFirst!"), "{md}");
    assert!(md.contains("## Comment 2\n\n- **Author**: hubot"), "{md}");
}
