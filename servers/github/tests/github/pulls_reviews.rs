//! Pull request reviews and review comments: read them, create a review, reply to a comment,
//! request a Copilot review, and the pending review (submit, delete, comment on).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    TOKEN, gh_error, no_requests, pr_args as args, pr_json, pr7_args, setup, user_json,
    validation_failed,
};

// ---- github_get_pull_request_comments

#[tokio::test]
async fn get_pull_request_comments_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347/comments")
        .bearer(TOKEN)
        .query("page", 1)
        .respond(
            &s.fake,
            200,
            json!([{
                "url": "u", "pull_request_review_id": 42, "id": 10, "node_id": "MDI0OlB1bGxSZXF1ZXN0UmV2aWV3Q29tbWVudDEw",
                "diff_hunk": "@@ -16,33 +16,40 @@ public class Connection : IConnection...", "path": "file1.txt",
                "position": 1, "original_position": 4, "commit_id": "6dcb09b5b57875f334f61aebed695e2e4193db5e",
                "original_commit_id": "9c48853fa3dc5c1c3d6f1f1cd1f2743e72652840", "in_reply_to_id": 8,
                "user": user_json("octocat", 1), "body": "Great stuff!", "created_at": "2011-04-14T16:00:49Z",
                "updated_at": "2011-04-14T16:00:49Z", "html_url": "https://github.com/octo/hello/pull/1#discussion-diff-1",
                "pull_request_url": "p", "author_association": "NONE", "_links": {}, "start_line": 1,
                "original_start_line": 1, "start_side": "RIGHT", "line": 2, "original_line": 2, "side": "RIGHT"
            }]),
        )
        .await;
    let v = s
        .client
        .call_ok("github_get_pull_request_comments", args(json!({"page": 1})))
        .await;
    let c = &v["items"][0];
    assert_eq!(c["id"], 10);
    assert_eq!(c["user"], "octocat");
    assert_eq!(c["body"], "Great stuff!");
    assert_eq!(c["path"], "file1.txt");
    assert_eq!(c["line"], 2);
    assert_eq!(c["side"], "RIGHT");
    assert_eq!(c["in_reply_to_id"], 8);
    assert!(c.get("_links").is_none() && c.get("original_commit_id").is_none());
}

#[tokio::test]
async fn get_pull_request_comments_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347/comments")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request_comments", args(json!({})))
        .await;
    assert!(err.contains("404"), "{err}");
}

// ---- github_get_pull_request_reviews

fn review_json(id: u64, state: &str, body: &str) -> Value {
    json!({
        "id": id,
        "node_id": "MDE3OlB1bGxSZXF1ZXN0UmV2aWV3ODA=",
        "user": user_json("octocat", 1),
        "body": body,
        "state": state,
        "html_url": format!("https://github.com/octo/hello/pull/12#pullrequestreview-{id}"),
        "pull_request_url": "https://api.github.com/repos/octo/hello/pulls/12",
        "_links": {},
        "submitted_at": "2019-11-17T17:43:43Z",
        "commit_id": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091",
        "author_association": "COLLABORATOR"
    })
}

#[tokio::test]
async fn get_pull_request_reviews_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347/reviews")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([review_json(
                80,
                "APPROVED",
                "Here is the body for the review."
            )]),
        )
        .await;
    let v = s
        .client
        .call_ok("github_get_pull_request_reviews", args(json!({})))
        .await;
    assert_eq!(
        v["items"][0],
        json!({
            "id": 80, "user": "octocat", "state": "APPROVED", "body": "Here is the body for the review.",
            "commit_id": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091", "submitted_at": "2019-11-17T17:43:43Z",
            "author_association": "COLLABORATOR", "html_url": "https://github.com/octo/hello/pull/12#pullrequestreview-80"
        })
    );
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn get_pull_request_reviews_forbidden() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/1347/reviews")
        .bearer(TOKEN)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(403)
                .set_body_json(gh_error(403, "Resource not accessible by integration"))
                .insert_header("x-accepted-oauth-scopes", "repo")
                .insert_header("x-oauth-scopes", "read:user"),
        )
        .await;
    let err = s
        .client
        .call_err("github_get_pull_request_reviews", args(json!({})))
        .await;
    assert!(
        err.contains("403") && err.contains("needs the token scope(s) `repo`"),
        "{err}"
    );
}

