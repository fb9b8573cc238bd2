//! Google's errors through the tools: a missing scope named, a permission refused, a rate
//! limit retried (also for a write: a 429 was not processed) or reported, and no request to
//! either API without credentials.

use mcp_testkit::NoBody;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_vendor_google::testkit::{
    assert_calls_need_credentials, fail_then_succeed, permission_denied, write_quota_exceeded,
};
use serde_json::json;

use crate::common::{DOC, TOKEN, batch_path, batch_reply, doc_path, insufficient_scope, setup};

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
    fail_then_succeed(
        &s.docs,
        batch_mock,
        write_quota_exceeded("docs.googleapis.com"),
        1,
        ResponseTemplate::new(200).set_body_json(batch_reply(json!([
            {"replaceAllText": {"occurrencesChanged": 2}}
        ]))),
    )
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
        .respond_with(write_quota_exceeded("docs.googleapis.com"))
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
        .respond_with(permission_denied())
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

/// The standard suite checks the smoke call (a Docs read); the listing goes to Drive.
#[tokio::test]
async fn without_credentials_neither_docs_nor_drive_is_called() {
    let s = setup().await;
    assert_calls_need_credentials(
        &s.server,
        &[
            (
                "google_docs_get_document_by_id",
                json!({"document_id": DOC}),
            ),
            ("google_docs_get_all_documents", json!({})),
        ],
        &[&s.docs, &s.drive],
    )
    .await;
}
