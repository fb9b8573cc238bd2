//! reddit_get_post_comments, reddit_create_post, reddit_create_comment, reddit_upvote,
//! reddit_get_user_posts, and the password grant for actions as a user.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{Fake, TOKEN, UA, listing, reddit, t3};

fn t1(id: &str, body: &str, replies: serde_json::Value) -> serde_json::Value {
    json!({"kind": "t1", "data": {"id": id, "name": format!("t1_{id}"), "author": "crab", "body": body,
        "body_html": "<p>..</p>", "score": 3, "created_utc": 1733011300.0, "replies": replies, "depth": 0}})
}

#[tokio::test]
async fn get_post_comments_contract() {
    let f = Fake::start().await;
    let more = json!({"kind": "more", "data": {"count": 12, "children": ["a", "b"], "id": "a", "name": "t1_a", "depth": 0}});
    let tree = listing(
        vec![
            t1(
                "c1",
                "Top comment",
                listing(vec![t1("c2", "A reply", json!(""))], None),
            ),
            more,
        ],
        None,
    );
    reddit(
        "GET",
        "/r/rust/comments/1abc2d",
        &[("limit", "20"), ("depth", "3"), ("sort", "top")],
    )
    .respond(
        &f.fake,
        200,
        json!([listing(vec![t3("1abc2d", "Async traits")], None), tree]),
    )
    .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_get_post_comments",
            json!({"post_id": "1abc2d", "subreddit": "rust", "sort": "top"}),
        )
        .await;
    assert_eq!(v["post"]["title"], "Async traits");
    assert_eq!(
        v["comments"],
        json!([
            {"id": "c1", "author": "crab", "score": 3, "created_utc": 1733011300.0, "body": "Top comment",
             "replies": [{"id": "c2", "author": "crab", "score": 3, "created_utc": 1733011300.0, "body": "A reply"}]},
            {"more_comments": 12}
        ])
    );
}

