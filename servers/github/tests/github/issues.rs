use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, issue_json, link, no_requests, setup, validation_failed};

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

fn comment_json(id: u64, body: &str) -> Value {
    json!({
        "id": id,
        "node_id": "MDEyOklzc3VlQ29tbWVudDE=",
        "url": format!("https://api.github.com/repos/octo/hello/issues/comments/{id}"),
        "html_url": format!("https://github.com/octo/hello/issues/42#issuecomment-{id}"),
        "body": body,
        "user": {"login": "octocat", "id": 1, "type": "User"},
        "created_at": "2024-01-03T00:00:00Z",
        "updated_at": "2024-01-03T00:00:00Z",
        "author_association": "OWNER"
    })
}

#[tokio::test]
async fn add_issue_comment_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues/42/comments")
        .bearer(TOKEN)
        .json_body(json!({"body": "Fixed in #43 — danke! 🎉"}))
        .respond(&s.fake, 201, comment_json(7, "Fixed in #43 — danke! 🎉"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_add_issue_comment",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "body": "Fixed in #43 — danke! 🎉"}),
        )
        .await;
    assert_eq!(v["id"], 7);
    assert_eq!(v["user"], "octocat");
    assert_eq!(
        v["html_url"],
        "https://github.com/octo/hello/issues/42#issuecomment-7"
    );
}

#[tokio::test]
async fn add_issue_comment_on_a_locked_issue() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues/42/comments")
        .bearer(TOKEN)
        .json_body(json!({"body": "x"}))
        .respond(
            &s.fake,
            403,
            gh_error(403, "Unable to create comment because issue is locked."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_add_issue_comment",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "body": "x"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("issue is locked"),
        "{err}"
    );
}

#[tokio::test]
async fn search_issues_contract() {
    let s = setup().await;
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .query("q", "repo:octo/hello is:open label:bug")
        .query("sort", "reactions-+1")
        .query("order", "desc")
        .query("page", 2)
        .query("per_page", 100)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/search/issues", 3, 5).as_str())
                .set_body_json(json!({"total_count": 280, "incomplete_results": false, "items": [issue_json(5, "Crash")]})),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_issues",
            json!({"q": "repo:octo/hello is:open label:bug", "sort": "reactions-+1", "order": "desc", "page": 2, "perPage": 500}),
        )
        .await;
    assert_eq!(v["total_count"], 280);
    assert_eq!(v["items"][0]["number"], 5);
    assert_eq!(v["next_page"], 3);
}

#[tokio::test]
async fn search_issues_rejects_an_unknown_sort_and_reports_invalid_queries() {
    let s = setup().await;
    let err = s
        .client
        .call_err("github_search_issues", json!({"q": "x", "sort": "stars"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    expect("GET", "/search/issues")
        .bearer(TOKEN)
        .query("q", "is:nonsense")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "The listed users and repositories cannot be searched", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_issues", json!({"q": "is:nonsense"}))
        .await;
    assert!(
        err.contains("422") && err.contains("cannot be searched"),
        "{err}"
    );
}

#[tokio::test]
async fn create_issue_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .json_body(json!({"title": "Crash on start", "body": "Steps…", "assignees": ["hubot"], "labels": ["bug"], "milestone": 3}))
        .respond(&s.fake, 201, issue_json(43, "Crash on start"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_issue",
            json!({"owner": "octo", "repo": "hello", "title": "Crash on start", "body": "Steps…", "assignees": ["hubot"], "labels": ["bug"], "milestone": 3}),
        )
        .await;
    assert_eq!(v["number"], 43);
    assert_eq!(v["html_url"], "https://github.com/octo/hello/issues/43");
}

#[tokio::test]
async fn create_issue_sends_only_what_was_given_and_reports_validation() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .json_body(json!({"title": "T", "assignees": ["ghost"]}))
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"resource": "Issue", "field": "assignees", "code": "invalid", "value": "ghost"}])),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_create_issue",
            json!({"owner": "octo", "repo": "hello", "title": "T", "assignees": ["ghost"]}),
        )
        .await;
    assert!(
        err.contains("422") && err.contains("assignees: invalid"),
        "{err}"
    );
}

