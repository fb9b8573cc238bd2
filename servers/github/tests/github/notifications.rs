//! The `notifications` toolset against a fake GitHub answering with the REST reference's
//! examples (threads, thread and repository subscriptions, 205/202/204 answers).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, no_requests, setup_all, setup_official};

/// A notification thread as GitHub's REST reference shows it.
fn thread_json(id: &str, kind: &str, subject_url: &str) -> Value {
    json!({
        "id": id,
        "repository": {
            "id": 1296269,
            "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
            "name": "Hello-World",
            "full_name": "octocat/Hello-World",
            "owner": {"login": "octocat", "id": 1, "type": "User", "site_admin": false},
            "private": false,
            "html_url": "https://github.com/octocat/Hello-World",
            "description": "This your first repo!",
            "fork": false,
            "url": "https://api.github.com/repos/octocat/Hello-World"
        },
        "subject": {
            "title": "Greetings",
            "url": subject_url,
            "latest_comment_url": "https://api.github.com/repos/octokit/octokit.rb/issues/comments/123",
            "type": kind
        },
        "reason": "subscribed",
        "unread": true,
        "updated_at": "2014-11-07T22:01:45Z",
        "last_read_at": "2014-11-07T22:01:45Z",
        "url": format!("https://api.github.com/notifications/threads/{id}"),
        "subscription_url": format!("https://api.github.com/notifications/threads/{id}/subscription")
    })
}

fn issue_thread(id: &str) -> Value {
    thread_json(
        id,
        "Issue",
        "https://api.github.com/repos/octokit/octokit.rb/issues/123",
    )
}

fn thread_subscription_json(ignored: bool) -> Value {
    json!({
        "subscribed": !ignored,
        "ignored": ignored,
        "reason": null,
        "created_at": "2012-10-06T21:34:12Z",
        "url": "https://api.github.com/notifications/threads/1/subscription",
        "thread_url": "https://api.github.com/notifications/threads/1"
    })
}

fn repo_subscription_json(ignored: bool) -> Value {
    json!({
        "subscribed": !ignored,
        "ignored": ignored,
        "reason": null,
        "created_at": "2012-10-06T21:34:12Z",
        "url": "https://api.github.com/repos/octocat/example/subscription",
        "repository_url": "https://api.github.com/repos/octocat/example"
    })
}

#[tokio::test]
async fn list_notifications_contract() {
    let s = setup_all().await;
    expect("GET", "/notifications")
        .bearer(TOKEN)
        .query("all", "true")
        .query("since", "2024-01-01T00:00:00Z")
        .query("before", "2024-02-01T00:00:00Z")
        .query("page", 2)
        .query("per_page", 50)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/notifications", 3, 4).as_str())
                .set_body_json(json!([
                    issue_thread("1"),
                    thread_json(
                        "2",
                        "Release",
                        "https://api.github.com/repos/octocat/Hello-World/releases/7"
                    )
                ])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_notifications",
            json!({
                "filter": "include_read_notifications",
                "since": "2024-01-01T00:00:00Z",
                "before": "2024-02-01T00:00:00Z",
                "page": 2,
                "perPage": 80
            }),
        )
        .await;
    let first = &v["items"][0];
    assert_eq!(first["id"], "1");
    assert_eq!(first["repository"], "octocat/Hello-World");
    assert_eq!(first["type"], "Issue");
    assert_eq!(first["title"], "Greetings");
    assert_eq!(first["number"], 123);
    assert_eq!(first["reason"], "subscribed");
    assert_eq!(first["unread"], true);
    assert!(first.get("subscription_url").is_none());
    assert_eq!(v["items"][1]["type"], "Release");
    assert!(v["items"][1].get("number").is_none());
    assert_eq!(v["next_page"], 3);
}