#[tokio::test]
async fn get_post_comments_not_found() {
    let f = Fake::start().await;
    reddit(
        "GET",
        "/r/rust/comments/zzz",
        &[("limit", "20"), ("depth", "3")],
    )
    .respond(&f.fake, 404, json!({"message": "Not Found", "error": 404}))
    .await;
    let err = f
        .with_token()
        .await
        .call_err(
            "reddit_get_post_comments",
            json!({"post_id": "zzz", "subreddit": "rust"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("Not Found"), "{err}");
}

#[tokio::test]
async fn create_post_contract() {
    let f = Fake::start().await;
    reddit("POST", "/api/submit", &[])
        .form_body(&[("api_type", "json"), ("kind", "self"), ("sr", "test"), ("title", "Hello"), ("text", "Body **md**")])
        .respond(&f.fake, 200, json!({"json": {"errors": [], "data": {"url": "https://www.reddit.com/r/test/comments/9zz/hello/", "drafts_count": 0, "id": "9zz", "name": "t3_9zz"}}}))
        .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_create_post",
            json!({"subreddit": "test", "title": "Hello", "text": "Body **md**"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "9zz", "name": "t3_9zz", "url": "https://www.reddit.com/r/test/comments/9zz/hello/"})
    );
}

#[tokio::test]
async fn create_post_json_errors() {
    let f = Fake::start().await;
    reddit("POST", "/api/submit", &[])
        .any_body()
        .respond(&f.fake, 200, json!({"json": {"errors": [["SUBREDDIT_NOEXIST", "that subreddit doesn't exist", "sr"]]}}))
        .await;
    let err = f
        .with_token()
        .await
        .call_err(
            "reddit_create_post",
            json!({"subreddit": "nosuchsub", "title": "Hello", "text": "x"}),
        )
        .await;
    assert!(
        err.contains("SUBREDDIT_NOEXIST") && err.contains("doesn't exist") && err.contains("`sr`"),
        "{err}"
    );
}

/// Writes with app credentials use the password grant (cached per user), never app-only.
#[tokio::test]
async fn create_post_with_password_grant() {
    let f = Fake::start().await;
    expect("POST", "/api/v1/access_token")
        .header("user-agent", UA)
        .form_body(&[("grant_type", "password"), ("username", "ferris"), ("password", "hunter2-pw")])
        .respond(&f.fake, 200, json!({"access_token": TOKEN, "token_type": "bearer", "expires_in": 86400, "scope": "*"}))
        .await;
    reddit("POST", "/api/submit", &[])
        .any_body()
        .times(2)
        .respond(
            &f.fake,
            200,
            json!({"json": {"errors": [], "data": {"url": "u", "id": "9zz", "name": "t3_9zz"}}}),
        )
        .await;
    let c = f.client(json!({"client_id": "app", "client_secret": "s3cret", "username": "ferris", "password": "hunter2-pw"})).await;
    for _ in 0..2 {
        c.call_ok(
            "reddit_create_post",
            json!({"subreddit": "test", "title": "Hi", "text": "x"}),
        )
        .await;
    }
    // App credentials without a user: the message says what is missing, nothing is sent.
    let c = f
        .client(json!({"client_id": "app", "client_secret": "s3cret"}))
        .await;
    let err = c
        .call_err(
            "reddit_create_post",
            json!({"subreddit": "test", "title": "Hi", "text": "x"}),
        )
        .await;
    assert!(
        err.contains("username") && err.contains("password"),
        "{err}"
    );
}

#[tokio::test]
async fn wrong_password_is_a_clear_error() {
    let f = Fake::start().await;
    expect("POST", "/api/v1/access_token")
        .any_body()
        .respond(&f.fake, 200, json!({"error": "invalid_grant"}))
        .await;
    let c = f.client(json!({"client_id": "app", "client_secret": "s3cret", "username": "ferris", "password": "bad-password"})).await;
    let err = c
        .call_err("reddit_upvote", json!({"post_id": "1abc2d"}))
        .await;
    assert!(
        err.contains("invalid_grant") && !err.contains("bad-password"),
        "{err}"
    );
}

#[tokio::test]
async fn create_comment_contract() {
    let f = Fake::start().await;
    reddit("POST", "/api/comment", &[])
        .form_body(&[("api_type", "json"), ("thing_id", "t3_1abc2d"), ("text", "Nice post")])
        .respond(&f.fake, 200, json!({"json": {"errors": [], "data": {"things": [{"kind": "t1", "data": {
            "id": "k9k", "name": "t1_k9k", "parent_id": "t3_1abc2d", "body": "Nice post", "author": "ferris",
            "permalink": "/r/rust/comments/1abc2d/slug/k9k/", "body_html": "<p>Nice post</p>"}}]}}}))
        .await;
    let v = f
        .with_token()
        .await
        .call_ok(
            "reddit_create_comment",
            json!({"post_id": "1abc2d", "text": "Nice post"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "k9k", "name": "t1_k9k", "parent_id": "t3_1abc2d", "permalink": "https://www.reddit.com/r/rust/comments/1abc2d/slug/k9k/"})
    );
}

#[tokio::test]
async fn create_comment_rate_limited_and_empty() {
    let f = Fake::start().await;
    reddit("POST", "/api/comment", &[])
        .any_body()
        .respond(&f.fake, 200, json!({"json": {"errors": [["RATELIMIT", "Looks like you've been doing that a lot. Take a break for 5 minutes before trying again.", "ratelimit"]]}}))
        .await;
    let c = f.with_token().await;
    let err = c
        .call_err(
            "reddit_create_comment",
            json!({"post_id": "1abc2d", "text": "hi"}),
        )
        .await;
    assert!(
        err.contains("RATELIMIT") && err.contains("5 minutes"),
        "{err}"
    );
    let err = c
        .call_err(
            "reddit_create_comment",
            json!({"post_id": "1abc2d", "text": ""}),
        )
        .await;
    assert!(err.contains("`text` must not be empty"), "{err}");
}

#[tokio::test]
async fn upvote_contract() {
    let f = Fake::start().await;
    reddit("POST", "/api/vote", &[])
        .form_body(&[("id", "t3_1abc2d"), ("dir", "1")])
        .respond(&f.fake, 200, json!({}))
        .await;
    let v = f
        .with_token()
        .await
        .call_ok("reddit_upvote", json!({"post_id": "t3_1abc2d"}))
        .await;
    assert_eq!(v, json!({"upvoted": "t3_1abc2d"}));
}

#[tokio::test]
async fn upvote_archived_post() {
    let f = Fake::start().await;
    reddit("POST", "/api/vote", &[])
        .any_body()
        .respond(
            &f.fake,
            400,
            json!({"message": "Bad Request", "error": 400}),
        )
        .await;
    let err = f
        .with_token()
        .await
        .call_err("reddit_upvote", json!({"post_id": "1abc2d"}))
        .await;
    assert!(err.contains("400") && err.contains("Bad Request"), "{err}");
}

#[tokio::test]
async fn get_user_posts_contract() {
    let f = Fake::start().await;
    reddit("GET", "/api/v1/me", &[])
        .respond(
            &f.fake,
            200,
            json!({"name": "ferris", "id": "abc", "link_karma": 10, "comment_karma": 5}),
        )
        .await;
    reddit(
        "GET",
        "/user/ferris/submitted",
        &[("limit", "25"), ("after", "t3_prev")],
    )
    .respond(
        &f.fake,
        200,
        listing(vec![t3("1abc2d", "My post")], Some("t3_1abc2d")),
    )
    .await;
    let v = f
        .with_token()
        .await
        .call_ok("reddit_get_user_posts", json!({"cursor": "t3_prev"}))
        .await;
    assert_eq!(v["user"], "ferris");
    assert_eq!(v["items"][0]["title"], "My post");
    assert_eq!(v["next_cursor"], "t3_1abc2d");
}

#[tokio::test]
async fn get_user_posts_with_app_only_token() {
    let f = Fake::start().await;
    reddit("GET", "/api/v1/me", &[])
        .respond(&f.fake, 403, json!({"message": "Forbidden", "error": 403}))
        .await;
    let err = f
        .with_token()
        .await
        .call_err("reddit_get_user_posts", json!({}))
        .await;
    assert!(err.contains("403"), "{err}");
}
