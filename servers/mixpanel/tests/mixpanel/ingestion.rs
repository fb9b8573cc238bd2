//! Event import through `/import` (strict mode).

use mcp_testkit::request_bodies;
use serde_json::json;

use crate::common::{PROJECT, mp, setup};

#[tokio::test]
async fn send_events_fills_time_and_insert_id() {
    let s = setup().await;
    mp("POST", "/import")
        .query("strict", "1")
        .any_body()
        .respond(
            &s.fake,
            200,
            json!({"code": 200, "num_records_imported": 2, "status": "OK"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_send_events",
            json!({"project_id": PROJECT, "events": [
                {"event": "Signed up", "properties": {"distinct_id": "u1", "time": 1700000000, "$insert_id": "a1", "plan": "pro"}},
                {"event": "Purchased", "distinct_id": 42, "properties": {"amount": 9.5}}
            ]}),
        )
        .await;
    assert_eq!(v, json!({"imported": 2, "status": "OK"}));
    let body = &request_bodies(&s.fake, "POST", "/import").await[0];
    assert_eq!(
        body[0],
        json!({"event": "Signed up", "properties": {"distinct_id": "u1", "time": 1700000000, "$insert_id": "a1", "plan": "pro"}})
    );
    let second = &body[1]["properties"];
    assert_eq!(second["distinct_id"], "42");
    assert_eq!(second["amount"], 9.5);
    assert!(second["time"].as_i64().unwrap() > 1_700_000_000);
    assert_eq!(second["$insert_id"].as_str().unwrap().len(), 32);
    assert_eq!(body[1].as_object().unwrap().len(), 2);
}

#[tokio::test]
async fn send_events_reports_failed_records() {
    let s = setup().await;
    mp("POST", "/import")
        .query("strict", "1")
        .any_body()
        .respond(
            &s.fake,
            400,
            json!({"code": 400, "num_records_imported": 0, "status": "Bad Request",
                   "failed_records": [{"index": 0, "insert_id": "a1", "field": "properties.time",
                                       "message": "'properties.time' is invalid: must be specified as seconds since epoch"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_send_events",
            json!({"project_id": PROJECT, "events": [
                {"event": "Signed up", "properties": {"distinct_id": "u1", "time": "yesterday", "$insert_id": "a1"}}
            ]}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("failed validation"),
        "{err}"
    );
    assert!(err.contains("event 0 (properties.time)"), "{err}");
}

#[tokio::test]
async fn send_events_checks_the_batch_first() {
    let s = setup().await;
    for (events, want) in [
        (json!([]), "must not be empty"),
        (
            json!([{"properties": {"distinct_id": "u1"}}]),
            "events[0] has no `event`",
        ),
        (json!([{"event": "x", "properties": {}}]), "distinct_id"),
        (
            json!([{"event": "x", "properties": "nope"}]),
            "must be an object",
        ),
    ] {
        let err = s
            .client
            .call_err(
                "mixpanel_send_events",
                json!({"project_id": PROJECT, "events": events}),
            )
            .await;
        assert!(err.contains(want), "{want}: {err}");
    }
    let many: Vec<_> = (0..2001)
        .map(|i| json!({"event": "x", "properties": {"distinct_id": format!("u{i}")}}))
        .collect();
    let err = s
        .client
        .call_err(
            "mixpanel_send_events",
            json!({"project_id": PROJECT, "events": many}),
        )
        .await;
    assert!(err.contains("2000"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
