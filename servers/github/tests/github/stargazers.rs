//! The `stargazers` toolset: starred repositories, star and unstar, against a fake GitHub
//! answering with the REST reference's examples.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{TOKEN, gh_error, link, repo_json, setup_all, setup_official};

#[tokio::test]
async fn list_starred_repositories_of_the_authenticated_user() {
    let s = setup_all().await;
    expect("GET", "/user/starred")
        .bearer(TOKEN)
        .query("sort", "updated")
        .query("direction", "asc")
        .query("page", 1)
        .query("per_page", 10)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/user/starred", 2, 5).as_str())
                .set_body_json(json!([repo_json("octocat", "Hello-World")])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_starred_repositories",
            json!({"sort": "updated", "direction": "asc", "page": 1, "perPage": 10}),
        )
        .await;
    assert_eq!(v["items"][0]["full_name"], "octocat/Hello-World");
    assert_eq!(v["items"][0]["stargazers_count"], 80);
    assert!(v["items"][0].get("node_id").is_none());
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn list_starred_repositories_of_a_user_official() {
    let s = setup_official().await;
    expect("GET", "/users/mona/starred")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([repo_json("octocat", "Hello-World")]))
        .await;
    let v = s
        .client
        .call_ok("list_starred_repositories", json!({"username": "mona"}))
        .await;
    assert_eq!(v["items"][0]["owner"], "octocat");
    assert_eq!(v["next_page"], json!(null));
}

#[tokio::test]
async fn list_starred_repositories_unknown_user() {
    let s = setup_all().await;
    expect("GET", "/users/nobody-here/starred")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_starred_repositories",
            json!({"username": "nobody-here"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("the user does not exist"), "{err}");
}

#[tokio::test]
async fn star_repository_contract() {
    let s = setup_all().await;
    expect("PUT", "/user/starred/octo/hello")
        .bearer(TOKEN)
        .header("content-length", "0")
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_star_repository",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v, json!({"repository": "octo/hello", "starred": true}));
}

#[tokio::test]
async fn star_repository_not_found() {
    let s = setup_official().await;
    expect("PUT", "/user/starred/octo/nope")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("star_repository", json!({"owner": "octo", "repo": "nope"}))
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("Starring"), "{err}");
}

#[tokio::test]
async fn unstar_repository_contract() {
    let s = setup_official().await;
    expect("DELETE", "/user/starred/octo/hello")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "unstar_repository",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v, json!({"repository": "octo/hello", "starred": false}));
}

#[tokio::test]
async fn unstar_repository_forbidden() {
    let s = setup_all().await;
    expect("DELETE", "/user/starred/octo/hello")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by integration"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_unstar_repository",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(
        err.contains("Resource not accessible by integration"),
        "{err}"
    );
}
