//! Messages: send SMS/MMS (form bodies with Twilio's names, MediaUrl repeated, a messaging
//! service as sender, no retry after a possible send, a retry after 429), list with filters,
//! get, redact, delete; Twilio's error bodies.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn send_sms_posts_a_form_with_twilios_names() {
    let s = setup().await;
    expect("POST", acct("/Messages.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("To", "+14155552346"),
            ("From", "+14155552345"),
            ("Body", "Hello & welcome"),
            ("StatusCallback", "https://example.com/status"),
        ])
        .respond(&s.fake, 201, message_json(MSG, "queued"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_send_sms",
            json!({
                "to": "+14155552346",
                "from_": "+14155552345",
                "body": "Hello & welcome",
                "status_callback": "https://example.com/status"
            }),
        )
        .await;
    assert_eq!(v["sid"], MSG);
    assert_eq!(v["status"], "queued");
    assert_eq!(v["to"], "+14155552346");
    assert!(v.get("subresource_uris").is_none(), "{v}");
}

#[tokio::test]
async fn send_sms_from_a_messaging_service() {
    let s = setup().await;
    let mg = "MGeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
    expect("POST", acct("/Messages.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("To", "+14155552346"),
            ("MessagingServiceSid", mg),
            ("Body", "Hi"),
        ])
        .respond(&s.fake, 201, message_json(MSG, "accepted"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_send_sms",
            json!({"to": "+14155552346", "from_": mg, "body": "Hi"}),
        )
        .await;
    assert_eq!(v["status"], "accepted");
}

#[tokio::test]
async fn send_sms_invalid_number_names_the_code_and_more_info() {
    let s = setup().await;
    expect("POST", acct("/Messages.json"))
        .any_body()
        .respond(
            &s.fake,
            400,
            tw_error(
                400,
                21211,
                "The 'To' number 12 is not a valid phone number.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_send_sms",
            json!({"to": "12", "from_": "+14155552345", "body": "Hi"}),
        )
        .await;
    assert!(err.contains("400"), "{err}");
    assert!(err.contains("21211"), "{err}");
    assert!(err.contains("not a valid phone number"), "{err}");
    assert!(
        err.contains("https://www.twilio.com/docs/errors/21211"),
        "{err}"
    );
    assert!(err.contains("E.164"), "{err}");
}

#[tokio::test]
async fn send_sms_is_not_retried_after_a_gateway_error() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path(acct("/Messages.json")))
        .respond_with(ResponseTemplate::new(503).set_body_json(tw_error(
            503,
            20500,
            "Internal Server Error",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "twilio_send_sms",
            json!({"to": "+14155552346", "from_": "+14155552345", "body": "Hi"}),
        )
        .await;
    assert!(err.contains("503"), "{err}");
}

#[tokio::test]
async fn send_sms_is_retried_after_twilios_429() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path(acct("/Messages.json")))
        .respond_with(ResponseTemplate::new(429).set_body_json(tw_error(
            429,
            20429,
            "Too Many Requests",
        )))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    expect("POST", acct("/Messages.json"))
        .header("authorization", &basic())
        .form_body(&[("To", "+1415"), ("From", "+1416"), ("Body", "Hi")])
        .respond(&s.fake, 201, message_json(MSG, "queued"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_send_sms",
            json!({"to": "+1415", "from_": "+1416", "body": "Hi"}),
        )
        .await;
    assert_eq!(v["sid"], MSG);
}

#[tokio::test]
async fn send_mms_repeats_media_url() {
    let s = setup().await;
    expect("POST", acct("/Messages.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("To", "+14155552346"),
            ("From", "+14155552345"),
            ("Body", "Look"),
            ("MediaUrl", "https://example.com/a.png"),
            ("MediaUrl", "https://example.com/b.jpg"),
        ])
        .respond(
            &s.fake,
            201,
            message_json("MMffffffffffffffffffffffffffffffff", "queued"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_send_mms",
            json!({
                "to": "+14155552346",
                "from_": "+14155552345",
                "body": "Look",
                "media_url": ["https://example.com/a.png", "https://example.com/b.jpg"]
            }),
        )
        .await;
    assert_eq!(v["sid"], "MMffffffffffffffffffffffffffffffff");
}

#[tokio::test]
async fn send_mms_needs_media_or_body() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "twilio_send_mms",
            json!({"to": "+14155552346", "from_": "+14155552345", "media_url": []}),
        )
        .await;
    assert!(err.contains("media_url"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn send_mms_trial_account_error_explains() {
    let s = setup().await;
    expect("POST", acct("/Messages.json"))
        .any_body()
        .respond(
            &s.fake,
            400,
            tw_error(400, 21608, "The number +1415 is unverified."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_send_mms",
            json!({"to": "+1415", "from_": "+1416", "media_url": ["https://example.com/a.png"]}),
        )
        .await;
    assert!(err.contains("21608"), "{err}");
    assert!(err.contains("verified numbers"), "{err}");
}

#[tokio::test]
async fn get_messages_filters_and_returns_next_cursor() {
    let s = setup().await;
    let next = format!(
        "/2010-04-01/Accounts/{SID}/Messages.json?To=%2B14155552346&PageSize=5&Page=1&PageToken=PASMbbb"
    );
    expect("GET", acct("/Messages.json"))
        .header("authorization", &basic())
        .queries(&[
            ("To", "+14155552346"),
            ("From", "+14155552345"),
            ("DateSent>", "2024-05-01"),
            ("DateSent<", "2024-05-31T23:59:59Z"),
            ("PageSize", "5"),
        ])
        .respond(
            &s.fake,
            200,
            page(
                "messages",
                vec![message_json(MSG, "delivered")],
                Some(&next),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_get_messages",
            json!({
                "limit": 5,
                "to": "+14155552346",
                "from_": "+14155552345",
                "date_sent_after": "2024-05-01",
                "date_sent_before": "2024-05-31T23:59:59Z"
            }),
        )
        .await;
    assert_eq!(v["messages"][0]["sid"], MSG);
    assert_eq!(v["messages"][0]["status"], "delivered");
    assert_eq!(v["next_cursor"], next);
}

#[tokio::test]
async fn get_messages_default_page_and_last_page() {
    let s = setup().await;
    expect("GET", acct("/Messages.json"))
        .header("authorization", &basic())
        .query("PageSize", "20")
        .respond(&s.fake, 200, page("messages", vec![], None))
        .await;
    let v = s.client.call_ok("twilio_get_messages", json!({})).await;
    assert_eq!(v["messages"], json!([]));
    assert!(v.get("next_cursor").is_none(), "{v}");
}

#[tokio::test]
async fn get_messages_refuses_a_limit_over_1000() {
    let s = setup().await;
    let err = s
        .client
        .call_err("twilio_get_messages", json!({"limit": 5000}))
        .await;
    assert!(err.contains("1 to 1000"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_message_by_sid_contract() {
    let s = setup().await;
    expect("GET", acct(&format!("/Messages/{MSG}.json")))
        .header("authorization", &basic())
        .respond(&s.fake, 200, message_json(MSG, "delivered"))
        .await;
    let v = s
        .client
        .call_ok("twilio_get_message_by_sid", json!({"message_sid": MSG}))
        .await;
    assert_eq!(v["sid"], MSG);
    assert_eq!(v["body"], "Hello there");
    assert_eq!(v["num_segments"], "1");
}

#[tokio::test]
async fn get_message_not_found_and_bad_sid() {
    let s = setup().await;
    expect("GET", acct(&format!("/Messages/{MSG}.json")))
        .respond(
            &s.fake,
            404,
            tw_error(404, 20404, "The requested resource was not found"),
        )
        .await;
    let err = s
        .client
        .call_err("twilio_get_message_by_sid", json!({"message_sid": MSG}))
        .await;
    assert!(err.contains("404") && err.contains("20404"), "{err}");
    let err = s
        .client
        .call_err(
            "twilio_get_message_by_sid",
            json!({"message_sid": "../Calls"}),
        )
        .await;
    assert!(err.contains("`message_sid` must be a Twilio SID"), "{err}");
}

#[tokio::test]
async fn redact_message_posts_an_empty_body() {
    let s = setup().await;
    let mut redacted = message_json(MSG, "delivered");
    redacted["body"] = json!("");
    expect("POST", acct(&format!("/Messages/{MSG}.json")))
        .header("authorization", &basic())
        .form_body(&[("Body", "")])
        .respond(&s.fake, 200, redacted)
        .await;
    let v = s
        .client
        .call_ok("twilio_redact_message", json!({"message_sid": MSG}))
        .await;
    assert_eq!(v["body"], "");
    assert_eq!(v["sid"], MSG);
}

#[tokio::test]
async fn redact_message_error() {
    let s = setup().await;
    expect("POST", acct(&format!("/Messages/{MSG}.json")))
        .any_body()
        .respond(
            &s.fake,
            400,
            tw_error(
                400,
                20009,
                "Cannot redact a message that is still being delivered",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("twilio_redact_message", json!({"message_sid": MSG}))
        .await;
    assert!(
        err.contains("20009") && err.contains("still being delivered"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_message_contract() {
    let s = setup().await;
    expect("DELETE", acct(&format!("/Messages/{MSG}.json")))
        .header("authorization", &basic())
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("twilio_delete_message", json!({"message_sid": MSG}))
        .await;
    assert_eq!(v, json!({"deleted": true, "sid": MSG}));
}

#[tokio::test]
async fn delete_message_not_found() {
    let s = setup().await;
    expect("DELETE", acct(&format!("/Messages/{MSG}.json")))
        .respond(
            &s.fake,
            404,
            tw_error(404, 20404, "The requested resource was not found"),
        )
        .await;
    let err = s
        .client
        .call_err("twilio_delete_message", json!({"message_sid": MSG}))
        .await;
    assert!(err.contains("20404"), "{err}");
}
