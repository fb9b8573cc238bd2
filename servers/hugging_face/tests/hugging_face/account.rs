//! `hf_whoami` and `Authenticate`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{anonymous, setup, whoami, whoami_body};

#[tokio::test]
async fn whoami_contract() {
    let s = setup().await;
    whoami(&s).await;
    let v = s.client.call_ok("hf_whoami", json!({})).await;
    assert_eq!(
        v,
        json!({"name": "alice", "fullname": "Alice Martin", "type": "user", "email": "alice@example.com",
               "is_pro": true, "token_name": "mcp", "token_role": "fineGrained",
               "url": "https://huggingface.co/alice", "orgs": ["acme-ai"]})
    );
}

#[tokio::test]
async fn whoami_needs_a_token_and_reports_a_refused_one() {
    let s = setup().await;
    let anon = anonymous(&s).await;
    let err = anon.call_err("hf_whoami", json!({})).await;
    assert!(
        err.contains("access_token") && err.contains("hf-token"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    expect("GET", "/api/whoami-v2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(401)
                .insert_header(
                    "x-error-message",
                    "Invalid credentials in Authorization header",
                )
                .set_body_json(json!({"error": "Invalid credentials in Authorization header"})),
        )
        .await;
    let err = s.client.call_err("hf_whoami", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid credentials"),
        "{err}"
    );
    assert!(err.contains("settings/tokens"), "{err}");
}

#[tokio::test]
async fn authenticate_with_and_without_a_token() {
    let s = setup().await;
    let anon = anonymous(&s).await;
    let v = anon.call_ok("Authenticate", json!({})).await;
    assert_eq!(v["authenticated"], false);
    assert!(v["how"].as_str().unwrap().contains("settings/tokens"));
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    whoami(&s).await;
    let v = s.client.call_ok("Authenticate", json!({})).await;
    assert_eq!(v["authenticated"], true);
    assert_eq!(v["account"]["name"], whoami_body()["name"]);
}
