use crate::common::{call, clickup_error, setup};
use serde_json::json;

fn teams() -> serde_json::Value {
    json!({"teams": [{"id": "1234", "name": "My ClickUp Workspace", "color": "#000000", "avatar": "https://example.com",
        "members": [{"user": {"id": 123, "username": "John Doe", "color": "#000000", "email": "john@example.com", "profilePicture": null, "initials": "JD", "role": 1}}]}]})
}

#[tokio::test]
async fn teams_and_workspaces() {
    let s = setup().await;
    call("GET", "/team")
        .times(2)
        .respond(&s.fake, 200, teams())
        .await;
    let v = s.client.call_ok("clickup_get_teams", json!({})).await;
    assert_eq!(
        v,
        json!({"teams": [{"id": "1234", "name": "My ClickUp Workspace", "color": "#000000", "member_count": 1}]})
    );
    let v = s.client.call_ok("clickup_get_workspaces", json!({})).await;
    assert_eq!(v["workspaces"][0]["id"], "1234");
}

#[tokio::test]
async fn team_members_and_unknown_team() {
    let s = setup().await;
    call("GET", "/team")
        .times(2)
        .respond(&s.fake, 200, teams())
        .await;
    let v = s
        .client
        .call_ok("clickup_get_team_members", json!({"team_id": "1234"}))
        .await;
    assert_eq!(v["members"][0]["email"], "john@example.com");
    assert_eq!(v["members"][0]["role"], 1);
    let err = s
        .client
        .call_err("clickup_get_team_members", json!({"team_id": "999"}))
        .await;
    assert!(err.contains("clickup_get_teams"), "{err}");
}

#[tokio::test]
async fn user_and_revoked_token() {
    let s = setup().await;
    call("GET", "/user")
        .respond(
            &s.fake,
            200,
            json!({"user": {"id": 123, "username": "John Doe", "color": "#000000", "profilePicture": "https://example.com", "email": "john@example.com", "timezone": "Europe/Paris"}}),
        )
        .await;
    let v = s.client.call_ok("clickup_get_user", json!({})).await;
    assert_eq!(v["username"], "John Doe");
    assert!(v.get("profilePicture").is_none());
}

#[tokio::test]
async fn oauth_error_says_what_to_do() {
    let s = setup().await;
    call("GET", "/team")
        .respond(
            &s.fake,
            401,
            clickup_error("Team not authorized", "OAUTH_027"),
        )
        .await;
    let err = s.client.call_err("clickup_get_teams", json!({})).await;
    assert!(err.contains("Team not authorized"), "{err}");
    assert!(err.contains("OAUTH_027"), "{err}");
    assert!(err.contains("re-run the OAuth flow"), "{err}");
}

#[tokio::test]
async fn user_and_workspaces_failures() {
    let s = setup().await;
    call("GET", "/user")
        .respond(
            &s.fake,
            401,
            clickup_error("Oauth token not found", "OAUTH_019"),
        )
        .await;
    let err = s.client.call_err("clickup_get_user", json!({})).await;
    assert!(
        err.contains("missing, malformed, expired or revoked"),
        "{err}"
    );
    call("GET", "/team")
        .respond(
            &s.fake,
            400,
            clickup_error("Team ID is invalid", "TEAM_001"),
        )
        .await;
    let err = s.client.call_err("clickup_get_workspaces", json!({})).await;
    assert!(err.contains("Team ID is invalid"), "{err}");
}
