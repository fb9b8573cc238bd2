//! Sign-in (`--oauth`): the binary's metadata names Google's authorization server and Gmail's
//! scopes, and Google's insufficient-scope 403 (its `WWW-Authenticate` naming the scope) is
//! answered with the scope challenge.

use mcp_shared::{OAuthSettings, Settings};
use mcp_testkit::wiremock::{Mock, MockServer, matchers};
use mcp_testkit::{
    HttpProcess, INITIALIZE, TestServer, free_port, mcp_post, raw_request, settings_for,
};
use mcp_vendor_google::testkit::{GMAIL_API, insufficient_scope};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_gmail-mcp-server");
const LIST_LABELS: &str = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gmail_list_labels","arguments":{}}}"#;

#[tokio::test]
async fn the_binary_names_google_and_gmail_scopes() {
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    let log = std::env::temp_dir().join(format!("gmail-oauth-{}.log", std::process::id()));
    let proc =
        HttpProcess::spawn_at(port, BIN, &["--oauth", "--public-url", &public], &[], &log).await;
    let r = mcp_post(&proc.url, &[], INITIALIZE).await;
    assert_eq!(r.status, 401);
    let metadata_url = format!("{public}/.well-known/oauth-protected-resource/mcp");
    let header = r.header("www-authenticate").unwrap_or_default();
    assert!(
        header.starts_with(&format!("Bearer resource_metadata=\"{metadata_url}\"")),
        "{header}"
    );
    let doc = raw_request("GET", &metadata_url, &[], "").await.json();
    assert_eq!(doc["resource"], format!("{public}/mcp"));
    assert_eq!(
        doc["authorization_servers"],
        json!(["https://accounts.google.com"])
    );
    let scopes: Vec<&str> = doc["scopes_supported"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        scopes
            .iter()
            .any(|s| s.starts_with("https://www.googleapis.com/auth/gmail.")),
        "{doc}"
    );
}

#[tokio::test]
async fn googles_insufficient_scope_is_a_scope_challenge() {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/gmail/v1/users/me/labels"))
        .and(matchers::header("authorization", "Bearer ya29.scopeless"))
        .respond_with(insufficient_scope(
            &GMAIL_API,
            "https://www.googleapis.com/auth/gmail.labels",
        ))
        .expect(1)
        .mount(&fake)
        .await;
    let s = TestServer::start(
        &gmail_mcp_server::SPEC,
        Settings {
            oauth: Some(OAuthSettings::default()),
            json_response: true,
            stateless: true,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let r = mcp_post(
        &s.url,
        &[("authorization", "Bearer ya29.scopeless")],
        LIST_LABELS,
    )
    .await;
    assert_eq!(r.status, 403);
    assert_eq!(
        r.header("www-authenticate").unwrap_or_default(),
        format!(
            "Bearer error=\"insufficient_scope\", scope=\"https://www.googleapis.com/auth/gmail.labels\", resource_metadata=\"http://127.0.0.1:{}/.well-known/oauth-protected-resource/mcp\", error_description=\"the token lacks a scope this tool needs\"",
            s.port()
        )
    );
    let body = r.json();
    assert_eq!(body["result"]["isError"], true, "{body}");
    let text = body["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains("gmail.labels"), "{text}");
}
