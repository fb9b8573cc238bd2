//! google_calendar_find_free_slots: the freeBusy.query request, and the free slots computed
//! from its answer (merging, clipping, minimum length, working hours, weekends, a DST change,
//! calendars Google cannot answer for).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, bodies_at, insufficient_scope, mock, request_count, setup, v3};

fn slot(start: &str, end: &str, minutes: i64) -> Value {
    json!({"start": start, "end": end, "minutes": minutes})
}

/// freeBusy.query expecting exactly `request`; Google answers `{"calendars": ...}` (the
/// `fields=calendars` mask leaves out `kind`, `timeMin` and `timeMax`).
async fn freebusy(fake: &mcp_testkit::wiremock::MockServer, request: Value, calendars: Value) {
    expect("POST", v3("/freeBusy"))
        .bearer(TOKEN)
        .query("fields", "calendars")
        .json_body(request)
        .respond(fake, 200, json!({ "calendars": calendars }))
        .await;
}

#[tokio::test]
async fn free_slots_per_calendar_and_for_everyone() {
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-06-02T08:00:00-04:00",
            "timeMax": "2025-06-02T18:00:00-04:00",
            "timeZone": "America/New_York",
            "items": [{"id": "primary"}, {"id": "bob@example.com"}]
        }),
        json!({
            "primary": {"busy": [
                // 09:00-10:00 and 09:30-11:00 overlap; 11:00-11:20 touches: one busy block.
                {"start": "2025-06-02T13:00:00Z", "end": "2025-06-02T14:00:00Z"},
                {"start": "2025-06-02T13:30:00Z", "end": "2025-06-02T15:00:00Z"},
                {"start": "2025-06-02T15:00:00Z", "end": "2025-06-02T15:20:00Z"}
            ]},
            "bob@example.com": {"busy": [
                {"start": "2025-06-02T12:00:00-04:00", "end": "2025-06-02T13:00:00-04:00"},
                {"start": "2025-06-02T16:45:00-04:00", "end": "2025-06-02T17:15:00-04:00"}
            ]}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({
                "items": ["primary", "bob@example.com", "primary"],
                "time_min": "2025-06-02T08:00",
                "time_max": "2025-06-02T18:00:00",
                "timezone": "America/New_York",
                "min_slot_duration_minutes": 45
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "timezone": "America/New_York",
            "time_min": "2025-06-02T08:00:00-04:00",
            "time_max": "2025-06-02T18:00:00-04:00",
            "min_slot_duration_minutes": 45,
            "calendars": {
                "primary": {
                    "busy": [slot("2025-06-02T09:00:00-04:00", "2025-06-02T11:20:00-04:00", 140)],
                    "free": [
                        slot("2025-06-02T08:00:00-04:00", "2025-06-02T09:00:00-04:00", 60),
                        slot("2025-06-02T11:20:00-04:00", "2025-06-02T18:00:00-04:00", 400)
                    ]
                },
                "bob@example.com": {
                    "busy": [
                        slot("2025-06-02T12:00:00-04:00", "2025-06-02T13:00:00-04:00", 60),
                        slot("2025-06-02T16:45:00-04:00", "2025-06-02T17:15:00-04:00", 30)
                    ],
                    "free": [
                        slot("2025-06-02T08:00:00-04:00", "2025-06-02T12:00:00-04:00", 240),
                        slot("2025-06-02T13:00:00-04:00", "2025-06-02T16:45:00-04:00", 225),
                        slot("2025-06-02T17:15:00-04:00", "2025-06-02T18:00:00-04:00", 45)
                    ]
                }
            },
            // 11:20-12:00 is free for both but only 40 minutes; 17:15-18:00 is exactly 45.
            "common_free": [
                slot("2025-06-02T08:00:00-04:00", "2025-06-02T09:00:00-04:00", 60),
                slot("2025-06-02T13:00:00-04:00", "2025-06-02T16:45:00-04:00", 225),
                slot("2025-06-02T17:15:00-04:00", "2025-06-02T18:00:00-04:00", 45)
            ]
        })
    );
}

