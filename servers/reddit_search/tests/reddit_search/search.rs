//! reddit_find_subreddits, reddit_search_posts, reddit_find_similar_posts, and the token
//! exchange with its per-credential cache.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{Fake, TOKEN, UA, listing, reddit, t3};

#[tokio::test]
async fn find_subreddits_contract() {
    let f = Fake::start().await;
    let sub = json!({"kind": "t5", "data": {
        "display_name": "rust", "title": "The Rust Programming Language", "subscribers": 350000,
        "over18": false, "public_description": "A place for all things Rust", "url": "/r/rust/",
        "icon_img": "", "name": "t5_2s7lj", "banner_img": ""
    }});
    reddit(
        "GET",
        "/subreddits/search",
        &[("q", "rust lang"), ("limit", "5"), ("after", "t5_abc")],
    )
    .respond(&f.fake, 200, listing(vec![sub], Some("t5_2s7lj")))
    .await;
    let c = f.with_token().await;
    let v = c
        .call_ok(
            "reddit_find_subreddits",
            json!({"query": "rust lang", "limit": 5, "cursor": "t5_abc"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"name": "rust", "title": "The Rust Programming Language", "subscribers": 350000,
            "over18": false, "description": "A place for all things Rust", "url": "https://www.reddit.com/r/rust/"}],
            "next_cursor": "t5_2s7lj"})
    );
}

#[tokio::test]
async fn find_subreddits_vendor_error() {
    let f = Fake::start().await;
    reddit("GET", "/subreddits/search", &[("q", "x"), ("limit", "10")])
        .respond(&f.fake, 403, json!({"message": "Forbidden", "error": 403}))
        .await;
    let err = f
        .with_token()
        .await
        .call_err("reddit_find_subreddits", json!({"query": "x"}))
        .await;
    assert!(err.contains("403") && err.contains("Forbidden"), "{err}");
    let err = f
        .with_token()
        .await
        .call_err("reddit_find_subreddits", json!({"query": " "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
}

#[tokio::test]
async fn search_posts_contract() {
    let f = Fake::start().await;
    reddit(
        "GET",
        "/r/rust/search",
        &[
            ("q", "async traits"),
            ("restrict_sr", "true"),
            ("type", "link"),
            ("limit", "10"),
            ("sort", "top"),
            ("t", "year"),
        ],
    )
    .respond(
        &f.fake,
        200,
        listing(vec![t3("1abc2d", "Async traits are stable")], None),
    )
    .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_search_posts",
            json!({"subreddit": "r/rust", "query": "async traits", "sort": "top", "time": "year"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "1abc2d", "title": "Async traits are stable", "subreddit": "rust", "author": "ferris",
            "score": 42, "num_comments": 7, "created_utc": 1733011200.0,
            "url": "https://www.reddit.com/r/rust/comments/1abc2d/slug/", "is_self": true, "over_18": false,
            "permalink": "https://www.reddit.com/r/rust/comments/1abc2d/slug/", "selftext": "Body text"}]})
    );
}

#[tokio::test]
async fn search_posts_private_subreddit_and_bad_name() {
    let f = Fake::start().await;
    reddit(
        "GET",
        "/r/secret/search",
        &[
            ("q", "x"),
            ("restrict_sr", "true"),
            ("type", "link"),
            ("limit", "10"),
        ],
    )
    .respond(
        &f.fake,
        403,
        json!({"reason": "private", "message": "Forbidden", "error": 403}),
    )
    .await;
    let c = f.with_token().await;
    let err = c
        .call_err(
            "reddit_search_posts",
            json!({"subreddit": "secret", "query": "x"}),
        )
        .await;
    assert!(err.contains("403") && err.contains("private"), "{err}");
    let err = c
        .call_err(
            "reddit_search_posts",
            json!({"subreddit": "no such/sub", "query": "x"}),
        )
        .await;
    assert!(err.contains("`subreddit` must be"), "{err}");
}

#[tokio::test]
async fn find_similar_posts_contract() {
    let f = Fake::start().await;
    reddit("GET", "/api/info", &[("id", "t3_1abc2d")])
        .respond(
            &f.fake,
            200,
            listing(vec![t3("1abc2d", "Async traits are stable")], None),
        )
        .await;
    reddit(
        "GET",
        "/search",
        &[
            ("q", "Async traits are stable"),
            ("type", "link"),
            ("sort", "relevance"),
            ("limit", "3"),
        ],
    )
    .respond(
        &f.fake,
        200,
        listing(
            vec![
                t3("1abc2d", "Async traits are stable"),
                t3("2xyz", "Async traits land"),
                t3("3qqq", "AFIT"),
            ],
            None,
        ),
    )
    .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_find_similar_posts",
            json!({"post_id": "t3_1abc2d", "limit": 2}),
        )
        .await;
    assert_eq!(v["source_title"], "Async traits are stable");
    let ids: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["2xyz", "3qqq"]);
}

#[tokio::test]
async fn find_similar_posts_unknown_post() {
    let f = Fake::start().await;
    reddit("GET", "/api/info", &[("id", "t3_zzz")])
        .respond(&f.fake, 200, listing(vec![], None))
        .await;
    let c = f.with_token().await;
    let err = c
        .call_err("reddit_find_similar_posts", json!({"post_id": "zzz"}))
        .await;
    assert!(err.contains("no post `zzz`"), "{err}");
    let err = c
        .call_err("reddit_find_similar_posts", json!({"post_id": "https://x"}))
        .await;
    assert!(err.contains("`post_id` must be"), "{err}");
}

