use crate::{EVENT, ME, ORG, calendly_error, expect_me, req, setup};
use serde_json::{Value, json};

fn event(uuid: &str, status: &str) -> Value {
    json!({
        "uri": format!("https://api.calendly.com/scheduled_events/{uuid}"),
        "name": "15 Minute Meeting",
        "meeting_notes_plain": "Internal meeting notes",
        "meeting_notes_html": "<p>Internal meeting notes</p>",
        "status": status,
        "start_time": "2019-08-24T14:15:22.123456Z",
        "end_time": "2019-08-24T14:30:22.123456Z",
        "event_type": "https://api.calendly.com/event_types/GBGBDCAADAEDCRZ2",
        "location": {"type": "physical", "location": "Calendly Office"},
        "invitees_counter": {"total": 1, "active": 1, "limit": 1},
        "created_at": "2019-01-02T03:04:05.678123Z",
        "updated_at": "2019-01-02T03:04:05.678123Z",
        "event_memberships": [{"user": ME, "user_email": "user@example.com", "user_name": "John Smith"}],
        "event_guests": [{"email": "janedoe@calendly.com", "created_at": "2022-04-21T17:10:48.484945Z", "updated_at": "2022-04-21T17:11:01.758636Z"}]
    })
}

fn page(items: Vec<Value>, next: Option<&str>) -> Value {
    json!({"collection": items, "pagination": {
        "count": 1,
        "next_page": next.map(|t| format!("https://api.calendly.com/scheduled_events?count=1&page_token={t}")),
        "previous_page": null,
        "next_page_token": next,
        "previous_page_token": null
    }})
}

