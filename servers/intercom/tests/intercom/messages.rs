use crate::conversations::conversation;
use crate::{req, setup};
use serde_json::json;

#[tokio::test]
async fn create_an_admin_message() {
    let s = setup().await;
    req("POST", "/messages")
        .json_body(json!({"message_type": "email", "subject": "Thanks for everything", "body": "Hello there",
                          "template": "plain", "from": {"type": "admin", "id": 991267716},
                          "to": {"type": "user", "id": "6762f2341bb69f9f2193bc17"}, "created_at": 1590000000,
                          "create_conversation_without_contact_reply": true}))
        .respond(&s.fake, 200, json!({"type": "admin_message", "id": "403918396", "created_at": 1734537780,
                                       "subject": "Thanks for everything", "body": "Hello there", "message_type": "email",
                                       "conversation_id": "613"}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_message",
            json!({"message_type": "email", "subject": "Thanks for everything", "body": "Hello there",
                   "template": "plain", "from": {"type": "admin", "id": "991267716"},
                   "to": {"type": "user", "id": "6762f2341bb69f9f2193bc17"}, "created_at": 1590000000,
                   "create_conversation_without_contact_reply": true}),
        )
        .await;
    assert_eq!(v["id"], "403918396");
    assert_eq!(v["conversation_id"], "613");
    for (args, want) in [
        (
            json!({"body": "x", "to": {"type": "user", "id": "u"}}),
            "from is required",
        ),
        (
            json!({"body": "x", "from": {"type": "admin", "id": 1}}),
            "to is required",
        ),
        (
            json!({"body": "x", "from": {"type": "user", "id": 1}, "to": {"type": "user", "id": "u"}}),
            "from must be",
        ),
        (
            json!({"message_type": "email", "body": "x", "from": {"type": "admin", "id": 1}, "to": {"type": "user", "id": "u"}}),
            "subject and template",
        ),
    ] {
        let err = s.client.call_err("intercom_create_message", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn list_messages_reads_conversation_sources() {
    let s = setup().await;
    req("GET", "/conversations")
        .queries(&[("per_page", "50")])
        .respond(&s.fake, 200, json!({"type": "conversation.list", "pages": {"type": "pages", "page": 1, "per_page": 50, "total_pages": 1},
                                       "total_count": 1, "conversations": [conversation("471")]}))
        .await;
    let v = s.client.call_ok("intercom_list_messages", json!({})).await;
    assert_eq!(
        v["items"][0],
        json!({"id": "403918320", "type": "conversation", "delivered_as": "admin_initiated", "subject": "",
               "body": "<p>this is the message body</p>",
               "author": {"type": "admin", "id": "991267628", "name": "Ciaran166 Lee"},
               "created_at": 1734537460, "conversation_id": "471"})
    );
}

#[tokio::test]
async fn get_message_searches_by_source_id() {
    let s = setup().await;
    req("POST", "/conversations/search")
        .json_body(json!({"query": {"field": "source.id", "operator": "=", "value": "403918320"}}))
        .respond(&s.fake, 200, json!({"type": "conversation.list", "pages": {"type": "pages", "page": 1, "per_page": 20, "total_pages": 1},
                                       "total_count": 1, "conversations": [conversation("471")]}))
        .await;
    let v = s
        .client
        .call_ok("intercom_get_message", json!({"id": "403918320"}))
        .await;
    assert_eq!(v["conversation_id"], "471");
    req("POST", "/conversations/search")
        .json_body(json!({"query": {"field": "source.id", "operator": "=", "value": "1"}}))
        .respond(&s.fake, 200, json!({"type": "conversation.list", "pages": {"type": "pages", "page": 1, "per_page": 20, "total_pages": 0},
                                       "total_count": 0, "conversations": []}))
        .await;
    let err = s
        .client
        .call_err("intercom_get_message", json!({"id": "1"}))
        .await;
    assert!(
        err.contains("no conversation starts with message 1"),
        "{err}"
    );
}

#[tokio::test]
async fn send_a_message_as_a_contact() {
    let s = setup().await;
    req("POST", "/conversations")
        .json_body(json!({"from": {"type": "lead", "id": "6762f11b1bb69f9f2193bba3"}, "body": "Hi team"}))
        .respond(&s.fake, 200, json!({"type": "user_message", "id": "403918331", "created_at": 1734537501, "body": "Hi team",
                                       "message_type": "inapp", "conversation_id": "500"}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_send_user_message",
            json!({"from": {"type": "lead", "id": "6762f11b1bb69f9f2193bba3"}, "body": "Hi team"}),
        )
        .await;
    assert_eq!(v["conversation_id"], "500");
    let err = s
        .client
        .call_err(
            "intercom_send_user_message",
            json!({"from": {"type": "lead"}, "body": "Hi"}),
        )
        .await;
    assert!(err.contains("from must be"), "{err}");
}
