use crate::{PERSON, attio_error, person_record, req, setup};
use serde_json::json;

#[tokio::test]
async fn search_people_query_email_sort_and_page() {
    let s = setup().await;
    req("POST", "/objects/people/records/query")
        .json_body(json!({
            "filter": {"$and": [
                {"$or": [
                    {"name": {"full_name": {"$contains": "ada"}}},
                    {"email_addresses": {"email_address": {"$contains": "ada"}}}
                ]},
                {"email_addresses": {"email_address": {"$eq": "ada@example.com"}}}
            ]},
            "sorts": [{"direction": "desc", "attribute": "created_at"}],
            "limit": 1,
            "offset": 5
        }))
        .respond(&s.fake, 200, json!({"data": [person_record()]}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_search_people",
            json!({"query": "ada", "email": "ada@example.com", "limit": 1, "offset": 5, "sort": "-created_at"}),
        )
        .await;
    let p = &v["items"][0];
    assert_eq!(p["record_id"], PERSON);
    assert_eq!(p["values"]["name"], "Ada Lovelace");
    assert_eq!(
        p["values"]["email_addresses"],
        json!(["ada@example.com", "ada@work.com"])
    );
    assert_eq!(p["values"]["job_title"], "Engineer");
    assert_eq!(p["values"]["company"]["object"], "companies");
    assert!(p["values"].get("description").is_none());
    assert_eq!(v["next_cursor"], "6");
}

#[tokio::test]
async fn search_people_by_record_id_and_errors() {
    let s = setup().await;
    req("GET", &format!("/objects/people/records/{PERSON}"))
        .respond(&s.fake, 200, json!({"data": person_record()}))
        .await;
    let v = s
        .client
        .call_ok("attio_search_people", json!({"record_id": PERSON}))
        .await;
    assert_eq!(v["items"][0]["values"]["name"], "Ada Lovelace");
    assert!(v["next_cursor"].is_null());

    req("POST", "/objects/people/records/query")
        .json_body(json!({"limit": 25, "offset": 0}))
        .respond(
            &s.fake,
            400,
            attio_error(
                400,
                "invalid_request_error",
                "filter_error",
                "Unknown attribute slug: nme",
            ),
        )
        .await;
    let err = s.client.call_err("attio_search_people", json!({})).await;
    assert!(err.contains("Unknown attribute slug: nme"), "{err}");
    assert!(err.contains("filter_error"), "{err}");

    let err = s
        .client
        .call_err("attio_search_people", json!({"limit": 501}))
        .await;
    assert!(err.contains("`limit` must be between 1 and 500"), "{err}");
    let err = s
        .client
        .call_err("attio_search_people", json!({"cursor": "abc"}))
        .await;
    assert!(err.contains("cursor"), "{err}");
}

#[tokio::test]
async fn search_companies_by_query_and_domain() {
    let s = setup().await;
    req("POST", "/objects/companies/records/query")
        .json_body(json!({
            "filter": {"$and": [
                {"$or": [
                    {"name": {"$contains": "acme"}},
                    {"domains": {"domain": {"$contains": "acme"}}}
                ]},
                {"domains": {"domain": {"$eq": "acme.com"}}}
            ]},
            "limit": 25,
            "offset": 25
        }))
        .respond(
            &s.fake,
            200,
            json!({"data": [{
                "id": {"workspace_id": "w", "object_id": "o", "record_id": "bf071e1f-6035-429d-b874-d83ea64ea13b"},
                "created_at": "2022-11-21T13:22:49.061281000Z",
                "web_url": "https://app.attio.com/acme/company/bf071e1f",
                "values": {
                    "name": [{"value": "Acme", "attribute_type": "text"}],
                    "domains": [{"domain": "acme.com", "root_domain": "acme.com", "attribute_type": "domain"}]
                }
            }]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "attio_search_companies",
            json!({"query": "acme", "domain": "acme.com", "cursor": "25"}),
        )
        .await;
    assert_eq!(v["items"][0]["values"]["name"], "Acme");
    assert_eq!(v["items"][0]["values"]["domains"], "acme.com");
    assert!(v["next_cursor"].is_null());

    req("GET", "/objects/companies/records/nope")
        .respond(
            &s.fake,
            404,
            attio_error(
                404,
                "invalid_request_error",
                "not_found",
                "Record with ID \"nope\" not found.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("attio_search_companies", json!({"record_id": "nope"}))
        .await;
    assert!(err.contains("not found"), "{err}");
}

#[tokio::test]
async fn search_deals_by_name_stage_and_value() {
    let s = setup().await;
    req("POST", "/objects/deals/records/query")
        .json_body(json!({
            "filter": {"$and": [
                {"name": {"$contains": "Renewal"}},
                {"stage": "In Progress"},
                {"value": {"currency_value": {"$gte": 1000.0}}},
                {"value": {"currency_value": {"$lte": 5000.0}}}
            ]},
            "limit": 10,
            "offset": 0
        }))
        .respond(
            &s.fake,
            200,
            json!({"data": [{
                "id": {"workspace_id": "w", "object_id": "o", "record_id": "d1"},
                "created_at": "2024-01-01T00:00:00.000000000Z",
                "web_url": "https://app.attio.com/acme/deals/d1",
                "values": {
                    "name": [{"value": "Acme Renewal", "attribute_type": "text"}],
                    "stage": [{"status": {"id": {"status_id": "s1"}, "title": "In Progress", "is_archived": false}, "attribute_type": "status"}],
                    "value": [{"currency_value": 2500, "currency_code": "USD", "attribute_type": "currency"}]
                }
            }]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "attio_search_deals",
            json!({"name": "Renewal", "stage": "In Progress", "minValue": 1000, "maxValue": 5000, "limit": 10}),
        )
        .await;
    let d = &v["items"][0]["values"];
    assert_eq!(d["stage"], "In Progress");
    assert_eq!(d["value"], 2500);
    let err = s
        .client
        .call_err("attio_search_deals", json!({"minValue": 10, "maxValue": 5}))
        .await;
    assert!(err.contains("minValue"), "{err}");
}

#[tokio::test]
async fn create_person_sends_attio_values() {
    let s = setup().await;
    req("POST", "/objects/people/records")
        .json_body(json!({"data": {"values": {
            "name": [{"first_name": "Ada", "last_name": "King Lovelace", "full_name": "Ada King Lovelace"}],
            "email_addresses": [{"email_address": "ada@example.com"}],
            "phone_numbers": ["+15558675309"],
            "job_title": [{"value": "Engineer"}],
            "description": [{"value": "First programmer"}]
        }}}))
        .respond(&s.fake, 200, json!({"data": person_record()}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_create_person",
            json!({"name": " Ada  King Lovelace ", "email_addresses": ["ada@example.com"], "phone_numbers": ["+15558675309"], "job_title": "Engineer", "description": "First programmer"}),
        )
        .await;
    assert_eq!(v["record_id"], PERSON);
    let err = s.client.call_err("attio_create_person", json!({})).await;
    assert!(err.contains("at least one"), "{err}");
    let err = s
        .client
        .call_err(
            "attio_create_person",
            json!({"phone_numbers": ["5558675309"]}),
        )
        .await;
    assert!(err.contains("country code"), "{err}");
}

#[tokio::test]
async fn create_person_vendor_error() {
    let s = setup().await;
    req("POST", "/objects/people/records")
        .json_body(json!({"data": {"values": {"email_addresses": [{"email_address": "ada@example.com"}]}}}))
        .respond(
            &s.fake,
            400,
            attio_error(400, "invalid_request_error", "value_not_found", "Cannot find attribute with slug \"email_addresses\"."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "attio_create_person",
            json!({"email_addresses": ["ada@example.com"]}),
        )
        .await;
    assert!(err.contains("value_not_found"), "{err}");
    assert!(err.contains("Cannot find attribute"), "{err}");
}

#[tokio::test]
async fn create_and_update_company() {
    let s = setup().await;
    let company = json!({"data": {
        "id": {"workspace_id": "w", "object_id": "o", "record_id": "c1"},
        "created_at": "2024-01-01T00:00:00.000000000Z",
        "web_url": "https://app.attio.com/acme/company/c1",
        "values": {"name": [{"value": "Acme", "attribute_type": "text"}]}
    }});
    req("POST", "/objects/companies/records")
        .json_body(json!({"data": {"values": {
            "name": [{"value": "Acme"}],
            "domains": [{"domain": "acme.com"}, {"domain": "acme.io"}],
            "description": [{"value": "Anvils"}]
        }}}))
        .respond(&s.fake, 200, company.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "attio_create_company",
            json!({"name": "Acme", "domains": ["acme.com", " acme.io"], "description": "Anvils"}),
        )
        .await;
    assert_eq!(v["record_id"], "c1");

    req("PATCH", "/objects/companies/records/c1")
        .json_body(json!({"data": {"values": {"description": [{"value": "Rockets"}]}}}))
        .respond(&s.fake, 200, company)
        .await;
    let v = s
        .client
        .call_ok(
            "attio_update_company",
            json!({"record_id": "c1", "description": "Rockets"}),
        )
        .await;
    assert_eq!(v["values"]["name"], "Acme");
    let err = s
        .client
        .call_err("attio_update_company", json!({"record_id": "c1"}))
        .await;
    assert!(err.contains("at least one"), "{err}");
}

#[tokio::test]
async fn update_person() {
    let s = setup().await;
    req("PATCH", &format!("/objects/people/records/{PERSON}"))
        .json_body(json!({"data": {"values": {"job_title": [{"value": "CTO"}]}}}))
        .respond(&s.fake, 200, json!({"data": person_record()}))
        .await;
    let v = s
        .client
        .call_ok(
            "attio_update_person",
            json!({"record_id": PERSON, "job_title": "CTO"}),
        )
        .await;
    assert_eq!(v["record_id"], PERSON);
    req("PATCH", "/objects/people/records/zz")
        .json_body(json!({"data": {"values": {"job_title": [{"value": "CTO"}]}}}))
        .respond(
            &s.fake,
            404,
            attio_error(
                404,
                "invalid_request_error",
                "not_found",
                "Record not found.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "attio_update_person",
            json!({"record_id": "zz", "job_title": "CTO"}),
        )
        .await;
    assert!(err.contains("Record not found"), "{err}");
}

#[tokio::test]
async fn missing_scope_says_where_to_add_it() {
    let s = setup().await;
    req("POST", "/objects/companies/records/query")
        .json_body(json!({"limit": 25, "offset": 0}))
        .respond(
            &s.fake,
            403,
            attio_error(
                403,
                "auth_error",
                "forbidden",
                "Token does not have the required scope: record_permission:read",
            ),
        )
        .await;
    let err = s.client.call_err("attio_search_companies", json!({})).await;
    assert!(err.contains("403") && err.contains("(forbidden)"), "{err}");
    assert!(
        err.contains("required scope: record_permission:read"),
        "{err}"
    );
    assert!(
        err.contains("add it under Workspace settings > Developers in Attio"),
        "{err}"
    );
}
