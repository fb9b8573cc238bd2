//! Google's errors: a rate-limited write retried then successful, a missing scope named,
//! missing credentials.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::{Value, json};

use crate::common::{DECK, TEXT_FIELDS, TOKEN, batch_path, deck_path, insufficient_scope, setup};

fn quota_exceeded() -> Value {
    json!({
        "error": {
            "code": 429,
            "message": "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'slides.googleapis.com' for consumer 'project_number:123456789'.",
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_LIMIT_EXCEEDED", "domain": "googleapis.com",
                         "metadata": {"service": "slides.googleapis.com", "quota_limit": "WriteRequestsPerMinutePerUser", "quota_limit_value": "60"}}]
        }
    })
}

#[tokio::test]
async fn rate_limited_batch_update_is_retried_then_succeeds() {
    let s = setup().await;
    let body = json!({"requests": [{"deleteObject": {"objectId": "g3b"}}]});
    let mock = || {
        Mock::given(matchers::method("POST"))
            .and(matchers::path(batch_path()))
            .and(matchers::header(
                "authorization",
                format!("Bearer {TOKEN}").as_str(),
            ))
            .and(matchers::body_json(body.clone()))
    };
    mock()
        .respond_with(ResponseTemplate::new(429).set_body_json(quota_exceeded()))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.slides)
        .await;
    mock()
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"presentationId": DECK, "replies": [{}], "writeControl": {"requiredRevisionId": "r2"}}),
        ))
        .expect(1)
        .mount(&s.slides)
        .await;
    let v = s
        .client
        .call_ok(
            "batch_update_presentation",
            json!({"presentation_id": DECK, "requests": body["requests"]}),
        )
        .await;
    assert_eq!(v["revisionId"], "r2");
}

#[tokio::test]
async fn persistent_rate_limit_on_a_read_is_reported() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(deck_path()))
        .and(matchers::query_param("fields", TEXT_FIELDS))
        .respond_with(ResponseTemplate::new(429).set_body_json(quota_exceeded()))
        .expect(3)
        .mount(&s.slides)
        .await;
    let err = s
        .client
        .call_err("summarize_presentation", json!({"presentation_id": DECK}))
        .await;
    assert!(
        err.contains("429") && err.contains("rate limited by Google Slides"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_scope_is_named() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path(batch_path()))
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/presentations",
        ))
        .expect(1)
        .mount(&s.slides)
        .await;
    let err = s
        .client
        .call_err(
            "google_slides_replace_text",
            json!({"presentation_id": DECK, "find_text": "a", "replace_text": "b"}),
        )
        .await;
    assert!(
        err.contains("403")
            && err.contains("ACCESS_TOKEN_SCOPE_INSUFFICIENT")
            && err.contains("(https://www.googleapis.com/auth/presentations)"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let fake = MockServer::start().await;
    let server =
        TestServer::start(&google_slides_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[]).await;
    let err = client
        .call_err("get_presentation", json!({"presentation_id": DECK}))
        .await;
    assert!(
        err.contains("access_token") && err.contains("AUTH_DATA"),
        "{err}"
    );
    assert!(fake.received_requests().await.unwrap().is_empty());
}
