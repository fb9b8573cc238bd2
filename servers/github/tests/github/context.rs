use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, no_requests, setup, user_json, validation_failed};

fn me_json() -> Value {
    json!({
        "login": "octocat",
        "id": 1,
        "node_id": "MDQ6VXNlcjE=",
        "avatar_url": "https://github.com/images/error/octocat_happy.gif",
        "url": "https://api.github.com/users/octocat",
        "html_url": "https://github.com/octocat",
        "type": "User",
        "site_admin": false,
        "name": "monalisa octocat",
        "company": "GitHub",
        "blog": "https://github.com/blog",
        "location": "San Francisco",
        "email": "octocat@github.com",
        "hireable": false,
        "bio": "There once was...",
        "twitter_username": "monatheoctocat",
        "public_repos": 2,
        "public_gists": 1,
        "followers": 20,
        "following": 0,
        "created_at": "2008-01-14T04:33:35Z",
        "updated_at": "2008-01-14T04:33:35Z",
        "private_gists": 81,
        "total_private_repos": 100,
        "owned_private_repos": 100,
        "disk_usage": 10000,
        "collaborators": 8,
        "two_factor_authentication": true,
        "plan": {"name": "Medium", "space": 400, "private_repos": 20, "collaborators": 0}
    })
}

#[tokio::test]
async fn get_me_contract() {
    let s = setup().await;
    expect("GET", "/user")
        .bearer(TOKEN)
        .header("x-github-api-version", "2022-11-28")
        .respond(&s.fake, 200, me_json())
        .await;
    let v = s
        .client
        .call_ok("github_get_me", json!({"reason": "to find my repos"}))
        .await;
    assert_eq!(v["login"], "octocat");
    assert_eq!(v["name"], "monalisa octocat");
    assert_eq!(v["email"], "octocat@github.com");
    assert_eq!(v["plan"], "Medium");
    assert_eq!(v["public_repos"], 2);
    assert!(
        v.get("avatar_url").is_none() && v.get("disk_usage").is_none(),
        "not concise: {v}"
    );
}

#[tokio::test]
async fn get_me_bad_credentials() {
    let s = setup().await;
    expect("GET", "/user")
        .bearer(TOKEN)
        .respond(&s.fake, 401, gh_error(401, "Bad credentials"))
        .await;
    let err = s.client.call_err("github_get_me", json!({})).await;
    assert!(
        err.contains("GitHub API error 401 Unauthorized: Bad credentials."),
        "{err}"
    );
    assert!(err.contains("invalid or expired"), "{err}");
}

