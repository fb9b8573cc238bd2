//! Teams, workflow states, labels; and how the credential is sent.

use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use mcp_testkit::{Setup, expect, tools_beyond_catalog};
use serde_json::json;

use crate::common::{KEY, gql, page, setup};

#[tokio::test]
async fn get_teams_contract_with_raw_api_key() {
    let s = setup().await;
    gql("Teams", json!({"first": 50}))
        .respond(
            &s.fake,
            200,
            json!({"data": {"teams": page(vec![
            json!({"id": "t-1", "key": "ENG", "name": "Engineering", "description": null})
        ], Some("c2"))}}),
        )
        .await;
    let v = s.client.call_ok("linear_get_teams", json!({})).await;
    assert_eq!(
        v,
        json!({"teams": [{"id": "t-1", "key": "ENG", "name": "Engineering"}], "next_cursor": "c2"})
    );
}

#[tokio::test]
async fn oauth_tokens_are_sent_as_bearer() {
    let s = Setup::start(
        &linear_mcp_server::SPEC,
        json!({"access_token": "oauth-token-abc"}),
    )
    .await;
    expect("POST", "/graphql")
        .bearer("oauth-token-abc")
        .graphql("Teams", json!({"first": 5, "after": "c1"}))
        .respond(&s.fake, 200, json!({"data": {"teams": page(vec![], None)}}))
        .await;
    let v = s
        .client
        .call_ok("linear_get_teams", json!({"limit": 5, "cursor": "c1"}))
        .await;
    assert_eq!(v, json!({"teams": []}));
}

#[tokio::test]
async fn ratelimited_answers_are_waited_out() {
    let s = setup().await;
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        + 300;
    Mock::given(method("POST"))
        .and(path("/graphql"))
        .respond_with(
            ResponseTemplate::new(400)
                .insert_header("X-RateLimit-Requests-Remaining", "0")
                .insert_header("X-RateLimit-Requests-Reset", reset.to_string().as_str())
                .set_body_json(json!({"errors": [{"message": "Rate limit exceeded", "extensions": {"code": "RATELIMITED"}}]})),
        )
        .up_to_n_times(1)
        .with_priority(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    gql("Teams", json!({"first": 50}))
        .respond(&s.fake, 200, json!({"data": {"teams": page(vec![json!({"id": "t-1", "key": "ENG", "name": "Engineering"})], None)}}))
        .await;
    let v = s.client.call_ok("linear_get_teams", json!({})).await;
    assert_eq!(v["teams"][0]["key"], "ENG");
}

#[tokio::test]
async fn graphql_errors_become_tool_errors() {
    let s = setup().await;
    gql("Teams", json!({"first": 50}))
        .respond(&s.fake, 400, json!({"errors": [{"message": "Authentication required, not authenticated",
            "extensions": {"type": "authentication error", "code": "AUTHENTICATION_ERROR", "userPresentableMessage": "You need to authenticate to access this operation."}}]}))
        .await;
    let e = s.client.call_err("linear_get_teams", json!({})).await;
    assert!(e.contains("Authentication required"), "{e}");
    assert!(!e.contains(KEY), "{e}");
}

#[tokio::test]
async fn get_workflow_states_contract() {
    let s = setup().await;
    gql("WorkflowStates", json!({"first": 50, "filter": {"team": {"id": {"eq": "t-1"}}}}))
        .respond(&s.fake, 200, json!({"data": {"workflowStates": page(vec![
            json!({"id": "st-1", "name": "In Progress", "type": "started", "position": 2, "team": {"id": "t-1", "key": "ENG"}})
        ], None)}}))
        .await;
    let v = s
        .client
        .call_ok("linear_get_workflow_states", json!({"team_id": "t-1"}))
        .await;
    assert_eq!(
        v,
        json!({"states": [{"id": "st-1", "name": "In Progress", "type": "started", "team": "ENG", "team_id": "t-1"}]})
    );
}

#[tokio::test]
async fn get_labels_contract() {
    let s = setup().await;
    gql("IssueLabels", json!({"first": 10, "filter": {"team": {"id": {"eq": "t-1"}}}}))
        .respond(&s.fake, 200, json!({"data": {"issueLabels": page(vec![
            json!({"id": "l-1", "name": "Bug", "color": "#eb5757", "isGroup": false, "team": {"id": "t-1", "key": "ENG"}, "parent": null})
        ], None)}}))
        .await;
    let v = s
        .client
        .call_ok("linear_get_labels", json!({"team_id": "t-1", "limit": 10}))
        .await;
    assert_eq!(
        v,
        json!({"labels": [{"id": "l-1", "name": "Bug", "color": "#eb5757", "is_group": false, "team": "ENG"}]})
    );
}

#[tokio::test]
async fn beyond_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let extra = tools_beyond_catalog(&tools, "linear");
    assert_eq!(
        extra,
        vec!["linear_get_workflow_states", "linear_get_labels"]
    );
}
