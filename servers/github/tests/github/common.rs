//! Test setup shared by the GitHub tests.

use mcp_shared::Settings;
pub use mcp_testkit::Setup;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::wiremock::matchers::{header, method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::{Value, json};

pub const TOKEN: &str = "ghp_test_token_1";

/// A fake GitHub, a server pointed at it (default toolsets), and a client sending `TOKEN`.
pub async fn setup() -> Setup {
    setup_with(|_| {}).await
}

/// Every toolset, under our names.
pub async fn setup_all() -> Setup {
    setup_with(|s| s.toolsets = Some(vec!["all".into()])).await
}

/// Every toolset, under the names and parameters of GitHub's official MCP server, with its
/// dynamic-toolset tools (`--dynamic-toolsets`, every toolset enabled from the start).
pub async fn setup_official() -> Setup {
    setup_with(|s| {
        s.toolsets = Some(vec!["all".into()]);
        s.profile = mcp_shared::Profile::Official;
        s.dynamic_toolsets = true;
    })
    .await
}

/// `--profile atlas` (Klavis's `github_atlas`): the Smithery server's names, parameters and
/// Markdown, with the default toolsets, as MCP-Atlas mounts it.
pub async fn setup_atlas() -> Setup {
    setup_with(|s| s.profile = mcp_shared::Profile::Atlas).await
}

/// `--profile mcpmark --toolsets all` (Klavis's `github_mcpmark`): GitHub's server v0.15.0.
pub async fn setup_mcpmark() -> Setup {
    setup_with(|s| {
        s.toolsets = Some(vec!["all".into()]);
        s.profile = mcp_shared::Profile::Mcpmark;
    })
    .await
}

/// A server with settings adjusted from the test defaults.
pub async fn setup_with(adjust: impl FnOnce(&mut Settings)) -> Setup {
    Setup::start_with(
        &github_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
        adjust,
    )
    .await
}

/// The fake received no request (the call was refused before reaching GitHub).
pub async fn no_requests(s: &Setup) {
    let got = s.fake.received_requests().await.unwrap_or_default();
    assert!(got.is_empty(), "no request expected, got {got:?}");
}

/// An issue as GitHub's REST API returns it (trimmed to the fields the docs list first).
pub fn issue_json(number: u64, title: &str) -> serde_json::Value {
    serde_json::json!({
        "id": 1000 + number,
        "node_id": "MDU6SXNzdWUx",
        "url": format!("https://api.github.com/repos/octo/hello/issues/{number}"),
        "html_url": format!("https://github.com/octo/hello/issues/{number}"),
        "number": number,
        "state": "open",
        "state_reason": null,
        "title": title,
        "body": "Something is broken",
        "user": {"login": "octocat", "id": 1, "type": "User"},
        "labels": [{"id": 208045946, "name": "bug", "color": "f29513", "default": true}],
        "assignee": null,
        "assignees": [{"login": "hubot", "id": 2}],
        "milestone": null,
        "locked": false,
        "comments": 2,
        "created_at": "2024-01-01T00:00:00Z",
        "updated_at": "2024-01-02T00:00:00Z",
        "closed_at": null,
        "author_association": "OWNER"
    })
}

/// GitHub's error body: `{"message", "documentation_url", "status"}`.
pub fn gh_error(status: u16, message: &str) -> serde_json::Value {
    serde_json::json!({
        "message": message,
        "documentation_url": "https://docs.github.com/rest",
        "status": status.to_string()
    })
}

/// GitHub's 422 body with its `errors` array.
pub fn validation_failed(errors: serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "message": "Validation Failed",
        "errors": errors,
        "documentation_url": "https://docs.github.com/rest",
        "status": "422"
    })
}

/// A `Link` header as GitHub sends it for a paged list.
pub fn link(path: &str, next: u64, last: u64) -> String {
    format!(
        "<https://api.github.com{path}?page={next}>; rel=\"next\", <https://api.github.com{path}?page={last}>; rel=\"last\""
    )
}

/// A simple user as GitHub embeds it in other objects.
pub fn user_json(login: &str, id: u64) -> serde_json::Value {
    serde_json::json!({
        "login": login,
        "id": id,
        "node_id": "MDQ6VXNlcjE=",
        "avatar_url": format!("https://github.com/images/{login}.gif"),
        "gravatar_id": "",
        "url": format!("https://api.github.com/users/{login}"),
        "html_url": format!("https://github.com/{login}"),
        "type": "User",
        "site_admin": false
    })
}