// ---- github_create_pull_request_review

#[tokio::test]
async fn create_pull_request_review_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/1347/reviews")
        .bearer(TOKEN)
        .json_body(json!({
            "commit_id": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091",
            "body": "This is close to perfect! Please address the suggested inline change.",
            "event": "REQUEST_CHANGES",
            "comments": [
                {"path": "file.md", "body": "Please add more information here.", "line": 6, "side": "RIGHT", "start_line": 4},
                {"path": "old.md", "body": "Why?", "position": 3}
            ]
        }))
        .respond(&s.fake, 200, review_json(80, "CHANGES_REQUESTED", "This is close to perfect! Please address the suggested inline change."))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_pull_request_review",
            args(json!({
                "commitId": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091",
                "body": "This is close to perfect! Please address the suggested inline change.",
                "event": "REQUEST_CHANGES",
                "comments": [
                    {"path": "file.md", "body": "Please add more information here.", "line": 6, "side": "RIGHT", "start_line": 4},
                    {"path": "old.md", "body": "Why?", "position": 3}
                ]
            })),
        )
        .await;
    assert_eq!(v["id"], 80);
    assert_eq!(v["state"], "CHANGES_REQUESTED");
}

#[tokio::test]
async fn create_pending_review_without_event() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/1347/reviews")
        .bearer(TOKEN)
        .json_body(json!({"comments": [{"path": "a.rs", "body": "nit", "line": 1}]}))
        .respond(&s.fake, 200, review_json(81, "PENDING", ""))
        .await;
    let v = s
        .client
        .call_ok(
            "github_create_pull_request_review",
            args(json!({"comments": [{"path": "a.rs", "body": "nit", "line": 1}]})),
        )
        .await;
    assert_eq!(v["state"], "PENDING");
}

#[tokio::test]
async fn create_pull_request_review_invalid_input() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_create_pull_request_review",
            args(json!({"event": "REQUEST_CHANGES"})),
        )
        .await;
    assert!(
        err.contains("REQUEST_CHANGES review needs a `body`"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "github_create_pull_request_review",
            args(json!({"event": "COMMENT", "comments": [{"path": "a.rs", "body": "where?"}]})),
        )
        .await;
    assert!(err.contains("comments[0] (a.rs): give `line`"), "{err}");
    let err = s
        .client
        .call_err(
            "github_create_pull_request_review",
            args(json!({"event": "LGTM"})),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_create_pull_request_review"),
        "{err}"
    );
    no_requests(&s).await;
}

#[tokio::test]
async fn create_pull_request_review_on_own_pull_request() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/1347/reviews")
        .bearer(TOKEN)
        .json_body(json!({"event": "APPROVE"}))
        .respond(
            &s.fake,
            422,
            json!({"message": "Unprocessable Entity", "errors": ["Can not approve your own pull request"], "documentation_url": "https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request", "status": "422"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_create_pull_request_review",
            args(json!({"event": "APPROVE"})),
        )
        .await;
    assert!(
        err.contains("422") && err.contains("Can not approve your own pull request"),
        "{err}"
    );
}

// ---- beyond the Klavis catalog: replies, Copilot review, the pending review

fn review_comment(id: u64, body: &str) -> Value {
    json!({
        "url": format!("https://api.github.com/repos/octo/hello/pulls/comments/{id}"),
        "pull_request_review_id": 42, "id": id, "node_id": "MDI0OlB1bGxSZXF1ZXN0UmV2aWV3Q29tbWVudDEw",
        "diff_hunk": "@@ -16,33 +16,40 @@ public class Connection : IConnection...", "path": "file1.txt",
        "commit_id": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "in_reply_to_id": 8,
        "user": user_json("octocat", 1), "body": body,
        "created_at": "2011-04-14T16:00:49Z", "updated_at": "2011-04-14T16:00:49Z",
        "html_url": format!("https://github.com/octo/hello/pull/7#discussion-diff-{id}"),
        "line": 2, "side": "RIGHT"
    })
}

#[tokio::test]
async fn add_reply_to_pull_request_comment_contract() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/7/comments/8/replies")
        .bearer(TOKEN)
        .json_body(json!({"body": "Good point, fixed."}))
        .respond(&s.fake, 201, review_comment(10, "Good point, fixed."))
        .await;
    let v = s
        .client
        .call_ok(
            "github_add_reply_to_pull_request_comment",
            pr7_args(json!({"commentId": 8, "body": "Good point, fixed."})),
        )
        .await;
    assert_eq!(v["id"], 10);
    assert_eq!(v["in_reply_to_id"], 8);
}

