use crate::{cal_error, ok, req, setup};
use serde_json::{Value, json};

fn event_type(id: u64, slug: &str) -> Value {
    json!({
        "id": id,
        "lengthInMinutes": 30,
        "title": "30 min meeting",
        "slug": slug,
        "description": "A quick call",
        "locations": [{"type": "integration", "integration": "cal-video"}],
        "bookingFields": [],
        "disableGuests": false,
        "recurrence": null,
        "metadata": {},
        "price": 0,
        "currency": "usd",
        "lockTimeZoneToggleOnBookingPage": false,
        "forwardParamsSuccessRedirect": null,
        "successRedirectUrl": null,
        "isInstantEvent": false,
        "scheduleId": 254,
        "hidden": false,
        "bookingRequiresAuthentication": false,
        "ownerId": 10,
        "users": ["jane100"],
        "bookingUrl": "https://cal.com/jane100/30min"
    })
}

#[tokio::test]
async fn list_own_event_types() {
    let s = setup().await;
    req("GET", "/event-types", "2024-06-14")
        .query("sortCreatedAt", "desc")
        .respond(
            &s.fake,
            200,
            ok(json!([event_type(50, "30min"), event_type(51, "60min")])),
        )
        .await;
    let v = s
        .client
        .call_ok("cal_list_event_types", json!({"sort_created_at": "desc"}))
        .await;
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["id"], 50);
    assert_eq!(items[0]["bookingUrl"], "https://cal.com/jane100/30min");
    assert!(items[0].get("bookingFields").is_none());
}

#[tokio::test]
async fn list_event_types_of_user_by_slug_and_errors() {
    let s = setup().await;
    req("GET", "/event-types", "2024-06-14")
        .query("username", "bob")
        .query("eventSlug", "intro")
        .respond(
            &s.fake,
            404,
            cal_error(
                "NotFoundException",
                "User with username=bob not found",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_list_event_types",
            json!({"username": "bob", "event_slug": "intro"}),
        )
        .await;
    assert!(err.contains("username=bob not found"), "{err}");
    let err = s
        .client
        .call_err("cal_list_event_types", json!({"event_slug": "intro"}))
        .await;
    assert!(err.contains("needs username"), "{err}");
}

#[tokio::test]
async fn available_slots_by_event_type_id() {
    let s = setup().await;
    req("GET", "/slots", "2024-09-04")
        .query("start", "2050-09-05")
        .query("end", "2050-09-06")
        .query("eventTypeId", "50")
        .query("timeZone", "Europe/Rome")
        .query("format", "range")
        .respond(
            &s.fake,
            200,
            ok(json!({
                "2050-09-05": [
                    {"start": "2050-09-05T09:00:00.000+02:00", "end": "2050-09-05T09:30:00.000+02:00"},
                    {"start": "2050-09-05T10:00:00.000+02:00", "end": "2050-09-05T10:30:00.000+02:00"}
                ],
                "2050-09-06": [
                    {"start": "2050-09-06T09:00:00.000+02:00", "end": "2050-09-06T09:30:00.000+02:00"}
                ]
            })),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "cal_get_available_slots",
            json!({"start": "2050-09-05", "end": "2050-09-06", "event_type_id": 50, "time_zone": "Europe/Rome"}),
        )
        .await;
    assert_eq!(v["slot_count"], 3);
    assert_eq!(v["days"][0]["date"], "2050-09-05");
    assert_eq!(
        v["days"][0]["slots"][1]["start"],
        "2050-09-05T10:00:00.000+02:00"
    );
    assert_eq!(
        v["days"][1]["slots"][0]["end"],
        "2050-09-06T09:30:00.000+02:00"
    );
}

#[tokio::test]
async fn available_slots_by_slug_for_reschedule_and_errors() {
    let s = setup().await;
    req("GET", "/slots", "2024-09-04")
        .query("start", "2050-09-05T09:00:00Z")
        .query("end", "2050-09-05T18:00:00Z")
        .query("eventTypeSlug", "intro")
        .query("username", "bob")
        .query("duration", "60")
        .query("bookingUidToReschedule", "b1")
        .query("format", "range")
        .respond(&s.fake, 200, ok(json!({})))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_get_available_slots",
            json!({"start": "2050-09-05T09:00:00Z", "end": "2050-09-05T18:00:00Z",
                   "event_type_slug": "intro", "username": "bob", "duration": 60,
                   "booking_uid_to_reschedule": "b1"}),
        )
        .await;
    assert_eq!(v, json!({"days": [], "slot_count": 0}));
    let err = s
        .client
        .call_err(
            "cal_get_available_slots",
            json!({"start": "2050-09-05", "end": "2050-09-06", "event_type_slug": "intro"}),
        )
        .await;
    assert!(err.contains("event_type_id"), "{err}");
    req("GET", "/slots", "2024-09-04")
        .query("start", "2050-09-06")
        .query("end", "2050-09-05")
        .query("eventTypeId", "50")
        .query("format", "range")
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "Bad Request Exception",
                json!({"message": ["end must be after start"], "error": "Bad Request", "statusCode": 400}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_get_available_slots",
            json!({"start": "2050-09-06", "end": "2050-09-05", "event_type_id": 50}),
        )
        .await;
    assert!(err.contains("end must be after start"), "{err}");
}