#[tokio::test]
async fn busy_periods_are_clipped_to_the_range_and_unknown_calendars_reported() {
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-06-02T00:00:00+00:00",
            "timeMax": "2025-06-03T00:00:00+00:00",
            "timeZone": "UTC",
            "items": [{"id": "primary"}, {"id": "stranger@example.org"}]
        }),
        json!({
            "primary": {"busy": [
                {"start": "2025-06-01T23:00:00Z", "end": "2025-06-02T01:00:00Z"},
                {"start": "2025-06-02T23:30:00Z", "end": "2025-06-03T02:00:00Z"}
            ]},
            "stranger@example.org": {"errors": [{"domain": "calendar", "reason": "notFound"}], "busy": []}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({"items": ["primary", "stranger@example.org"], "time_min": "2025-06-02", "time_max": "2025-06-02"}),
        )
        .await;
    assert_eq!(
        v["calendars"]["primary"]["busy"],
        json!([
            slot("2025-06-02T00:00:00+00:00", "2025-06-02T01:00:00+00:00", 60),
            slot("2025-06-02T23:30:00+00:00", "2025-06-03T00:00:00+00:00", 30)
        ])
    );
    assert_eq!(
        v["calendars"]["primary"]["free"],
        json!([slot(
            "2025-06-02T01:00:00+00:00",
            "2025-06-02T23:30:00+00:00",
            1350
        )])
    );
    let e = v["calendars"]["stranger@example.org"]["error"]
        .as_str()
        .unwrap();
    assert!(e.starts_with("notFound") && e.contains("not shared"), "{e}");
    assert_eq!(v["common_free"], v["calendars"]["primary"]["free"]);
    assert!(v["note"].as_str().unwrap().contains("stranger@example.org"));
}

#[tokio::test]
async fn working_hours_keep_their_wall_clock_time_across_berlins_dst_change() {
    // The clocks go forward on Sunday 2025-03-30: 09:00-17:00 is +01:00 on Saturday and
    // +02:00 on Sunday.
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-03-29T00:00:00+01:00",
            "timeMax": "2025-03-31T00:00:00+02:00",
            "timeZone": "Europe/Berlin",
            "items": [{"id": "primary"}]
        }),
        json!({"primary": {"busy": [
            // Sunday 10:00-11:00 CEST
            {"start": "2025-03-30T08:00:00Z", "end": "2025-03-30T09:00:00Z"}
        ]}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({
                "time_min": "2025-03-29",
                "time_max": "2025-03-30",
                "timezone": "Europe/Berlin",
                "working_hours_start": "09:00",
                "working_hours_end": "17:00"
            }),
        )
        .await;
    assert_eq!(
        v["calendars"]["primary"]["free"],
        json!([
            slot(
                "2025-03-29T09:00:00+01:00",
                "2025-03-29T17:00:00+01:00",
                480
            ),
            slot("2025-03-30T09:00:00+02:00", "2025-03-30T10:00:00+02:00", 60),
            slot(
                "2025-03-30T11:00:00+02:00",
                "2025-03-30T17:00:00+02:00",
                360
            )
        ])
    );
    assert_eq!(
        v["working_hours"],
        json!({"start": "09:00", "end": "17:00"})
    );
    // A day with a 23-hour night: the whole range is 47 hours long.
    assert_eq!(v["time_max"], "2025-03-31T00:00:00+02:00");
}

#[tokio::test]
async fn weekdays_only_skips_the_weekend() {
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-03-28T00:00:00+01:00",
            "timeMax": "2025-04-01T00:00:00+02:00",
            "timeZone": "Europe/Berlin",
            "items": [{"id": "primary"}]
        }),
        json!({"primary": {"busy": []}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({
                "time_min": "2025-03-28",
                "time_max": "2025-03-31",
                "timezone": "Europe/Berlin",
                "working_hours_start": "08:30",
                "working_hours_end": "12:00",
                "weekdays_only": true,
                "min_slot_duration_minutes": 210
            }),
        )
        .await;
    assert_eq!(
        v["calendars"]["primary"]["free"],
        json!([
            slot(
                "2025-03-28T08:30:00+01:00",
                "2025-03-28T12:00:00+01:00",
                210
            ),
            slot(
                "2025-03-31T08:30:00+02:00",
                "2025-03-31T12:00:00+02:00",
                210
            )
        ])
    );
    assert_eq!(v["weekdays_only"], true);
}