#[tokio::test]
async fn add_reply_to_missing_comment() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/7/comments/99/replies")
        .bearer(TOKEN)
        .json_body(json!({"body": "?"}))
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_add_reply_to_pull_request_comment",
            pr7_args(json!({"commentId": 99, "body": "?"})),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn request_copilot_review_contract() {
    let s = setup().await;
    let mut pr = pr_json(7, "Fix");
    pr["requested_reviewers"] = json!([{"login": "Copilot", "id": 175728472, "type": "Bot"}]);
    expect("POST", "/repos/octo/hello/pulls/7/requested_reviewers")
        .bearer(TOKEN)
        .json_body(json!({"reviewers": ["copilot-pull-request-reviewer[bot]"]}))
        .respond(&s.fake, 201, pr)
        .await;
    let v = s
        .client
        .call_ok("github_request_copilot_review", pr7_args(json!({})))
        .await;
    assert_eq!(v["requested_reviewers"], json!(["Copilot"]));
}

#[tokio::test]
async fn request_copilot_review_unavailable() {
    let s = setup().await;
    expect("POST", "/repos/octo/hello/pulls/7/requested_reviewers")
        .bearer(TOKEN)
        .json_body(json!({"reviewers": ["copilot-pull-request-reviewer[bot]"]}))
        .respond(
            &s.fake,
            422,
            validation_failed(json!(["Reviews may only be requested from collaborators."])),
        )
        .await;
    let err = s
        .client
        .call_err("github_request_copilot_review", pr7_args(json!({})))
        .await;
    assert!(
        err.contains("only be requested from collaborators")
            && err.contains("Copilot code review may not be available"),
        "{err}"
    );
}

fn review(id: u64, state: &str) -> Value {
    json!({
        "id": id, "node_id": format!("PRR_kwDOA{id}"), "user": user_json("octocat", 1),
        "body": "", "state": state, "html_url": format!("https://github.com/octo/hello/pull/7#pullrequestreview-{id}"),
        "pull_request_url": "https://api.github.com/repos/octo/hello/pulls/7",
        "commit_id": "ecdd80bb57125d7ba9641ffaa4d7d2c19d3f3091", "author_association": "OWNER",
        "submitted_at": if state == "PENDING" { Value::Null } else { json!("2019-11-17T17:43:43Z") }
    })
}

async fn reviews_with_pending(s: &crate::common::Setup) {
    expect("GET", "/repos/octo/hello/pulls/7/reviews")
        .bearer(TOKEN)
        .query("per_page", "100")
        .respond(
            &s.fake,
            200,
            json!([review(79, "APPROVED"), review(80, "PENDING")]),
        )
        .await;
}

#[tokio::test]
async fn submit_pending_review_contract() {
    let s = setup().await;
    reviews_with_pending(&s).await;
    let mut submitted = review(80, "APPROVED");
    submitted["body"] = json!("Ship it");
    expect("POST", "/repos/octo/hello/pulls/7/reviews/80/events")
        .bearer(TOKEN)
        .json_body(json!({"event": "APPROVE", "body": "Ship it"}))
        .respond(&s.fake, 200, submitted)
        .await;
    let v = s
        .client
        .call_ok(
            "github_submit_pending_pull_request_review",
            pr7_args(json!({"event": "APPROVE", "body": "Ship it"})),
        )
        .await;
    assert_eq!(v["state"], "APPROVED");
    assert_eq!(v["id"], 80);
}

#[tokio::test]
async fn submit_without_a_pending_review() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/pulls/7/reviews")
        .bearer(TOKEN)
        .query("per_page", "100")
        .respond(&s.fake, 200, json!([review(79, "APPROVED")]))
        .await;
    let err = s
        .client
        .call_err(
            "github_submit_pending_pull_request_review",
            pr7_args(json!({"event": "COMMENT"})),
        )
        .await;
    assert!(
        err.contains("no pending review on pull request #7"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "github_submit_pending_pull_request_review",
            pr7_args(json!({"event": "REQUEST_CHANGES"})),
        )
        .await;
    assert!(err.contains("needs a `body`"), "{err}");
}