#[tokio::test]
async fn list_issues_contract_filters_out_pull_requests() {
    let s = setup().await;
    let mut pr = issue_json(9, "A pull request");
    pr["pull_request"] = json!({"url": "https://api.github.com/repos/octo/hello/pulls/9"});
    expect("GET", "/repos/octo/hello/issues")
        .bearer(TOKEN)
        .query("state", "all")
        .query("labels", "bug,ui")
        .query("sort", "updated")
        .query("direction", "asc")
        .query("since", "2024-01-31T00:00:00Z")
        .query("per_page", 50)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/issues", 2, 4).as_str())
                .set_body_json(json!([issue_json(8, "Bug"), pr])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_issues",
            json!({"owner": "octo", "repo": "hello", "state": "all", "labels": ["bug", "ui"], "sort": "updated", "direction": "asc", "since": "2024-01-31T00:00:00Z", "perPage": 50}),
        )
        .await;
    assert_eq!(v["items"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["items"][0]["number"], 8);
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn list_issues_of_a_missing_repository() {
    let s = setup().await;
    expect("GET", "/repos/octo/nope/issues")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_issues",
            json!({"owner": "octo", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found: Not Found."), "{err}");
}

#[tokio::test]
async fn update_issue_contract() {
    let s = setup().await;
    let mut closed = issue_json(42, "Crash on start");
    closed["state"] = json!("closed");
    expect("PATCH", "/repos/octo/hello/issues/42")
        .bearer(TOKEN)
        .json_body(json!({"state": "closed", "labels": ["bug", "wontfix"]}))
        .respond(&s.fake, 200, closed)
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "state": "closed", "labels": ["bug", "wontfix"]}),
        )
        .await;
    assert_eq!(v["state"], "closed");
}

#[tokio::test]
async fn update_issue_with_nothing_to_change_sends_nothing() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_update_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42}),
        )
        .await;
    assert!(
        err.contains("nothing to update") && err.contains("title"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn get_issue_comments_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/42/comments")
        .bearer(TOKEN)
        .query("page", 1)
        .query("per_page", 2)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    link("/repos/octo/hello/issues/42/comments", 2, 2).as_str(),
                )
                .set_body_json(json!([comment_json(1, "first"), comment_json(2, "second")])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_issue_comments",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "page": 1, "per_page": 2}),
        )
        .await;
    assert_eq!(v["items"][1]["body"], "second");
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn get_issue_comments_bad_credentials() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/42/comments")
        .bearer(TOKEN)
        .respond(&s.fake, 401, gh_error(401, "Bad credentials"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_issue_comments",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42}),
        )
        .await;
    assert!(
        err.contains("401") && err.contains("Bad credentials") && err.contains("expired"),
        "{err}"
    );
}

fn label_json() -> Value {
    json!({"id": 208045946, "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=", "url": "https://api.github.com/repos/octo/hello/labels/bug", "name": "bug", "description": "Something isn't working", "color": "f29513", "default": true})
}

#[tokio::test]
async fn list_sub_issues_and_labels_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/42/sub_issues")
        .bearer(TOKEN)
        .query("per_page", "5")
        .respond(&s.fake, 200, json!([issue_json(43, "Part one")]))
        .await;
    expect("GET", "/repos/octo/hello/issues/42/labels")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([label_json()]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_sub_issues",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "perPage": 5}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], 1043);
    assert_eq!(v["items"][0]["title"], "Part one");
    let v = s
        .client
        .call_ok(
            "github_list_issue_labels",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": 208045946, "name": "bug", "description": "Something isn't working", "color": "f29513", "default": true}])
    );
}

#[tokio::test]
async fn list_sub_issues_of_missing_issue() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/issues/9/sub_issues")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    expect("GET", "/repos/octo/hello/issues/9/labels")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            410,
            gh_error(410, "Issues are disabled for this repo"),
        )
        .await;
    let args = json!({"owner": "octo", "repo": "hello", "issue_number": 9});
    let err = s
        .client
        .call_err("github_list_sub_issues", args.clone())
        .await;
    assert!(err.contains("404"), "{err}");
    let err = s.client.call_err("github_list_issue_labels", args).await;
    assert!(err.contains("Issues are disabled"), "{err}");
}

#[tokio::test]
async fn get_label_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/labels/good%20first%20issue")
        .bearer(TOKEN)
        .respond(&s.fake, 200, label_json())
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_label",
            json!({"owner": "octo", "repo": "hello", "name": "good first issue"}),
        )
        .await;
    assert_eq!(v["color"], "f29513");
}

