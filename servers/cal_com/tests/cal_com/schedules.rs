use crate::{cal_error, ok, req, setup};
use serde_json::{Value, json};

const V: &str = "2024-06-11";

fn schedule(id: u64, name: &str, default: bool) -> Value {
    json!({
        "id": id,
        "ownerId": 478,
        "name": name,
        "timeZone": "Europe/Rome",
        "availability": [
            {"days": ["Monday", "Tuesday"], "startTime": "17:00", "endTime": "19:00"},
            {"days": ["Wednesday", "Thursday"], "startTime": "16:00", "endTime": "20:00"}
        ],
        "isDefault": default,
        "overrides": [{"date": "2024-05-20", "startTime": "18:00", "endTime": "21:00"}]
    })
}

#[tokio::test]
async fn get_all_schedules() {
    let s = setup().await;
    req("GET", "/schedules", V)
        .respond(
            &s.fake,
            200,
            ok(json!([
                schedule(254, "Catch up hours", true),
                schedule(255, "Evenings", false)
            ])),
        )
        .await;
    let v = s.client.call_ok("cal_get_all_schedules", json!({})).await;
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["id"], 254);
    assert_eq!(items[0]["isDefault"], true);
    assert_eq!(items[1]["name"], "Evenings");
    assert_eq!(items[1]["availability"][1]["startTime"], "16:00");
}

#[tokio::test]
async fn create_schedule_with_hours_and_overrides() {
    let s = setup().await;
    req("POST", "/schedules", V)
        .json_body(json!({
            "name": "Catch up hours",
            "timeZone": "Europe/Rome",
            "isDefault": true,
            "availability": [{"days": ["Monday", "Tuesday"], "startTime": "17:00", "endTime": "19:00"}],
            "overrides": [{"date": "2024-05-20", "startTime": "18:00", "endTime": "21:00"}]
        }))
        .respond(&s.fake, 201, ok(schedule(254, "Catch up hours", true)))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_create_a_schedule",
            json!({
                "name": "Catch up hours", "timeZone": "Europe/Rome", "isDefault": true,
                "availability": [{"days": ["Monday", "Tuesday"], "startTime": "17:00", "endTime": "19:00"}],
                "overrides": [{"date": "2024-05-20", "startTime": "18:00", "endTime": "21:00"}]
            }),
        )
        .await;
    assert_eq!(v["id"], 254);
    assert_eq!(v["timeZone"], "Europe/Rome");
}

#[tokio::test]
async fn create_schedule_errors() {
    let s = setup().await;
    req("POST", "/schedules", V)
        .json_body(json!({"name": "X", "timeZone": "Mars/Olympus", "isDefault": false}))
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "Bad Request Exception",
                json!({"message": ["timeZone must be a valid IANA timezone"], "error": "Bad Request", "statusCode": 400}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_create_a_schedule",
            json!({"name": "X", "timeZone": "Mars/Olympus", "isDefault": false}),
        )
        .await;
    assert!(
        err.contains("timeZone must be a valid IANA timezone"),
        "{err}"
    );
    assert!(err.contains("BadRequestException"), "{err}");
    // Bad hours never reach Cal.com (the fake would fail on a second request).
    let err = s
        .client
        .call_err(
            "cal_create_a_schedule",
            json!({"name": "X", "timeZone": "Europe/Rome", "isDefault": false,
                   "availability": [{"days": ["Monday"], "startTime": "9am", "endTime": "17:00"}]}),
        )
        .await;
    assert!(err.contains("HH:MM"), "{err}");
    let err = s
        .client
        .call_err(
            "cal_create_a_schedule",
            json!({"name": "X", "timeZone": "Europe/Rome", "isDefault": false,
                   "availability": [{"days": ["Funday"], "startTime": "09:00", "endTime": "17:00"}]}),
        )
        .await;
    assert!(err.contains("Funday") || err.contains("days"), "{err}");
}

