use crate::{req, resend_error, setup};
use serde_json::{Value, json};

const BID: &str = "559ac32e-9ef5-46fb-82a1-b76b840c0f7b";
const SEG: &str = "78261eea-8f8b-4381-83c6-79fa7120f1cf";

#[tokio::test]
async fn create_broadcast_to_the_audience_segment() {
    let s = setup().await;
    req("POST", "/broadcasts")
        .json_body(json!({
            "segment_id": SEG, "from": "Acme <onboarding@resend.dev>", "subject": "hello world",
            "html": "Hi {{{FIRST_NAME|there}}}, you can unsubscribe here: {{{RESEND_UNSUBSCRIBE_URL}}}",
            "name": "November announcements", "reply_to": ["reply@acme.com"], "preview_text": "Our news"
        }))
        .respond(&s.fake, 201, json!({"id": BID, "object": "broadcast"}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_create_broadcast",
            json!({"audienceId": SEG, "from": "Acme <onboarding@resend.dev>", "subject": "hello world",
                   "html": "Hi {{{FIRST_NAME|there}}}, you can unsubscribe here: {{{RESEND_UNSUBSCRIBE_URL}}}",
                   "name": "November announcements", "replyTo": "reply@acme.com", "previewText": "Our news"}),
        )
        .await;
    assert_eq!(v, json!({"id": BID}));
}

#[tokio::test]
async fn create_broadcast_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "resend_create_broadcast",
            json!({"audienceId": " ", "from": "a@acme.com", "subject": "s", "html": "h"}),
        )
        .await;
    assert!(err.contains("audienceId"), "{err}");
    req("POST", "/broadcasts")
        .json_body(
            json!({"segment_id": SEG, "from": "a@unverified.com", "subject": "s", "html": "h"}),
        )
        .respond(
            &s.fake,
            403,
            resend_error(
                403,
                "validation_error",
                "The unverified.com domain is not verified.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_create_broadcast",
            json!({"audienceId": SEG, "from": "a@unverified.com", "subject": "s", "html": "h"}),
        )
        .await;
    assert!(err.contains("domain is not verified"), "{err}");
}

#[tokio::test]
async fn get_broadcast_contract() {
    let s = setup().await;
    req("GET", &format!("/broadcasts/{BID}"))
        .respond(
            &s.fake,
            200,
            json!({
                "object": "broadcast", "id": BID, "name": "Announcements", "audience_id": SEG, "segment_id": SEG,
                "from": "Acme <onboarding@resend.dev>", "subject": "hello world", "reply_to": null,
                "preview_text": "Check out our latest announcements", "html": "<p>Hello</p>", "text": "Hello",
                "status": "draft", "created_at": "2024-12-01 19:32:22.980529+00", "scheduled_at": null,
                "sent_at": null, "topic_id": null
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_get_broadcast", json!({"id": BID}))
        .await;
    assert_eq!(v["status"], "draft");
    assert_eq!(v["segment_id"], SEG);
    assert_eq!(v["preview_text"], "Check out our latest announcements");
    assert!(v.get("html").is_none());
    assert!(v.get("sent_at").is_none());
}

#[tokio::test]
async fn get_broadcast_not_found() {
    let s = setup().await;
    req("GET", "/broadcasts/nope")
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Broadcast not found"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_broadcast", json!({"id": "nope"}))
        .await;
    assert!(err.contains("Broadcast not found"), "{err}");
}

#[tokio::test]
async fn send_broadcast_now_and_scheduled() {
    let s = setup().await;
    req("POST", &format!("/broadcasts/{BID}/send"))
        .json_body(json!({}))
        .respond(&s.fake, 200, json!({"id": BID}))
        .await;
    let v = s
        .client
        .call_ok("resend_send_broadcast", json!({"id": BID}))
        .await;
    assert_eq!(v, json!({"id": BID}));
    req("POST", "/broadcasts/b2/send")
        .json_body(json!({"scheduled_at": "in 1 min"}))
        .respond(&s.fake, 200, json!({"id": "b2"}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_send_broadcast",
            json!({"id": "b2", "scheduledAt": "in 1 min"}),
        )
        .await;
    assert_eq!(v["id"], "b2");
}

#[tokio::test]
async fn send_broadcast_is_not_retried_after_a_gateway_error() {
    let s = setup().await;
    req("POST", "/broadcasts/b3/send")
        .json_body(json!({}))
        .respond(&s.fake, 502, json!({"message": "Bad gateway"}))
        .await;
    let err = s
        .client
        .call_err("resend_send_broadcast", json!({"id": "b3"}))
        .await;
    assert!(err.contains("502"), "{err}");
}

#[tokio::test]
async fn delete_broadcast_contract_and_error() {
    let s = setup().await;
    req("DELETE", &format!("/broadcasts/{BID}"))
        .respond(
            &s.fake,
            200,
            json!({"object": "broadcast", "id": BID, "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_delete_broadcast", json!({"id": BID}))
        .await;
    assert_eq!(v, json!({"id": BID, "deleted": true}));
    req("DELETE", "/broadcasts/sent1")
        .respond(
            &s.fake,
            422,
            resend_error(
                422,
                "validation_error",
                "Only broadcasts in draft status can be deleted.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_delete_broadcast", json!({"id": "sent1"}))
        .await;
    assert!(err.contains("draft status"), "{err}");
}

#[tokio::test]
async fn list_broadcasts_contract() {
    let s = setup().await;
    req("GET", "/broadcasts")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": false, "data": [
                {"id": "49a3999c", "audience_id": SEG, "segment_id": SEG, "status": "draft", "created_at": "2024-11-01 15:13:31.723+00", "scheduled_at": null, "sent_at": null, "name": "Drafted"},
                {"id": BID, "segment_id": SEG, "status": "sent", "created_at": "2024-12-01 19:32:22.980529+00", "scheduled_at": "2024-12-02 19:32:22+00", "sent_at": "2024-12-02 19:32:22+00"}
            ]}),
        )
        .await;
    let v = s.client.call_ok("resend_list_broadcasts", json!({})).await;
    assert_eq!(v["items"][0]["status"], "draft");
    assert_eq!(v["items"][1]["sent_at"], "2024-12-02 19:32:22+00");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_broadcasts_error() {
    let s = setup().await;
    req("GET", "/broadcasts")
        .query("limit", "3")
        .query("after", "c")
        .respond(
            &s.fake,
            401,
            resend_error(
                401,
                "missing_api_key",
                "Missing API key in the authorization header",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_list_broadcasts", json!({"limit": 3, "cursor": "c"}))
        .await;
    assert!(err.contains("missing_api_key"), "{err}");
    assert!(err.contains("RESEND_API_KEY"), "{err}");
}
