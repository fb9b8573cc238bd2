use crate::{PHONE, graph_error, req, setup};
use serde_json::json;

const WAMID: &str = "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUYzMjEzNDM2RTZGQ0MzMDJBRgA=";

fn accepted() -> serde_json::Value {
    json!({"messaging_product": "whatsapp",
           "contacts": [{"input": "48123456789", "wa_id": "48123456789 "}],
           "messages": [{"id": WAMID, "message_status": "accepted"}]})
}

#[tokio::test]
async fn send_text_contract() {
    let s = setup().await;
    req("POST", "messages")
        .json_body(json!({"messaging_product": "whatsapp", "recipient_type": "individual", "to": "48123456789",
                          "type": "text", "text": {"body": "Please visit https://youtu.be/hpltvTEiRrY.", "preview_url": true},
                          "context": {"message_id": "wamid.PREV"}}))
        .respond(&s.fake, 200, accepted())
        .await;
    let v = s
        .client
        .call_ok(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+48123456789", "text": "Please visit https://youtu.be/hpltvTEiRrY.",
                   "preview_url": true, "reply_to_message_id": "wamid.PREV"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"message_id": WAMID, "message_status": "accepted", "wa_id": "48123456789"})
    );
}

#[tokio::test]
async fn send_text_outside_the_24_hour_window_names_the_template_tool() {
    let s = setup().await;
    req("POST", "messages")
        .any_body()
        .respond(
            &s.fake,
            400,
            graph_error(131047, "Re-engagement message",
                "Message failed to send because more than 24 hours have passed since the customer last replied to this number."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+48123456789", "text": "Hi again"}),
        )
        .await;
    assert!(err.contains("131047"), "{err}");
    assert!(err.contains("Re-engagement message"), "{err}");
    assert!(err.contains("more than 24 hours have passed"), "{err}");
    assert!(err.contains("within 24 hours"), "{err}");
    assert!(err.contains("whatsapp_send_template"), "{err}");
    // Sent once: a send is never retried.
    assert_eq!(s.fake.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn send_text_undeliverable_explains_why() {
    let s = setup().await;
    req("POST", "messages")
        .any_body()
        .respond(
            &s.fake,
            400,
            graph_error(
                131026,
                "Message undeliverable",
                "Unable to deliver message.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+48123456789", "text": "Hi"}),
        )
        .await;
    assert!(
        err.contains("131026") && err.contains("not be on WhatsApp"),
        "{err}"
    );
    assert!(
        err.contains("24 hours") && err.contains("whatsapp_send_template"),
        "{err}"
    );
}

#[tokio::test]
async fn send_text_bad_arguments() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": "+1 555 0100", "to": "+48123456789", "text": "Hi"}),
        )
        .await;
    assert!(err.contains("numeric id"), "{err}");
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "john", "text": "Hi"}),
        )
        .await;
    assert!(err.contains("country code"), "{err}");
    let err = s
        .client
        .call_err(
            "whatsapp_send_text",
            json!({"phone_number_id": PHONE, "to": "+48123456789", "text": "é".repeat(4097)}),
        )
        .await;
    assert!(err.contains("4097 characters"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn send_template_with_body_parameters() {
    let s = setup().await;
    req("POST", "messages")
        .json_body(json!({"messaging_product": "whatsapp", "recipient_type": "individual", "to": "16505551234",
                          "type": "template",
                          "template": {"name": "order_confirmation", "language": {"policy": "deterministic", "code": "en_US"},
                                       "components": [{"type": "body", "parameters": [
                                           {"type": "text", "text": "Ada"}, {"type": "text", "text": "#1234"}]}]}}))
        .respond(&s.fake, 200, accepted())
        .await;
    let v = s
        .client
        .call_ok(
            "whatsapp_send_template",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "template_name": "order_confirmation",
                   "language_code": "en_US", "body_parameters": ["Ada", "#1234"]}),
        )
        .await;
    assert_eq!(v["message_id"], WAMID);
}

#[tokio::test]
async fn send_template_with_components_and_without() {
    let s = setup().await;
    let components = json!([
        {"type": "header", "parameters": [{"type": "image", "image": {"link": "https://example.com/header.jpg"}}]},
        {"type": "button", "sub_type": "quick_reply", "index": "0", "parameters": [{"type": "payload", "payload": "ORDER_DETAILS"}]}
    ]);
    req("POST", "messages")
        .json_body(json!({"messaging_product": "whatsapp", "recipient_type": "individual", "to": "16505551234",
                          "type": "template",
                          "template": {"name": "promo", "language": {"policy": "deterministic", "code": "de"},
                                       "components": components}}))
        .respond(&s.fake, 200, accepted())
        .await;
    s.client
        .call_ok(
            "whatsapp_send_template",
            json!({"phone_number_id": PHONE, "to": "16505551234", "template_name": "promo",
                   "language_code": "de", "components": components}),
        )
        .await;
    req("POST", "messages")
        .json_body(json!({"messaging_product": "whatsapp", "recipient_type": "individual", "to": "16505551234",
                          "type": "template",
                          "template": {"name": "hello_world", "language": {"policy": "deterministic", "code": "en_US"}}}))
        .respond(&s.fake, 200, accepted())
        .await;
    s.client
        .call_ok(
            "whatsapp_send_template",
            json!({"phone_number_id": PHONE, "to": "16505551234", "template_name": "hello_world", "language_code": "en_US"}),
        )
        .await;
}

