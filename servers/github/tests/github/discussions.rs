//! The `discussions` toolset: GitHub Discussions over GraphQL (`POST /graphql`), each tool one
//! named operation whose variables are asserted, answered with data shaped as GitHub's
//! GraphQL schema returns it; under our names and GitHub's official ones.

use serde_json::{Value, json};

use crate::common::{graphql, no_requests, setup_all, setup_official};

fn discussion_node(number: u64, title: &str) -> Value {
    json!({
        "number": number,
        "title": title,
        "url": format!("https://github.com/octo/hello/discussions/{number}"),
        "createdAt": "2024-03-01T10:00:00Z",
        "updatedAt": "2024-03-02T10:00:00Z",
        "closed": false,
        "isAnswered": true,
        "author": {"login": "octocat"},
        "category": {"name": "Q&A"},
        "comments": {"totalCount": 4}
    })
}

fn discussions_page(nodes: Vec<Value>, next: Option<&str>) -> Value {
    json!({"repository": {"discussions": {
        "totalCount": 42,
        "pageInfo": {"hasNextPage": next.is_some(), "endCursor": next.unwrap_or("Y3Vyc29yOmxhc3Q=")},
        "nodes": nodes
    }}})
}

fn not_found(message: &str) -> Value {
    json!({
        "data": {"repository": null},
        "errors": [{"type": "NOT_FOUND", "path": ["repository"], "locations": [{"line": 2, "column": 3}], "message": message}]
    })
}

#[tokio::test]
async fn list_discussions_contract() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "ListDiscussions",
        json!({
            "owner": "octo", "repo": "hello", "first": 10, "after": "Y3Vyc29yOjE=",
            "categoryId": "DIC_kwDOA1b2c3", "orderBy": {"field": "CREATED_AT", "direction": "ASC"}
        }),
        discussions_page(
            vec![discussion_node(7, "How do I start?")],
            Some("Y3Vyc29yOjI="),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_list_discussions",
            json!({"owner": "octo", "repo": "hello", "category": "DIC_kwDOA1b2c3", "orderBy": "CREATED_AT",
                   "direction": "ASC", "perPage": 10, "after": "Y3Vyc29yOjE="}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({
            "number": 7, "title": "How do I start?", "author": "octocat", "category": "Q&A",
            "closed": false, "is_answered": true, "comments": 4,
            "created_at": "2024-03-01T10:00:00Z", "updated_at": "2024-03-02T10:00:00Z",
            "html_url": "https://github.com/octo/hello/discussions/7"
        })
    );
    assert_eq!(v["total_count"], 42);
    assert_eq!(v["next_cursor"], "Y3Vyc29yOjI=");
    assert_eq!(v["repo"], "hello");
}

#[tokio::test]
async fn list_discussions_of_an_organization() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "ListDiscussions",
        json!({"owner": "octo-org", "repo": ".github", "first": 30, "orderBy": {"field": "UPDATED_AT", "direction": "ASC"}}),
        discussions_page(vec![discussion_node(1, "Welcome")], None),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_list_discussions",
            json!({"owner": "octo-org", "direction": "ASC"}),
        )
        .await;
    assert_eq!(v["repo"], ".github");
    assert_eq!(v["items"][0]["title"], "Welcome");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_discussions_without_a_github_repository() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "ListDiscussions",
        json!({"owner": "someone", "repo": ".github", "first": 30}),
        not_found("Could not resolve to a Repository with the name 'someone/.github'."),
    )
    .await;
    let err = s
        .client
        .call_err("github_list_discussions", json!({"owner": "someone"}))
        .await;
    assert!(err.contains("NOT_FOUND"), "{err}");
    assert!(err.contains("`.github` repository"), "{err}");
}

#[tokio::test]
async fn list_discussions_bad_order_is_refused() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_discussions",
            json!({"owner": "octo", "repo": "hello", "orderBy": "COMMENTS"}),
        )
        .await;
    assert!(err.contains("COMMENTS") || err.contains("orderBy"), "{err}");
    no_requests(&s).await;
}

fn discussion_json() -> Value {
    json!({"repository": {"discussion": {
        "number": 7,
        "title": "How do I start?",
        "body": "I cloned the repository; what next?",
        "url": "https://github.com/octo/hello/discussions/7",
        "createdAt": "2024-03-01T10:00:00Z",
        "updatedAt": "2024-03-02T10:00:00Z",
        "closed": true,
        "closedAt": "2024-03-03T10:00:00Z",
        "isAnswered": true,
        "answerChosenAt": "2024-03-02T12:00:00Z",
        "locked": false,
        "upvoteCount": 5,
        "author": {"login": "octocat"},
        "category": {"id": "DIC_kwDOA1b2c3", "name": "Q&A"},
        "comments": {"totalCount": 4},
        "labels": {"nodes": [{"name": "question"}]}
    }}})
}

#[tokio::test]
async fn get_discussion_contract() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "GetDiscussion",
        json!({"owner": "octo", "repo": "hello", "number": 7}),
        discussion_json(),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_get_discussion",
            json!({"owner": "octo", "repo": "hello", "discussionNumber": 7}),
        )
        .await;
    assert_eq!(v["title"], "How do I start?");
    assert_eq!(v["body"], "I cloned the repository; what next?");
    assert_eq!(v["category"], "Q&A");
    assert_eq!(v["category_id"], "DIC_kwDOA1b2c3");
    assert_eq!(v["closed_at"], "2024-03-03T10:00:00Z");
    assert_eq!(v["answer_chosen_at"], "2024-03-02T12:00:00Z");
    assert_eq!(v["upvotes"], 5);
    assert_eq!(v["comments"], 4);
    assert_eq!(v["labels"], json!(["question"]));
}

