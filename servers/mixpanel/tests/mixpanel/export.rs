//! Raw event export: JSON lines into a capped list.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{PROJECT, mp, setup};

const LINES: &str = concat!(
    r#"{"event":"Signed up","properties":{"time":1602611311,"distinct_id":"u1","$insert_id":"hpuDqcvpltpCjBsebtxwadtEBDnFAdycabFb","mp_processing_time_ms":1602625711874}}"#,
    "\n",
    r#"{"event":"Signed up","properties":{"time":1602787121,"distinct_id":"u2","$insert_id":"jajcebutltmvhbbholfhxtCcycwnBjDtndha","mp_processing_time_ms":1602801521561}}"#,
    "\n",
    r#"{"event":"Purchased","properties":{"time":1602787999,"distinct_id":"u2","$insert_id":"x1","amount":12.5}}"#,
    "\n"
);

#[tokio::test]
async fn export_parses_json_lines() {
    let s = setup().await;
    mp("GET", "/export")
        .query("from_date", "2020-10-13")
        .query("to_date", "2020-10-15")
        .query("limit", 101)
        .query("event", r#"["Signed up","Purchased"]"#)
        .query("where", "properties[\"amount\"] > 10 or true")
        .respond_with(&s.fake, ResponseTemplate::new(200).set_body_string(LINES))
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_export_events",
            json!({"project_id": PROJECT, "from_date": "2020-10-13", "to_date": "2020-10-15",
                   "event": ["Signed up", "Purchased"], "where": "properties[\"amount\"] > 10 or true"}),
        )
        .await;
    assert_eq!(v["count"], 3);
    assert_eq!(v["events"][2]["properties"]["amount"], 12.5);
    assert_eq!(v["events"][0]["properties"]["distinct_id"], "u1");
    assert!(v.get("more").is_none());
}

#[tokio::test]
async fn export_caps_the_list_and_says_there_is_more() {
    let s = setup().await;
    mp("GET", "/export")
        .query("from_date", "2020-10-13")
        .query("to_date", "2020-10-15")
        .query("limit", 3)
        .respond_with(&s.fake, ResponseTemplate::new(200).set_body_string(LINES))
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_export_events",
            json!({"project_id": PROJECT, "from_date": "2020-10-13", "to_date": "2020-10-15", "limit": 2}),
        )
        .await;
    assert_eq!(v["count"], 2);
    assert_eq!(v["events"].as_array().unwrap().len(), 2);
    assert!(v["more"].as_str().unwrap().contains("more than 2"));
}

#[tokio::test]
async fn export_errors() {
    let s = setup().await;
    mp("GET", "/export")
        .query("from_date", "2020-10-13")
        .query("to_date", "2020-10-15")
        .query("limit", 101)
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_string("rate limit exceeded"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_export_events",
            json!({"project_id": PROJECT, "from_date": "2020-10-13", "to_date": "2020-10-15"}),
        )
        .await;
    assert!(err.contains("429") && err.contains("rate limit"), "{err}");
    let err = s
        .client
        .call_err(
            "mixpanel_export_events",
            json!({"project_id": PROJECT, "from_date": "2020-10-13", "to_date": "2020-10-15", "limit": 5000}),
        )
        .await;
    assert!(err.contains("limit"), "{err}");
}
