//! Notes, owners and pipelines.

use crate::common::{TOKEN, hs_error, record, req, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn create_note_with_associations() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/notes")
        .bearer(TOKEN)
        .json_body(json!({
            "properties": {"hs_note_body": "Called Ada", "hs_timestamp": "2026-04-01T10:00:00Z", "hubspot_owner_id": "31"},
            "associations": [
                {"to": {"id": "512"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 202}]},
                {"to": {"id": "901"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 190}]},
                {"to": {"id": "7"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 214}]},
                {"to": {"id": "9"}, "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 228}]}
            ]
        }))
        .respond(&s.fake, 201, record("3001", json!({"hs_note_body": "Called Ada", "hs_timestamp": "2026-04-01T10:00:00Z"})))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_note",
            json!({"note_body": "Called Ada", "contact_ids": ["512"], "company_ids": ["901"], "deal_ids": ["7"], "ticket_ids": ["9"], "owner_id": "31", "timestamp": "2026-04-01T10:00:00Z"}),
        )
        .await;
    assert_eq!(v["id"], "3001");
    assert_eq!(v["properties"]["hs_note_body"], "Called Ada");
}

#[tokio::test]
async fn create_note_defaults_timestamp_to_now() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/notes")
        .bearer(TOKEN)
        .any_body()
        .respond(&s.fake, 201, record("3002", json!({"hs_note_body": "Hi"})))
        .await;
    s.client
        .call_ok("hubspot_create_note", json!({"note_body": "Hi"}))
        .await;
    let bodies = mcp_testkit::request_bodies(&s.fake, "POST", "/crm/v3/objects/notes").await;
    let ts: u128 = bodies[0]["properties"]["hs_timestamp"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(ts > 1_700_000_000_000, "{ts}");
    assert_eq!(bodies[0]["associations"], json!([]));
    let err = s
        .client
        .call_err("hubspot_create_note", json!({"note_body": "  "}))
        .await;
    assert!(err.contains("note_body"), "{err}");
}

#[tokio::test]
async fn list_owners() {
    let s = setup().await;
    req("GET", "/crm/v3/owners", &[("limit", "100")])
        .respond(
            &s.fake,
            200,
            json!({
                "results": [{
                    "id": "31", "email": "jsmith@example.com", "firstName": "Jane", "lastName": "Smith",
                    "type": "PERSON", "userId": 9001, "userIdIncludingInactive": 9001,
                    "createdAt": "2019-10-30T03:30:17.883Z", "updatedAt": "2019-12-07T16:50:06.678Z", "archived": false,
                    "teams": [{"id": "5", "name": "Sales", "primary": true}]
                }],
                "paging": {"next": {"after": "32", "link": "?after=32"}}
            }),
        )
        .await;
    let v = s.client.call_ok("hubspot_list_owners", json!({})).await;
    assert_eq!(
        v["items"][0],
        json!({"id": "31", "name": "Jane Smith", "email": "jsmith@example.com", "type": "PERSON", "userId": 9001, "teams": ["Sales"]})
    );
    assert_eq!(v["next_cursor"], "32");
    req(
        "GET",
        "/crm/v3/owners",
        &[
            ("email", "jsmith@example.com"),
            ("limit", "5"),
            ("after", "32"),
        ],
    )
    .respond(&s.fake, 200, json!({"results": []}))
    .await;
    let v = s
        .client
        .call_ok(
            "hubspot_list_owners",
            json!({"email": "jsmith@example.com", "limit": 5, "cursor": "32"}),
        )
        .await;
    assert_eq!(v, json!({"items": [], "next_cursor": null}));
    let err = s
        .client
        .call_err("hubspot_list_owners", json!({"limit": 0}))
        .await;
    assert!(err.contains("between 1 and 500"), "{err}");
}

#[tokio::test]
async fn list_pipelines() {
    let s = setup().await;
    req("GET", "/crm/v3/pipelines/deals", &[])
        .respond(
            &s.fake,
            200,
            json!({"results": [
                {"id": "second", "label": "Renewals", "displayOrder": 1, "archived": false, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z",
                 "stages": [{"id": "r1", "label": "Open", "displayOrder": 0, "archived": false, "metadata": {"probability": "0.5", "isClosed": "false"}, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}]},
                {"id": "default", "label": "Sales Pipeline", "displayOrder": 0, "archived": false, "createdAt": "1970-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z",
                 "stages": [
                    {"id": "closedwon", "label": "Closed Won", "displayOrder": 5, "archived": false, "metadata": {"probability": "1.0", "isClosed": "true"}, "createdAt": "1970-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"},
                    {"id": "appointmentscheduled", "label": "Appointment Scheduled", "displayOrder": 0, "archived": false, "metadata": {"probability": "0.2", "isClosed": "false"}, "createdAt": "1970-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"},
                    {"id": "gone", "label": "Gone", "displayOrder": 1, "archived": true, "metadata": {}, "createdAt": "1970-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}
                 ]}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok("hubspot_list_pipelines", json!({"object_type": "deals"}))
        .await;
    assert_eq!(v["items"][0]["id"], "default");
    assert_eq!(
        v["items"][0]["stages"],
        json!([
            {"id": "appointmentscheduled", "label": "Appointment Scheduled", "probability": "0.2", "isClosed": "false"},
            {"id": "closedwon", "label": "Closed Won", "probability": "1.0", "isClosed": "true"}
        ])
    );
    req("GET", "/crm/v3/pipelines/tickets", &[])
        .respond(
            &s.fake,
            403,
            hs_error(
                "MISSING_SCOPES",
                "This app hasn't been granted all required scopes to make this call.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("hubspot_list_pipelines", json!({"object_type": "tickets"}))
        .await;
    assert!(err.contains("required scopes"), "{err}");
}
