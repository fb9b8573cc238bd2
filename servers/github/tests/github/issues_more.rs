//! Issue tools beyond the Klavis catalog: sub-issues, labels, issue types, Copilot
//! assignment, pull request search (GitHub's official server's operations in our naming).

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, issue_json, pr_json, setup, validation_failed};

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
