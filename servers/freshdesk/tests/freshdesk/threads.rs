//! Collaboration threads and messages.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn create_thread() {
    let s = setup().await;
    req("POST", "/collaboration/threads")
        .json_body(json!({
            "type": "private", "parent": {"id": "20", "type": "ticket"}, "title": "Escalation", "created_by": "2001",
            "anchor": {"id": "22709", "type": "conversation"},
            "participants": {"emails": ["x@acme.com"], "agents": ["2001", "2002"]},
            "additional_info": {"email_config_id": 1}
        }))
        .respond(&s.fake, 200, json!([thread_json("147")]))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_thread",
            json!({"thread_type": "private", "parent_id": 20, "title": "Escalation", "created_by": "2001", "anchor_id": 22709,
                   "anchor_type": "conversation", "participants_emails": ["x@acme.com"], "participants_agents": ["2001", "2002"],
                   "additional_info": {"email_config_id": 1}}),
        )
        .await;
    assert_eq!(v["id"], "147");
    assert_eq!(v["message_count"], 3);
    let err = s
        .client
        .call_err(
            "freshdesk_create_thread",
            json!({"thread_type": "secret", "parent_id": 20}),
        )
        .await;
    assert!(err.contains("thread_type"), "{err}");
}

#[tokio::test]
async fn get_update_delete_thread() {
    let s = setup().await;
    req("GET", "/collaboration/threads/147")
        .respond(&s.fake, 200, thread_json("147"))
        .await;
    req("PUT", "/collaboration/threads/147")
        .json_body(json!({"title": "Escalated", "description": "To tier 2"}))
        .respond(&s.fake, 200, thread_json("147"))
        .await;
    req("DELETE", "/collaboration/threads/147")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_thread_by_id", json!({"thread_id": 147}))
        .await;
    assert_eq!(v["parent"], json!({"id": "20", "type": "ticket"}));
    s.client
        .call_ok(
            "freshdesk_update_thread",
            json!({"thread_id": 147, "title": "Escalated", "description": "To tier 2"}),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_thread", json!({"thread_id": 147}))
        .await;
    assert_eq!(v["deleted"], true);
    let err = s
        .client
        .call_err("freshdesk_update_thread", json!({"thread_id": 147}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn create_thread_message() {
    let s = setup().await;
    req("POST", "/collaboration/messages")
        .json_body(json!({
            "thread_id": "147", "body": "<div>Looking into it</div>", "body_text": "Looking into it", "attachment_ids": [5001],
            "participants": {"email": {"to": ["x@acme.com"], "cc": ["y@acme.com"], "from": "support@acme.com"}},
            "additional_info": {"has_quoted_text": false}
        }))
        .respond(&s.fake, 200, message_json("40", "147"))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_thread_message",
            json!({"thread_id": 147, "body": "<div>Looking into it</div>", "body_text": "Looking into it", "attachment_ids": [5001],
                   "participants_email_to": ["x@acme.com"], "participants_email_cc": ["y@acme.com"], "participants_email_from": "support@acme.com",
                   "additional_info": {"has_quoted_text": false}}),
        )
        .await;
    assert_eq!(v["id"], "40");
    let err = s
        .client
        .call_err(
            "freshdesk_create_thread_message",
            json!({"thread_id": 147, "body": " "}),
        )
        .await;
    assert!(err.contains("body"), "{err}");
}

#[tokio::test]
async fn get_update_delete_thread_message() {
    let s = setup().await;
    req("GET", "/collaboration/messages/40")
        .respond(&s.fake, 200, message_json("40", "147"))
        .await;
    req("PUT", "/collaboration/messages/40")
        .json_body(json!({"body": "<div>Fixed</div>", "inline_attachment_ids": [7]}))
        .respond(&s.fake, 200, message_json("40", "147"))
        .await;
    req("DELETE", "/collaboration/messages/40")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_get_thread_message_by_id",
            json!({"message_id": 40}),
        )
        .await;
    assert_eq!(v["thread_id"], "147");
    s.client
        .call_ok(
            "freshdesk_update_thread_message",
            json!({"message_id": 40, "body": "<div>Fixed</div>", "inline_attachment_ids": [7]}),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_thread_message", json!({"message_id": 40}))
        .await;
    assert_eq!(v["deleted"], true);
    let err = s
        .client
        .call_err("freshdesk_update_thread_message", json!({"message_id": 40}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}
