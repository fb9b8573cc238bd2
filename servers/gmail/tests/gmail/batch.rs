//! gmail_batch_modify_emails and gmail_batch_delete_emails: batchModify/batchDelete in
//! batches within Gmail's 1,000-id limit.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{
    TOKEN, google_error, insufficient_scope, me, mock_any_body, request_count, setup,
};

#[tokio::test]
async fn batch_modify_splits_into_batches() {
    let s = setup().await;
    for ids in [json!(["a", "b"]), json!(["c"])] {
        expect("POST", me("/messages/batchModify"))
            .bearer(TOKEN)
            .json_body(json!({"ids": ids, "removeLabelIds": ["UNREAD", "INBOX"]}))
            .respond_with(&s.fake, ResponseTemplate::new(204))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "gmail_batch_modify_emails",
            json!({"messageIds": ["a", "b", "a", "c"], "removeLabelIds": ["UNREAD", "INBOX"], "batchSize": 2}),
        )
        .await;
    assert_eq!(
        v,
        json!({"modified": true, "messageCount": 3, "batches": 2})
    );
}

#[tokio::test]
async fn batch_modify_default_batch_is_50() {
    let s = setup().await;
    let ids: Vec<String> = (0..120).map(|i| format!("m{i}")).collect();
    for chunk in ids.chunks(50) {
        expect("POST", me("/messages/batchModify"))
            .bearer(TOKEN)
            .json_body(json!({"ids": chunk, "addLabelIds": ["Label_7"]}))
            .respond_with(&s.fake, ResponseTemplate::new(204))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "gmail_batch_modify_emails",
            json!({"messageIds": ids, "addLabelIds": ["Label_7"]}),
        )
        .await;
    assert_eq!(v["batches"], 3);
    assert_eq!(v["messageCount"], 120);
}

#[tokio::test]
async fn batch_modify_refuses_what_gmail_would() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gmail_batch_modify_emails",
            json!({"messageIds": ["a"], "addLabelIds": ["X"], "batchSize": 1001}),
        )
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
    let err = s
        .client
        .call_err(
            "gmail_batch_modify_emails",
            json!({"messageIds": [], "addLabelIds": ["X"]}),
        )
        .await;
    assert!(err.contains("at least one message id"), "{err}");
    let err = s
        .client
        .call_err("gmail_batch_modify_emails", json!({"messageIds": ["a"]}))
        .await;
    assert!(err.contains("addLabelIds"), "{err}");
    assert_eq!(request_count(&s.fake).await, 0, "nothing reached Gmail");
}

#[tokio::test]
async fn batch_modify_failure_says_what_was_done() {
    let s = setup().await;
    expect("POST", me("/messages/batchModify"))
        .bearer(TOKEN)
        .json_body(json!({"ids": ["a", "b"], "addLabelIds": ["Label_9"]}))
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    expect("POST", me("/messages/batchModify"))
        .bearer(TOKEN)
        .json_body(json!({"ids": ["c"], "addLabelIds": ["Label_9"]}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "invalidArgument",
                "Invalid id value",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gmail_batch_modify_emails",
            json!({"messageIds": ["a", "b", "c"], "addLabelIds": ["Label_9"], "batchSize": 2}),
        )
        .await;
    assert!(
        err.contains("batch 2 of 2 failed, after 2 message(s) were modified"),
        "{err}"
    );
    assert!(err.contains("Invalid id value"), "{err}");
}

#[tokio::test]
async fn batch_delete_contract() {
    let s = setup().await;
    expect("POST", me("/messages/batchDelete"))
        .bearer(TOKEN)
        .json_body(json!({"ids": ["a", "b", "c"]}))
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_batch_delete_emails",
            json!({"messageIds": ["a", "b", "c"]}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "messageCount": 3, "batches": 1}));
}

#[tokio::test]
async fn batch_delete_up_to_1000_per_call() {
    let s = setup().await;
    let ids: Vec<String> = (0..1500).map(|i| format!("m{i}")).collect();
    for chunk in ids.chunks(1000) {
        expect("POST", me("/messages/batchDelete"))
            .bearer(TOKEN)
            .json_body(json!({"ids": chunk}))
            .respond_with(&s.fake, ResponseTemplate::new(204))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "gmail_batch_delete_emails",
            json!({"messageIds": ids, "batchSize": 1000}),
        )
        .await;
    assert_eq!(v["batches"], 2);
}

#[tokio::test]
async fn batch_delete_needs_the_full_scope() {
    let s = setup().await;
    mock_any_body("POST", &me("/messages/batchDelete"), &[])
        .respond_with(insufficient_scope("https://mail.google.com/"))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("gmail_batch_delete_emails", json!({"messageIds": ["a"]}))
        .await;
    assert!(
        err.contains("batch 1 of 1 failed, after 0 message(s) were deleted"),
        "{err}"
    );
    assert!(err.contains("https://mail.google.com/"), "{err}");
}
