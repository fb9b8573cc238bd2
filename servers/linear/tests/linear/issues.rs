//! Issues and comments.

use serde_json::json;

use crate::common::{gql, issue_concise, issue_node, not_found, page, setup};

#[tokio::test]
async fn get_issues_contract_with_team_and_filter() {
    let s = setup().await;
    gql(
        "Issues",
        json!({"first": 10, "filter": {"and": [
            {"state": {"type": {"eq": "started"}}}, {"team": {"id": {"eq": "t-1"}}}
        ]}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"issues": page(vec![issue_node()], Some("c2"))}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_get_issues",
            json!({"team_id": "t-1", "filter": {"state": {"type": {"eq": "started"}}}}),
        )
        .await;
    assert_eq!(v, json!({"issues": [issue_concise()], "next_cursor": "c2"}));
}

#[tokio::test]
async fn get_issues_rejects_a_non_object_filter() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_get_issues", json!({"filter": "open"}))
        .await;
    assert!(e.contains("expected a map"), "{e}");
}

#[tokio::test]
async fn get_issue_by_id_contract() {
    let s = setup().await;
    gql("Issue", json!({"id": "ENG-123"}))
        .respond(&s.fake, 200, json!({"data": {"issue": issue_node()}}))
        .await;
    let v = s
        .client
        .call_ok("linear_get_issue_by_id", json!({"issue_id": "ENG-123"}))
        .await;
    assert_eq!(v, issue_concise());
}

#[tokio::test]
async fn get_issue_by_id_not_found() {
    let s = setup().await;
    gql("Issue", json!({"id": "ENG-999"}))
        .respond(&s.fake, 200, not_found("issue"))
        .await;
    let e = s
        .client
        .call_err("linear_get_issue_by_id", json!({"issue_id": "ENG-999"}))
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}

#[tokio::test]
async fn search_issues_contract() {
    let s = setup().await;
    gql("SearchIssues", json!({"term": "safari login", "teamId": "t-1", "first": 20}))
        .respond(&s.fake, 200, json!({"data": {"searchIssues": {
            "nodes": [issue_node()], "pageInfo": {"hasNextPage": false, "endCursor": "x"}, "totalCount": 1
        }}}))
        .await;
    let v = s
        .client
        .call_ok(
            "linear_search_issues",
            json!({"query": "safari login", "team_id": "t-1"}),
        )
        .await;
    assert_eq!(v, json!({"issues": [issue_concise()]}));
}

#[tokio::test]
async fn search_issues_needs_a_query() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_search_issues", json!({"query": "  "}))
        .await;
    assert!(e.contains("query must not be empty"), "{e}");
}

#[tokio::test]
async fn create_issue_contract() {
    let s = setup().await;
    gql("IssueCreate", json!({"input": {
        "teamId": "t-1", "title": "Login fails on Safari", "description": "Steps to reproduce...",
        "assigneeId": "u-1", "priority": 2, "stateId": "st-1", "dueDate": "2026-12-15", "labelIds": ["l-1"]
    }}))
    .respond(&s.fake, 200, json!({"data": {"issueCreate": {"success": true, "issue": issue_node()}}}))
    .await;
    let v = s
        .client
        .call_ok("linear_create_issue", json!({
            "team_id": "t-1", "title": "Login fails on Safari", "description": "Steps to reproduce...",
            "assignee_id": "u-1", "priority": 2, "state_id": "st-1", "due_date": "2026-12-15", "label_ids": ["l-1"]
        }))
        .await;
    assert_eq!(v, issue_concise());
}

#[tokio::test]
async fn create_issue_rejects_a_bad_priority() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "linear_create_issue",
            json!({"team_id": "t-1", "title": "x", "priority": 7}),
        )
        .await;
    assert!(e.contains("not a Linear priority"), "{e}");
}

