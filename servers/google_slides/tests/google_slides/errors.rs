//! Google's errors: a rate-limited write retried then successful, a rate limit on a read
//! reported, a missing scope named, and no request to either API without credentials.

use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_vendor_google::testkit::{
    assert_calls_need_credentials, batch_update_reply, fail_then_succeed, write_quota_exceeded,
};
use serde_json::json;

use crate::common::{DECK, TEXT_FIELDS, TOKEN, batch_path, deck_path, insufficient_scope, setup};

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
    fail_then_succeed(
        &s.slides,
        mock,
        write_quota_exceeded("slides.googleapis.com"),
        1,
        ResponseTemplate::new(200).set_body_json(batch_update_reply(
            "presentationId",
            DECK,
            json!([{}]),
            Some("r2"),
        )),
    )
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
        .respond_with(write_quota_exceeded("slides.googleapis.com"))
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

/// The standard suite checks the smoke call (a Slides read); the listing goes to Drive.
#[tokio::test]
async fn without_credentials_neither_slides_nor_drive_is_called() {
    let s = setup().await;
    assert_calls_need_credentials(
        &s.server,
        &[
            ("get_presentation", json!({"presentation_id": DECK})),
            ("list_presentations", json!({})),
        ],
        &[&s.slides, &s.drive],
    )
    .await;
}
