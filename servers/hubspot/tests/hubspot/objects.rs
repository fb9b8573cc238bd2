//! Contacts, companies, deals, tickets and tasks: list, get, create, update, delete.

use crate::common::{TOKEN, hs_error, record, req, setup};
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

struct Kind {
    path: &'static str,
    one: &'static str,
    plural_create: bool,
    fields: &'static str,
    sample: fn() -> Value,
}

const KINDS: &[Kind] = &[
    Kind {
        path: "contacts",
        one: "contact",
        plural_create: false,
        fields: "firstname,lastname,email,phone,company,jobtitle,lifecyclestage,hubspot_owner_id",
        sample: || json!({"email": "ada@example.com", "firstname": "Ada"}),
    },
    Kind {
        path: "companies",
        one: "company",
        plural_create: true,
        fields: "name,domain,industry,phone,city,country,numberofemployees,lifecyclestage,hubspot_owner_id",
        sample: || json!({"name": "Acme", "domain": "acme.com"}),
    },
    Kind {
        path: "deals",
        one: "deal",
        plural_create: false,
        fields: "dealname,amount,dealstage,pipeline,closedate,hubspot_owner_id",
        sample: || json!({"dealname": "Acme renewal", "amount": "5000", "dealstage": "appointmentscheduled"}),
    },
    Kind {
        path: "tickets",
        one: "ticket",
        plural_create: false,
        fields: "subject,content,hs_pipeline,hs_pipeline_stage,hs_ticket_priority,hubspot_owner_id",
        sample: || json!({"subject": "Login fails", "hs_pipeline": "0", "hs_pipeline_stage": "1"}),
    },
    Kind {
        path: "tasks",
        one: "task",
        plural_create: false,
        fields: "hs_task_subject,hs_task_body,hs_task_status,hs_task_priority,hs_task_type,hs_timestamp,hubspot_owner_id",
        sample: || json!({"hs_task_subject": "Call Ada", "hs_timestamp": "2026-05-01T15:00:00Z"}),
    },
];

fn list_tool(k: &Kind) -> String {
    format!("hubspot_get_{}", k.path)
}

#[tokio::test]
async fn list_each_object_type() {
    let s = setup().await;
    for k in KINDS {
        let path = format!("/crm/v3/objects/{}", k.path);
        let sample = (k.sample)();
        req("GET", &path, &[("limit", "10"), ("properties", k.fields)])
            .respond(
                &s.fake,
                200,
                json!({
                    "results": [record("512", sample.clone())],
                    "paging": {"next": {"after": "NTI1Cg%3D%3D", "link": "?after=NTI1Cg%3D%3D"}}
                }),
            )
            .await;
        let v = s.client.call_ok(&list_tool(k), json!({})).await;
        assert_eq!(v["items"][0]["id"], "512", "{}", k.path);
        assert_eq!(v["next_cursor"], "NTI1Cg%3D%3D");
        let (key, value) = sample.as_object().unwrap().iter().next().unwrap();
        assert_eq!(&v["items"][0]["properties"][key], value);
        // HubSpot's bookkeeping properties are left out.
        assert!(v["items"][0]["properties"].get("hs_object_id").is_none());
        s.fake.reset().await;
    }
}