#[tokio::test]
async fn delete_pending_review_contract() {
    let s = setup().await;
    reviews_with_pending(&s).await;
    expect("DELETE", "/repos/octo/hello/pulls/7/reviews/80")
        .bearer(TOKEN)
        .respond(&s.fake, 200, review(80, "PENDING"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_delete_pending_pull_request_review",
            pr7_args(json!({})),
        )
        .await;
    assert_eq!(v["id"], 80);
}

#[tokio::test]
async fn delete_pending_review_already_submitted() {
    let s = setup().await;
    reviews_with_pending(&s).await;
    expect("DELETE", "/repos/octo/hello/pulls/7/reviews/80")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            422,
            validation_failed(json!(["Can not delete a non-pending pull request review"])),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_delete_pending_pull_request_review",
            pr7_args(json!({})),
        )
        .await;
    assert!(err.contains("non-pending"), "{err}");
}

#[tokio::test]
async fn add_comment_to_pending_review_contract() {
    let s = setup().await;
    reviews_with_pending(&s).await;
    crate::common::graphql(
        &s.fake,
        "AddReviewThread",
        json!({"input": {
            "pullRequestReviewId": "PRR_kwDOA80", "path": "src/main.rs", "body": "Off by one?",
            "subjectType": "LINE", "line": 12, "side": "RIGHT", "startLine": 10, "startSide": "RIGHT"
        }}),
        json!({"addPullRequestReviewThread": {"thread": {"id": "PRRT_kwDOA1", "isResolved": false, "comments": {"nodes": [
            {"id": "PRRC_kwDOA1", "body": "Off by one?", "path": "src/main.rs", "line": 12, "url": "https://github.com/octo/hello/pull/7#discussion_r1"}
        ]}}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "github_add_comment_to_pending_review",
            pr7_args(json!({"path": "src/main.rs", "body": "Off by one?", "subjectType": "LINE", "line": 12, "side": "RIGHT", "startLine": 10, "startSide": "RIGHT"})),
        )
        .await;
    assert_eq!(v["review_id"], 80);
    assert_eq!(v["thread_id"], "PRRT_kwDOA1");
    assert_eq!(v["comment"]["line"], 12);
}

#[tokio::test]
async fn add_comment_to_pending_review_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_add_comment_to_pending_review",
            pr7_args(json!({"path": "a", "body": "b", "subjectType": "LINE"})),
        )
        .await;
    assert!(err.contains("a LINE comment needs `line`"), "{err}");
    reviews_with_pending(&s).await;
    crate::common::graphql(
        &s.fake,
        "AddReviewThread",
        json!({"input": {"pullRequestReviewId": "PRR_kwDOA80", "path": "nope.rs", "body": "b", "subjectType": "FILE"}}),
        json!({"data": {"addPullRequestReviewThread": null}, "errors": [{"type": "UNPROCESSABLE", "message": "Path could not be resolved"}]}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "github_add_comment_to_pending_review",
            pr7_args(json!({"path": "nope.rs", "body": "b", "subjectType": "FILE"})),
        )
        .await;
    assert!(err.contains("Path could not be resolved"), "{err}");
}

/// GitHub's `Link: rel="next"` names the same page again and again: the search for the
/// pending review stops at the repeat (two requests) and says why.
#[tokio::test]
async fn a_repeated_next_link_stops_the_search_for_the_pending_review() {
    let s = setup().await;
    let next = format!(
        "<{}/repos/octo/hello/pulls/7/reviews?page=2>; rel=\"next\"",
        s.fake.uri()
    );
    for (query, page) in [(Some("100"), None), (None, Some("2"))] {
        let mut e = expect("GET", "/repos/octo/hello/pulls/7/reviews").bearer(TOKEN);
        if let Some(q) = query {
            e = e.query("per_page", q);
        }
        if let Some(p) = page {
            e = e.query("page", p);
        }
        e.respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", next.as_str())
                .set_body_json(json!([review(79, "APPROVED")])),
        )
        .await;
    }
    let err = s
        .client
        .call_err(
            "github_submit_pending_pull_request_review",
            pr7_args(json!({"event": "COMMENT"})),
        )
        .await;
    assert!(
        err.contains("stopped after 2 pages: the vendor repeated a page token"),
        "{err}"
    );
}