#[tokio::test]
async fn list_events_of_the_token_user() {
    let s = setup().await;
    expect_me(&s).await;
    req("GET", "/scheduled_events")
        .query("user", ME)
        .query("status", "active")
        .query("count", "5")
        .respond(
            &s.fake,
            200,
            page(
                vec![event(EVENT, "active")],
                Some("sNjq4TvMDfUHEl7zHRR0k0E1PCEJWvdi"),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_list_events",
            json!({"status": "active", "count": 5}),
        )
        .await;
    let e = &v["items"][0];
    assert_eq!(e["uuid"], EVENT);
    assert_eq!(e["hosts"][0]["email"], "user@example.com");
    assert_eq!(e["guests"][0]["email"], "janedoe@calendly.com");
    assert_eq!(e["location"]["location"], "Calendly Office");
    assert!(e.get("meeting_notes_html").is_none());
    assert_eq!(v["next_cursor"], "sNjq4TvMDfUHEl7zHRR0k0E1PCEJWvdi");
}

#[tokio::test]
async fn list_events_of_an_organization_with_filters() {
    let s = setup().await;
    req("GET", "/scheduled_events")
        .query("organization", ORG)
        .query("invitee_email", "alice@example.com")
        .query("min_start_time", "2026-05-01T00:00:00Z")
        .query("max_start_time", "2026-06-01T00:00:00Z")
        .query("sort", "start_time:desc")
        .query("count", "20")
        .query("page_token", "tok1")
        .respond(&s.fake, 200, page(vec![event(EVENT, "canceled")], None))
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_list_events",
            json!({"organization": ORG, "invitee_email": "alice@example.com",
                   "min_start_time": "2026-05-01T00:00:00Z", "max_start_time": "2026-06-01T00:00:00Z",
                   "sort": "start_time:desc", "cursor": "tok1"}),
        )
        .await;
    assert_eq!(v["items"][0]["status"], "canceled");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_events_errors() {
    let s = setup().await;
    let user = "https://api.calendly.com/users/ZZZZ";
    req("GET", "/scheduled_events")
        .query("user", user)
        .query("count", "20")
        .respond(
            &s.fake,
            403,
            calendly_error(
                "Permission Denied",
                "This user is not in your organization",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("calendly_list_events", json!({"user": user}))
        .await;
    assert!(err.contains("not in your organization"), "{err}");
    let err = s
        .client
        .call_err("calendly_list_events", json!({"count": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err("calendly_list_events", json!({"status": "done"}))
        .await;
    assert!(err.contains("status") || err.contains("done"), "{err}");
}

#[tokio::test]
async fn get_event_details_by_uuid_or_uri() {
    let s = setup().await;
    req("GET", &format!("/scheduled_events/{EVENT}"))
        .times(2)
        .respond(&s.fake, 200, json!({"resource": event(EVENT, "active")}))
        .await;
    let v = s
        .client
        .call_ok("calendly_get_event_details", json!({"event_uuid": EVENT}))
        .await;
    assert_eq!(v["name"], "15 Minute Meeting");
    assert_eq!(v["invitees_counter"]["total"], 1);
    let uri = format!("https://api.calendly.com/scheduled_events/{EVENT}");
    let v = s
        .client
        .call_ok("calendly_get_event_details", json!({"event_uuid": uri}))
        .await;
    assert_eq!(v["uuid"], EVENT);
}

#[tokio::test]
async fn get_event_details_not_found() {
    let s = setup().await;
    req("GET", "/scheduled_events/NOPE")
        .respond(
            &s.fake,
            404,
            calendly_error(
                "Resource Not Found",
                "The server could not find the requested resource.",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("calendly_get_event_details", json!({"event_uuid": "NOPE"}))
        .await;
    assert!(
        err.contains("could not find the requested resource"),
        "{err}"
    );
    assert!(err.contains("Resource Not Found"), "{err}");
    let err = s
        .client
        .call_err("calendly_get_event_details", json!({"event_uuid": " "}))
        .await;
    assert!(err.contains("event_uuid"), "{err}");
}

fn event_type(slug: &str) -> Value {
    json!({
        "uri": format!("https://api.calendly.com/event_types/{slug}-uuid"),
        "name": "15 Minute Meeting",
        "active": true,
        "booking_method": "instant",
        "slug": slug,
        "scheduling_url": format!("https://calendly.com/acmesales/{slug}"),
        "duration": 15,
        "duration_options": [15],
        "kind": "solo",
        "pooling_type": null,
        "type": "StandardEventType",
        "color": "#fff200",
        "created_at": "2019-01-02T03:04:05.678123Z",
        "updated_at": "2019-08-07T06:05:04.321123Z",
        "internal_note": "Internal note",
        "description_plain": "15 Minute Meeting",
        "description_html": "<p>15 Minute Meeting</p>",
        "profile": {"type": "User", "name": "Tamara Jones", "owner": ME},
        "secret": false,
        "deleted_at": null,
        "admin_managed": false,
        "locations": null,
        "position": 0,
        "custom_questions": []
    })
}

#[tokio::test]
async fn list_active_event_types_of_the_token_user() {
    let s = setup().await;
    expect_me(&s).await;
    req("GET", "/event_types")
        .query("user", ME)
        .query("active", "true")
        .query("count", "20")
        .respond(
            &s.fake,
            200,
            json!({"collection": [event_type("15min")], "pagination": {"count": 1, "next_page": null, "previous_page": null, "next_page_token": null, "previous_page_token": null}}),
        )
        .await;
    let v = s
        .client
        .call_ok("calendly_list_event_types", json!({}))
        .await;
    let t = &v["items"][0];
    assert_eq!(t["uuid"], "15min-uuid");
    assert_eq!(t["duration"], 15);
    assert_eq!(t["owner"], "Tamara Jones");
    assert!(t.get("description_html").is_none());
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_inactive_event_types_of_an_organization_and_error() {
    let s = setup().await;
    req("GET", "/event_types")
        .query("organization", ORG)
        .query("active", "false")
        .query("sort", "name:asc")
        .query("count", "3")
        .respond(
            &s.fake,
            400,
            calendly_error(
                "Invalid Argument",
                "The supplied parameters are invalid.",
                json!([{"parameter": "sort", "message": "is not a valid sort field"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "calendly_list_event_types",
            json!({"organization": ORG, "active": false, "sort": "name:asc", "count": 3}),
        )
        .await;
    assert!(err.contains("sort: is not a valid sort field"), "{err}");
}

fn invitee() -> Value {
    json!({
        "uri": format!("https://api.calendly.com/scheduled_events/{EVENT}/invitees/AAAAAAAAAAAAAAAA"),
        "email": "test@example.com",
        "first_name": "John",
        "last_name": "Doe",
        "name": "John Doe",
        "status": "active",
        "questions_and_answers": [{"question": "Skype ID", "answer": "fakeSkypeID", "position": 0}],
        "timezone": "America/New_York",
        "event": format!("https://api.calendly.com/scheduled_events/{EVENT}"),
        "created_at": "2019-01-02T03:04:05.678123Z",
        "updated_at": "2019-08-07T06:05:04.321123Z",
        "tracking": {"utm_campaign": null, "utm_source": null, "utm_medium": null, "utm_content": null, "utm_term": null, "salesforce_uuid": null},
        "text_reminder_number": "+1 404-555-1234",
        "rescheduled": false,
        "old_invitee": null,
        "new_invitee": null,
        "cancel_url": "https://calendly.com/cancellations/AAAAAAAAAAAAAAAA",
        "reschedule_url": "https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA",
        "routing_form_submission": null,
        "payment": null,
        "no_show": null,
        "reconfirmation": null,
        "scheduling_method": null,
        "invitee_scheduled_by": null
    })
}

#[tokio::test]
async fn list_event_invitees_with_filters() {
    let s = setup().await;
    req("GET", &format!("/scheduled_events/{EVENT}/invitees"))
        .query("status", "active")
        .query("email", "test@example.com")
        .query("count", "50")
        .respond(&s.fake, 200, page(vec![invitee()], Some("next1")))
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_list_event_invitees",
            json!({"event_uuid": EVENT, "status": "active", "email": "test@example.com", "count": 50}),
        )
        .await;
    let i = &v["items"][0];
    assert_eq!(i["email"], "test@example.com");
    assert_eq!(i["questions_and_answers"][0]["answer"], "fakeSkypeID");
    assert_eq!(
        i["reschedule_url"],
        "https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA"
    );
    assert!(i.get("tracking").is_none());
    assert_eq!(v["next_cursor"], "next1");
}

#[tokio::test]
async fn list_event_invitees_next_page_and_error() {
    let s = setup().await;
    req("GET", &format!("/scheduled_events/{EVENT}/invitees"))
        .query("sort", "created_at:desc")
        .query("count", "20")
        .query("page_token", "next1")
        .respond(
            &s.fake,
            404,
            calendly_error(
                "Resource Not Found",
                "The server could not find the requested resource.",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "calendly_list_event_invitees",
            json!({"event_uuid": EVENT, "sort": "created_at:desc", "cursor": "next1"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    let err = s
        .client
        .call_err("calendly_list_event_invitees", json!({}))
        .await;
    assert!(err.contains("event_uuid"), "{err}");
}

#[tokio::test]
async fn cancel_event_with_reason() {
    let s = setup().await;
    req("POST", &format!("/scheduled_events/{EVENT}/cancellation"))
        .json_body(json!({"reason": "Host is sick"}))
        .respond(
            &s.fake,
            201,
            json!({"resource": {"canceled_by": "John Doe", "reason": "Host is sick", "canceler_type": "host", "created_at": "2019-01-02T03:04:05.678123Z"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_cancel_event",
            json!({"event_uuid": EVENT, "reason": "Host is sick"}),
        )
        .await;
    assert_eq!(v["canceled"], true);
    assert_eq!(v["canceler_type"], "host");
    assert_eq!(v["event_uuid"], EVENT);
}

#[tokio::test]
async fn cancel_event_already_canceled() {
    let s = setup().await;
    req("POST", &format!("/scheduled_events/{EVENT}/cancellation"))
        .json_body(json!({}))
        .respond(
            &s.fake,
            403,
            calendly_error(
                "Permission Denied",
                "Event in the past can not be canceled",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("calendly_cancel_event", json!({"event_uuid": EVENT}))
        .await;
    assert!(err.contains("can not be canceled"), "{err}");
    let long = "x".repeat(10_001);
    let err = s
        .client
        .call_err(
            "calendly_cancel_event",
            json!({"event_uuid": EVENT, "reason": long}),
        )
        .await;
    assert!(err.contains("10,000"), "{err}");
}

#[tokio::test]
async fn available_times_of_an_event_type() {
    let s = setup().await;
    let et = "https://api.calendly.com/event_types/15min-uuid";
    req("GET", "/event_type_available_times")
        .query("event_type", et)
        .query("start_time", "2026-05-01T00:00:00Z")
        .query("end_time", "2026-05-07T00:00:00Z")
        .times(2)
        .respond(
            &s.fake,
            200,
            json!({"collection": [{"status": "available", "invitees_remaining": 2, "start_time": "2026-05-01T15:00:00.000000Z", "scheduling_url": "https://calendly.com/acmesales/15min/2026-05-01T15:00:00Z?month=2026-05&date=2026-05-01"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_list_available_times",
            json!({"event_type": et, "start_time": "2026-05-01T00:00:00Z", "end_time": "2026-05-07T00:00:00Z"}),
        )
        .await;
    assert_eq!(v["items"][0]["start_time"], "2026-05-01T15:00:00.000000Z");
    assert_eq!(v["items"][0]["invitees_remaining"], 2);
    // The UUID alone names the same event type.
    let v = s
        .client
        .call_ok(
            "calendly_list_available_times",
            json!({"event_type": "15min-uuid", "start_time": "2026-05-01T00:00:00Z", "end_time": "2026-05-07T00:00:00Z"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn available_times_range_too_long() {
    let s = setup().await;
    let et = "https://api.calendly.com/event_types/15min-uuid";
    req("GET", "/event_type_available_times")
        .query("event_type", et)
        .query("start_time", "2026-05-01T00:00:00Z")
        .query("end_time", "2026-06-01T00:00:00Z")
        .respond(
            &s.fake,
            400,
            calendly_error(
                "Invalid Argument",
                "The supplied parameters are invalid.",
                json!([{"parameter": "end_time", "message": "date range can be no greater than 1 week (7 days)"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "calendly_list_available_times",
            json!({"event_type": et, "start_time": "2026-05-01T00:00:00Z", "end_time": "2026-06-01T00:00:00Z"}),
        )
        .await;
    assert!(err.contains("end_time: date range"), "{err}");
}

#[tokio::test]
async fn mark_invitee_no_show() {
    let s = setup().await;
    let inv =
        format!("https://api.calendly.com/scheduled_events/{EVENT}/invitees/AAAAAAAAAAAAAAAA");
    req("POST", "/invitee_no_shows")
        .json_body(json!({"invitee": inv}))
        .respond(
            &s.fake,
            201,
            json!({"resource": {"uri": "https://api.calendly.com/invitee_no_shows/NS1", "invitee": inv, "created_at": "2019-01-02T03:04:05.678123Z"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("calendly_mark_no_show", json!({"invitee_uri": inv}))
        .await;
    assert_eq!(v["uri"], "https://api.calendly.com/invitee_no_shows/NS1");
    assert_eq!(v["invitee"], inv);
}

#[tokio::test]
async fn mark_no_show_errors() {
    let s = setup().await;
    let inv = format!("https://api.calendly.com/scheduled_events/{EVENT}/invitees/FUTURE");
    req("POST", "/invitee_no_shows")
        .json_body(json!({"invitee": inv}))
        .respond(
            &s.fake,
            400,
            calendly_error(
                "Invalid Argument",
                "The supplied parameters are invalid.",
                json!([{"parameter": "invitee", "message": "event has not started yet"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("calendly_mark_no_show", json!({"invitee_uri": inv}))
        .await;
    assert!(err.contains("invitee: event has not started yet"), "{err}");
    let err = s
        .client
        .call_err(
            "calendly_mark_no_show",
            json!({"invitee_uri": "AAAAAAAAAAAAAAAA"}),
        )
        .await;
    assert!(err.contains("invitee's URI"), "{err}");
}
