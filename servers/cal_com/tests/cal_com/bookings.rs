use crate::{cal_error, ok, req, setup};
use serde_json::{Value, json};

const V: &str = "2024-08-13";

fn booking(uid: &str, status: &str) -> Value {
    json!({
        "id": 123,
        "uid": uid,
        "title": "Consultation between Jane Doe and John Doe",
        "description": "Learn how to integrate scheduling into marketplace.",
        "hosts": [{"id": 1, "name": "Jane Doe", "email": "jane100@example.com", "displayEmail": "jane100@example.com", "username": "jane100", "timeZone": "America/Los_Angeles"}],
        "status": status,
        "start": "2026-05-01T09:00:00.000Z",
        "end": "2026-05-01T09:30:00.000Z",
        "duration": 30,
        "eventTypeId": 50,
        "eventType": {"id": 50, "slug": "30min"},
        "meetingUrl": "https://app.cal.com/video/abc",
        "location": "https://app.cal.com/video/abc",
        "absentHost": false,
        "createdAt": "2026-04-20T15:30:00.000Z",
        "updatedAt": "2026-04-20T15:30:00.000Z",
        "metadata": {},
        "icsUid": "ics_uid_123",
        "attendees": [{"name": "John Doe", "email": "john@example.com", "displayEmail": "john@example.com", "timeZone": "America/New_York", "language": "en", "absent": false}],
        "guests": ["guest1@example.com"],
        "bookingFieldsResponses": {"name": "John Doe", "email": "john@example.com"}
    })
}

