//! Refresh-token credentials (what MCP-Atlas sends: client_id, client_secret,
//! refresh_token): the shared exchange at Google's token endpoint, once per credential set,
//! and its token on both Gmail and Calendar.

use mcp_shared::Profile;
use mcp_testkit::expect;
use serde_json::json;

use crate::common::{ev, gm, start_with};

#[tokio::test]
async fn a_refresh_token_is_exchanged_once_for_both_apis() {
    let e = start_with(
        Profile::Atlas,
        json!({"client_id": "cid-ws", "client_secret": "csecret-ws", "refresh_token": "1//rt-ws"}),
    )
    .await;
    expect("POST", "/token")
        .form_body(&[
            ("grant_type", "refresh_token"),
            ("client_id", "cid-ws"),
            ("client_secret", "csecret-ws"),
            ("refresh_token", "1//rt-ws"),
        ])
        .respond(
            &e.oauth,
            200,
            json!({"access_token": "ya29.refreshed-ws", "expires_in": 3599, "scope": "https://www.googleapis.com/auth/gmail.modify", "token_type": "Bearer"}),
        )
        .await;
    expect("GET", gm("/messages"))
        .bearer("ya29.refreshed-ws")
        .query("maxResults", "10")
        .respond(&e.gmail, 200, json!({"resultSizeEstimate": 0}))
        .await;
    expect("GET", ev(""))
        .bearer("ya29.refreshed-ws")
        .queries(&[
            ("timeMin", "2025-03-01T00:00:00Z"),
            ("maxResults", "10"),
            ("singleEvents", "true"),
            ("orderBy", "startTime"),
        ])
        .respond(&e.calendar, 200, json!({"items": []}))
        .await;
    assert_eq!(e.client.call_ok("list_emails", json!({})).await, json!([]));
    assert_eq!(
        e.client
            .call_ok("list_events", json!({"timeMin": "2025-03-01T00:00:00Z"}))
            .await,
        json!([])
    );
}

#[tokio::test]
async fn a_revoked_refresh_token_is_a_clear_error() {
    let e = start_with(
        Profile::Default,
        json!({"client_id": "cid-rv", "client_secret": "csecret-rv", "refresh_token": "1//revoked"}),
    )
    .await;
    expect("POST", "/token")
        .any_body()
        .respond(
            &e.oauth,
            400,
            json!({"error": "invalid_grant", "error_description": "Token has been expired or revoked."}),
        )
        .await;
    let err = e
        .client
        .call_err("google_workspace_list_emails", json!({}))
        .await;
    assert!(err.contains("expired or was revoked"), "{err}");
    assert!(!err.contains("csecret-rv"), "{err}");
    mcp_testkit::assert_no_requests(&e.gmail).await;
}

#[tokio::test]
async fn a_refresh_token_without_its_client_is_refused() {
    let e = start_with(Profile::Default, json!({"refresh_token": "1//alone"})).await;
    let err = e
        .client
        .call_err("google_workspace_list_events", json!({}))
        .await;
    assert!(err.contains("client_id and client_secret"), "{err}");
    e.assert_no_requests().await;
}
