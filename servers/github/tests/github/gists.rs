//! The `gists` toolset: list, get, create and update gists, against a fake GitHub answering
//! with the REST reference's examples.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, link, setup_all, setup_official, user_json, validation_failed,
};

fn gist_json(id: &str, content: Option<&str>) -> Value {
    let mut file = json!({
        "filename": "hello_world.rb",
        "type": "application/x-ruby",
        "language": "Ruby",
        "raw_url": format!("https://gist.githubusercontent.com/octocat/{id}/raw/99c1bf3a345505c2e6195198d5f8c36267de570b/hello_world.rb"),
        "size": 167
    });
    if let Some(c) = content {
        file["content"] = json!(c);
        file["truncated"] = json!(false);
    }
    json!({
        "url": format!("https://api.github.com/gists/{id}"),
        "id": id,
        "node_id": "MDQ6R2lzdGFhNWEzMTVkNjFhZTk0MzhiMThk",
        "git_pull_url": format!("https://gist.github.com/{id}.git"),
        "html_url": format!("https://gist.github.com/{id}"),
        "files": {"hello_world.rb": file},
        "public": true,
        "created_at": "2010-04-14T02:15:15Z",
        "updated_at": "2011-06-20T11:34:15Z",
        "description": "Hello World Examples",
        "comments": 0,
        "user": null,
        "owner": user_json("octocat", 1),
        "truncated": false
    })
}

#[tokio::test]
async fn list_gists_of_the_authenticated_user() {
    let s = setup_all().await;
    expect("GET", "/gists")
        .bearer(TOKEN)
        .query("since", "2024-01-01T00:00:00Z")
        .query("per_page", 5)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/gists", 2, 3).as_str())
                .set_body_json(json!([gist_json("aa5a315d61ae9438b18d", None)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_gists",
            json!({"since": "2024-01-01T00:00:00Z", "perPage": 5}),
        )
        .await;
    let g = &v["items"][0];
    assert_eq!(g["id"], "aa5a315d61ae9438b18d");
    assert_eq!(g["owner"], "octocat");
    assert_eq!(g["files"][0]["filename"], "hello_world.rb");
    assert_eq!(g["files"][0]["language"], "Ruby");
    assert!(g.get("node_id").is_none());
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn list_gists_of_a_user_official() {
    let s = setup_official().await;
    expect("GET", "/users/mona/gists")
        .bearer(TOKEN)
        .query("page", 2)
        .respond(
            &s.fake,
            200,
            json!([gist_json("aa5a315d61ae9438b18d", None)]),
        )
        .await;
    let v = s
        .client
        .call_ok("list_gists", json!({"username": "mona", "page": 2}))
        .await;
    assert_eq!(v["items"][0]["public"], true);
}

#[tokio::test]
async fn list_gists_unauthorized() {
    let s = setup_all().await;
    expect("GET", "/gists")
        .bearer(TOKEN)
        .respond(&s.fake, 401, gh_error(401, "Bad credentials"))
        .await;
    let err = s.client.call_err("github_list_gists", json!({})).await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("Bad credentials"), "{err}");
}

#[tokio::test]
async fn get_gist_with_content() {
    let s = setup_all().await;
    expect("GET", "/gists/aa5a315d61ae9438b18d")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            gist_json("aa5a315d61ae9438b18d", Some("puts 'Hello, world'")),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_gist",
            json!({"gist_id": "aa5a315d61ae9438b18d"}),
        )
        .await;
    assert_eq!(v["files"][0]["content"], "puts 'Hello, world'");
    assert!(v["files"][0].get("truncated").is_none());
    assert_eq!(v["description"], "Hello World Examples");
}

#[tokio::test]
async fn get_gist_not_found() {
    let s = setup_official().await;
    expect("GET", "/gists/missing")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("get_gist", json!({"gist_id": "missing"}))
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("`gist` scope"), "{err}");
}

#[tokio::test]
async fn create_gist_secret_by_default() {
    let s = setup_official().await;
    expect("POST", "/gists")
        .bearer(TOKEN)
        .json_body(json!({
            "description": "Example of a gist",
            "public": false,
            "files": {"README.md": {"content": "Hello World"}}
        }))
        .respond(&s.fake, 201, gist_json("2decf6c462d9b4418f2", None))
        .await;
    let v = s
        .client
        .call_ok(
            "create_gist",
            json!({"filename": "README.md", "content": "Hello World", "description": "Example of a gist"}),
        )
        .await;
    assert_eq!(v["id"], "2decf6c462d9b4418f2");
    assert_eq!(v["html_url"], "https://gist.github.com/2decf6c462d9b4418f2");
}

#[tokio::test]
async fn create_gist_validation_failed() {
    let s = setup_all().await;
    expect("POST", "/gists")
        .bearer(TOKEN)
        .json_body(json!({"public": true, "files": {"a.txt": {"content": ""}}}))
        .respond(
            &s.fake,
            422,
            validation_failed(
                json!([{"resource": "Gist", "code": "missing_field", "field": "files"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_create_gist",
            json!({"filename": "a.txt", "content": "", "public": true}),
        )
        .await;
    assert!(
        err.contains("Validation Failed (files: missing_field)"),
        "{err}"
    );
}

#[tokio::test]
async fn update_gist_contract() {
    let s = setup_all().await;
    expect("PATCH", "/gists/aa5a315d61ae9438b18d")
        .bearer(TOKEN)
        .json_body(json!({
            "description": "An updated gist description",
            "files": {"README.md": {"content": "Hello World from GitHub"}}
        }))
        .respond(&s.fake, 200, gist_json("aa5a315d61ae9438b18d", None))
        .await;
    let v = s
        .client
        .call_ok(
            "github_update_gist",
            json!({"gist_id": "aa5a315d61ae9438b18d", "filename": "README.md",
                   "content": "Hello World from GitHub", "description": "An updated gist description"}),
        )
        .await;
    assert_eq!(v["id"], "aa5a315d61ae9438b18d");
}

#[tokio::test]
async fn update_gist_failures() {
    let s = setup_official().await;
    expect("PATCH", "/gists/other")
        .bearer(TOKEN)
        .json_body(json!({"files": {"a.txt": {"content": "x"}}}))
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "update_gist",
            json!({"gist_id": "other", "filename": "a.txt", "content": "x"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    let err = s
        .client
        .call_err(
            "update_gist",
            json!({"gist_id": " ", "filename": "a.txt", "content": "x"}),
        )
        .await;
    assert!(err.contains("`gist_id` must not be empty"), "{err}");
}
