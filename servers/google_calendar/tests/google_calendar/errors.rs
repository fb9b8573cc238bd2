//! Google's error model through the tools: a rate-limited 403 retried until it succeeds,
//! persistent limits reported, missing scopes named, missing credentials explained.

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_vendor_google::testkit::{
    assert_calls_need_credentials, fail_then_succeed, rate_limit_403,
};
use serde_json::json;

use crate::common::{google_error, mock_no_body, setup, v3};

const LIST_QUERY: [(&str, &str); 2] = [
    ("maxResults", "10"),
    (
        "fields",
        "nextPageToken,items(id,summary,summaryOverride,description,timeZone,primary,accessRole,hidden,deleted)",
    ),
];

fn rate_limited() -> serde_json::Value {
    rate_limit_403("rateLimitExceeded", "Rate Limit Exceeded")
}

#[tokio::test]
async fn rate_limit_exceeded_403_is_retried_then_succeeds() {
    let s = setup().await;
    fail_then_succeed(
        &s.fake,
        || mock_no_body("GET", &v3("/users/me/calendarList"), &LIST_QUERY),
        ResponseTemplate::new(403).set_body_json(rate_limited()),
        2,
        ResponseTemplate::new(200).set_body_json(
            json!({"items": [{"id": "ann@example.com", "summary": "Ann", "primary": true, "accessRole": "owner"}]}),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok("google_calendar_list_calendars", json!({}))
        .await;
    assert_eq!(v["calendars"][0]["id"], "ann@example.com");
}

#[tokio::test]
async fn a_create_is_retried_after_a_rate_limit_too() {
    // A rate-limited request was not processed, so even a create is safe to repeat.
    let s = setup().await;
    let q = [
        ("sendUpdates", "all"),
        ("fields", crate::common::EVENT_FIELDS),
    ];
    fail_then_succeed(
        &s.fake,
        || crate::common::mock("POST", &v3("/calendars/primary/events"), &q),
        ResponseTemplate::new(403).set_body_json(rate_limit_403(
            "userRateLimitExceeded",
            "User Rate Limit Exceeded",
        )),
        1,
        ResponseTemplate::new(200).set_body_json(
            json!({"id": "e1", "summary": "x", "start": {"date": "2025-06-03"}, "end": {"date": "2025-06-04"}}),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_create_event",
            json!({"summary": "x", "start_datetime": "2025-06-03", "end_datetime": "2025-06-04"}),
        )
        .await;
    assert_eq!(v["id"], "e1");
}

#[tokio::test]
async fn persistent_rate_limit_is_reported_after_three_attempts() {
    let s = setup().await;
    mock_no_body("GET", &v3("/users/me/calendarList"), &LIST_QUERY)
        .respond_with(ResponseTemplate::new(403).set_body_json(rate_limited()))
        .expect(3)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("google_calendar_list_calendars", json!({}))
        .await;
    assert!(
        err.contains("403") && err.contains("rateLimitExceeded"),
        "{err}"
    );
    assert!(err.contains("rate limited by Google Calendar"), "{err}");
}

#[tokio::test]
async fn insufficient_permissions_name_the_scope() {
    let s = setup().await;
    mock_no_body("GET", &v3("/users/me/calendarList"), &LIST_QUERY)
        .respond_with(crate::common::insufficient_scope(
            "https://www.googleapis.com/auth/calendar.readonly",
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("google_calendar_list_calendars", json!({}))
        .await;
    assert!(err.contains("insufficientPermissions"), "{err}");
    assert!(
        err.contains("lacks the OAuth scope") && err.contains("auth/calendar.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn other_403_is_not_retried() {
    let s = setup().await;
    mock_no_body("GET", &v3("/users/me/calendarList"), &LIST_QUERY)
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "PERMISSION_DENIED",
            "forbidden",
            "Forbidden",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("google_calendar_list_calendars", json!({}))
        .await;
    assert!(
        err.contains("403") && err.contains("no permission"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let s = setup().await;
    let call = ("google_calendar_list_calendars", json!({}));
    assert_calls_need_credentials(&s.server, &[call], &[&s.fake]).await;
}