/// App credentials are exchanged once (client credentials, Basic client_id:secret) and the
/// token is reused; other app credentials get their own token.
#[tokio::test]
async fn client_credentials_exchange_is_cached_per_app() {
    let f = Fake::start().await;
    let basic = mcp_testkit::basic_auth;
    expect("POST", "/api/v1/access_token")
        .header("authorization", &basic("app1", "secret1"))
        .header("user-agent", UA)
        .form_body(&[("grant_type", "client_credentials")])
        .respond(&f.fake, 200, json!({"access_token": TOKEN, "token_type": "bearer", "expires_in": 86400, "scope": "*"}))
        .await;
    expect("POST", "/api/v1/access_token")
        .header("authorization", &basic("app2", "secret2"))
        .form_body(&[("grant_type", "client_credentials")])
        .respond(&f.fake, 200, json!({"access_token": "other-app-token", "token_type": "bearer", "expires_in": 86400, "scope": "*"}))
        .await;
    reddit(
        "GET",
        "/subreddits/search",
        &[("q", "rust"), ("limit", "10")],
    )
    .times(2)
    .respond(&f.fake, 200, listing(vec![], None))
    .await;
    expect("GET", "/subreddits/search")
        .bearer("other-app-token")
        .query("q", "rust")
        .query("limit", "10")
        .respond(&f.fake, 200, listing(vec![], None))
        .await;
    let c1 = f
        .client(json!({"client_id": "app1", "client_secret": "secret1"}))
        .await;
    c1.call_ok("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    c1.call_ok("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    let c2 = f
        .client(json!({"client_id": "app2", "client_secret": "secret2"}))
        .await;
    c2.call_ok("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
}

#[tokio::test]
async fn refused_app_credentials() {
    let f = Fake::start().await;
    expect("POST", "/api/v1/access_token")
        .form_body(&[("grant_type", "client_credentials")])
        .respond(
            &f.fake,
            401,
            json!({"message": "Unauthorized", "error": 401}),
        )
        .await;
    let c = f
        .client(json!({"client_id": "app1", "client_secret": "wrong-secret"}))
        .await;
    let err = c
        .call_err("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    assert!(
        err.contains("token request") && err.contains("401"),
        "{err}"
    );
    assert!(!err.contains("wrong-secret"), "{err}");
}

#[tokio::test]
async fn missing_credentials_name_what_to_send() {
    let f = Fake::start().await;
    let err = f
        .client(json!({"client_id": "only-id"}))
        .await
        .call_err("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    assert!(
        err.contains("access_token") && err.contains("client_secret"),
        "{err}"
    );
}

#[tokio::test]
async fn subreddit_posts_contract() {
    let f = Fake::start().await;
    reddit(
        "GET",
        "/r/rust/top",
        &[("limit", "2"), ("t", "week"), ("after", "t3_prev")],
    )
    .respond(
        &f.fake,
        200,
        listing(vec![t3("1abc2d", "Weekly top")], Some("t3_1abc2d")),
    )
    .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_get_subreddit_posts",
            json!({"subreddit": "rust", "sort": "top", "time": "week", "limit": 2, "cursor": "t3_prev"}),
        )
        .await;
    assert_eq!(v["items"][0]["title"], "Weekly top");
    assert_eq!(v["next_cursor"], "t3_1abc2d");
}

#[tokio::test]
async fn subreddit_posts_hot_ignores_time_and_reports_ban() {
    let f = Fake::start().await;
    reddit("GET", "/r/gone/hot", &[("limit", "10")])
        .respond(
            &f.fake,
            404,
            json!({"reason": "banned", "message": "Not Found", "error": 404}),
        )
        .await;
    let err = f
        .with_token()
        .await
        .call_err(
            "reddit_get_subreddit_posts",
            json!({"subreddit": "gone", "time": "week"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("banned"), "{err}");
}

#[tokio::test]
async fn tool_surface() {
    let f = Fake::start().await;
    let tools = f.with_token().await.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "reddit_search");
    assert_eq!(extra, ["reddit_get_subreddit_posts"]);
}

#[tokio::test]
/// Reddit's `X-Ratelimit-*` headers and `Retry-After` are honoured by the shared client.
async fn rate_limit_is_retried_then_reported() {
    let f = Fake::start().await;
    reddit(
        "GET",
        "/subreddits/search",
        &[("q", "rust"), ("limit", "10")],
    )
    .times(3)
    .respond_with(
        &f.fake,
        mcp_testkit::wiremock::ResponseTemplate::new(429)
            .insert_header("retry-after", "0")
            .insert_header("x-ratelimit-used", "100")
            .insert_header("x-ratelimit-remaining", "0")
            .insert_header("x-ratelimit-reset", "0")
            .set_body_json(json!({"message": "Too Many Requests", "error": 429})),
    )
    .await;
    let err = f
        .with_token()
        .await
        .call_err("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    assert!(err.contains("429") && err.contains("retry after"), "{err}");
}

/// `REDDIT_USER_AGENT` (`--user-agent`) replaces the default User-Agent.
#[tokio::test]
async fn user_agent_option() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_testkit::settings_for(&fake.uri())
        .with_option("user-agent", "linux:my-agent:v2.0 (by /u/ferris)");
    let server = mcp_testkit::TestServer::start(&reddit_search_mcp_server::SPEC, settings).await;
    expect("GET", "/subreddits/search")
        .bearer(TOKEN)
        .header("user-agent", "linux:my-agent:v2.0 (by /u/ferris)")
        .query("q", "rust")
        .query("limit", "10")
        .respond(&fake, 200, listing(vec![], None))
        .await;
    let c = server.client(TOKEN).await;
    let v = c
        .call_ok("reddit_find_subreddits", json!({"query": "rust"}))
        .await;
    assert_eq!(v, json!({"items": []}));
}
