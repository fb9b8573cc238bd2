//! Projects, event names, properties and property values.

use serde_json::json;

use crate::common::{PROJECT, USER, basic, mp, setup};

#[tokio::test]
async fn get_projects_from_app_me() {
    let s = setup().await;
    mcp_testkit::expect("GET", "/app/me")
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"status": "ok", "results": {
                "id": 4242, "email": USER, "name": "analytics-bot",
                "projects": {
                    "2195193": {"name": "Production", "organization_id": 12345, "timezone": "US/Pacific", "domain": "mixpanel.com", "token": "abc"},
                    "3000001": {"name": "Staging", "organization_id": 12345, "timezone": "UTC", "domain": "mixpanel.com"}
                },
                "workspaces": {}
            }}),
        )
        .await;
    let v = s.client.call_ok("mixpanel_get_projects", json!({})).await;
    assert_eq!(
        v,
        json!({"email": USER, "projects": [
            {"id": "2195193", "name": "Production", "organization_id": 12345, "timezone": "US/Pacific", "domain": "mixpanel.com"},
            {"id": "3000001", "name": "Staging", "organization_id": 12345, "timezone": "UTC", "domain": "mixpanel.com"}
        ]})
    );
}

#[tokio::test]
async fn get_projects_bad_credentials() {
    let s = setup().await;
    mcp_testkit::expect("GET", "/app/me")
        .respond(
            &s.fake,
            401,
            json!({"error": "Invalid credentials", "status": "error"}),
        )
        .await;
    let err = s.client.call_err("mixpanel_get_projects", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid credentials"),
        "{err}"
    );
    assert!(err.contains("service account"), "{err}");
}

#[tokio::test]
async fn get_events_lists_top_event_names() {
    let s = setup().await;
    mp("GET", "/query/events/names")
        .query("type", "general")
        .respond(
            &s.fake,
            200,
            json!(["battle", "click signup button", "View homepage"]),
        )
        .await;
    mp("GET", "/query/events/names")
        .query("type", "general")
        .query("limit", 2)
        .respond(&s.fake, 200, json!(["battle", "click signup button"]))
        .await;
    let v = s
        .client
        .call_ok("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert_eq!(
        v,
        json!({"events": ["battle", "click signup button", "View homepage"]})
    );
    let v = s
        .client
        .call_ok(
            "mixpanel_get_events",
            json!({"project_id": PROJECT, "limit": 2}),
        )
        .await;
    assert_eq!(v["events"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn get_events_bad_project_and_vendor_error() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mixpanel_get_events", json!({"project_id": "prod"}))
        .await;
    assert!(err.contains("numeric Mixpanel project id"), "{err}");
    mp("GET", "/query/events/names")
        .query("type", "general")
        .respond(
            &s.fake,
            400,
            json!({"request": "/api/query/events/names", "error": "project_id is not a valid project"}),
        )
        .await;
    let err = s
        .client
        .call_err("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert!(
        err.contains("400") && err.contains("not a valid project"),
        "{err}"
    );
}

#[tokio::test]
async fn get_event_properties_sorted_by_count() {
    let s = setup().await;
    mp("GET", "/query/events/properties/top")
        .query("event", "Signed up")
        .respond(
            &s.fake,
            200,
            json!({"user type": {"count": 91}, "ad version": {"count": 295}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_get_event_properties",
            json!({"project_id": 2195193, "event": "Signed up"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"event": "Signed up", "properties": [
            {"name": "ad version", "count": 295}, {"name": "user type", "count": 91}
        ]})
    );
    let err = s
        .client
        .call_err(
            "mixpanel_get_event_properties",
            json!({"project_id": PROJECT, "event": " "}),
        )
        .await;
    assert!(err.contains("`event` must not be empty"), "{err}");
}

#[tokio::test]
async fn get_event_property_values_contract() {
    let s = setup().await;
    mp("GET", "/query/events/properties/values")
        .query("event", "Signed up")
        .query("name", "pet")
        .query("limit", 3)
        .respond(&s.fake, 200, json!(["cat", "dog", "rabbit"]))
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_get_event_property_values",
            json!({"project_id": PROJECT, "event": "Signed up", "property": "pet", "limit": 3}),
        )
        .await;
    assert_eq!(
        v,
        json!({"event": "Signed up", "property": "pet", "values": ["cat", "dog", "rabbit"]})
    );
}

#[tokio::test]
async fn get_event_property_values_rate_limited() {
    let s = setup().await;
    mp("GET", "/query/events/properties/values")
        .query("event", "Signed up")
        .query("name", "pet")
        .times(3)
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(json!({"error": "Query rate limit exceeded", "request": "/api/query/events/properties/values"})),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_get_event_property_values",
            json!({"project_id": PROJECT, "event": "Signed up", "property": "pet"}),
        )
        .await;
    assert!(err.contains("429") && err.contains("rate limit"), "{err}");
}