#[tokio::test]
async fn get_discussion_not_found() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "GetDiscussion",
        json!({"owner": "octo", "repo": "hello", "number": 999}),
        json!({
            "data": {"repository": {"discussion": null}},
            "errors": [{"type": "NOT_FOUND", "path": ["repository", "discussion"], "message": "Could not resolve to a Discussion with the number of 999."}]
        }),
    )
    .await;
    let err = s
        .client
        .call_err(
            "github_get_discussion",
            json!({"owner": "octo", "repo": "hello", "discussionNumber": 999}),
        )
        .await;
    assert!(
        err.contains("Could not resolve to a Discussion with the number of 999"),
        "{err}"
    );
    assert!(err.contains("Discussions are not enabled"), "{err}");
}

#[tokio::test]
async fn get_discussion_comments_contract() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "GetDiscussionComments",
        json!({"owner": "octo", "repo": "hello", "number": 7, "first": 2, "after": "Y3Vyc29yOjE="}),
        json!({"repository": {"discussion": {"comments": {
            "totalCount": 4,
            "pageInfo": {"hasNextPage": true, "endCursor": "Y3Vyc29yOjM="},
            "nodes": [
                {"id": "DC_kwDOA1", "body": "Run `make`.", "url": "https://github.com/octo/hello/discussions/7#discussioncomment-1",
                 "createdAt": "2024-03-01T11:00:00Z", "isAnswer": true, "upvoteCount": 3,
                 "author": {"login": "hubot"}, "replies": {"totalCount": 1}},
                {"id": "DC_kwDOA2", "body": "Thanks!", "url": "https://github.com/octo/hello/discussions/7#discussioncomment-2",
                 "createdAt": "2024-03-01T12:00:00Z", "isAnswer": false, "upvoteCount": 0,
                 "author": null, "replies": {"totalCount": 0}}
            ]
        }}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_get_discussion_comments",
            json!({"owner": "octo", "repo": "hello", "discussionNumber": 7, "perPage": 2, "after": "Y3Vyc29yOjE="}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({
            "id": "DC_kwDOA1", "author": "hubot", "body": "Run `make`.", "is_answer": true,
            "upvotes": 3, "replies": 1, "created_at": "2024-03-01T11:00:00Z",
            "html_url": "https://github.com/octo/hello/discussions/7#discussioncomment-1"
        })
    );
    assert!(v["items"][1].get("author").is_none());
    assert_eq!(v["total_count"], 4);
    assert_eq!(v["next_cursor"], "Y3Vyc29yOjM=");
}

#[tokio::test]
async fn get_discussion_comments_of_a_missing_discussion() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "GetDiscussionComments",
        json!({"owner": "octo", "repo": "hello", "number": 8, "first": 30}),
        json!({"repository": {"discussion": null}}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "github_get_discussion_comments",
            json!({"owner": "octo", "repo": "hello", "discussionNumber": 8}),
        )
        .await;
    assert!(err.contains("octo/hello has no discussion #8"), "{err}");
}

fn categories_json() -> Value {
    json!({"repository": {"discussionCategories": {
        "totalCount": 2,
        "nodes": [
            {"id": "DIC_kwDOA1b2c3", "name": "Q&A", "slug": "q-a", "emoji": ":pray:",
             "description": "Ask the community for help", "isAnswerable": true},
            {"id": "DIC_kwDOA1b2c4", "name": "Announcements", "slug": "announcements", "emoji": ":mega:",
             "description": "Updates from maintainers", "isAnswerable": false}
        ]
    }}})
}

#[tokio::test]
async fn list_discussion_categories_contract() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "ListDiscussionCategories",
        json!({"owner": "octo", "repo": "hello"}),
        categories_json(),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_list_discussion_categories",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "DIC_kwDOA1b2c3", "name": "Q&A", "slug": "q-a", "emoji": ":pray:",
               "description": "Ask the community for help", "is_answerable": true})
    );
    assert_eq!(v["total_count"], 2);
}

#[tokio::test]
async fn list_discussion_categories_scope_error() {
    let s = setup_all().await;
    graphql(
        &s.fake,
        "ListDiscussionCategories",
        json!({"owner": "octo-org", "repo": ".github"}),
        json!({
            "data": null,
            "errors": [{"type": "INSUFFICIENT_SCOPES", "message": "Your token has not been granted the required scopes to execute this query."}]
        }),
    )
    .await;
    let err = s
        .client
        .call_err(
            "github_list_discussion_categories",
            json!({"owner": "octo-org"}),
        )
        .await;
    assert!(err.contains("INSUFFICIENT_SCOPES"), "{err}");
    assert!(err.contains("scope"), "{err}");
}

#[tokio::test]
async fn discussion_tools_under_official_names() {
    let s = setup_official().await;
    graphql(
        &s.fake,
        "GetDiscussion",
        json!({"owner": "octo", "repo": "hello", "number": 7}),
        discussion_json(),
    )
    .await;
    graphql(
        &s.fake,
        "ListDiscussionCategories",
        json!({"owner": "octo", "repo": "hello"}),
        categories_json(),
    )
    .await;
    graphql(
        &s.fake,
        "ListDiscussions",
        json!({"owner": "octo", "repo": "hello", "first": 30}),
        discussions_page(vec![discussion_node(7, "How do I start?")], None),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "get_discussion",
            json!({"owner": "octo", "repo": "hello", "discussionNumber": 7}),
        )
        .await;
    assert_eq!(v["number"], 7);
    let v = s
        .client
        .call_ok(
            "list_discussion_categories",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v["items"][1]["name"], "Announcements");
    let v = s
        .client
        .call_ok(
            "list_discussions",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 7);
}
