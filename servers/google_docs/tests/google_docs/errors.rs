//! Google's errors through the tools: a missing scope named, not found, a rate limit retried
//! (also for a write: a 429 was not processed), missing credentials.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{NoBody, TestServer, settings_for};
use serde_json::{Value, json};

use crate::common::{
    DOC, TOKEN, batch_path, batch_reply, doc_path, google_error, insufficient_scope, setup,
};

fn quota_exceeded() -> Value {
    json!({
        "error": {
            "code": 429,
            "message": "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'docs.googleapis.com' for consumer 'project_number:123456789'.",
            "status": "RESOURCE_EXHAUSTED",
            "details": [
                {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_LIMIT_EXCEEDED", "domain": "googleapis.com",
                 "metadata": {"quota_metric": "docs.googleapis.com/write_requests", "quota_limit": "WriteRequestsPerMinutePerUser",
                              "service": "docs.googleapis.com", "consumer": "projects/123456789", "quota_limit_value": "60"}},
                {"@type": "type.googleapis.com/google.rpc.Help",
                 "links": [{"description": "Request a higher quota limit.", "url": "https://cloud.google.com/docs/quota#requesting_higher_quota"}]}
            ]
        }
    })
}

fn batch_mock() -> mcp_testkit::wiremock::MockBuilder {
    Mock::given(matchers::method("POST"))
        .and(matchers::path(batch_path()))
        .and(matchers::header("authorization", format!("Bearer {TOKEN}").as_str()))
        .and(matchers::body_json(json!({"requests": [
            {"replaceAllText": {"containsText": {"text": "a", "matchCase": true}, "replaceText": "b"}}
        ]})))
}

#[tokio::test]
async fn rate_limited_write_is_retried_then_succeeds() {
    let s = setup().await;
    batch_mock()
        .respond_with(ResponseTemplate::new(429).set_body_json(quota_exceeded()))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.docs)
        .await;
    batch_mock()
        .respond_with(ResponseTemplate::new(200).set_body_json(batch_reply(
            json!([{"replaceAllText": {"occurrencesChanged": 2}}]),
        )))
        .expect(1)
        .mount(&s.docs)
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "a", "replace_text": "b"}),
        )
        .await;
    assert_eq!(v["occurrencesChanged"], 2);
}

#[tokio::test]
async fn persistent_rate_limit_is_reported() {
    let s = setup().await;
    batch_mock()
        .respond_with(ResponseTemplate::new(429).set_body_json(quota_exceeded()))
        .expect(3)
        .mount(&s.docs)
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "a", "replace_text": "b"}),
        )
        .await;
    assert!(
        err.contains("429")
            && err.contains("RATE_LIMIT_EXCEEDED")
            && err.contains("rate limited by Google Docs"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_scope_is_named() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(doc_path()))
        .and(NoBody)
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/documents.readonly",
        ))
        .expect(1)
        .mount(&s.docs)
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC}),
        )
        .await;
    assert!(
        err.contains("403")
            && err.contains("ACCESS_TOKEN_SCOPE_INSUFFICIENT")
            && err.contains("auth/documents.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn permission_denied_without_a_scope_problem() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(doc_path()))
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "PERMISSION_DENIED",
            "The caller does not have permission",
        )))
        .expect(1)
        .mount(&s.docs)
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC}),
        )
        .await;
    assert!(
        err.contains("PERMISSION_DENIED") && err.contains("no permission for this resource"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&google_docs_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[]).await;
    let err = client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC}),
        )
        .await;
    assert!(
        err.contains("access_token") && err.contains("AUTH_DATA"),
        "{err}"
    );
    assert!(fake.received_requests().await.unwrap().is_empty());
}
