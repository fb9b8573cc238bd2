//! Properties and the search API.

use crate::common::{TOKEN, hs_error, record, req, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn list_properties() {
    let s = setup().await;
    req("GET", "/crm/v3/properties/deals", &[])
        .respond(
            &s.fake,
            200,
            json!({"results": [
                {
                    "name": "dealstage", "label": "Deal Stage", "type": "enumeration", "fieldType": "radio",
                    "description": "The stage of the deal.", "groupName": "dealinformation", "hidden": false,
                    "options": [
                        {"label": "Appointment Scheduled", "value": "appointmentscheduled", "displayOrder": 0, "hidden": false},
                        {"label": "Old", "value": "old", "displayOrder": 1, "hidden": true}
                    ],
                    "calculated": false, "formField": true,
                    "modificationMetadata": {"archivable": false, "readOnlyDefinition": true, "readOnlyValue": false}
                },
                {"name": "hs_secret", "label": "Hidden", "type": "string", "fieldType": "text", "description": "", "groupName": "dealinformation", "hidden": true, "options": []},
                {"name": "hs_acv", "label": "Annual contract value", "type": "number", "fieldType": "calculation_equation", "description": "", "groupName": "dealinformation", "hidden": false, "options": [], "calculated": true}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok("hubspot_list_properties", json!({"object_type": "deals"}))
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    assert_eq!(v["items"][0]["options"], json!(["appointmentscheduled"]));
    assert_eq!(v["items"][1]["readOnly"], true);
    let err = s
        .client
        .call_err("hubspot_list_properties", json!({"object_type": "widgets"}))
        .await;
    assert!(
        err.contains("object_type") || err.contains("widgets"),
        "{err}"
    );
}

#[tokio::test]
async fn create_property_with_defaults_and_bool() {
    let s = setup().await;
    let created = json!({
        "name": "favorite_color", "label": "Favorite color", "type": "string", "fieldType": "text",
        "description": "Their color", "groupName": "contactinformation", "options": [], "hidden": false,
        "createdAt": "2026-04-01T10:00:00Z", "updatedAt": "2026-04-01T10:00:00Z"
    });
    expect("POST", "/crm/v3/properties/contacts")
        .bearer(TOKEN)
        .json_body(json!({
            "name": "favorite_color", "label": "Favorite color", "description": "Their color",
            "groupName": "contactinformation", "type": "string", "fieldType": "text"
        }))
        .respond(&s.fake, 201, created)
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_property",
            json!({"name": "favorite_color", "label": "Favorite color", "description": "Their color", "object_type": "contacts"}),
        )
        .await;
    assert_eq!(v["name"], "favorite_color");
    assert_eq!(v["groupName"], "contactinformation");

    expect("POST", "/crm/v3/properties/tickets")
        .bearer(TOKEN)
        .json_body(json!({
            "name": "vip", "label": "VIP", "description": "", "groupName": "support",
            "type": "bool", "fieldType": "booleancheckbox",
            "options": [
                {"label": "Yes", "value": "true", "displayOrder": 0, "hidden": false},
                {"label": "No", "value": "false", "displayOrder": 1, "hidden": false}
            ]
        }))
        .respond(&s.fake, 201, json!({"name": "vip", "label": "VIP", "type": "bool", "fieldType": "booleancheckbox", "description": "", "groupName": "support", "options": [{"label": "Yes", "value": "true", "displayOrder": 0, "hidden": false}, {"label": "No", "value": "false", "displayOrder": 1, "hidden": false}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_property",
            json!({"name": "vip", "label": "VIP", "description": "", "object_type": "tickets", "type": "bool", "group_name": "support"}),
        )
        .await;
    assert_eq!(v["options"], json!(["true", "false"]));
}

#[tokio::test]
async fn create_property_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "hubspot_create_property",
            json!({"name": "Favorite Color", "label": "x", "description": "", "object_type": "contacts"}),
        )
        .await;
    assert!(err.contains("lowercase"), "{err}");
    expect("POST", "/crm/v3/properties/companies")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            409,
            hs_error(
                "OBJECT_ALREADY_EXISTS",
                "A property named 'tier' already exists.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hubspot_create_property",
            json!({"name": "tier", "label": "Tier", "description": "", "object_type": "companies"}),
        )
        .await;
    assert!(err.contains("already exists"), "{err}");
}

#[tokio::test]
async fn search_by_property() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/contacts/search")
        .bearer(TOKEN)
        .json_body(json!({
            "filterGroups": [{"filters": [{"propertyName": "email", "operator": "EQ", "value": "ada@example.com"}]}],
            "properties": ["email", "firstname"],
            "sorts": [],
            "limit": 10,
            "after": "0"
        }))
        .respond(
            &s.fake,
            200,
            json!({"total": 1, "results": [record("512", json!({"email": "ada@example.com", "firstname": "Ada"}))]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_search_by_property",
            json!({"object_type": "contacts", "property_name": "email", "operator": "EQ", "value": "ada@example.com", "properties": ["email", "firstname"]}),
        )
        .await;
    assert_eq!(v["total"], 1);
    assert_eq!(v["items"][0]["properties"]["firstname"], "Ada");
    assert_eq!(v["next_cursor"], serde_json::Value::Null);
}

#[tokio::test]
async fn search_in_between_and_cursor() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/deals/search")
        .bearer(TOKEN)
        .json_body(json!({
            "filterGroups": [{"filters": [{"propertyName": "dealstage", "operator": "IN", "values": ["a", "b"]}]}],
            "properties": ["dealname"],
            "sorts": [],
            "limit": 200,
            "after": "20"
        }))
        .respond(&s.fake, 200, json!({"total": 45, "results": [], "paging": {"next": {"after": "220"}}}))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_search_by_property",
            json!({"object_type": "deals", "property_name": "dealstage", "operator": "IN", "value": "a, b", "properties": ["dealname"], "limit": 200, "cursor": "20"}),
        )
        .await;
    assert_eq!(v["next_cursor"], "220");
    expect("POST", "/crm/v3/objects/tickets/search")
        .bearer(TOKEN)
        .json_body(json!({
            "filterGroups": [{"filters": [{"propertyName": "createdate", "operator": "BETWEEN", "value": "1700000000000", "highValue": "1800000000000"}]}],
            "properties": [],
            "sorts": [],
            "limit": 10,
            "after": "0"
        }))
        .respond(&s.fake, 200, json!({"total": 0, "results": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_search_by_property",
            json!({"object_type": "tickets", "property_name": "createdate", "operator": "BETWEEN", "value": "1700000000000,1800000000000", "properties": []}),
        )
        .await;
    assert_eq!(v["total"], 0);
    let err = s
        .client
        .call_err(
            "hubspot_search_by_property",
            json!({"object_type": "tickets", "property_name": "createdate", "operator": "BETWEEN", "value": "1700000000000", "properties": []}),
        )
        .await;
    assert!(err.contains("low,high"), "{err}");
    let err = s
        .client
        .call_err(
            "hubspot_search_by_property",
            json!({"object_type": "tickets", "property_name": "x", "operator": "LIKE", "value": "1", "properties": []}),
        )
        .await;
    assert!(err.contains("operator") || err.contains("LIKE"), "{err}");
}

#[tokio::test]
async fn search_rate_limited_says_which_limit() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/companies/search")
        .bearer(TOKEN)
        .any_body()
        .times(3)
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .insert_header("x-hubspot-ratelimit-daily-remaining", "0")
                .set_body_json(json!({
                    "status": "error",
                    "message": "You have reached your daily limit.",
                    "errorType": "RATE_LIMIT",
                    "correlationId": "c7d8e9f0-1111-2222-3333-444455556666",
                    "policyName": "DAILY",
                    "groupName": "api-calls-daily"
                })),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hubspot_search_by_property",
            json!({"object_type": "companies", "property_name": "domain", "operator": "EQ", "value": "acme.com", "properties": ["name"]}),
        )
        .await;
    assert!(err.contains("daily limit"), "{err}");
    assert!(err.contains("midnight"), "{err}");
    assert!(
        err.contains("c7d8e9f0-1111-2222-3333-444455556666"),
        "{err}"
    );
}