#[tokio::test]
async fn list_bookings_with_filters_and_pages() {
    let s = setup().await;
    req("GET", "/bookings", V)
        .query("status", "upcoming,unconfirmed")
        .query("attendeeEmail", "john@example.com")
        .query("eventTypeId", "50")
        .query("afterStart", "2026-05-01T00:00:00Z")
        .query("sortStart", "asc")
        .query("take", "2")
        .query("skip", "4")
        .respond(
            &s.fake,
            200,
            json!({
                "status": "success",
                "data": [booking("b1", "accepted"), booking("b2", "pending")],
                "pagination": {"totalItems": 9, "remainingItems": 3, "returnedItems": 2, "itemsPerPage": 2, "currentPage": 3, "totalPages": 5, "hasNextPage": true, "hasPreviousPage": true}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "cal_list_bookings",
            json!({"status": ["upcoming", "unconfirmed"], "attendee_email": "john@example.com",
                   "event_type_id": 50, "after_start": "2026-05-01T00:00:00Z", "sort_start": "asc",
                   "limit": 2, "cursor": "4"}),
        )
        .await;
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["uid"], "b1");
    assert_eq!(items[0]["event_type_id"], 50);
    assert_eq!(items[0]["attendees"][0]["email"], "john@example.com");
    assert_eq!(items[1]["status"], "pending");
    assert_eq!(v["next_cursor"], "6");
}

#[tokio::test]
async fn list_bookings_last_page_and_bad_limit() {
    let s = setup().await;
    req("GET", "/bookings", V)
        .query("take", "25")
        .query("skip", "0")
        .respond(
            &s.fake,
            200,
            json!({
                "status": "success",
                "data": [booking("b1", "accepted")],
                "pagination": {"totalItems": 1, "remainingItems": 0, "returnedItems": 1, "itemsPerPage": 25, "currentPage": 1, "totalPages": 1, "hasNextPage": false, "hasPreviousPage": false}
            }),
        )
        .await;
    let v = s.client.call_ok("cal_list_bookings", json!({})).await;
    assert_eq!(v["next_cursor"], Value::Null);
    assert_eq!(v["items"][0]["hosts"][0]["username"], "jane100");
    let err = s
        .client
        .call_err("cal_list_bookings", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err("cal_list_bookings", json!({"status": ["done"]}))
        .await;
    assert!(err.contains("status") || err.contains("done"), "{err}");
}

#[tokio::test]
async fn get_booking_single_and_recurring() {
    let s = setup().await;
    req("GET", "/bookings/b1", V)
        .respond(&s.fake, 200, ok(booking("b1", "accepted")))
        .await;
    let v = s
        .client
        .call_ok("cal_get_booking", json!({"booking_uid": "b1"}))
        .await;
    assert_eq!(v["uid"], "b1");
    assert_eq!(v["location"], "https://app.cal.com/video/abc");
    let mut r1 = booking("r1", "accepted");
    r1["recurringBookingUid"] = json!("rec");
    req("GET", "/bookings/rec", V)
        .respond(&s.fake, 200, ok(json!([r1, booking("r2", "accepted")])))
        .await;
    let v = s
        .client
        .call_ok("cal_get_booking", json!({"booking_uid": "rec"}))
        .await;
    assert_eq!(v["occurrences"][0]["recurringBookingUid"], "rec");
    assert_eq!(v["occurrences"][1]["uid"], "r2");
}

#[tokio::test]
async fn get_booking_not_found() {
    let s = setup().await;
    req("GET", "/bookings/nope", V)
        .respond(
            &s.fake,
            404,
            cal_error(
                "NotFoundException",
                "Booking with uid=nope was not found in the database",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("cal_get_booking", json!({"booking_uid": "nope"}))
        .await;
    assert!(err.contains("uid=nope was not found"), "{err}");
    let err = s
        .client
        .call_err("cal_get_booking", json!({"booking_uid": "  "}))
        .await;
    assert!(err.contains("booking_uid"), "{err}");
}

#[tokio::test]
async fn create_booking_by_event_type_id() {
    let s = setup().await;
    req("POST", "/bookings", V)
        .json_body(json!({
            "start": "2026-05-01T09:00:00Z",
            "eventTypeId": 50,
            "attendee": {"name": "John Doe", "email": "john@example.com", "timeZone": "America/New_York", "language": "en"},
            "guests": ["guest1@example.com"],
            "lengthInMinutes": 30,
            "bookingFieldsResponses": {"notes": "Agenda attached"}
        }))
        .respond(&s.fake, 201, ok(booking("new1", "accepted")))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_create_booking",
            json!({"start": "2026-05-01T09:00:00Z", "event_type_id": 50,
                   "attendee_name": "John Doe", "attendee_email": "john@example.com", "attendee_time_zone": "America/New_York", "attendee_language": "en",
                   "guests": ["guest1@example.com"], "length_in_minutes": 30,
                   "booking_fields_responses": {"notes": "Agenda attached"}}),
        )
        .await;
    assert_eq!(v["uid"], "new1");
    assert_eq!(v["start"], "2026-05-01T09:00:00.000Z");
}

#[tokio::test]
async fn create_booking_by_slug_and_errors() {
    let s = setup().await;
    req("POST", "/bookings", V)
        .json_body(json!({
            "start": "2026-05-01T03:00:00Z",
            "eventTypeSlug": "30min",
            "username": "jane100",
            "attendee": {"name": "John Doe", "timeZone": "America/New_York", "phoneNumber": "+14155550123"}
        }))
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "User either already has booking at this time or is not available",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_create_booking",
            json!({"start": "2026-05-01T03:00:00Z", "event_type_slug": "30min", "username": "jane100",
                   "attendee_name": "John Doe", "attendee_time_zone": "America/New_York", "attendee_phone_number": "+14155550123"}),
        )
        .await;
    assert!(err.contains("not available"), "{err}");
    let err = s
        .client
        .call_err(
            "cal_create_booking",
            json!({"start": "2026-05-01T03:00:00Z", "event_type_slug": "30min",
                   "attendee_name": "John Doe", "attendee_time_zone": "UTC"}),
        )
        .await;
    assert!(err.contains("event_type_id"), "{err}");
}

#[tokio::test]
async fn cancel_booking_with_reason() {
    let s = setup().await;
    let mut cancelled = booking("b1", "cancelled");
    cancelled["cancellationReason"] = json!("Will travel");
    req("POST", "/bookings/b1/cancel", V)
        .json_body(json!({"cancellationReason": "Will travel"}))
        .respond(&s.fake, 200, ok(cancelled))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_cancel_booking",
            json!({"booking_uid": "b1", "cancellation_reason": "Will travel"}),
        )
        .await;
    assert_eq!(v["status"], "cancelled");
    assert_eq!(v["cancellationReason"], "Will travel");
}

#[tokio::test]
async fn cancel_booking_without_reason_and_error() {
    let s = setup().await;
    req("POST", "/bookings/b2/cancel", V)
        .json_body(json!({}))
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "Cannot cancel a past booking",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("cal_cancel_booking", json!({"booking_uid": "b2"}))
        .await;
    assert!(err.contains("Cannot cancel a past booking"), "{err}");
}

#[tokio::test]
async fn reschedule_booking_returns_the_new_one() {
    let s = setup().await;
    let mut moved = booking("b9", "accepted");
    moved["rescheduledFromUid"] = json!("b1");
    moved["reschedulingReason"] = json!("Conflict");
    req("POST", "/bookings/b1/reschedule", V)
        .json_body(json!({"start": "2026-05-02T10:00:00Z", "reschedulingReason": "Conflict", "rescheduledBy": "jane100@example.com"}))
        .respond(&s.fake, 201, ok(moved))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_reschedule_booking",
            json!({"booking_uid": "b1", "start": "2026-05-02T10:00:00Z",
                   "rescheduling_reason": "Conflict", "rescheduled_by": "jane100@example.com"}),
        )
        .await;
    assert_eq!(v["uid"], "b9");
    assert_eq!(v["rescheduledFromUid"], "b1");
}

#[tokio::test]
async fn reschedule_booking_errors() {
    let s = setup().await;
    req("POST", "/bookings/b1/reschedule", V)
        .json_body(json!({"start": "2020-01-01T10:00:00Z"}))
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "Bad Request Exception",
                json!({"message": ["start must be in the future"], "error": "Bad Request", "statusCode": 400}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_reschedule_booking",
            json!({"booking_uid": "b1", "start": "2020-01-01T10:00:00Z"}),
        )
        .await;
    assert!(err.contains("start must be in the future"), "{err}");
    let err = s
        .client
        .call_err("cal_reschedule_booking", json!({"booking_uid": "b1"}))
        .await;
    assert!(err.contains("start"), "{err}");
}
