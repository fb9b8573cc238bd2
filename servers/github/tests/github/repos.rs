//! Repositories themselves: create and fork them, search repositories and code. Files are in
//! `repos_contents`, branches, pushes and commits in `repos_branches`, refs and releases in
//! `repos_refs`.

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, repo_json, setup, validation_failed};

// ---- github_create_repository

#[tokio::test]
async fn create_repository_contract() {
    let s = setup().await;
    let mut repo = repo_json("octocat", "hello-world");
    repo["private"] = json!(true);
    expect("POST", "/user/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "hello-world", "description": "This is your first repo!", "private": true, "auto_init": true}))
        .respond(&s.fake, 201, repo)
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_repository",
            json!({"name": "hello-world", "description": "This is your first repo!", "private": true, "autoInit": true}),
        )
        .await;
    assert_eq!(v["full_name"], "octocat/hello-world");
    assert_eq!(v["private"], true);
    assert_eq!(v["owner"], "octocat");
    assert_eq!(v["default_branch"], "master");
}

#[tokio::test]
async fn create_repository_name_taken() {
    let s = setup().await;
    expect("POST", "/user/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "hello"}))
        .respond(
            &s.fake,
            422,
            json!({
                "message": "Repository creation failed.",
                "errors": [{"resource": "Repository", "code": "custom", "field": "name", "message": "name already exists on this account"}],
                "documentation_url": "https://docs.github.com/rest/repos/repos#create-a-repository-for-the-authenticated-user",
                "status": "422"
            }),
        )
        .await;
    let err = s
        .client
        .call_err("github_create_repository", json!({"name": "hello"}))
        .await;
    assert!(
        err.contains("422") && err.contains("name already exists on this account"),
        "{err}"
    );
}

#[tokio::test]
async fn create_repository_in_an_organization() {
    let s = setup().await;
    expect("POST", "/orgs/octo-org/repos")
        .bearer(TOKEN)
        .json_body(json!({"name": "tools", "private": true}))
        .respond(&s.fake, 201, repo_json("octo-org", "tools"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_repository",
            json!({"name": "tools", "organization": "octo-org", "private": true}),
        )
        .await;
    assert_eq!(v["full_name"], "octo-org/tools");
}

// ---- github_fork_repository

#[tokio::test]
async fn fork_repository_into_organization() {
    let s = setup().await;
    let mut fork = repo_json("acme", "hello");
    fork["fork"] = json!(true);
    expect("POST", "/repos/octo/hello/forks")
        .bearer(TOKEN)
        .json_body(json!({"organization": "acme"}))
        .respond(&s.fake, 202, fork)
        .await;
    let v = s
        .client
        .call_ok(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "hello", "organization": "acme"}),
        )
        .await;
    assert_eq!(v["full_name"], "acme/hello");
    assert_eq!(v["fork"], true);
}

#[tokio::test]
async fn fork_repository_into_own_account_sends_no_body() {
    let s = setup().await;
    let mut fork = repo_json("me", "hello");
    fork["fork"] = json!(true);
    expect("POST", "/repos/octo/hello/forks")
        .bearer(TOKEN)
        .respond(&s.fake, 202, fork)
        .await;
    let v = s
        .client
        .call_ok(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v["full_name"], "me/hello");
}

#[tokio::test]
async fn fork_repository_forbidden() {
    let s = setup().await;
    expect("POST", "/repos/octo/secret/forks")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by personal access token"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_fork_repository",
            json!({"owner": "octo", "repo": "secret"}),
        )
        .await;
    assert!(
        err.contains("403 Forbidden: Resource not accessible by personal access token."),
        "{err}"
    );
}

// ---- github_search_repositories

#[tokio::test]
async fn search_repositories_contract() {
    let s = setup().await;
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .query("q", "tetris language:assembly")
        .query("sort", "help-wanted-issues")
        .query("order", "asc")
        .query("per_page", 100)
        .respond(
            &s.fake,
            200,
            json!({"total_count": 40, "incomplete_results": false, "items": [repo_json("dtrupenn", "Tetris")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_repositories",
            json!({"query": "tetris language:assembly", "sort": "help-wanted-issues", "order": "asc", "perPage": 500}),
        )
        .await;
    assert_eq!(v["total_count"], 40);
    assert_eq!(v["items"][0]["full_name"], "dtrupenn/Tetris");
    assert_eq!(v["items"][0]["stargazers_count"], 80);
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn search_repositories_needs_query() {
    let s = setup().await;
    let err = s
        .client
        .call_err("github_search_repositories", json!({"q": "tetris"}))
        .await;
    assert!(
        err.contains("invalid arguments for github_search_repositories") && err.contains("query"),
        "{err}"
    );
}

#[tokio::test]
async fn search_repositories_rejected() {
    let s = setup().await;
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .query("q", "stars:>>1")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "The search contains invalid syntax.", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_repositories", json!({"query": "stars:>>1"}))
        .await;
    assert!(
        err.contains("422") && err.contains("The search contains invalid syntax."),
        "{err}"
    );
}

// ---- github_search_code

#[tokio::test]
async fn search_code_contract() {
    let s = setup().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.text-match+json")
        .query("q", "addClass in:file language:js repo:jquery/jquery")
        .query("sort", "indexed")
        .query("order", "desc")
        .query("page", 2)
        .respond(
            &s.fake,
            200,
            json!({
                "total_count": 7,
                "incomplete_results": false,
                "items": [{
                    "name": "classes.js",
                    "path": "src/attributes/classes.js",
                    "sha": "d7212f9dee2dcc18f084d7df8f417b80846ded5a",
                    "url": "https://api.github.com/repositories/167174/contents/src/attributes/classes.js?ref=825ac37",
                    "git_url": "https://api.github.com/repositories/167174/git/blobs/d7212f9dee2dcc18f084d7df8f417b80846ded5a",
                    "html_url": "https://github.com/jquery/jquery/blob/825ac37/src/attributes/classes.js",
                    "repository": repo_json("jquery", "jquery"),
                    "score": 1,
                    "text_matches": [{
                        "object_url": "u", "object_type": "FileContent", "property": "content",
                        "fragment": "jQuery.fn.extend({\n\taddClass: function( value ) {",
                        "matches": [{"text": "addClass", "indices": [21, 29]}]
                    }]
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_code",
            json!({"q": "addClass in:file language:js repo:jquery/jquery", "sort": "indexed", "order": "desc", "page": 2}),
        )
        .await;
    assert_eq!(v["total_count"], 7);
    assert_eq!(
        v["items"][0],
        json!({
            "name": "classes.js", "path": "src/attributes/classes.js", "sha": "d7212f9dee2dcc18f084d7df8f417b80846ded5a",
            "repository": "jquery/jquery", "html_url": "https://github.com/jquery/jquery/blob/825ac37/src/attributes/classes.js",
            "fragments": ["jQuery.fn.extend({\n\taddClass: function( value ) {"]
        })
    );
}

#[tokio::test]
async fn search_code_rejected() {
    let s = setup().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .query("q", "language:go")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"message": "Must include at least one user, organization, or repository", "resource": "Search", "field": "q", "code": "invalid"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_code", json!({"q": "language:go"}))
        .await;
    assert!(
        err.contains("422") && err.contains("Must include at least one user"),
        "{err}"
    );
}

#[tokio::test]
async fn search_code_bad_sort() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_search_code",
            json!({"q": "x repo:a/b", "sort": "stars"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_search_code"),
        "{err}"
    );
}
