//! Workspaces, users and teams.

use crate::common::{asana_error, get, setup};
use serde_json::json;

#[tokio::test]
async fn workspaces_list_and_get() {
    let s = setup().await;
    get(
        "/workspaces",
        &[("limit", "50"), ("opt_fields", "name,is_organization")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "1331", "resource_type": "workspace", "name": "My Company", "is_organization": true}], "next_page": null}),
    )
    .await;
    let v = s.client.call_ok("asana_get_workspaces", json!({})).await;
    assert_eq!(v["items"][0]["gid"], "1331");
    get(
        "/workspaces/1331",
        &[("opt_fields", "name,is_organization,email_domains")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"gid": "1331", "name": "My Company", "email_domains": ["example.com"]}}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_workspace", json!({"workspace_id": "1331"}))
        .await;
    assert_eq!(v["email_domains"][0], "example.com");
}

#[tokio::test]
async fn workspace_unauthorized() {
    let s = setup().await;
    get(
        "/workspaces/1",
        &[("opt_fields", "name,is_organization,email_domains")],
    )
    .respond(&s.fake, 401, asana_error("Not Authorized", ""))
    .await;
    let err = s
        .client
        .call_err("asana_get_workspace", json!({"workspace_id": "1"}))
        .await;
    assert!(err.contains("Not Authorized"), "{err}");
}

#[tokio::test]
async fn users_list_and_get() {
    let s = setup().await;
    get(
        "/users",
        &[("workspace", "1331"), ("limit", "3"), ("opt_fields", "name,email")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "111", "name": "Greg Sanchez", "email": "gsanchez@example.com"}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "asana_get_users",
            json!({"workspace_id": "1331", "limit": 3}),
        )
        .await;
    assert_eq!(v["items"][0]["email"], "gsanchez@example.com");
    get("/users/me", &[("opt_fields", "name,email,workspaces.name")])
        .respond(&s.fake, 200, json!({"data": {"gid": "111", "name": "Greg Sanchez", "workspaces": [{"gid": "1331", "name": "My Company"}]}}))
        .await;
    let v = s
        .client
        .call_ok("asana_get_user", json!({"user_id": "me"}))
        .await;
    assert_eq!(v["workspaces"][0]["name"], "My Company");
    let err = s
        .client
        .call_err("asana_get_user", json!({"user_id": " "}))
        .await;
    assert!(err.contains("user_id"), "{err}");
}

#[tokio::test]
async fn teams_list_get_and_mine() {
    let s = setup().await;
    get(
        "/workspaces/1331/teams",
        &[("limit", "50"), ("opt_fields", "name,description")],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "44", "name": "Marketing"}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_teams", json!({"workspace_id": "1331"}))
        .await;
    assert_eq!(v["items"][0]["name"], "Marketing");
    get(
        "/teams/44",
        &[(
            "opt_fields",
            "name,description,organization.name,visibility,permalink_url",
        )],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"gid": "44", "name": "Marketing", "visibility": "secret"}}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_team", json!({"team_id": "44"}))
        .await;
    assert_eq!(v["visibility"], "secret");
    get(
        "/users/me/teams",
        &[
            ("organization", "1331"),
            ("limit", "50"),
            ("opt_fields", "name,description"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"data": [{"gid": "44", "name": "Marketing"}], "next_page": null}),
    )
    .await;
    let v = s
        .client
        .call_ok("asana_get_user_teams", json!({"workspace_id": "1331"}))
        .await;
    assert_eq!(v["items"][0]["gid"], "44");
}

#[tokio::test]
async fn user_teams_without_workspace_uses_the_only_one_or_asks() {
    let s = setup().await;
    get("/workspaces", &[("limit", "10"), ("opt_fields", "name")])
        .respond(
            &s.fake,
            200,
            json!({"data": [{"gid": "1331", "name": "My Company"}, {"gid": "9", "name": "Side"}]}),
        )
        .await;
    let err = s.client.call_err("asana_get_user_teams", json!({})).await;
    assert!(err.contains("My Company (1331)"), "{err}");
    assert!(err.contains("give workspace_id"), "{err}");
}

#[tokio::test]
async fn user_teams_with_one_workspace() {
    let s = setup().await;
    get("/workspaces", &[("limit", "10"), ("opt_fields", "name")])
        .respond(
            &s.fake,
            200,
            json!({"data": [{"gid": "1331", "name": "My Company"}]}),
        )
        .await;
    get(
        "/users/me/teams",
        &[
            ("organization", "1331"),
            ("limit", "50"),
            ("opt_fields", "name,description"),
        ],
    )
    .respond(&s.fake, 200, json!({"data": [], "next_page": null}))
    .await;
    let v = s.client.call_ok("asana_get_user_teams", json!({})).await;
    assert_eq!(v["items"], json!([]));
    get(
        "/teams/1",
        &[(
            "opt_fields",
            "name,description,organization.name,visibility,permalink_url",
        )],
    )
    .respond(&s.fake, 404, asana_error("team: Unknown object: 1", ""))
    .await;
    let err = s
        .client
        .call_err("asana_get_team", json!({"team_id": "1"}))
        .await;
    assert!(err.contains("Unknown object"), "{err}");
}