#[tokio::test]
async fn get_label_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/labels/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_label",
            json!({"owner": "octo", "repo": "hello", "name": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
}

#[tokio::test]
async fn list_issue_types_contract() {
    let s = setup().await;
    expect("GET", "/orgs/octo-org/issue-types")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([
                {"id": 410, "node_id": "IT_kwDNAd3NAZo", "name": "Task", "description": "A specific piece of work", "color": "yellow", "created_at": "2024-12-11T14:39:09Z", "updated_at": "2024-12-11T14:39:09Z", "is_enabled": true},
                {"id": 411, "node_id": "IT_kwDNAd3NAZs", "name": "Bug", "description": "An unexpected problem or behavior", "color": "red", "created_at": "2024-12-11T14:39:09Z", "updated_at": "2024-12-11T14:39:09Z", "is_enabled": true}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("github_list_issue_types", json!({"owner": "octo-org"}))
        .await;
    assert_eq!(v["types"][1]["name"], "Bug");
    assert_eq!(v["types"][0]["is_enabled"], true);
}

#[tokio::test]
async fn list_issue_types_of_a_user() {
    let s = setup().await;
    expect("GET", "/orgs/octocat/issue-types")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("github_list_issue_types", json!({"owner": "octocat"}))
        .await;
    assert!(err.contains("a user account has none"), "{err}");
}

#[tokio::test]
async fn sub_issue_tools_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues/42/sub_issues")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043}))
        .respond(&s.fake, 201, issue_json(42, "Epic"))
        .await;
    expect("DELETE", "/repos/octo/hello/issues/42/sub_issue")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043}))
        .respond(&s.fake, 200, issue_json(42, "Epic"))
        .await;
    expect("PATCH", "/repos/octo/hello/issues/42/sub_issues/priority")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043, "after_id": 1044}))
        .respond(&s.fake, 200, issue_json(42, "Epic"))
        .await;
    let args = json!({"owner": "octo", "repo": "hello", "issue_number": 42, "sub_issue_id": 1043});
    let v = s.client.call_ok("github_add_sub_issue", args.clone()).await;
    assert_eq!(v["number"], 42);
    let v = s
        .client
        .call_ok("github_remove_sub_issue", args.clone())
        .await;
    assert_eq!(v["number"], 42);
    let mut moved = args;
    moved["after_id"] = json!(1044);
    let v = s
        .client
        .call_ok("github_reprioritize_sub_issue", moved)
        .await;
    assert_eq!(v["number"], 42);
}

#[tokio::test]
async fn add_sub_issue_that_has_a_parent() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues/42/sub_issues")
        .bearer(TOKEN)
        .json_body(json!({"sub_issue_id": 1043}))
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"resource": "Issue", "code": "custom", "field": "sub_issue_id", "message": "Sub issue may only have one parent"}])),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_add_sub_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "sub_issue_id": 1043}),
        )
        .await;
    assert!(err.contains("may only have one parent"), "{err}");
    let err = s
        .client
        .call_err(
            "github_reprioritize_sub_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "sub_issue_id": 1043}),
        )
        .await;
    assert!(err.contains("exactly one of"), "{err}");
}

#[tokio::test]
async fn assign_copilot_to_issue_contract() {
    let s = setup().await;
    let mut assigned = issue_json(42, "Crash");
    assigned["assignees"] = json!([{"login": "Copilot", "id": 198982749, "type": "Bot"}]);
    expect("POST", "/repos/octo/hello/issues/42/assignees")
        .bearer(TOKEN)
        .json_body(json!({
            "assignees": ["copilot-swe-agent[bot]"],
            "agent_assignment": {"target_repo": "octo/hello", "base_branch": "develop", "custom_instructions": "Add tests"}
        }))
        .respond(&s.fake, 201, assigned)
        .await;
    let v = s
        .client
        .call_ok(
            "github_assign_copilot_to_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42, "base_ref": "develop", "custom_instructions": "Add tests"}),
        )
        .await;
    assert_eq!(v["assignees"], json!(["Copilot"]));
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("Copilot is assigned"),
        "{v}"
    );
}

#[tokio::test]
async fn assign_copilot_not_available() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/issues/42/assignees")
        .bearer(TOKEN)
        .json_body(json!({"assignees": ["copilot-swe-agent[bot]"], "agent_assignment": {"target_repo": "octo/hello"}}))
        .respond(&s.fake, 403, gh_error(403, "Resource not accessible by personal access token"))
        .await;
    let err = s
        .client
        .call_err(
            "github_assign_copilot_to_issue",
            json!({"owner": "octo", "repo": "hello", "issue_number": 42}),
        )
        .await;
    assert!(
        err.contains("Copilot coding agent may not be enabled"),
        "{err}"
    );
}