#[tokio::test]
async fn update_issue_contract() {
    let s = setup().await;
    gql(
        "IssueUpdate",
        json!({"id": "ENG-123", "input": {"stateId": "st-2", "projectId": "p-1"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"issueUpdate": {"success": true, "issue": issue_node()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_update_issue",
            json!({"issue_id": "ENG-123", "state_id": "st-2", "project_id": "p-1"}),
        )
        .await;
    assert_eq!(v["identifier"], "ENG-123");
}

#[tokio::test]
async fn update_issue_needs_a_field() {
    let s = setup().await;
    let e = s
        .client
        .call_err("linear_update_issue", json!({"issue_id": "ENG-123"}))
        .await;
    assert!(e.contains("Nothing to update"), "{e}");
}

fn comment() -> serde_json::Value {
    json!({"id": "c-1", "body": "Reproduced on 17.2", "createdAt": "2026-12-01T10:00:00.000Z", "editedAt": null,
        "url": "https://linear.app/acme/issue/ENG-123#comment-c1", "user": {"name": "Ada Lovelace"}})
}

fn comment_concise() -> serde_json::Value {
    json!({"id": "c-1", "body": "Reproduced on 17.2", "created_at": "2026-12-01T10:00:00.000Z",
        "url": "https://linear.app/acme/issue/ENG-123#comment-c1", "user": "Ada Lovelace"})
}

#[tokio::test]
async fn get_comments_contract() {
    let s = setup().await;
    gql("IssueComments", json!({"id": "ENG-123", "first": 50}))
        .respond(
            &s.fake,
            200,
            json!({"data": {"issue": {"comments": page(vec![comment()], None)}}}),
        )
        .await;
    let v = s
        .client
        .call_ok("linear_get_comments", json!({"issue_id": "ENG-123"}))
        .await;
    assert_eq!(v, json!({"comments": [comment_concise()]}));
}

#[tokio::test]
async fn get_comments_not_found() {
    let s = setup().await;
    gql("IssueComments", json!({"id": "ENG-9", "first": 50}))
        .respond(&s.fake, 200, not_found("issue"))
        .await;
    let e = s
        .client
        .call_err("linear_get_comments", json!({"issue_id": "ENG-9"}))
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}

#[tokio::test]
async fn create_comment_contract() {
    let s = setup().await;
    gql(
        "CommentCreate",
        json!({"input": {"issueId": "ENG-123", "body": "Reproduced on 17.2"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"commentCreate": {"success": true, "comment": comment()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_create_comment",
            json!({"issue_id": "ENG-123", "body": "Reproduced on 17.2"}),
        )
        .await;
    assert_eq!(v, comment_concise());
}

#[tokio::test]
async fn create_comment_unsuccessful() {
    let s = setup().await;
    gql(
        "CommentCreate",
        json!({"input": {"issueId": "ENG-123", "body": "x"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"commentCreate": {"success": false, "comment": null}}}),
    )
    .await;
    let e = s
        .client
        .call_err(
            "linear_create_comment",
            json!({"issue_id": "ENG-123", "body": "x"}),
        )
        .await;
    assert!(e.contains("did not apply commentCreate"), "{e}");
}

#[tokio::test]
async fn update_comment_contract() {
    let s = setup().await;
    gql(
        "CommentUpdate",
        json!({"id": "c-1", "input": {"body": "Reproduced on 17.2"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"data": {"commentUpdate": {"success": true, "comment": comment()}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "linear_update_comment",
            json!({"comment_id": "c-1", "body": "Reproduced on 17.2"}),
        )
        .await;
    assert_eq!(v, comment_concise());
}

#[tokio::test]
async fn update_comment_not_found() {
    let s = setup().await;
    gql(
        "CommentUpdate",
        json!({"id": "c-9", "input": {"body": "x"}}),
    )
    .respond(&s.fake, 200, not_found("commentUpdate"))
    .await;
    let e = s
        .client
        .call_err(
            "linear_update_comment",
            json!({"comment_id": "c-9", "body": "x"}),
        )
        .await;
    assert!(e.contains("Entity not found"), "{e}");
}
