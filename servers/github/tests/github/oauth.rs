//! Sign-in (`--oauth`): the binary's 401 challenge and metadata naming GitHub's authorization
//! server, and the scope challenge when GitHub's answer shows that the classic token holds
//! none of the scopes the endpoint accepts (`X-Accepted-OAuth-Scopes` against
//! `X-OAuth-Scopes`, GitHub's 403 "Missing the 'notifications' scope.").

use mcp_shared::{OAuthSettings, Settings};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{
    HttpProcess, INITIALIZE as INIT, TestServer, auth_data, free_port, mcp_post as post,
    raw_request, settings_for,
};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_github-mcp-server");
const LIST_NOTIFICATIONS: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"github_list_notifications","arguments":{}}}"#;

#[tokio::test]
async fn the_binary_challenges_and_names_github() {
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    let log = std::env::temp_dir().join(format!("github-oauth-{}.log", std::process::id()));
    let proc =
        HttpProcess::spawn_at(port, BIN, &["--oauth", "--public-url", &public], &[], &log).await;
    let resp = post(&proc.url, &[], INIT).await;
    assert_eq!(resp.status, 401);
    let header = resp.header("www-authenticate").unwrap_or_default();
    let metadata_url = format!("{public}/.well-known/oauth-protected-resource/mcp");
    assert!(
        header.starts_with(&format!(
            "Bearer resource_metadata=\"{metadata_url}\", scope=\""
        )),
        "{header}"
    );
    let doc = raw_request("GET", &metadata_url, &[], "").await.json();
    assert_eq!(doc["resource"], format!("{public}/mcp"));
    assert_eq!(
        doc["authorization_servers"],
        serde_json::json!(["https://github.com/login/oauth"])
    );
    let scopes: Vec<&str> = doc["scopes_supported"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(scopes.contains(&"repo"), "{doc}");
    // With a token, or x-auth-data, the same request is served.
    let resp = post(
        &proc.url,
        &[("authorization", "Bearer ghp_oauthtest")],
        INIT,
    )
    .await;
    assert_eq!(resp.status, 200);
    let data = auth_data("ghp_oauthtest");
    let resp = post(&proc.url, &[("x-auth-data", &data)], INIT).await;
    assert_eq!(resp.status, 200);
}

/// A stateless server with `--oauth` and every toolset, against `fake`.
async fn server(fake: &MockServer) -> TestServer {
    TestServer::start(
        &github_mcp_server::SPEC,
        Settings {
            stateless: true,
            toolsets: Some(vec!["all".into()]),
            oauth: Some(OAuthSettings::default()),
            ..settings_for(&fake.uri())
        },
    )
    .await
}

/// GitHub's 403 for `GET /notifications` with a token that has neither accepted scope.
fn missing_notifications(held: &str, accepted: &str) -> ResponseTemplate {
    ResponseTemplate::new(403)
        .insert_header("x-oauth-scopes", held)
        .insert_header("x-accepted-oauth-scopes", accepted)
        .set_body_json(serde_json::json!({
            "message": "Missing the 'notifications' scope.",
            "documentation_url": "https://docs.github.com/rest/activity/notifications#list-notifications-for-the-authenticated-user"
        }))
}

#[tokio::test]
async fn a_missing_scope_is_a_scope_challenge() {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/notifications"))
        .and(matchers::header("authorization", "Bearer ghp_scopeless"))
        .respond_with(missing_notifications(
            "read:org, public_repo",
            "notifications, repo",
        ))
        .expect(1)
        .mount(&fake)
        .await;
    let s = server(&fake).await;
    let resp = post(
        &s.url,
        &[("authorization", "Bearer ghp_scopeless")],
        LIST_NOTIFICATIONS,
    )
    .await;
    assert_eq!(resp.status, 403);
    assert_eq!(
        resp.header("www-authenticate").unwrap_or_default(),
        format!(
            "Bearer error=\"insufficient_scope\", scope=\"read:org public_repo notifications repo\", resource_metadata=\"http://127.0.0.1:{}/.well-known/oauth-protected-resource/mcp\", error_description=\"the token lacks a scope this tool needs\"",
            s.port()
        )
    );
    let body = resp.json();
    assert_eq!(body["id"], 7);
    assert_eq!(body["result"]["isError"], true);
    let text = body["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(
        text.contains("Missing the 'notifications' scope") && text.contains("notifications, repo"),
        "{text}"
    );
}

#[tokio::test]
async fn other_403s_are_not_scope_challenges() {
    // A token that holds an accepted scope (`repo`), and a bona fide 403 whose
    // X-Accepted-OAuth-Scopes is empty: tool errors, no challenge.
    for (held, accepted) in [("repo, read:org", "notifications, repo"), ("repo", "")] {
        let fake = MockServer::start().await;
        Mock::given(matchers::path("/notifications"))
            .respond_with(missing_notifications(held, accepted))
            .mount(&fake)
            .await;
        let s = server(&fake).await;
        let resp = post(
            &s.url,
            &[("authorization", "Bearer ghp_x")],
            LIST_NOTIFICATIONS,
        )
        .await;
        assert_eq!(resp.status, 200, "{held} / {accepted}");
        assert_eq!(resp.header("www-authenticate"), None);
        s.stop().await;
    }
}