#[tokio::test]
async fn list_with_cursor_limit_and_properties() {
    let s = setup().await;
    req(
        "GET",
        "/crm/v3/objects/contacts",
        &[
            ("limit", "2"),
            ("after", "NTI1Cg%3D%3D"),
            ("properties", "email,phone"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"results": [record("513", json!({"email": "b@example.com", "phone": ""}))]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "hubspot_get_contacts",
            json!({"limit": 2, "cursor": "NTI1Cg%3D%3D", "properties": ["email", "phone"]}),
        )
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
    assert_eq!(
        v["items"][0]["properties"],
        json!({"email": "b@example.com"})
    );
    let err = s
        .client
        .call_err("hubspot_get_deals", json!({"limit": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn get_each_object_type() {
    let s = setup().await;
    for k in KINDS {
        let path = format!("/crm/v3/objects/{}/77", k.path);
        req("GET", &path, &[("properties", k.fields)])
            .respond(&s.fake, 200, record("77", (k.sample)()))
            .await;
        let v = s
            .client
            .call_ok(
                &format!("hubspot_get_{}_by_id", k.one),
                json!({ format!("{}_id", k.one): "77" }),
            )
            .await;
        assert_eq!(v["id"], "77");
        assert_eq!(v["createdAt"], "2026-04-01T10:00:00.000Z");
        s.fake.reset().await;
    }
}

#[tokio::test]
async fn get_not_found_keeps_correlation_id() {
    let s = setup().await;
    req(
        "GET",
        "/crm/v3/objects/deals/99",
        &[("properties", KINDS[2].fields)],
    )
    .respond(
        &s.fake,
        404,
        hs_error(
            "OBJECT_NOT_FOUND",
            "Object not found.  objectId are usually numeric.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("hubspot_get_deal_by_id", json!({"deal_id": "99"}))
        .await;
    assert!(err.contains("Object not found"), "{err}");
    assert!(
        err.contains("aeb5f871-7f07-4993-9211-075dc63e7cbf"),
        "{err}"
    );
    assert!(err.contains("OBJECT_NOT_FOUND"), "{err}");
    let err = s
        .client
        .call_err("hubspot_get_contact_by_id", json!({"contact_id": "a/b"}))
        .await;
    assert!(err.contains("contact_id"), "{err}");
}

#[tokio::test]
async fn create_each_object_type() {
    let s = setup().await;
    for k in KINDS {
        let sample = (k.sample)();
        let path = format!("/crm/v3/objects/{}", k.path);
        expect("POST", path.as_str())
            .bearer(TOKEN)
            .json_body(json!({"properties": sample, "associations": []}))
            .respond(&s.fake, 201, record("901", sample.clone()))
            .await;
        let name = if k.plural_create {
            format!("hubspot_create_{}", k.path)
        } else {
            format!("hubspot_create_{}", k.one)
        };
        // Klavis passes the properties as a JSON string.
        let v = s
            .client
            .call_ok(&name, json!({"properties": sample.to_string()}))
            .await;
        assert_eq!(v["id"], "901", "{name}");
        s.fake.reset().await;
    }
}

#[tokio::test]
async fn create_converts_values_to_strings_and_rejects_bad_json() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/deals")
        .bearer(TOKEN)
        .json_body(json!({"properties": {"dealname": "Big", "amount": "5000", "hs_is_closed": "false"}, "associations": []}))
        .respond(&s.fake, 201, record("902", json!({"dealname": "Big", "amount": "5000"})))
        .await;
    let v = s
        .client
        .call_ok(
            "hubspot_create_deal",
            json!({"properties": "{\"properties\": {\"dealname\": \"Big\", \"amount\": 5000, \"hs_is_closed\": false}}"}),
        )
        .await;
    assert_eq!(v["properties"]["amount"], "5000");
    let err = s
        .client
        .call_err(
            "hubspot_create_contact",
            json!({"properties": "email=ada@example.com"}),
        )
        .await;
    assert!(err.contains("JSON object"), "{err}");
    let err = s
        .client
        .call_err("hubspot_create_ticket", json!({"properties": "{}"}))
        .await;
    assert!(err.contains("empty"), "{err}");
}

#[tokio::test]
async fn create_validation_error_names_the_property() {
    let s = setup().await;
    expect("POST", "/crm/v3/objects/contacts")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            400,
            json!({
                "status": "error",
                "message": "Property values were not valid: [{\"isValid\":false,\"message\":\"Property \\\"favorite\\\" does not exist\",\"error\":\"PROPERTY_DOESNT_EXIST\",\"name\":\"favorite\"}]",
                "correlationId": "0f4a1b2c-3d4e-5f60-7182-93a4b5c6d7e8",
                "category": "VALIDATION_ERROR",
                "errors": [{"message": "Property \"favorite\" does not exist", "code": "PROPERTY_DOESNT_EXIST", "context": {"propertyName": ["favorite"]}}]
            }),
        )
        .await;
    let err = s
        .client
        .call_err(
            "hubspot_create_contact",
            json!({"properties": "{\"favorite\": \"x\"}"}),
        )
        .await;
    assert!(err.contains("VALIDATION_ERROR"), "{err}");
    assert!(err.contains("does not exist"), "{err}");
    assert!(
        err.contains("0f4a1b2c-3d4e-5f60-7182-93a4b5c6d7e8"),
        "{err}"
    );
}

#[tokio::test]
async fn update_each_object_type() {
    let s = setup().await;
    for k in KINDS {
        let sample = (k.sample)();
        let path = format!("/crm/v3/objects/{}/55", k.path);
        expect("PATCH", path.as_str())
            .bearer(TOKEN)
            .json_body(json!({"properties": sample}))
            .respond(&s.fake, 200, record("55", sample.clone()))
            .await;
        let v = s
            .client
            .call_ok(
                &format!("hubspot_update_{}_by_id", k.one),
                json!({ format!("{}_id", k.one): "55", "updates": sample.to_string() }),
            )
            .await;
        assert_eq!(v["id"], "55");
        s.fake.reset().await;
    }
    let err = s
        .client
        .call_err(
            "hubspot_update_task_by_id",
            json!({"task_id": "55", "updates": "[1]"}),
        )
        .await;
    assert!(err.contains("updates"), "{err}");
}

#[tokio::test]
async fn delete_each_object_type() {
    let s = setup().await;
    for k in KINDS {
        let path = format!("/crm/v3/objects/{}/66", k.path);
        expect("DELETE", path.as_str())
            .bearer(TOKEN)
            .respond_with(&s.fake, ResponseTemplate::new(204))
            .await;
        let v = s
            .client
            .call_ok(
                &format!("hubspot_delete_{}_by_id", k.one),
                json!({ format!("{}_id", k.one): "66" }),
            )
            .await;
        assert_eq!(v, json!({"id": "66", "archived": true}));
        s.fake.reset().await;
    }
}

#[tokio::test]
async fn delete_without_scope_names_the_scope() {
    let s = setup().await;
    expect("DELETE", "/crm/v3/objects/companies/66")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            json!({
                "status": "error",
                "message": "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
                "correlationId": "11111111-2222-3333-4444-555555555555",
                "errors": [{"message": "One or more of the following scopes are required.", "context": {"requiredGranularScopes": ["crm.objects.companies.write"]}}],
                "links": {"scopes": "https://developers.hubspot.com/scopes"},
                "category": "MISSING_SCOPES"
            }),
        )
        .await;
    let err = s
        .client
        .call_err("hubspot_delete_company_by_id", json!({"company_id": "66"}))
        .await;
    assert!(err.contains("crm.objects.companies.write"), "{err}");
    assert!(err.contains("MISSING_SCOPES"), "{err}");
}
