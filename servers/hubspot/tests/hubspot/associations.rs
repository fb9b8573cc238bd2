//! Associations v4.

use crate::common::{TOKEN, hs_error, req, setup};
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn create_default_association() {
    let s = setup().await;
    req("PUT", "/crm/v4/objects/contacts/512/associations/default/companies/901", &[])
        .respond(
            &s.fake,
            200,
            json!({
                "status": "COMPLETE",
                "results": [
                    {"from": {"id": "512"}, "to": {"id": "901"}, "associationSpec": {"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 279}},
                    {"from": {"id": "901"}, "to": {"id": "512"}, "associationSpec": {"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 280}}
                ],
                "startedAt": "2026-04-01T10:00:00Z", "completedAt": "2026-04-01T10:00:01Z"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_association",
            json!({"from_object_type": "contacts", "from_object_id": "512", "to_object_type": "companies", "to_object_id": "901"}),
        )
        .await;
    assert_eq!(v["status"], "COMPLETE");
    assert_eq!(
        v["items"][0],
        json!({"from": "512", "to": "901", "associationTypeId": 279})
    );
}

#[tokio::test]
async fn create_typed_association() {
    let s = setup().await;
    expect("PUT", "/crm/v4/objects/deals/7/associations/contacts/512")
        .bearer(TOKEN)
        .json_body(json!([{"associationCategory": "USER_DEFINED", "associationTypeId": 36}]))
        .respond(
            &s.fake,
            201,
            json!({"fromObjectTypeId": "0-3", "fromObjectId": 7, "toObjectTypeId": "0-1", "toObjectId": 512, "labels": ["Decision maker"]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_association",
            json!({"from_object_type": "deals", "from_object_id": "7", "to_object_type": "contacts", "to_object_id": "512", "association_type_id": 36, "association_category": "USER_DEFINED"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"from": 7, "to": 512, "labels": ["Decision maker"]})
    );
    expect("PUT", "/crm/v4/objects/deals/7/associations/tickets/9")
        .bearer(TOKEN)
        .json_body(json!([{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 1}]))
        .respond(
            &s.fake,
            400,
            hs_error(
                "VALIDATION_ERROR",
                "1 is not a valid association type between deals and tickets",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hubspot_create_association",
            json!({"from_object_type": "deals", "from_object_id": "7", "to_object_type": "tickets", "to_object_id": "9", "association_type_id": 1}),
        )
        .await;
    assert!(err.contains("not a valid association type"), "{err}");
}

#[tokio::test]
async fn delete_all_associations() {
    let s = setup().await;
    req(
        "DELETE",
        "/crm/v4/objects/tickets/9/associations/contacts/512",
        &[],
    )
    .respond_with(&s.fake, ResponseTemplate::new(204))
    .await;
    let v = s
        .client
        .call_ok(
            "hubspot_delete_association",
            json!({"from_object_type": "tickets", "from_object_id": "9", "to_object_type": "contacts", "to_object_id": "512"}),
        )
        .await;
    assert_eq!(v["removed"], true);
    let err = s
        .client
        .call_err(
            "hubspot_delete_association",
            json!({"from_object_type": "tickets", "from_object_id": "9", "to_object_type": "notes", "to_object_id": "512"}),
        )
        .await;
    assert!(
        err.contains("to_object_type") || err.contains("notes"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_one_association_type() {
    let s = setup().await;
    expect("POST", "/crm/v4/associations/deals/contacts/batch/labels/archive")
        .bearer(TOKEN)
        .json_body(json!({"inputs": [{"from": {"id": "7"}, "to": {"id": "512"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 3}]}]}))
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_delete_association",
            json!({"from_object_type": "deals", "from_object_id": "7", "to_object_type": "contacts", "to_object_id": "512", "association_type_id": 3}),
        )
        .await;
    assert_eq!(v, json!({"from": "7", "to": "512", "removed": true}));
}

#[tokio::test]
async fn get_associations() {
    let s = setup().await;
    req(
        "GET",
        "/crm/v4/objects/companies/901/associations/contacts",
        &[("limit", "500")],
    )
    .respond(
        &s.fake,
        200,
        json!({
            "results": [{"toObjectId": 512, "associationTypes": [
                {"category": "HUBSPOT_DEFINED", "typeId": 280, "label": null},
                {"category": "USER_DEFINED", "typeId": 41, "label": "Billing contact"}
            ]}],
            "paging": {"next": {"after": "MTI%3D", "link": "?after=MTI%3D"}}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "hubspot_get_associations",
            json!({"from_object_type": "companies", "from_object_id": "901", "to_object_type": "contacts"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], 512);
    assert_eq!(v["items"][0]["types"][1]["label"], "Billing contact");
    assert_eq!(v["next_cursor"], "MTI%3D");
    req(
        "GET",
        "/crm/v4/objects/companies/901/associations/contacts",
        &[("limit", "5"), ("after", "MTI%3D")],
    )
    .respond(&s.fake, 200, json!({"results": []}))
    .await;
    let v = s
        .client
        .call_ok(
            "hubspot_get_associations",
            json!({"from_object_type": "companies", "from_object_id": "901", "to_object_type": "contacts", "limit": 5, "cursor": "MTI%3D"}),
        )
        .await;
    assert_eq!(v, json!({"items": [], "next_cursor": null}));
    let err = s
        .client
        .call_err(
            "hubspot_get_associations",
            json!({"from_object_type": "companies", "from_object_id": "901", "to_object_type": "contacts", "limit": 501}),
        )
        .await;
    assert!(err.contains("between 1 and 500"), "{err}");
}

#[tokio::test]
async fn batch_create_default_associations() {
    let s = setup().await;
    expect("POST", "/crm/v4/associations/deals/companies/batch/associate/default")
        .bearer(TOKEN)
        .json_body(json!({"inputs": [
            {"from": {"id": "7"}, "to": {"id": "901"}},
            {"from": {"id": "7"}, "to": {"id": "902"}}
        ]}))
        .respond(
            &s.fake,
            200,
            json!({
                "status": "COMPLETE",
                "results": [
                    {"from": {"id": "7"}, "to": {"id": "901"}, "associationSpec": {"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 341}},
                    {"from": {"id": "7"}, "to": {"id": "902"}, "associationSpec": {"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 341}}
                ],
                "startedAt": "2026-04-01T10:00:00Z", "completedAt": "2026-04-01T10:00:01Z"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_batch_create_associations",
            json!({"from_object_type": "deals", "from_object_id": "7", "to_object_type": "companies", "to_object_ids": ["901", "902"]}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    let err = s
        .client
        .call_err(
            "hubspot_batch_create_associations",
            json!({"from_object_type": "deals", "from_object_id": "7", "to_object_type": "companies", "to_object_ids": []}),
        )
        .await;
    assert!(err.contains("1 to 100"), "{err}");
}

#[tokio::test]
async fn batch_create_typed_associations_with_errors() {
    let s = setup().await;
    expect("POST", "/crm/v4/associations/contacts/tickets/batch/create")
        .bearer(TOKEN)
        .json_body(json!({"inputs": [
            {"from": {"id": "512"}, "to": {"id": "9"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 15}]},
            {"from": {"id": "512"}, "to": {"id": "10"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 15}]}
        ]}))
        .respond(
            &s.fake,
            207,
            json!({
                "status": "COMPLETE",
                "results": [{"fromObjectTypeId": "0-1", "fromObjectId": 512, "toObjectTypeId": "0-5", "toObjectId": 9, "labels": []}],
                "numErrors": 1,
                "errors": [{"status": "error", "category": "OBJECT_NOT_FOUND", "message": "No ticket with id 10", "context": {}}],
                "startedAt": "2026-04-01T10:00:00Z", "completedAt": "2026-04-01T10:00:01Z"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_batch_create_associations",
            json!({"from_object_type": "contacts", "from_object_id": "512", "to_object_type": "tickets", "to_object_ids": ["9", "10"], "association_type_id": 15}),
        )
        .await;
    assert_eq!(v["items"][0], json!({"from": 512, "to": 9, "labels": []}));
    assert_eq!(v["errors"], json!(["No ticket with id 10"]));
}
