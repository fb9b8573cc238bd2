//! Projects under GitHub's official server's names: its single tools and the combined
//! `projects_list`, `projects_get` and `projects_write`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, no_requests, setup_official, user_json};
use crate::projects::{
    ORG_ITEMS, ORG_PROJECTS, added_item_json, item_json, project_json, status_field_json,
};

// ---- GitHub's official server's names

#[tokio::test]
async fn single_tools_under_official_names() {
    let s = setup_official().await;
    expect("GET", ORG_PROJECTS)
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([project_json(2, "My Projects")]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_projects",
            json!({"owner_type": "org", "owner": "octo-org"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 2);
    expect("POST", ORG_ITEMS)
        .bearer(TOKEN)
        .json_body(json!({"type": "Issue", "id": 38}))
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "add_project_item",
            json!({"owner_type": "org", "owner": "octo-org", "project_number": 1, "item_type": "issue", "item_id": 38}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

fn org_json() -> Value {
    json!({
        "login": "octo-org",
        "id": 9919,
        "node_id": "MDEyOk9yZ2FuaXphdGlvbjk5MTk=",
        "url": "https://api.github.com/users/octo-org",
        "html_url": "https://github.com/octo-org",
        "type": "Organization",
        "site_admin": false,
        "name": "Octo Org",
        "public_repos": 3
    })
}

#[tokio::test]
async fn projects_list_detects_an_organization() {
    let s = setup_official().await;
    expect("GET", "/users/octo-org")
        .bearer(TOKEN)
        .respond(&s.fake, 200, org_json())
        .await;
    expect("GET", ORG_ITEMS)
        .bearer(TOKEN)
        .query("fields", "3")
        .query("per_page", 5)
        .respond(&s.fake, 200, json!([item_json(13)]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_project_items", "owner": "octo-org", "project_number": 1, "fields": ["3"], "per_page": 5}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], 13);
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn projects_list_projects_and_fields_with_owner_type() {
    let s = setup_official().await;
    expect("GET", "/users/octocat/projectsV2")
        .bearer(TOKEN)
        .query("q", "roadmap")
        .respond(&s.fake, 200, json!([project_json(1, "Roadmap")]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_projects", "owner": "octocat", "owner_type": "user", "query": "roadmap"}),
        )
        .await;
    assert_eq!(v["items"][0]["title"], "Roadmap");
    expect("GET", "/users/octocat/projectsV2/1/fields")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([status_field_json()]))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_list",
            json!({"method": "list_project_fields", "owner": "octocat", "owner_type": "user", "project_number": 1}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Status");
}

#[tokio::test]
async fn projects_list_needs_the_project_number() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_list",
            json!({"method": "list_project_fields", "owner": "octo-org", "owner_type": "org"}),
        )
        .await;
    assert!(
        err.contains("`project_number` is required for 'list_project_fields'"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_list_unknown_owner() {
    let s = setup_official().await;
    expect("GET", "/users/nobody-here")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "projects_list",
            json!({"method": "list_projects", "owner": "nobody-here"}),
        )
        .await;
    assert!(err.contains("user or an organization"), "{err}");
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn projects_get_each_method() {
    let s = setup_official().await;
    expect("GET", "/orgs/octo-org/projectsV2/1")
        .bearer(TOKEN)
        .respond(&s.fake, 200, project_json(1, "Board"))
        .await;
    expect("GET", "/orgs/octo-org/projectsV2/1/fields/67891")
        .bearer(TOKEN)
        .respond(&s.fake, 200, status_field_json())
        .await;
    expect("GET", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .query("fields", "1,3")
        .respond(&s.fake, 200, item_json(13))
        .await;
    let base = json!({"owner": "octo-org", "owner_type": "org", "project_number": 1});
    let with = |extra: Value| {
        let mut b = base.clone();
        b.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        b
    };
    let v = s
        .client
        .call_ok("projects_get", with(json!({"method": "get_project"})))
        .await;
    assert_eq!(v["title"], "Board");
    let v = s
        .client
        .call_ok(
            "projects_get",
            with(json!({"method": "get_project_field", "field_id": 67891})),
        )
        .await;
    assert_eq!(v["options"][0]["name"], "Todo");
    let v = s
        .client
        .call_ok(
            "projects_get",
            with(json!({"method": "get_project_item", "item_id": 13, "fields": ["1", "3"]})),
        )
        .await;
    assert_eq!(v["content"]["number"], 6);
}

#[tokio::test]
async fn projects_get_needs_the_item_id() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_get",
            json!({"method": "get_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1}),
        )
        .await;
    assert!(err.contains("`item_id` is required"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_write_adds_an_issue_by_number() {
    let s = setup_official().await;
    expect("POST", ORG_ITEMS)
        .bearer(TOKEN)
        .json_body(json!({"type": "Issue", "owner": "octo-org", "repo": "hello", "number": 42}))
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "add_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1,
                   "item_owner": "octo-org", "item_repo": "hello", "item_type": "issue", "issue_number": 42}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

#[tokio::test]
async fn projects_write_adds_a_pull_request_detecting_a_user() {
    let s = setup_official().await;
    expect("GET", "/users/octocat")
        .bearer(TOKEN)
        .respond(&s.fake, 200, user_json("octocat", 1))
        .await;
    expect("POST", "/users/octocat/projectsV2/2/items")
        .bearer(TOKEN)
        .json_body(
            json!({"type": "PullRequest", "owner": "octo-org", "repo": "hello", "number": 6}),
        )
        .respond(&s.fake, 201, added_item_json())
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "add_project_item", "owner": "octocat", "project_number": 2,
                   "item_owner": "octo-org", "item_repo": "hello", "pull_request_number": 6}),
        )
        .await;
    assert_eq!(v["id"], 17);
}

#[tokio::test]
async fn projects_write_add_checks_its_arguments() {
    let s = setup_official().await;
    let base = json!({"method": "add_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1});
    let call = |extra: Value| {
        let mut b = base.clone();
        b.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        b
    };
    let err = s
        .client
        .call_err(
            "projects_write",
            call(json!({"item_owner": "octo-org", "item_repo": "hello", "item_type": "pull_request", "issue_number": 4})),
        )
        .await;
    assert!(err.contains("`item_type` does not match"), "{err}");
    let err = s
        .client
        .call_err(
            "projects_write",
            call(json!({"item_owner": "octo-org", "issue_number": 4})),
        )
        .await;
    assert!(err.contains("`item_owner` and `item_repo`"), "{err}");
    let err = s
        .client
        .call_err("projects_write", call(json!({"item_id": 38})))
        .await;
    assert!(err.contains("`item_type`"), "{err}");
    let err = s.client.call_err("projects_write", call(json!({}))).await;
    assert!(err.contains("needs `item_owner`"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn projects_write_updates_and_deletes() {
    let s = setup_official().await;
    expect("PATCH", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .json_body(json!({"fields": [{"id": 67891, "value": "option_5"}]}))
        .respond(&s.fake, 200, item_json(13))
        .await;
    expect("DELETE", format!("{ORG_ITEMS}/13"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "update_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1,
                   "item_id": 13, "updated_field": {"id": 67891, "value": "option_5"}}),
        )
        .await;
    assert_eq!(v["id"], 13);
    let v = s
        .client
        .call_ok(
            "projects_write",
            json!({"method": "delete_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1, "item_id": 13}),
        )
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn projects_write_update_needs_its_arguments() {
    let s = setup_official().await;
    let err = s
        .client
        .call_err(
            "projects_write",
            json!({"method": "update_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1, "item_id": 13}),
        )
        .await;
    assert!(
        err.contains("`updated_field` is required for 'update_project_item'"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "projects_write",
            json!({"method": "delete_project_item", "owner": "octo-org", "owner_type": "org", "project_number": 1}),
        )
        .await;
    assert!(err.contains("`item_id` is required"), "{err}");
    no_requests(&s).await;
}
