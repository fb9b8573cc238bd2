use crate::{error_response, req, setup};
use serde_json::{Value, json};

pub fn conversation(id: &str) -> Value {
    json!({"type": "conversation", "id": id, "created_at": 1734537460, "updated_at": 1734537460, "waiting_since": null,
           "snoozed_until": null,
           "source": {"type": "conversation", "id": "403918320", "delivered_as": "admin_initiated", "subject": "",
                      "body": "<p>this is the message body</p>",
                      "author": {"type": "admin", "id": "991267628", "name": "Ciaran166 Lee", "email": "admin166@email.com"},
                      "attachments": [], "url": null, "redacted": false},
           "contacts": {"type": "contact.list", "contacts": [{"type": "contact", "id": "6762f0f31bb69f9f2193bb8b", "external_id": "70"}]},
           "first_contact_reply": null, "admin_assignee_id": 991267715, "team_assignee_id": 5017691, "open": false,
           "state": "closed", "read": false, "tags": {"type": "tag.list", "tags": [{"type": "tag", "id": "123456", "name": "Test tag"}]},
           "priority": "not_priority", "sla_applied": null, "statistics": null, "conversation_rating": null, "teammates": null,
           "title": null, "custom_attributes": {}, "topics": {}, "ticket": null})
}

fn with_parts(id: &str) -> Value {
    let mut c = conversation(id);
    c["conversation_parts"] = json!({"type": "conversation_part.list", "total_count": 1, "conversation_parts": [
        {"type": "conversation_part", "id": "1", "part_type": "comment", "body": "<p>Okay!</p>", "created_at": 1663597223,
         "updated_at": 1663597260, "notified_at": 1663597260, "assigned_to": {"type": "contact", "id": "1a2b3c"},
         "author": {"type": "user", "id": "1a2b3c", "name": "", "email": ""}, "attachments": [], "redacted": false}]});
    c
}