#[tokio::test]
async fn get_me_without_credentials_names_what_to_set() {
    let s = setup().await;
    let client = s.server.client_with(&[]).await;
    let err = client.call_err("github_get_me", json!({})).await;
    assert!(err.contains("GITHUB_PERSONAL_ACCESS_TOKEN"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn search_users_contract() {
    let s = setup().await;
    let body = json!({
        "total_count": 12,
        "incomplete_results": false,
        "items": [
            {
                "login": "mojombo", "id": 1, "node_id": "MDQ6VXNlcjE=",
                "avatar_url": "https://secure.gravatar.com/avatar/x", "gravatar_id": "",
                "url": "https://api.github.com/users/mojombo", "html_url": "https://github.com/mojombo",
                "type": "User", "score": 1, "site_admin": false
            }
        ]
    });
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .query("q", "tom repos:>42 followers:>1000")
        .query("sort", "followers")
        .query("order", "desc")
        .query("page", 2)
        .query("per_page", 5)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_json(body)
                .insert_header("link", link("/search/users", 3, 3)),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_users",
            json!({"q": "tom repos:>42 followers:>1000", "sort": "followers", "order": "desc", "page": 2, "perPage": 5}),
        )
        .await;
    assert_eq!(v["total_count"], 12);
    assert_eq!(v["next_page"], 3);
    assert_eq!(
        v["items"],
        json!([{"login": "mojombo", "id": 1, "type": "User", "html_url": "https://github.com/mojombo"}])
    );
}

#[tokio::test]
async fn search_users_rejected_query() {
    let s = setup().await;
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .query("q", "")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"resource": "Search", "field": "q", "code": "missing"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_users", json!({"q": ""}))
        .await;
    assert!(
        err.contains("422") && err.contains("Validation Failed") && err.contains("q: missing"),
        "{err}"
    );
}

#[tokio::test]
async fn search_users_bad_sort() {
    let s = setup().await;
    let err = s
        .client
        .call_err("github_search_users", json!({"q": "tom", "sort": "stars"}))
        .await;
    assert!(
        err.contains("invalid arguments for github_search_users"),
        "{err}"
    );
}

fn stargazer(login: &str, id: u64, at: &str) -> Value {
    json!({"starred_at": at, "user": user_json(login, id)})
}

#[tokio::test]
async fn recent_stargazers_reads_the_last_page_backwards() {
    let s = setup().await;
    let path = "/repos/octo/hello/stargazers";
    expect("GET", path)
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.star+json")
        .query("per_page", 2)
        .query("page", 1)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_json(json!([
                    stargazer("first", 1, "2020-01-01T00:00:00Z"),
                    stargazer("second", 2, "2020-02-01T00:00:00Z")
                ]))
                .insert_header("link", link(path, 2, 3)),
        )
        .await;
    expect("GET", path)
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.star+json")
        .query("per_page", 2)
        .query("page", 3)
        .respond(
            &s.fake,
            200,
            json!([
                stargazer("fifth", 5, "2024-05-01T00:00:00Z"),
                stargazer("sixth", 6, "2024-06-01T00:00:00Z")
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_recent_stargazers",
            json!({"owner": "octo", "repo": "hello", "perPage": 2}),
        )
        .await;
    let logins: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["login"].as_str().unwrap())
        .collect();
    assert_eq!(logins, ["sixth", "fifth"]);
    assert_eq!(v["items"][0]["starred_at"], "2024-06-01T00:00:00Z");
    assert_eq!(v["next_page"], 2);
    assert_eq!(v["total_pages"], 3);
}

#[tokio::test]
async fn recent_stargazers_single_page() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/stargazers")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.star+json")
        .query("per_page", 30)
        .query("page", 1)
        .respond(
            &s.fake,
            200,
            json!([
                stargazer("first", 1, "2020-01-01T00:00:00Z"),
                stargazer("second", 2, "2020-02-01T00:00:00Z")
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_recent_stargazers",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"login": "second", "id": 2, "starred_at": "2020-02-01T00:00:00Z", "html_url": "https://github.com/second"})
    );
    assert_eq!(v["items"][1]["login"], "first");
    assert_eq!(v["next_page"], Value::Null);
    assert!(v.get("note").is_none());
}

#[tokio::test]
async fn recent_stargazers_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/nope/stargazers")
        .bearer(TOKEN)
        .query("per_page", 30)
        .query("page", 1)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_recent_stargazers",
            json!({"owner": "octo", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found: Not Found."), "{err}");
}

#[tokio::test]
async fn recent_stargazers_warns_when_github_caps_the_list() {
    let s = setup().await;
    let path = "/repos/big/repo/stargazers";
    for (page, link_header) in [(1, Some(link(path, 2, 400))), (400, None)] {
        let e = expect("GET", path)
            .bearer(TOKEN)
            .query("per_page", 100)
            .query("page", page);
        let mut r = ResponseTemplate::new(200).set_body_json(json!([stargazer(
            "someone",
            page,
            "2021-01-01T00:00:00Z"
        )]));
        if let Some(l) = link_header {
            r = r.insert_header("link", l);
        }
        e.respond_with(&s.fake, r).await;
    }
    let v = s
        .client
        .call_ok(
            "github_list_recent_stargazers",
            json!({"owner": "big", "repo": "repo", "perPage": 100}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], 400);
    assert!(v["note"].as_str().unwrap().contains("40,000"), "{v}");
}

// ---- github_get_teams, github_get_team_members, github_search_orgs

#[tokio::test]
async fn get_teams_of_a_user_contract() {
    let s = setup().await;
    crate::common::graphql(
        &s.fake,
        "GetTeams",
        json!({"login": "hubot"}),
        json!({"user": {"organizations": {"nodes": [
            {"login": "github", "teams": {"nodes": [
                {"name": "Justice League", "slug": "justice-league", "description": "A great team."}
            ]}},
            {"login": "octo-org", "teams": {"nodes": []}}
        ]}}}),
    )
    .await;
    let v = s
        .client
        .call_ok("github_get_teams", json!({"user": "hubot"}))
        .await;
    assert_eq!(v["user"], "hubot");
    assert_eq!(
        v["teams"],
        json!([{"name": "Justice League", "slug": "justice-league", "description": "A great team.", "org": "github"}])
    );
}

#[tokio::test]
async fn get_teams_of_the_authenticated_user() {
    let s = setup().await;
    expect("GET", "/user")
        .bearer(TOKEN)
        .respond(&s.fake, 200, me_json())
        .await;
    crate::common::graphql(
        &s.fake,
        "GetTeams",
        json!({"login": "octocat"}),
        json!({"user": {"organizations": {"nodes": []}}}),
    )
    .await;
    let v = s.client.call_ok("github_get_teams", json!({})).await;
    assert_eq!(v, json!({"user": "octocat", "teams": []}));
}

#[tokio::test]
async fn get_teams_graphql_error() {
    let s = setup().await;
    crate::common::graphql(
        &s.fake,
        "GetTeams",
        json!({"login": "nobody-here"}),
        json!({"data": {"user": null}, "errors": [{"type": "NOT_FOUND", "path": ["user"], "message": "Could not resolve to a User with the login of 'nobody-here'."}]}),
    )
    .await;
    let err = s
        .client
        .call_err("github_get_teams", json!({"user": "nobody-here"}))
        .await;
    assert!(
        err.contains(
            "GraphQL error (NOT_FOUND) in GetTeams at `user`: Could not resolve to a User"
        ),
        "{err}"
    );
    assert!(err.contains("Hint:"), "{err}");
}

#[tokio::test]
async fn get_team_members_contract() {
    let s = setup().await;
    expect("GET", "/orgs/github/teams/justice-league/members")
        .bearer(TOKEN)
        .query("per_page", "100")
        .respond(
            &s.fake,
            200,
            json!([user_json("octocat", 1), user_json("hubot", 2)]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_team_members",
            json!({"org": "github", "team_slug": "justice-league"}),
        )
        .await;
    assert_eq!(v["members"][1]["login"], "hubot");
    assert_eq!(v["members"][0]["html_url"], "https://github.com/octocat");
}

#[tokio::test]
async fn get_team_members_without_read_org() {
    let s = setup().await;
    expect("GET", "/orgs/github/teams/secret/members")
        .bearer(TOKEN)
        .query("per_page", "100")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(404)
                .insert_header("x-accepted-oauth-scopes", "read:org")
                .insert_header("x-oauth-scopes", "repo")
                .set_body_json(gh_error(404, "Not Found")),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_get_team_members",
            json!({"org": "github", "team_slug": "secret"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("`read:org`"), "{err}");
}

fn search_accounts(logins: &[&str]) -> Value {
    json!({
        "total_count": logins.len(),
        "incomplete_results": false,
        "items": logins.iter().enumerate().map(|(i, l)| user_json(l, i as u64 + 1)).collect::<Vec<_>>()
    })
}

#[tokio::test]
async fn search_orgs_contract() {
    let s = crate::common::setup_all().await;
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .query("q", "type:org location:berlin")
        .query("sort", "repositories")
        .query("per_page", "5")
        .respond(&s.fake, 200, search_accounts(&["berlin-org"]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_search_orgs",
            json!({"query": "location:berlin", "sort": "repositories", "perPage": 5}),
        )
        .await;
    assert_eq!(v["total_count"], 1);
    assert_eq!(v["items"][0]["login"], "berlin-org");
}

#[tokio::test]
async fn search_orgs_invalid_query() {
    let s = crate::common::setup_all().await;
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .query("q", "type:org ")
        .respond(
            &s.fake,
            422,
            validation_failed(json!([{"resource": "Search", "field": "q", "code": "missing"}])),
        )
        .await;
    let err = s
        .client
        .call_err("github_search_orgs", json!({"query": ""}))
        .await;
    assert!(err.contains("422") && err.contains("q: missing"), "{err}");
}
