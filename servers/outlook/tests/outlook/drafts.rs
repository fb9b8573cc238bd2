//! Drafts, replies, forwards, sending.

use crate::common::{TOKEN, graph_error, message, req, setup};
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

fn draft(id: &str, subject: &str) -> Value {
    let mut m = message(id, subject);
    m["isDraft"] = json!(true);
    m["parentFolderId"] = json!("AQMkAGDrafts");
    m
}

#[tokio::test]
async fn create_draft_with_recipients_and_an_html_body() {
    let s = setup().await;
    expect("POST", "/me/messages")
        .bearer(TOKEN)
        .json_body(json!({
            "subject": "Q3 review",
            "body": {"contentType": "html", "content": "<p>See you <b>Thursday</b></p>"},
            "toRecipients": [{"emailAddress": {"address": "grace@contoso.com", "name": "Grace Hopper"}}],
            "ccRecipients": [{"emailAddress": {"address": "alan@contoso.com"}}],
            "bccRecipients": []
        }))
        .respond(&s.fake, 201, draft("AAMkDraft1", "Q3 review"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_draft",
            json!({"subject": "Q3 review", "body_content": "<p>See you <b>Thursday</b></p>", "body_type": "html",
                   "to_recipients": ["Grace Hopper <grace@contoso.com>"], "cc_recipients": ["alan@contoso.com"], "bcc_recipients": []}),
        )
        .await;
    assert_eq!(v["id"], "AAMkDraft1");
    assert_eq!(v["isDraft"], true);
}

#[tokio::test]
async fn create_draft_defaults_to_text_and_checks_addresses() {
    let s = setup().await;
    expect("POST", "/me/messages")
        .bearer(TOKEN)
        .json_body(
            json!({"subject": "Hi", "body": {"contentType": "text", "content": "Hello"},
                          "toRecipients": [{"emailAddress": {"address": "grace@contoso.com"}}]}),
        )
        .respond(&s.fake, 201, draft("AAMkDraft2", "Hi"))
        .await;
    let v = s
        .client
        .call_ok("outlookMail_create_draft", json!({"subject": "Hi", "body_content": "Hello", "to_recipients": ["grace@contoso.com"]}))
        .await;
    assert_eq!(v["id"], "AAMkDraft2");
    let err = s
        .client
        .call_err("outlookMail_create_draft", json!({"subject": "Hi", "body_content": "Hello", "to_recipients": ["grace at contoso"]}))
        .await;
    assert!(
        err.contains("`to_recipients` must list email addresses"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "outlookMail_create_draft",
            json!({"subject": "Hi", "body_content": "Hello", "to_recipients": []}),
        )
        .await;
    assert!(err.contains("at least one address"), "{err}");
}

#[tokio::test]
async fn update_draft_sends_only_what_was_given() {
    let s = setup().await;
    expect("PATCH", "/me/messages/AAMkDraft1")
        .bearer(TOKEN)
        .json_body(json!({"subject": "Q3 review (moved)", "body": {"contentType": "text", "content": "Now Friday."},
                          "toRecipients": [{"emailAddress": {"address": "grace@contoso.com"}}, {"emailAddress": {"address": "alan@contoso.com"}}]}))
        .respond(&s.fake, 200, draft("AAMkDraft1", "Q3 review (moved)"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_update_draft",
            json!({"message_id": "AAMkDraft1", "subject": "Q3 review (moved)", "body_content": "Now Friday.",
                   "to_recipients": ["grace@contoso.com", "alan@contoso.com"]}),
        )
        .await;
    assert_eq!(v["subject"], "Q3 review (moved)");
    let err = s
        .client
        .call_err(
            "outlookMail_update_draft",
            json!({"message_id": "AAMkDraft1"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    expect("PATCH", "/me/messages/AAMkSent")
        .bearer(TOKEN)
        .json_body(json!({"subject": "x"}))
        .respond(
            &s.fake,
            400,
            graph_error(
                "ErrorInvalidRequest",
                "The item cannot be updated because it has been sent.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_update_draft",
            json!({"message_id": "AAMkSent", "subject": "x"}),
        )
        .await;
    assert!(
        err.contains("(ErrorInvalidRequest): The item cannot be updated"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_draft_checks_that_it_is_a_draft() {
    let s = setup().await;
    req(
        "GET",
        "/me/messages/AAMkDraft1",
        &[("$select", "id,isDraft")],
    )
    .respond(&s.fake, 200, json!({"id": "AAMkDraft1", "isDraft": true}))
    .await;
    expect("DELETE", "/me/messages/AAMkDraft1")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_delete_draft",
            json!({"message_id": "AAMkDraft1"}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "message_id": "AAMkDraft1"}));
    // A received message is not deleted.
    req("GET", "/me/messages/AAMk1", &[("$select", "id,isDraft")])
        .respond(&s.fake, 200, json!({"id": "AAMk1", "isDraft": false}))
        .await;
    let err = s
        .client
        .call_err("outlookMail_delete_draft", json!({"message_id": "AAMk1"}))
        .await;
    assert!(err.contains("is not a draft; nothing was deleted"), "{err}");
}

#[tokio::test]
async fn reply_and_reply_all_drafts() {
    let s = setup().await;
    expect("POST", "/me/messages/AAMk1/microsoft.graph.createReply")
        .bearer(TOKEN)
        .json_body(json!({"Comment": "Thursday works."}))
        .respond(&s.fake, 201, draft("AAMkReply", "RE: Review"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_reply_draft",
            json!({"message_id": "AAMk1", "comment": "Thursday works."}),
        )
        .await;
    assert_eq!(v["id"], "AAMkReply");
    assert_eq!(v["subject"], "RE: Review");
    expect("POST", "/me/messages/AAMk1/microsoft.graph.createReplyAll")
        .bearer(TOKEN)
        .json_body(json!({}))
        .respond(&s.fake, 201, draft("AAMkReplyAll", "RE: Review"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_reply_all_draft",
            json!({"message_id": "AAMk1"}),
        )
        .await;
    assert_eq!(v["id"], "AAMkReplyAll");
    expect(
        "POST",
        "/me/messages/AAMkGone/microsoft.graph.createReplyAll",
    )
    .bearer(TOKEN)
    .json_body(json!({"Comment": "ok"}))
    .respond(
        &s.fake,
        404,
        graph_error(
            "ErrorItemNotFound",
            "The specified object was not found in the store.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "outlookMail_create_reply_all_draft",
            json!({"message_id": "AAMkGone", "comment": "ok"}),
        )
        .await;
    assert!(err.contains("404 Not Found (ErrorItemNotFound)"), "{err}");
    let err = s
        .client
        .call_err(
            "outlookMail_create_reply_draft",
            json!({"message_id": "AAMk1"}),
        )
        .await;
    assert!(err.contains("comment"), "{err}");
}

#[tokio::test]
async fn forward_draft() {
    let s = setup().await;
    expect("POST", "/me/messages/AAMk1/microsoft.graph.createForward")
        .bearer(TOKEN)
        .json_body(json!({"Comment": "FYI", "ToRecipients": [{"emailAddress": {"address": "alan@contoso.com", "name": "Alan Turing"}}]}))
        .respond(&s.fake, 201, draft("AAMkFwd", "FW: Review"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_forward_draft",
            json!({"message_id": "AAMk1", "comment": "FYI", "to_recipients": ["\"Alan Turing\" <alan@contoso.com>"]}),
        )
        .await;
    assert_eq!(v["id"], "AAMkFwd");
    let err = s
        .client
        .call_err(
            "outlookMail_create_forward_draft",
            json!({"message_id": "AAMk1", "comment": "FYI", "to_recipients": []}),
        )
        .await;
    assert!(err.contains("at least one address to forward to"), "{err}");
}

#[tokio::test]
async fn send_draft_posts_without_a_body() {
    let s = setup().await;
    expect("POST", "/me/messages/AAMkDraft1/microsoft.graph.send")
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(202))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_send_draft",
            json!({"message_id": "AAMkDraft1"}),
        )
        .await;
    assert_eq!(v, json!({"sent": true, "message_id": "AAMkDraft1"}));
    expect("POST", "/me/messages/AAMkDraft2/microsoft.graph.send")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            graph_error(
                "ErrorAccessDenied",
                "Access is denied. Check credentials and try again.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_send_draft",
            json!({"message_id": "AAMkDraft2"}),
        )
        .await;
    assert!(
        err.contains("needs the delegated permission Mail.Send"),
        "{err}"
    );
}
