use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, issue_json, setup};

#[tokio::test]
async fn get_issue_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/42")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github+json")
        .header("x-github-api-version", "2022-11-28")
        .respond(&s.fake, 200, issue_json(42, "Crash on start"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42}),
        )
        .await;
    assert_eq!(v["number"], 42);
    assert_eq!(v["title"], "Crash on start");
    assert_eq!(v["labels"], json!(["bug"]));
    assert_eq!(v["assignees"], json!(["hubot"]));
    assert_eq!(v["user"], "octocat");
}

#[tokio::test]
async fn get_issue_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/7")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            json!({"message": "Not Found", "documentation_url": "https://docs.github.com/rest/issues/issues#get-an-issue", "status": "404"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_get_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 7}),
        )
        .await;
    assert!(
        err.contains("GitHub API error 404 Not Found: Not Found."),
        "{err}"
    );
    assert!(err.contains("Hint:"), "{err}");
}

#[tokio::test]
async fn get_issue_bad_arguments() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_get_issue",
            json!({"owner": "octo", "issue_number": "x"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_get_issue"),
        "{err}"
    );
}
