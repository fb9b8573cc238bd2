use crate::{paged, setup, v2, v2_error};
use serde_json::{Value, json};

fn person() -> Value {
    json!({"id": 38706, "firstName": "John", "lastName": "Doe", "primaryEmailAddress": "john@affinity.co",
           "emailAddresses": ["john@affinity.co"], "type": "external",
           "fields": [{"id": "affinity-data-location", "name": "Location", "type": "enriched", "enrichmentSource": "affinity-data",
                       "value": {"type": "location", "data": {"city": "San Francisco", "country": "United States"}}}]})
}

fn company() -> Value {
    json!({"id": 64779194, "name": "Affinity", "domain": "affinity.co", "domains": ["affinity.co"], "isGlobal": false, "fields": []})
}

#[tokio::test]
async fn all_persons_with_ids_and_fields() {
    let s = setup().await;
    v2(
        "/v2/persons",
        &[
            ("limit", "5"),
            ("ids", "38706"),
            ("ids", "624289"),
            ("fieldTypes", "enriched"),
        ],
    )
    .respond(
        &s.fake,
        200,
        paged(json!([person()]), "/v2/persons", Some("next1")),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_persons",
            json!({"limit": 5, "ids": [38706, 624289], "field_types": ["enriched"]}),
        )
        .await;
    assert_eq!(v["items"][0]["primaryEmailAddress"], "john@affinity.co");
    assert_eq!(v["items"][0]["fields"][0]["value"]["city"], "San Francisco");
    assert_eq!(v["next_cursor"], "next1");
}

#[tokio::test]
async fn single_person_and_errors() {
    let s = setup().await;
    v2(
        "/v2/persons/38706",
        &[("fieldIds", "affinity-data-location")],
    )
    .respond(&s.fake, 200, person())
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_single_person",
            json!({"person_id": 38706, "field_ids": ["affinity-data-location"]}),
        )
        .await;
    assert_eq!(v["lastName"], "Doe");
    v2("/v2/persons/1", &[])
        .respond(&s.fake, 404, v2_error("not-found", "Person 1 not found"))
        .await;
    let err = s
        .client
        .call_err("affinity_get_single_person", json!({"person_id": 1}))
        .await;
    assert!(err.contains("Person 1 not found"), "{err}");
    let err = s
        .client
        .call_err("affinity_get_single_person", json!({"person_id": "abc"}))
        .await;
    assert!(err.contains("person_id") || err.contains("abc"), "{err}");
}

#[tokio::test]
async fn person_fields_lists_and_entries() {
    let s = setup().await;
    v2("/v2/persons/fields", &[("limit", "10")])
        .respond(
            &s.fake,
            200,
            paged(json!([{"id": "field-9", "name": "Title", "type": "global", "valueType": "text", "enrichmentSource": null}]), "/v2/persons/fields", None),
        )
        .await;
    let v = s
        .client
        .call_ok("affinity_get_person_fields_metadata", json!({"limit": 10}))
        .await;
    assert_eq!(v["items"][0]["name"], "Title");

    v2("/v2/persons/38706/lists", &[])
        .respond(
            &s.fake,
            200,
            paged(json!([{"id": 42, "name": "Founders", "type": "person", "isPublic": false, "ownerId": 1, "creatorId": 1}]), "/v2/persons/38706/lists", None),
        )
        .await;
    let v = s
        .client
        .call_ok("affinity_get_person_lists", json!({"person_id": 38706}))
        .await;
    assert_eq!(v["items"][0]["name"], "Founders");

    v2("/v2/persons/38706/list-entries", &[("cursor", "c2")])
        .respond(
            &s.fake,
            200,
            paged(json!([{"id": 7, "listId": 42, "createdAt": "2023-01-01T00:00:00Z", "creatorId": 1,
                          "fields": [{"id": "field-1", "name": "Stage", "type": "list", "value": {"type": "dropdown", "data": {"text": "Intro"}}}]}]),
                  "/v2/persons/38706/list-entries", None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_person_list_entries",
            json!({"person_id": 38706, "cursor": "c2"}),
        )
        .await;
    assert_eq!(v["items"][0]["fields"][0]["value"]["text"], "Intro");

    v2("/v2/persons/5/lists", &[])
        .respond(&s.fake, 404, v2_error("not-found", "Person 5 not found"))
        .await;
    let err = s
        .client
        .call_err("affinity_get_person_lists", json!({"person_id": 5}))
        .await;
    assert!(err.contains("Person 5 not found"), "{err}");
}

#[tokio::test]
async fn companies() {
    let s = setup().await;
    v2(
        "/v2/companies",
        &[("ids", "64779194"), ("fieldIds", "field-3")],
    )
    .respond(
        &s.fake,
        200,
        paged(json!([company()]), "/v2/companies", None),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_companies",
            json!({"ids": [64779194], "field_ids": ["field-3"]}),
        )
        .await;
    assert_eq!(v["items"][0]["domain"], "affinity.co");
    assert!(v["next_cursor"].is_null());

    v2("/v2/companies/64779194", &[("fieldTypes", "global")])
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_single_company",
            json!({"company_id": 64779194, "field_types": ["global"]}),
        )
        .await;
    assert_eq!(v["name"], "Affinity");

    v2("/v2/companies/fields", &[])
        .respond(&s.fake, 200, paged(json!([{"id": "field-3", "name": "Industry", "type": "global", "valueType": "dropdown-multi"}]), "/v2/companies/fields", None))
        .await;
    let v = s
        .client
        .call_ok("affinity_get_company_fields_metadata", json!({}))
        .await;
    assert_eq!(v["items"][0]["name"], "Industry");

    v2("/v2/companies/64779194/lists", &[("limit", "3")])
        .respond(&s.fake, 200, paged(json!([{"id": 50, "name": "Portfolio", "type": "company", "isPublic": true, "ownerId": 1, "creatorId": 1}]), "/v2/companies/64779194/lists", None))
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_company_lists",
            json!({"company_id": 64779194, "limit": 3}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Portfolio");

    v2("/v2/companies/64779194/list-entries", &[])
        .respond(&s.fake, 200, paged(json!([{"id": 8, "listId": 50, "createdAt": "2023-01-01T00:00:00Z", "creatorId": 1, "fields": []}]), "/v2/companies/64779194/list-entries", Some("c9")))
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_company_list_entries",
            json!({"company_id": 64779194}),
        )
        .await;
    assert_eq!(v["items"][0]["listId"], 50);
    assert_eq!(v["next_cursor"], "c9");
}