/// A repository as GitHub's REST API returns it (trimmed to the fields its docs list first).
pub fn repo_json(owner: &str, name: &str) -> serde_json::Value {
    serde_json::json!({
        "id": 1296269,
        "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
        "name": name,
        "full_name": format!("{owner}/{name}"),
        "owner": user_json(owner, 1),
        "private": false,
        "html_url": format!("https://github.com/{owner}/{name}"),
        "description": "This your first repo!",
        "fork": false,
        "url": format!("https://api.github.com/repos/{owner}/{name}"),
        "clone_url": format!("https://github.com/{owner}/{name}.git"),
        "homepage": "https://github.com",
        "language": null,
        "forks_count": 9,
        "stargazers_count": 80,
        "watchers_count": 80,
        "size": 108,
        "default_branch": "master",
        "open_issues_count": 0,
        "topics": ["octocat", "atom"],
        "visibility": "public",
        "pushed_at": "2011-01-26T19:06:43Z",
        "created_at": "2011-01-26T19:01:12Z",
        "updated_at": "2011-01-26T19:14:43Z"
    })
}

/// A pull request as GitHub's REST API returns it (trimmed).
pub fn pr_json(number: u64, title: &str) -> serde_json::Value {
    serde_json::json!({
        "url": format!("https://api.github.com/repos/octo/hello/pulls/{number}"),
        "id": 1000 + number,
        "node_id": "MDExOlB1bGxSZXF1ZXN0MQ==",
        "html_url": format!("https://github.com/octo/hello/pull/{number}"),
        "diff_url": format!("https://github.com/octo/hello/pull/{number}.diff"),
        "number": number,
        "state": "open",
        "locked": false,
        "title": title,
        "user": user_json("octocat", 1),
        "body": "Please pull these awesome changes in!",
        "labels": [{"id": 208045946, "name": "bug", "color": "f29513", "default": true}],
        "milestone": null,
        "active_lock_reason": null,
        "created_at": "2011-01-26T19:01:12Z",
        "updated_at": "2011-01-26T19:01:12Z",
        "closed_at": null,
        "merged_at": null,
        "merge_commit_sha": "e5bd3914e2e596debea16f433f57875b5b90bcd6",
        "assignee": user_json("hubot", 2),
        "assignees": [user_json("hubot", 2)],
        "requested_reviewers": [user_json("other_user", 3)],
        "requested_teams": [],
        "head": {
            "label": "octocat:new-topic",
            "ref": "new-topic",
            "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e",
            "user": user_json("octocat", 1),
            "repo": repo_json("octocat", "hello")
        },
        "base": {
            "label": "octo:master",
            "ref": "master",
            "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5f",
            "user": user_json("octo", 4),
            "repo": repo_json("octo", "hello")
        },
        "author_association": "OWNER",
        "draft": false,
        "merged": false,
        "mergeable": true,
        "rebaseable": true,
        "mergeable_state": "clean",
        "merged_by": null,
        "comments": 10,
        "review_comments": 0,
        "maintainer_can_modify": true,
        "commits": 3,
        "additions": 100,
        "deletions": 3,
        "changed_files": 5
    })
}

/// A GraphQL request: POST `/graphql` with the token, naming `operation` (as `operationName`
/// and in the query text) with exactly these `variables`; answered with `{"data": data}`
/// (or a body with `errors` given as `data` when it has them), once.
pub async fn graphql(fake: &MockServer, operation: &str, variables: Value, answer: Value) {
    let body = if answer.get("errors").is_some() {
        answer
    } else {
        serde_json::json!({ "data": answer })
    };
    Mock::given(method("POST"))
        .and(path("/graphql"))
        .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
        .and(mcp_testkit::GraphqlOp {
            operation: operation.to_owned(),
            variables,
        })
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .expect(1)
        .mount(fake)
        .await;
}

/// Arguments naming pull request 1347 of octo/hello, with `extra`.
pub fn pr_args(extra: Value) -> Value {
    let mut a = json!({"owner": "octo", "repo": "hello", "pullNumber": 1347});
    if let (Some(a), Value::Object(e)) = (a.as_object_mut(), extra) {
        a.extend(e);
    }
    a
}

/// Arguments naming pull request 7 of octo/hello, with `extra`.
pub fn pr7_args(extra: Value) -> Value {
    let mut a = json!({"owner": "octo", "repo": "hello", "pullNumber": 7});
    if let (Some(a), Value::Object(e)) = (a.as_object_mut(), extra) {
        a.extend(e);
    }
    a
}
