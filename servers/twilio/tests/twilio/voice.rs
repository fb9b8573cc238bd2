//! Calls and recordings: place a call (form with Twiml/Url, Method, Timeout, Record), list
//! with filters, get, end; list recordings of a call; Twilio's error bodies.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn make_call_posts_twilios_fields() {
    let s = setup().await;
    expect("POST", acct("/Calls.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("To", "+14155551212"),
            ("From", "+15017122661"),
            ("Url", "https://example.com/twiml"),
            ("Method", "GET"),
            ("StatusCallback", "https://example.com/done"),
            ("Timeout", "30"),
            ("Record", "true"),
        ])
        .respond(&s.fake, 201, call_json(CALL, "queued"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_make_call",
            json!({
                "to": "+14155551212",
                "from_": "+15017122661",
                "url": "https://example.com/twiml",
                "method": "get",
                "status_callback": "https://example.com/done",
                "timeout": 30,
                "record": true
            }),
        )
        .await;
    assert_eq!(v["sid"], CALL);
    assert_eq!(v["status"], "queued");
    assert!(v.get("from_formatted").is_none());
}

#[tokio::test]
async fn make_call_with_twiml() {
    let s = setup().await;
    expect("POST", acct("/Calls.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("To", "+14155551212"),
            ("From", "+15017122661"),
            ("Twiml", "<Response><Say>Hi</Say></Response>"),
        ])
        .respond(&s.fake, 201, call_json(CALL, "queued"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_make_call",
            json!({"to": "+14155551212", "from_": "+15017122661", "twiml": "<Response><Say>Hi</Say></Response>"}),
        )
        .await;
    assert_eq!(v["sid"], CALL);
}

#[tokio::test]
async fn make_call_needs_url_or_twiml_and_a_known_method() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "twilio_make_call",
            json!({"to": "+14155551212", "from_": "+15017122661"}),
        )
        .await;
    assert!(err.contains("`twiml`") && err.contains("`url`"), "{err}");
    let err = s
        .client
        .call_err(
            "twilio_make_call",
            json!({"to": "+1", "from_": "+2", "url": "https://x.io", "method": "PUT"}),
        )
        .await;
    assert!(err.contains("GET or POST"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn make_call_is_not_retried_after_a_gateway_error() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path(acct("/Calls.json")))
        .respond_with(ResponseTemplate::new(502))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "twilio_make_call",
            json!({"to": "+1", "from_": "+2", "twiml": "<Response/>"}),
        )
        .await;
    assert!(err.contains("502"), "{err}");
}

#[tokio::test]
async fn get_calls_filters_by_status_and_start_time() {
    let s = setup().await;
    expect("GET", acct("/Calls.json"))
        .header("authorization", &basic())
        .queries(&[
            ("To", "+14155551212"),
            ("From", "+15017122661"),
            ("Status", "no-answer"),
            ("StartTime>", "2024-01-01"),
            ("StartTime<", "2024-02-01"),
            ("PageSize", "10"),
        ])
        .respond(
            &s.fake,
            200,
            page("calls", vec![call_json(CALL, "no-answer")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_get_calls",
            json!({
                "limit": 10,
                "status": "no-answer",
                "from_": "+15017122661",
                "to": "+14155551212",
                "start_time_after": "2024-01-01",
                "start_time_before": "2024-02-01"
            }),
        )
        .await;
    assert_eq!(v["calls"][0]["sid"], CALL);
    assert_eq!(v["calls"][0]["duration"], "15");
    assert!(v.get("next_cursor").is_none());
}

#[tokio::test]
async fn get_calls_unknown_status_is_refused() {
    let s = setup().await;
    let err = s
        .client
        .call_err("twilio_get_calls", json!({"status": "hung-up"}))
        .await;
    assert!(err.contains("status"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_call_by_sid_contract() {
    let s = setup().await;
    expect("GET", acct(&format!("/Calls/{CALL}.json")))
        .header("authorization", &basic())
        .respond(&s.fake, 200, call_json(CALL, "completed"))
        .await;
    let v = s
        .client
        .call_ok("twilio_get_call_by_sid", json!({"call_sid": CALL}))
        .await;
    assert_eq!(v["status"], "completed");
    assert_eq!(v["price"], "-0.03000");
}

#[tokio::test]
async fn get_call_not_found() {
    let s = setup().await;
    expect("GET", acct(&format!("/Calls/{CALL}.json")))
        .respond(
            &s.fake,
            404,
            tw_error(404, 20404, "The requested resource was not found"),
        )
        .await;
    let err = s
        .client
        .call_err("twilio_get_call_by_sid", json!({"call_sid": CALL}))
        .await;
    assert!(
        err.contains("20404") && err.contains("check the SID"),
        "{err}"
    );
}

#[tokio::test]
async fn end_call_sets_status_completed() {
    let s = setup().await;
    expect("POST", acct(&format!("/Calls/{CALL}.json")))
        .header("authorization", &basic())
        .form_body(&[("Status", "completed")])
        .respond(&s.fake, 200, call_json(CALL, "completed"))
        .await;
    let v = s
        .client
        .call_ok("twilio_end_call", json!({"call_sid": CALL}))
        .await;
    assert_eq!(v["status"], "completed");
}

#[tokio::test]
async fn end_call_cancel_and_error() {
    let s = setup().await;
    expect("POST", acct(&format!("/Calls/{CALL}.json")))
        .form_body(&[("Status", "canceled")])
        .respond(
            &s.fake,
            400,
            tw_error(400, 21220, "Call is not in-progress. Cannot redirect."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_end_call",
            json!({"call_sid": CALL, "status": "canceled"}),
        )
        .await;
    assert!(err.contains("21220"), "{err}");
}

#[tokio::test]
async fn get_recordings_of_a_call() {
    let s = setup().await;
    let rec = "REaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    expect("GET", acct("/Recordings.json"))
        .header("authorization", &basic())
        .queries(&[
            ("CallSid", CALL),
            ("DateCreated>", "2016-10-01"),
            ("DateCreated<", "2016-10-31"),
            ("PageSize", "3"),
        ])
        .respond(
            &s.fake,
            200,
            page("recordings", vec![recording_json(rec)], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_get_recordings",
            json!({
                "limit": 3,
                "call_sid": CALL,
                "date_created_after": "2016-10-01",
                "date_created_before": "2016-10-31"
            }),
        )
        .await;
    assert_eq!(v["recordings"][0]["sid"], rec);
    assert_eq!(v["recordings"][0]["call_sid"], CALL);
    assert!(
        v["recordings"][0]["media_url"]
            .as_str()
            .unwrap()
            .ends_with(rec)
    );
}

#[tokio::test]
async fn get_recordings_error_and_bad_call_sid() {
    let s = setup().await;
    let err = s
        .client
        .call_err("twilio_get_recordings", json!({"call_sid": "CA1"}))
        .await;
    assert!(err.contains("`call_sid` must be a Twilio SID"), "{err}");
    expect("GET", acct("/Recordings.json"))
        .query("PageSize", "50")
        .respond(&s.fake, 403, tw_error(403, 20003, "Authenticate"))
        .await;
    let err = s.client.call_err("twilio_get_recordings", json!({})).await;
    assert!(err.contains("403") && err.contains("20003"), "{err}");
}