#[tokio::test]
async fn list_notifications_of_a_repository_official() {
    let s = setup_official().await;
    expect("GET", "/repos/octocat/Hello-World/notifications")
        .bearer(TOKEN)
        .query("participating", "true")
        .respond(&s.fake, 200, json!([issue_thread("1")]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_notifications",
            json!({"owner": "octocat", "repo": "Hello-World", "filter": "only_participating"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "1");
    assert_eq!(v["next_page"], json!(null));
}

#[tokio::test]
async fn list_notifications_with_a_fine_grained_token() {
    let s = setup_all().await;
    expect("GET", "/notifications")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Resource not accessible by personal access token"),
        )
        .await;
    let err = s
        .client
        .call_err("github_list_notifications", json!({}))
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("Resource not accessible"), "{err}");
    assert!(err.contains("classic personal access token"), "{err}");
}

#[tokio::test]
async fn list_notifications_bad_arguments() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err("github_list_notifications", json!({"owner": "octocat"}))
        .await;
    assert!(err.contains("both `owner` and `repo`"), "{err}");
    let err = s
        .client
        .call_err("github_list_notifications", json!({"since": "yesterday"}))
        .await;
    assert!(
        err.contains("`since` must be an ISO 8601 timestamp"),
        "{err}"
    );
    let err = s
        .client
        .call_err("github_list_notifications", json!({"filter": "unread"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    no_requests(&s).await;
}

#[tokio::test]
async fn get_notification_details_contract() {
    let s = setup_official().await;
    expect("GET", "/notifications/threads/1")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            thread_json(
                "1",
                "PullRequest",
                "https://api.github.com/repos/octocat/Hello-World/pulls/1347",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("get_notification_details", json!({"notificationID": "1"}))
        .await;
    assert_eq!(v["id"], "1");
    assert_eq!(v["type"], "PullRequest");
    assert_eq!(v["number"], 1347);
    assert_eq!(
        v["latest_comment_url"],
        "https://api.github.com/repos/octokit/octokit.rb/issues/comments/123"
    );
}

#[tokio::test]
async fn get_notification_details_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_notification_details",
            json!({"notificationID": "../user"}),
        )
        .await;
    assert!(
        err.contains("`notificationID` must be a notification thread id"),
        "{err}"
    );
    no_requests(&s).await;
    expect("GET", "/notifications/threads/99")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_notification_details",
            json!({"notificationID": "99"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("github_list_notifications"), "{err}");
}

#[tokio::test]
async fn dismiss_notification_as_read() {
    let s = setup_all().await;
    expect("PATCH", "/notifications/threads/1")
        .bearer(TOKEN)
        .header("content-length", "0")
        .respond_with(&s.fake, ResponseTemplate::new(205))
        .await;
    let v = s
        .client
        .call_ok(
            "github_dismiss_notification",
            json!({"threadID": "1", "state": "read"}),
        )
        .await;
    assert_eq!(v, json!({"thread_id": "1", "state": "read"}));
}

#[tokio::test]
async fn dismiss_notification_as_done_official() {
    let s = setup_official().await;
    expect("DELETE", "/notifications/threads/1")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "dismiss_notification",
            json!({"threadID": "1", "state": "done"}),
        )
        .await;
    assert_eq!(v, json!({"thread_id": "1", "state": "done"}));
}

#[tokio::test]
async fn dismiss_notification_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err("github_dismiss_notification", json!({"threadID": "1"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(err.contains("state"), "{err}");
    no_requests(&s).await;
    expect("PATCH", "/notifications/threads/1")
        .bearer(TOKEN)
        .respond(&s.fake, 403, gh_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err(
            "github_dismiss_notification",
            json!({"threadID": "1", "state": "read"}),
        )
        .await;
    assert!(err.contains("403 Forbidden"), "{err}");
    assert!(err.contains("`notifications`"), "{err}");
}

#[tokio::test]
async fn mark_all_notifications_read_contract() {
    let s = setup_all().await;
    expect("PUT", "/notifications")
        .bearer(TOKEN)
        .json_body(json!({"last_read_at": "2024-01-31T00:00:00Z", "read": true}))
        .respond_with(&s.fake, ResponseTemplate::new(205))
        .await;
    let v = s
        .client
        .call_ok(
            "github_mark_all_notifications_read",
            json!({"lastReadAt": "2024-01-31T00:00:00Z"}),
        )
        .await;
    assert_eq!(v["status"], "done");
    assert_eq!(v["repository"], json!(null));
    assert_eq!(v["last_read_at"], "2024-01-31T00:00:00Z");
}

#[tokio::test]
async fn mark_repository_notifications_read_in_the_background_official() {
    let s = setup_official().await;
    let message = "Unread notifications couldn't be marked in a single request. Notifications are being marked as read in the background.";
    expect("PUT", "/repos/octocat/Hello-World/notifications")
        .bearer(TOKEN)
        .json_body(json!({}))
        .respond(
            &s.fake,
            202,
            json!({"message": message, "url": "https://api.github.com/repos/octocat/Hello-World/notifications"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mark_all_notifications_read",
            json!({"owner": "octocat", "repo": "Hello-World"}),
        )
        .await;
    assert_eq!(v["status"], "in_progress");
    assert_eq!(v["repository"], "octocat/Hello-World");
    assert_eq!(v["message"], message);
}

#[tokio::test]
async fn mark_all_notifications_read_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err("github_mark_all_notifications_read", json!({"repo": "x"}))
        .await;
    assert!(err.contains("both `owner` and `repo`"), "{err}");
    let err = s
        .client
        .call_err(
            "github_mark_all_notifications_read",
            json!({"lastReadAt": "31/01/2024"}),
        )
        .await;
    assert!(
        err.contains("`lastReadAt` must be an ISO 8601 timestamp"),
        "{err}"
    );
    no_requests(&s).await;
    expect("PUT", "/notifications")
        .bearer(TOKEN)
        .json_body(json!({"read": true}))
        .respond(&s.fake, 401, gh_error(401, "Requires authentication"))
        .await;
    let err = s
        .client
        .call_err("github_mark_all_notifications_read", json!({}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("Requires authentication"), "{err}");
}

#[tokio::test]
async fn manage_notification_subscription_ignore_and_watch() {
    let s = setup_all().await;
    expect("PUT", "/notifications/threads/1/subscription")
        .bearer(TOKEN)
        .json_body(json!({"ignored": true}))
        .respond(&s.fake, 200, thread_subscription_json(true))
        .await;
    let v = s
        .client
        .call_ok(
            "github_manage_notification_subscription",
            json!({"notificationID": "1", "action": "ignore"}),
        )
        .await;
    assert_eq!(v["ignored"], true);
    assert_eq!(v["subscribed"], false);
    assert_eq!(v["thread_id"], "1");
    assert_eq!(
        v["thread_url"],
        "https://api.github.com/notifications/threads/1"
    );

    let s = setup_official().await;
    expect("PUT", "/notifications/threads/1/subscription")
        .bearer(TOKEN)
        .json_body(json!({"ignored": false}))
        .respond(&s.fake, 200, thread_subscription_json(false))
        .await;
    let v = s
        .client
        .call_ok(
            "manage_notification_subscription",
            json!({"notificationID": "1", "action": "watch"}),
        )
        .await;
    assert_eq!(v["subscribed"], true);
}

#[tokio::test]
async fn manage_notification_subscription_delete() {
    let s = setup_all().await;
    expect("DELETE", "/notifications/threads/1/subscription")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "github_manage_notification_subscription",
            json!({"notificationID": "1", "action": "delete"}),
        )
        .await;
    assert_eq!(v, json!({"thread_id": "1", "subscription_deleted": true}));
}

#[tokio::test]
async fn manage_notification_subscription_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_manage_notification_subscription",
            json!({"notificationID": "1", "action": "mute"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    no_requests(&s).await;
    expect("PUT", "/notifications/threads/7/subscription")
        .bearer(TOKEN)
        .json_body(json!({"ignored": true}))
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_manage_notification_subscription",
            json!({"notificationID": "7", "action": "ignore"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("no such notification thread"), "{err}");
}

#[tokio::test]
async fn manage_repository_notification_subscription_contract() {
    let s = setup_all().await;
    expect("PUT", "/repos/octocat/example/subscription")
        .bearer(TOKEN)
        .json_body(json!({"subscribed": true, "ignored": false}))
        .respond(&s.fake, 200, repo_subscription_json(false))
        .await;
    let v = s
        .client
        .call_ok(
            "github_manage_repository_notification_subscription",
            json!({"owner": "octocat", "repo": "example", "action": "watch"}),
        )
        .await;
    assert_eq!(v["subscribed"], true);
    assert_eq!(v["ignored"], false);
    assert_eq!(v["repository"], "octocat/example");
    assert_eq!(
        v["repository_url"],
        "https://api.github.com/repos/octocat/example"
    );
}

#[tokio::test]
async fn manage_repository_notification_subscription_ignore_and_delete_official() {
    let s = setup_official().await;
    expect("PUT", "/repos/octocat/example/subscription")
        .bearer(TOKEN)
        .json_body(json!({"ignored": true}))
        .respond(&s.fake, 200, repo_subscription_json(true))
        .await;
    expect("DELETE", "/repos/octocat/example/subscription")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "manage_repository_notification_subscription",
            json!({"owner": "octocat", "repo": "example", "action": "ignore"}),
        )
        .await;
    assert_eq!(v["ignored"], true);
    let v = s
        .client
        .call_ok(
            "manage_repository_notification_subscription",
            json!({"owner": "octocat", "repo": "example", "action": "delete"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"repository": "octocat/example", "subscription_deleted": true})
    );
}

#[tokio::test]
async fn manage_repository_notification_subscription_not_found() {
    let s = setup_all().await;
    expect("DELETE", "/repos/octocat/nope/subscription")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_manage_repository_notification_subscription",
            json!({"owner": "octocat", "repo": "nope", "action": "delete"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("repository"), "{err}");
}