#[tokio::test]
async fn a_fully_booked_day_has_no_free_slot() {
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-06-02T09:00:00+00:00",
            "timeMax": "2025-06-02T12:00:00+00:00",
            "timeZone": "UTC",
            "items": [{"id": "primary"}]
        }),
        json!({"primary": {"busy": [
            {"start": "2025-06-02T08:00:00Z", "end": "2025-06-02T10:00:00Z"},
            {"start": "2025-06-02T10:10:00Z", "end": "2025-06-02T13:00:00Z"}
        ]}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({"time_min": "2025-06-02T09:00:00Z", "time_max": "2025-06-02T12:00:00Z"}),
        )
        .await;
    // Only a 10-minute gap, below the default 30 minutes.
    assert_eq!(v["calendars"]["primary"]["free"], json!([]));
    assert_eq!(v["common_free"], json!([]));
    assert_eq!(v["min_slot_duration_minutes"], 30);
}

#[tokio::test]
async fn without_a_range_it_is_the_current_day() {
    let s = setup().await;
    mock("POST", &v3("/freeBusy"), &[("fields", "calendars")])
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"calendars": {"primary": {"busy": []}}})),
        )
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({"timezone": "Asia/Tokyo"}),
        )
        .await;
    let body = &bodies_at(&s.fake, &v3("/freeBusy")).await[0];
    let min = chrono::DateTime::parse_from_rfc3339(body["timeMin"].as_str().unwrap()).unwrap();
    let max = chrono::DateTime::parse_from_rfc3339(body["timeMax"].as_str().unwrap()).unwrap();
    assert!(
        body["timeMin"]
            .as_str()
            .unwrap()
            .ends_with("T00:00:00+09:00"),
        "{body}"
    );
    assert_eq!((max - min).num_hours(), 24);
    assert!(min <= chrono::Utc::now() + chrono::Duration::minutes(1));
    assert_eq!(body["items"], json!([{"id": "primary"}]));
    assert_eq!(body["timeZone"], "Asia/Tokyo");
    assert_eq!(v["calendars"]["primary"]["free"][0]["minutes"], 1440);
}

#[tokio::test]
async fn bad_arguments_never_reach_google() {
    let s = setup().await;
    let many: Vec<String> = (0..51).map(|i| format!("p{i}@example.com")).collect();
    for (args, want) in [
        (json!({"timezone": "Europe/Atlantis"}), "IANA"),
        (json!({"working_hours_start": "09:00"}), "give both"),
        (
            json!({"working_hours_start": "17:00", "working_hours_end": "09:00"}),
            "later than",
        ),
        (
            json!({"working_hours_start": "9am", "working_hours_end": "17:00"}),
            "HH:MM",
        ),
        (
            json!({"time_min": "2025-06-02T10:00:00Z", "time_max": "2025-06-02T09:00:00Z"}),
            "must be before",
        ),
        (json!({"min_slot_duration_minutes": 0}), "at least 1"),
        (json!({"items": many}), "at most 50"),
        (json!({"items": [""]}), "empty entry"),
        (json!({"time_min": "noon"}), "time_min"),
    ] {
        let err = s
            .client
            .call_err("google_calendar_find_free_slots", args.clone())
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    assert_eq!(request_count(&s.fake).await, 0);
}

#[tokio::test]
async fn freebusy_without_scope() {
    let s = setup().await;
    expect("POST", v3("/freeBusy"))
        .bearer(TOKEN)
        .query("fields", "calendars")
        .json_body(json!({
            "timeMin": "2025-06-02T09:00:00+00:00",
            "timeMax": "2025-06-02T17:00:00+00:00",
            "timeZone": "UTC",
            "items": [{"id": "primary"}]
        }))
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/calendar.freebusy"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_calendar_find_free_slots",
            json!({"time_min": "2025-06-02T09:00:00Z", "time_max": "2025-06-02T17:00:00Z"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("calendar.freebusy"),
        "{err}"
    );
}

#[tokio::test]
async fn no_common_slots_when_no_calendar_answers() {
    let s = setup().await;
    freebusy(
        &s.fake,
        json!({
            "timeMin": "2025-06-02T09:00:00+00:00",
            "timeMax": "2025-06-02T17:00:00+00:00",
            "timeZone": "UTC",
            "items": [{"id": "x@example.org"}]
        }),
        json!({"x@example.org": {"errors": [{"domain": "global", "reason": "internalError"}], "busy": []}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_calendar_find_free_slots",
            json!({"items": ["x@example.org"], "time_min": "2025-06-02T09:00:00Z", "time_max": "2025-06-02T17:00:00Z"}),
        )
        .await;
    assert_eq!(v["calendars"]["x@example.org"]["error"], "internalError");
    assert!(v.get("common_free").is_none(), "{v}");
}