#[tokio::test]
async fn update_schedule_sends_only_given_fields() {
    let s = setup().await;
    req("PATCH", "/schedules/254", V)
        .json_body(json!({"name": "Mornings", "availability": [{"days": ["Friday"], "startTime": "08:00", "endTime": "12:00"}]}))
        .respond(&s.fake, 200, ok(schedule(254, "Mornings", true)))
        .await;
    let v = s
        .client
        .call_ok(
            "cal_update_a_schedule",
            json!({"schedule_id": 254, "name": "Mornings",
                   "availability": [{"days": ["Friday"], "startTime": "08:00", "endTime": "12:00"}]}),
        )
        .await;
    assert_eq!(v["name"], "Mornings");
    let err = s
        .client
        .call_err("cal_update_a_schedule", json!({"schedule_id": 254}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn update_schedule_not_found() {
    let s = setup().await;
    req("PATCH", "/schedules/9", V)
        .json_body(json!({"isDefault": true}))
        .respond(
            &s.fake,
            404,
            cal_error(
                "NotFoundException",
                "Schedule with id=9 not found",
                json!({"message": "Schedule with id=9 not found", "error": "Not Found", "statusCode": 404}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "cal_update_a_schedule",
            json!({"schedule_id": 9, "isDefault": true}),
        )
        .await;
    assert!(err.contains("Schedule with id=9 not found"), "{err}");
}

#[tokio::test]
async fn get_default_schedule() {
    let s = setup().await;
    req("GET", "/schedules/default", V)
        .respond(&s.fake, 200, ok(schedule(254, "Catch up hours", true)))
        .await;
    let v = s
        .client
        .call_ok("cal_get_default_schedule", json!({}))
        .await;
    assert_eq!(v["id"], 254);
    assert_eq!(v["overrides"][0]["date"], "2024-05-20");
}

#[tokio::test]
async fn get_default_schedule_forbidden() {
    let s = setup().await;
    req("GET", "/schedules/default", V)
        .respond(
            &s.fake,
            403,
            cal_error(
                "ForbiddenException",
                "Insufficient permissions",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("cal_get_default_schedule", json!({}))
        .await;
    assert!(err.contains("Insufficient permissions"), "{err}");
}

#[tokio::test]
async fn get_schedule_and_missing_one() {
    let s = setup().await;
    req("GET", "/schedules/254", V)
        .respond(&s.fake, 200, ok(schedule(254, "Catch up hours", true)))
        .await;
    let v = s
        .client
        .call_ok("cal_get_schedule", json!({"schedule_id": 254}))
        .await;
    assert_eq!(v["name"], "Catch up hours");
    assert_eq!(v["ownerId"], 478);
    // Cal.com answers `data: null` for a schedule that is not the user's.
    req("GET", "/schedules/7", V)
        .respond(&s.fake, 200, ok(Value::Null))
        .await;
    let err = s
        .client
        .call_err("cal_get_schedule", json!({"schedule_id": 7}))
        .await;
    assert!(err.contains("no schedule 7"), "{err}");
    let err = s
        .client
        .call_err("cal_get_schedule", json!({"schedule_id": "abc"}))
        .await;
    assert!(err.contains("schedule_id"), "{err}");
}

#[tokio::test]
async fn delete_schedule_and_error() {
    let s = setup().await;
    req("DELETE", "/schedules/255", V)
        .respond(&s.fake, 200, json!({"status": "success"}))
        .await;
    let v = s
        .client
        .call_ok("cal_delete_a_schedule", json!({"schedule_id": 255}))
        .await;
    assert_eq!(v, json!({"deleted": true, "schedule_id": 255}));
    req("DELETE", "/schedules/256", V)
        .respond(
            &s.fake,
            400,
            cal_error(
                "BadRequestException",
                "Cannot delete default schedule",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("cal_delete_a_schedule", json!({"schedule_id": 256}))
        .await;
    assert!(err.contains("Cannot delete default schedule"), "{err}");
}

#[tokio::test]
async fn get_me_without_version_header() {
    let s = setup().await;
    crate::expect("GET", "/me")
        .bearer(crate::TOKEN)
        .respond(
            &s.fake,
            200,
            ok(json!({
                "id": 478, "username": "jane100", "email": "jane100@example.com", "name": "Jane Doe",
                "avatarUrl": null, "bio": null, "timeFormat": 24, "defaultScheduleId": 254,
                "weekStart": "Monday", "timeZone": "Europe/Rome", "organizationId": null
            })),
        )
        .await;
    let v = s.client.call_ok("cal_get_me", json!({})).await;
    assert_eq!(v["username"], "jane100");
    assert_eq!(v["defaultScheduleId"], 254);
    assert!(v.get("organizationId").is_none());
}

#[tokio::test]
async fn get_me_with_a_revoked_key() {
    let s = setup().await;
    crate::expect("GET", "/me")
        .bearer(crate::TOKEN)
        .respond(
            &s.fake,
            401,
            cal_error("UnauthorizedException", "API key has expired", Value::Null),
        )
        .await;
    let err = s.client.call_err("cal_get_me", json!({})).await;
    assert!(err.contains("API key has expired"), "{err}");
    assert!(err.contains("cal_live_"), "{err}");
}