#[tokio::test]
async fn send_template_unknown_template_and_bad_arguments() {
    let s = setup().await;
    req("POST", "messages")
        .any_body()
        .respond(
            &s.fake,
            404,
            graph_error(
                132001,
                "Template name does not exist in the translation",
                "template name (order_confirm) does not exist in en_US",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_send_template",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "template_name": "order_confirm", "language_code": "en_US"}),
        )
        .await;
    assert!(
        err.contains("132001") && err.contains("does not exist in en_US"),
        "{err}"
    );
    assert!(err.contains("Message templates"), "{err}");
    let err = s
        .client
        .call_err(
            "whatsapp_send_template",
            json!({"phone_number_id": PHONE, "to": "+16505551234", "template_name": "t", "language_code": "en",
                   "body_parameters": ["a"], "components": [{"type": "body"}]}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
}

#[tokio::test]
async fn mark_message_read_contract() {
    let s = setup().await;
    req("POST", "messages")
        .json_body(
            json!({"messaging_product": "whatsapp", "status": "read", "message_id": WAMID,
                          "typing_indicator": {"type": "text"}}),
        )
        .respond(&s.fake, 200, json!({"success": true}))
        .await;
    let v = s
        .client
        .call_ok(
            "whatsapp_mark_message_read",
            json!({"phone_number_id": PHONE, "message_id": WAMID, "typing_indicator": true}),
        )
        .await;
    assert_eq!(v, json!({"success": true}));
}

#[tokio::test]
async fn mark_message_read_unknown_message() {
    let s = setup().await;
    req("POST", "messages")
        .json_body(
            json!({"messaging_product": "whatsapp", "status": "read", "message_id": "wamid.NOPE"}),
        )
        .respond(
            &s.fake,
            400,
            graph_error(100, "Invalid parameter", "Invalid message_id"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_mark_message_read",
            json!({"phone_number_id": PHONE, "message_id": "wamid.NOPE"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid message_id"),
        "{err}"
    );
}

#[tokio::test]
async fn message_status_contract() {
    let s = setup().await;
    req("GET", "message_history")
        .queries(&[
            ("message_id", WAMID),
            ("fields", "id,message_id,events{delivery_status,timestamp,error_description}"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"data": [{"id": "1234567890123456", "message_id": WAMID, "events": {"data": [
                {"id": "4567890123456789", "delivery_status": "READ", "timestamp": 1640995320, "webhook_update_state": "DELIVERED"},
                {"id": "2345678901234567", "delivery_status": "SENT", "timestamp": 1640995200, "webhook_update_state": "DELIVERED"},
                {"id": "3456789012345678", "delivery_status": "DELIVERED", "timestamp": 1640995260, "webhook_update_state": "DELIVERED"}]}}],
                   "paging": {"cursors": {"after": "MTAxNTExOTQ1MjAwNzI5NDE=", "before": "MAZDZD"}}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "whatsapp_get_message_status",
            json!({"phone_number_id": PHONE, "message_id": WAMID}),
        )
        .await;
    assert_eq!(
        v,
        json!({"message_id": WAMID, "status": "READ", "events": [
            {"status": "SENT", "timestamp": 1640995200},
            {"status": "DELIVERED", "timestamp": 1640995260},
            {"status": "READ", "timestamp": 1640995320}]})
    );
}

#[tokio::test]
async fn message_status_unknown_message_and_no_access() {
    let s = setup().await;
    req("GET", "message_history")
        .queries(&[
            ("message_id", "wamid.NOPE"),
            (
                "fields",
                "id,message_id,events{delivery_status,timestamp,error_description}",
            ),
        ])
        .respond(&s.fake, 200, json!({"data": []}))
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_get_message_status",
            json!({"phone_number_id": PHONE, "message_id": "wamid.NOPE"}),
        )
        .await;
    assert!(err.contains("no message history for wamid.NOPE"), "{err}");

    req("GET", "message_history")
        .queries(&[
            ("message_id", WAMID),
            ("fields", "id,message_id,events{delivery_status,timestamp,error_description}"),
        ])
        .respond(
            &s.fake,
            403,
            json!({"error": {"message": "Your app doesn't have permission to access message history for this phone number",
                             "type": "OAuthException", "code": 200, "error_subcode": 1349174, "fbtrace_id": "AXsg",
                             "error_user_title": "Permission Denied",
                             "error_user_msg": "Your app doesn't have permission to access this resource"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "whatsapp_get_message_status",
            json!({"phone_number_id": PHONE, "message_id": WAMID}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("200 (subcode 1349174)"),
        "{err}"
    );
    assert!(
        err.contains("permission to access message history"),
        "{err}"
    );
}