#[tokio::test]
async fn list_conversations() {
    let s = setup().await;
    req("GET", "/conversations")
        .queries(&[("per_page", "20")])
        .respond(&s.fake, 200, json!({"type": "conversation.list",
            "pages": {"type": "pages", "page": 1, "per_page": 20, "total_pages": 2, "next": {"page": 2, "starting_after": "WzE3MzQ1Mzc0NjAwMDAsNDcxXQ=="}},
            "total_count": 21, "conversations": [conversation("471")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_list_conversations",
            json!({"display_as": "plaintext"}),
        )
        .await;
    let c = &v["items"][0];
    assert_eq!(c["state"], "closed");
    assert_eq!(c["admin_assignee_id"], 991267715);
    assert_eq!(c["source"]["author"]["name"], "Ciaran166 Lee");
    assert_eq!(
        c["contacts"],
        json!([{"id": "6762f0f31bb69f9f2193bb8b", "external_id": "70"}])
    );
    assert_eq!(c["tags"], json!([{"id": "123456", "name": "Test tag"}]));
    assert_eq!(v["next_cursor"], "WzE3MzQ1Mzc0NjAwMDAsNDcxXQ==");
    req("GET", "/conversations")
        .queries(&[("per_page", "150"), ("starting_after", "WzE3MzQ1Mzc0NjAwMDAsNDcxXQ==")])
        .respond(&s.fake, 200, json!({"type": "conversation.list", "pages": {"type": "pages", "page": 2, "per_page": 150, "total_pages": 2}, "total_count": 21, "conversations": []}))
        .await;
    s.client
        .call_ok(
            "intercom_list_conversations",
            json!({"per_page": 150, "starting_after": "WzE3MzQ1Mzc0NjAwMDAsNDcxXQ=="}),
        )
        .await;
}

#[tokio::test]
async fn get_conversation_with_parts() {
    let s = setup().await;
    req("GET", "/conversations/503")
        .query("display_as", "plaintext")
        .respond(&s.fake, 200, with_parts("503"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_get_conversation",
            json!({"id": 503, "display_as": "plaintext"}),
        )
        .await;
    assert_eq!(v["parts"][0]["body"], "<p>Okay!</p>");
    assert_eq!(
        v["parts"][0]["author"],
        json!({"type": "user", "id": "1a2b3c", "name": ""})
    );
    assert_eq!(v["parts_total"], 1);
    req("GET", "/conversations/504")
        .respond(&s.fake, 200, with_parts("504"))
        .await;
    s.client
        .call_ok("intercom_get_conversation", json!({"id": "504"}))
        .await;
}

#[tokio::test]
async fn create_conversation_from_a_contact() {
    let s = setup().await;
    req("POST", "/conversations")
        .json_body(json!({"from": {"type": "user", "id": "6762f11b1bb69f9f2193bba3"}, "body": "Hello there", "created_at": 1734537501}))
        .respond(&s.fake, 200, json!({"type": "user_message", "id": "403918330", "created_at": 1734537501, "body": "Hello there",
                                       "message_type": "inapp", "conversation_id": "499"}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_conversation",
            json!({"from": {"type": "user", "id": "6762f11b1bb69f9f2193bba3"}, "body": "Hello there", "created_at": 1734537501}),
        )
        .await;
    assert_eq!(v["conversation_id"], "499");
    let err = s
        .client
        .call_err(
            "intercom_create_conversation",
            json!({"from": {"type": "admin", "id": "1"}, "body": "x"}),
        )
        .await;
    assert!(err.contains("from must be"), "{err}");
}

#[tokio::test]
async fn update_and_delete_conversation() {
    let s = setup().await;
    req("PUT", "/conversations/507")
        .query("display_as", "plaintext")
        .json_body(json!({"read": true, "title": "new conversation title", "custom_attributes": {"issue_type": "Billing", "priority": "High"}}))
        .respond(&s.fake, 200, conversation("507"))
        .await;
    s.client
        .call_ok(
            "intercom_update_conversation",
            json!({"id": 507, "display_as": "plaintext", "read": true, "title": "new conversation title",
                   "custom_attributes": {"issue_type": "Billing", "priority": "High"}}),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_update_conversation", json!({"id": 507}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    req("DELETE", "/conversations/512")
        .respond(
            &s.fake,
            200,
            json!({"id": "512", "object": "conversation", "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_conversation", json!({"id": 512}))
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn search_conversations() {
    let s = setup().await;
    let query = json!({"operator": "AND", "value": [{"field": "created_at", "operator": ">", "value": "1306054154"}]});
    req("POST", "/conversations/search")
        .json_body(json!({"query": query, "pagination": {"per_page": 5}}))
        .respond(&s.fake, 200, json!({"type": "conversation.list", "pages": {"type": "pages", "page": 1, "per_page": 5, "total_pages": 1},
                                       "total_count": 1, "conversations": [conversation("515")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_search_conversations",
            json!({"query": query, "pagination": {"per_page": 5}}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "515");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn reply_as_admin_or_as_the_contact() {
    let s = setup().await;
    req("POST", "/conversations/525/reply")
        .json_body(json!({"message_type": "note", "type": "admin", "admin_id": "991267696", "body": "<p>Internal</p>"}))
        .respond(&s.fake, 200, conversation("525"))
        .await;
    s.client
        .call_ok(
            "intercom_reply_conversation",
            json!({"id": "525", "message_type": "note", "admin_id": "991267696", "body": "<p>Internal</p>"}),
        )
        .await;
    req("POST", "/conversations/524/reply")
        .json_body(json!({"message_type": "comment", "type": "user", "intercom_user_id": "6762f1571bb69f9f2193bbbb",
                          "body": "Thanks again :)", "attachment_urls": ["https://example.com/a.png"]}))
        .respond(&s.fake, 200, conversation("524"))
        .await;
    s.client
        .call_ok(
            "intercom_reply_conversation",
            json!({"id": "524", "type": "user", "intercom_user_id": "6762f1571bb69f9f2193bbbb", "body": "Thanks again :)",
                   "attachment_urls": ["https://example.com/a.png"]}),
        )
        .await;
    for (args, want) in [
        (json!({"id": "1", "body": "x"}), "say who replies"),
        (
            json!({"id": "1", "type": "admin", "intercom_user_id": "u", "body": "x"}),
            "needs admin_id",
        ),
        (
            json!({"id": "1", "intercom_user_id": "u", "message_type": "note", "body": "x"}),
            "only reply with message_type comment",
        ),
        (json!({"id": "1", "admin_id": "9"}), "needs a body"),
    ] {
        let err = s.client.call_err("intercom_reply_conversation", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn manage_conversation_builds_each_parts_body() {
    let s = setup().await;
    for (args, body) in [
        (
            json!({"id": 531, "message_type": "close", "admin_id": "12345", "body": "Goodbye :)"}),
            json!({"message_type": "close", "type": "admin", "admin_id": "12345", "body": "Goodbye :)"}),
        ),
        (
            json!({"id": 531, "message_type": "snoozed", "admin_id": "12345", "snoozed_until": 1734541184}),
            json!({"message_type": "snoozed", "admin_id": "12345", "snoozed_until": 1734541184}),
        ),
        (
            json!({"id": 531, "message_type": "open", "admin_id": "12345"}),
            json!({"message_type": "open", "admin_id": "12345"}),
        ),
        (
            json!({"id": 531, "message_type": "assignment", "admin_id": "12345", "assignee_id": "4324241", "type": "team"}),
            json!({"message_type": "assignment", "type": "team", "admin_id": "12345", "assignee_id": "4324241"}),
        ),
    ] {
        req("POST", "/conversations/531/parts")
            .json_body(body)
            .respond(&s.fake, 200, conversation("531"))
            .await;
        let v = s.client.call_ok("intercom_manage_conversation", args).await;
        assert_eq!(v["id"], "531");
    }
    let err = s
        .client
        .call_err(
            "intercom_manage_conversation",
            json!({"id": 531, "message_type": "snoozed", "admin_id": "1"}),
        )
        .await;
    assert!(err.contains("snoozed_until"), "{err}");
    let err = s
        .client
        .call_err(
            "intercom_manage_conversation",
            json!({"id": 531, "message_type": "assignment", "admin_id": "1"}),
        )
        .await;
    assert!(err.contains("assignee_id"), "{err}");
}

#[tokio::test]
async fn assign_close_snooze_and_open() {
    let s = setup().await;
    req("POST", "/conversations/540/parts")
        .json_body(json!({"message_type": "assignment", "type": "admin", "admin_id": "991267700", "assignee_id": "991267701", "body": "Over to you"}))
        .respond(&s.fake, 200, conversation("540"))
        .await;
    s.client
        .call_ok(
            "intercom_assign_conversation",
            json!({"id": "540", "admin_id": "991267700", "assignee_id": "991267701", "body": "Over to you"}),
        )
        .await;
    req("POST", "/conversations/541/parts")
        .json_body(json!({"message_type": "assignment", "type": "team", "admin_id": "991267700", "assignee_id": "5017691"}))
        .respond(&s.fake, 200, conversation("541"))
        .await;
    s.client
        .call_ok(
            "intercom_assign_conversation",
            json!({"id": "541", "admin_id": "991267700", "assignee_id": "5017691", "assignee_type": "team"}),
        )
        .await;
    req("POST", "/conversations/542/parts")
        .json_body(json!({"message_type": "close", "type": "admin", "admin_id": "991267700"}))
        .respond(&s.fake, 200, conversation("542"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_close_conversation",
            json!({"id": "542", "admin_id": "991267700"}),
        )
        .await;
    assert_eq!(v["state"], "closed");
    req("POST", "/conversations/543/parts")
        .json_body(json!({"message_type": "snoozed", "admin_id": "991267700", "snoozed_until": 1734541184}))
        .respond(&s.fake, 200, conversation("543"))
        .await;
    s.client
        .call_ok(
            "intercom_snooze_conversation",
            json!({"id": "543", "admin_id": "991267700", "snoozed_until": 1734541184}),
        )
        .await;
    req("POST", "/conversations/544/parts")
        .json_body(json!({"message_type": "open", "admin_id": "991267700"}))
        .respond(&s.fake, 200, conversation("544"))
        .await;
    s.client
        .call_ok(
            "intercom_open_conversation",
            json!({"id": "544", "admin_id": "991267700"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_assign_conversation",
            json!({"id": "540", "admin_id": " ", "assignee_id": "1"}),
        )
        .await;
    assert!(err.contains("`admin_id`"), "{err}");
    req("POST", "/conversations/999/parts")
        .any_body()
        .respond_with(
            &s.fake,
            error_response(404, "not_found", "Resource Not Found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_close_conversation",
            json!({"id": "999", "admin_id": "1"}),
        )
        .await;
    assert!(err.contains("not_found"), "{err}");
}

#[tokio::test]
async fn participants() {
    let s = setup().await;
    req("POST", "/conversations/550/customers")
        .json_body(json!({"admin_id": "991267700", "customer": {"intercom_user_id": "6762f19b1bb69f9f2193bbd4"}}))
        .respond(&s.fake, 200, json!({"customers": [{"type": "user", "id": "6762f19b1bb69f9f2193bbd4"}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_attach_contact_to_conversation",
            json!({"id": "550", "admin_id": "991267700", "customer": {"intercom_user_id": "6762f19b1bb69f9f2193bbd4"}}),
        )
        .await;
    assert_eq!(v["customers"][0]["id"], "6762f19b1bb69f9f2193bbd4");
    let err = s
        .client
        .call_err(
            "intercom_attach_contact_to_conversation",
            json!({"id": "550", "admin_id": "1", "customer": {"name": "x"}}),
        )
        .await;
    assert!(err.contains("intercom_user_id, user_id or email"), "{err}");
    req(
        "DELETE",
        "/conversations/550/customers/6762f1b41bb69f9f2193bbe0",
    )
    .json_body(json!({"admin_id": "991267700"}))
    .respond(
        &s.fake,
        200,
        json!({"customers": [{"type": "user", "id": "6762f19b1bb69f9f2193bbd4"}]}),
    )
    .await;
    s.client
        .call_ok(
            "intercom_detach_contact_from_conversation",
            json!({"conversation_id": "550", "contact_id": "6762f1b41bb69f9f2193bbe0", "admin_id": "991267700",
                   "customer": {"intercom_user_id": "6762f1b41bb69f9f2193bbe0"}}),
        )
        .await;
}

#[tokio::test]
async fn redact_a_part_or_the_source() {
    let s = setup().await;
    req("POST", "/conversations/redact")
        .json_body(json!({"type": "conversation_part", "conversation_id": "608", "conversation_part_id": "149"}))
        .respond(&s.fake, 200, conversation("608"))
        .await;
    s.client
        .call_ok(
            "intercom_redact_conversation",
            json!({"type": "conversation_part", "conversation_id": "608", "conversation_part_id": "149"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_redact_conversation",
            json!({"type": "source", "conversation_id": "608"}),
        )
        .await;
    assert!(err.contains("source_id"), "{err}");
}

#[tokio::test]
async fn convert_to_a_ticket() {
    let s = setup().await;
    req("POST", "/conversations/611/convert")
        .json_body(json!({"ticket_type_id": "53", "attributes": {"_default_title_": "Bug"}}))
        .respond(&s.fake, 200, json!({"type": "ticket", "id": "611", "ticket_id": "22", "ticket_attributes": {"_default_title_": "Bug"},
            "ticket_state": {"type": "ticket_state", "id": "7493", "category": "submitted", "internal_label": "Submitted", "external_label": "Submitted"},
            "ticket_type": {"type": "ticket_type", "id": "53", "name": "my-ticket-type-1"}, "created_at": 1734537725}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_convert_conversation_to_ticket",
            json!({"id": 611, "ticket_type_id": "53", "attributes": {"_default_title_": "Bug"}}),
        )
        .await;
    assert_eq!(v["ticket_id"], "22");
    assert_eq!(v["state"], "submitted");
    assert_eq!(v["ticket_type"], "my-ticket-type-1");
}

#[tokio::test]
async fn tag_and_untag_a_conversation() {
    let s = setup().await;
    let tag = json!({"type": "tag", "id": "86", "name": "Manual tag", "applied_at": 1663597223, "applied_by": {"type": "admin", "id": "456"}});
    req("POST", "/conversations/560/tags")
        .json_body(json!({"id": "86", "admin_id": "991267618"}))
        .respond(&s.fake, 200, tag.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_tag_conversation",
            json!({"id": "560", "tag_id": "86", "admin_id": "991267618"}),
        )
        .await;
    assert_eq!(v["name"], "Manual tag");
    req("DELETE", "/conversations/560/tags/86")
        .json_body(json!({"admin_id": "991267618"}))
        .respond(&s.fake, 200, tag)
        .await;
    s.client
        .call_ok(
            "intercom_untag_conversation",
            json!({"id": "560", "tag_id": "86", "admin_id": "991267618"}),
        )
        .await;
}