#[tokio::test]
async fn company_errors() {
    let s = setup().await;
    v2("/v2/companies/9", &[])
        .respond(&s.fake, 404, v2_error("not-found", "Company 9 not found"))
        .await;
    let err = s
        .client
        .call_err("affinity_get_single_company", json!({"company_id": 9}))
        .await;
    assert!(err.contains("Company 9 not found"), "{err}");
    v2("/v2/companies", &[])
        .respond(
            &s.fake,
            403,
            v2_error(
                "authorization",
                "Requires the Export All Organizations directory permission",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("affinity_get_all_companies", json!({}))
        .await;
    assert!(err.contains("Export All Organizations"), "{err}");
    for (tool, args) in [
        ("affinity_get_company_fields_metadata", json!({"limit": 0})),
        (
            "affinity_get_company_lists",
            json!({"company_id": 1, "limit": 500}),
        ),
        (
            "affinity_get_company_list_entries",
            json!({"company_id": 1, "limit": 101}),
        ),
        ("affinity_get_person_fields_metadata", json!({"limit": 101})),
        (
            "affinity_get_person_list_entries",
            json!({"person_id": 1, "limit": 101}),
        ),
    ] {
        let err = s.client.call_err(tool, args).await;
        assert!(
            err.contains("limit must be between 1 and 100"),
            "{tool}: {err}"
        );
    }
}

#[tokio::test]
async fn opportunities() {
    let s = setup().await;
    v2("/v2/opportunities", &[("limit", "2"), ("ids", "117")])
        .respond(
            &s.fake,
            200,
            paged(
                json!([{"id": 117, "name": "Series A", "listId": 42}]),
                "/v2/opportunities",
                None,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_opportunities",
            json!({"limit": 2, "ids": [117]}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Series A");
    v2("/v2/opportunities/117", &[])
        .respond(
            &s.fake,
            200,
            json!({"id": 117, "name": "Series A", "listId": 42}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_single_opportunity",
            json!({"opportunity_id": 117}),
        )
        .await;
    assert_eq!(v["listId"], 42);
    v2("/v2/opportunities/118", &[])
        .respond(
            &s.fake,
            404,
            v2_error("not-found", "Opportunity 118 not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "affinity_get_single_opportunity",
            json!({"opportunity_id": 118}),
        )
        .await;
    assert!(err.contains("Opportunity 118 not found"), "{err}");
    let err = s
        .client
        .call_err("affinity_get_all_opportunities", json!({"limit": 1000}))
        .await;
    assert!(err.contains("limit"), "{err}");
}
